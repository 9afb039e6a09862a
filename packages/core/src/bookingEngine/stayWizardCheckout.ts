import { assign, enqueueActions } from 'xstate';
import { failureOf } from '../internal/errorMessage.js';
import { validateCheckout } from './checkout.js';
import { chosenNeedCard, stayCheckoutData, wizardChosen } from './stayWizard.js';
import { stayWizardSetup } from './stayWizardSetup.js';

/**
 * The stay wizard's checkout in a terminal (`checkoutOn: 'wizard'`): the contact typed (`field.change`),
 * `contact.submit` checks it with core's rules and shows the summary; `booking.confirm` ticks the agreement
 * and books. A changed price reads the rates again and shows the summary with the new total; `checkout.back`
 * (the flow's `flow.back`) returns to the rooms.
 */
export const stayWizardCheckout = stayWizardSetup.createStateConfig({
  initial: 'contact',
  states: {
    contact: {
      on: {
        'field.change': {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.checkout!, event)),
        },
        'contact.submit': [
          {
            guard: 'contactRight',
            target: 'reviewing',
            actions: assign({ contactErrors: {}, notice: null }),
          },
          {
            actions: assign(({ context }) => {
              const { data, fields } = context.checkout!.getSnapshot().context;
              return { contactErrors: validateCheckout(data.kind, fields) };
            }),
          },
        ],
        'checkout.back': {
          target: '#stayWizard.flow.rooms',
          actions: enqueueActions(({ context, enqueue }) => {
            enqueue.sendTo(context.flow!, { type: 'flow.back' });
            enqueue.assign({ notice: null });
            if (!context.checkout) return;
            // The contact typed fills the next checkout.
            enqueue.assign({ contact: context.checkout.getSnapshot().context.fields });
            enqueue.stopChild(context.checkout);
            enqueue.assign({ checkout: null });
          }),
        },
      },
    },
    reviewing: {
      on: {
        'booking.confirm': { target: 'booking', actions: assign({ notice: null }) },
        'review.cancel': { target: 'contact', actions: assign({ notice: null }) },
      },
    },
    booking: {
      tags: ['busy'],
      invoke: {
        src: 'submitCheckout',
        input: ({ context }) => ({ checkout: context.checkout! }),
        onDone: {
          target: '#stayWizard.booked',
          actions: 'booked',
        },
        onError: [
          {
            guard: { type: 'priceChanged', params: ({ event }) => ({ error: event.error }) },
            target: 'repricing',
            actions: assign(({ event }) => ({
              notice: { code: 'repricing', failure: failureOf(event.error) },
            })),
          },
          {
            target: 'reviewing',
            actions: assign(({ event }) => ({
              notice: { code: 'failed', failure: failureOf(event.error) },
            })),
          },
        ],
      },
    },
    /** The server refused the total shown: the rates are read again, the rooms chosen kept. */
    repricing: {
      tags: ['busy'],
      invoke: {
        src: 'settleRates',
        input: ({ context }) => ({ rates: context.rates!, reload: true }),
        onDone: [
          {
            guard: ({ context, event }) => event.output.fresh && wizardChosen(context).length > 0,
            target: 'reviewing',
            actions: ['openCheckout', assign({ notice: { code: 'repriced' } })],
          },
          {
            target: 'contact',
            actions: assign(({ context }) => ({
              notice:
                context.notice?.code === 'repricing'
                  ? { code: 'failed', failure: context.notice.failure }
                  : context.notice,
            })),
          },
        ],
      },
    },
  },
});

/**
 * The checkout on the web's checkout route (`opened.step: 'checkout'`): the checkout (M03) for the rooms chosen
 * at their current prices, as the child `checkoutForm` the page's form sends its events to (card frame and
 * all); its booking tells the flow, which opens the confirmation. `checkout.back` (the flow's `flow.back`) and
 * the booking steps' `step.select` take the flow back to the property page.
 */
export const stayWizardCheckoutPage = stayWizardSetup.createStateConfig({
  invoke: {
    id: 'checkoutForm',
    src: 'checkout',
    input: ({ context }) => {
      const chosen = wizardChosen(context);
      const stay = context.stay ?? { checkinDate: '', checkoutDate: '', currency: '' };
      return { data: stayCheckoutData(context.propertyId, stay, chosen), cardNeeded: chosenNeedCard(chosen) };
    },
    onDone: {
      target: '#stayWizard.booked',
      actions: 'booked',
    },
  },
  on: {
    'checkout.back': {
      actions: enqueueActions(({ context, enqueue }) => enqueue.sendTo(context.flow!, { type: 'flow.back' })),
    },
    'step.select': {
      actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.flow!, event)),
    },
  },
});
