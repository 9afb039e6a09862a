import { assign, enqueueActions, setup } from 'xstate';
import { failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { bookingFlowMachine } from './bookingFlowMachine.js';
import { type CheckoutField, validateCheckout } from './checkout.js';
import { checkoutMachine } from './checkoutMachine.js';
import { memoryFlowStorage } from './flow.js';
import { type RatesTableEvent, ratesTableMachine } from './ratesTableMachine.js';
import {
  chosenNeedCard,
  fillCheckout,
  flowBookOf,
  guestsFor,
  type OpenedStay,
  rowUnderCursor,
  type StayFieldValues,
  type StayWizardContext,
  type StayWizardInput,
  type StayWizardOutput,
  settleRates,
  stayCheckoutData,
  submitCheckout,
  wizardChosen,
  wizardRows,
} from './stayWizard.js';

/**
 * A stay booked step by step: the stay's fields, then the rooms on the rates table (M02, a child), then the
 * checkout (M03, a child) — its contact, a summary, the booking — with the booking flow (M01, a child) taking
 * each page as the web's routes do. The terminal's `tern book stay` draws all of it and sends keys as events;
 * the web's property page starts it on the rooms (`opened`) and leaves the checkout to the flow's route.
 *
 * - `stay.submit` opens the stay (`openStay`, the edge's: the property's info and the days checked against its
 *   today); field problems stay on the fields.
 * - The rooms: the rates table's events go to it (`search.submit` without both dates is refused and said);
 *   `rooms.move` moves the cursor, `rooms.change` adds or removes a room of the rate under it (a rate that
 *   cannot be sold is skipped); `rooms.choose` hands the rooms to the flow when they are bookable, no card is
 *   asked that cannot be given and the guests given fit the rooms.
 * - The checkout in the wizard: the contact typed (`field.change`), `contact.submit` checks it with core's
 *   rules and shows the summary; `booking.confirm` ticks the agreement and books. A changed price reads the
 *   rates again and shows the summary with the new total; `checkout.back` (flow.back) returns to the rooms.
 */

export type StayWizardEvent =
  | { type: 'stay.submit'; values: StayFieldValues }
  | { type: 'wizard.cancel' }
  | Extract<
      RatesTableEvent,
      { type: 'search.change' | 'search.submit' | 'currency.change' | 'rates.select' | 'rates.retry' }
    >
  | { type: 'query.change'; query: string }
  | { type: 'rooms.move'; by: number }
  | { type: 'rooms.change'; by: 1 | -1 }
  | { type: 'rooms.choose' }
  | { type: 'stay.edit' }
  | { type: 'field.change'; field: CheckoutField; value: string }
  | { type: 'contact.submit' }
  | { type: 'checkout.back' }
  | { type: 'review.cancel' }
  | { type: 'booking.confirm' };

export const stayWizardMachine = setup({
  types: {
    context: {} as StayWizardContext,
    events: {} as StayWizardEvent,
    input: {} as StayWizardInput,
    output: {} as StayWizardOutput | null,
  },
  actors: {
    openStay: notProvided<OpenedStay, StayFieldValues>('openStay'),
    ratesTable: ratesTableMachine,
    bookingFlow: bookingFlowMachine,
    checkout: checkoutMachine,
    settleRates,
    submitCheckout,
  },
  guards: {
    fieldProblems: (_, params: { opened: OpenedStay }) => 'fieldErrors' in params.opened,
    /** The route gave the stay: there are no stay fields to go back to. */
    opened: ({ context }) => context.opened !== undefined,
    hasStayFields: ({ context }) => context.opened === undefined,
    /** The rates could not be read for stay fields typed here: back to them, with the failure. */
    failedOnStayFields: ({ context, event }) =>
      context.opened === undefined && (event as { output?: { error: unknown } }).output?.error != null,
    /** The flow takes the rooms and opens its checkout route (the web's page books). */
    bookableOnRoute: ({ context }) =>
      context.checkoutOn === 'route' && (context.flow?.getSnapshot().can(flowBookOf(context)) ?? false),
    /** A rate asks for a card the wizard cannot take (no card frame here) and none was given. */
    cardMissing: ({ context }) =>
      context.checkoutOn !== 'route' && chosenNeedCard(wizardChosen(context)) && !context.cardToken,
    /** The rates table's search has both dates. */
    searchHasDates: ({ context }) => {
      const search = context.rates?.getSnapshot().context.search;
      return Boolean(search?.checkinDate && search.checkoutDate);
    },
    tooManyGuests: ({ context }) => guestsFor(wizardChosen(context), context.guests ?? []).extra > 0,
    /** The booking flow takes these rooms (its `bookable`: some chosen, sleeping every guest). */
    bookable: ({ context }) => context.flow?.getSnapshot().can(flowBookOf(context)) ?? false,
    contactRight: ({ context }) => {
      const checkout = context.checkout?.getSnapshot().context;
      return checkout
        ? Object.keys(validateCheckout(checkout.data.kind, checkout.fields)).length === 0
        : false;
    },
    priceChanged: (_, params: { error: unknown }) => failureOf(params.error).code === 'price_changed',
  },
  actions: {
    /** Sends the event as it came to the rates table. */
    toRates: enqueueActions(({ context, event, enqueue }) => {
      if (context.rates) enqueue.sendTo(context.rates, event as RatesTableEvent);
    }),
    /** The rooms chosen go to the booking flow, which opens its checkout. */
    book: enqueueActions(({ context, enqueue }) => enqueue.sendTo(context.flow!, flowBookOf(context))),
    /** Back to the stay's fields: other days start the rates table and the flow again. */
    dropChildren: enqueueActions(({ context, enqueue }) => {
      for (const child of [context.rates, context.flow, context.checkout])
        if (child) enqueue.stopChild(child);
      enqueue.assign({ rates: null, flow: null, checkout: null });
    }),
    /** A checkout for the rooms chosen, filled with what was given up front (and typed before, on a reprice). */
    openCheckout: enqueueActions(({ context, enqueue }) => {
      const chosen = wizardChosen(context);
      const typed = context.checkout?.getSnapshot().context.fields;
      if (context.checkout) enqueue.stopChild(context.checkout);
      enqueue.assign({
        checkout: ({ spawn }) => {
          const checkout = spawn('checkout', {
            input: {
              data: stayCheckoutData(context.propertyId, context.stay!, chosen),
              cardNeeded: chosenNeedCard(chosen),
              ...(context.cardToken ? { cardToken: context.cardToken } : {}),
              ...(context.idempotencyKey ? { newKey: () => context.idempotencyKey! } : {}),
            },
          });
          fillCheckout(
            checkout,
            typed ?? context.contact ?? {},
            guestsFor(chosen, context.guests ?? []).rooms,
          );
          return checkout;
        },
      });
    }),
  },
}).createMachine({
  id: 'stayWizard',
  context: ({ input }) => ({
    ...input,
    fieldErrors: {},
    propertyId: input.opened?.rates.propertyId ?? input.values.property,
    info: input.opened?.info ?? null,
    stay: null,
    cursor: 0,
    contactErrors: {},
    missingDates: false,
    notice: null,
    rates: null,
    flow: null,
    checkout: null,
    booked: null,
  }),
  output: ({ context }) =>
    context.booked && context.stay
      ? { ...context.booked, propertyId: context.propertyId, stay: context.stay }
      : null,
  initial: 'entering',
  states: {
    entering: { always: [{ guard: 'opened', target: 'flow' }, { target: 'stay' }] },
    stay: {
      on: {
        'stay.submit': { target: 'opening', actions: assign(({ event }) => ({ values: event.values })) },
        'wizard.cancel': 'cancelled',
      },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        src: 'openStay',
        input: ({ context }) => context.values,
        onDone: [
          {
            guard: { type: 'fieldProblems', params: ({ event }) => ({ opened: event.output }) },
            target: 'stay',
            actions: assign(({ event }) => ({
              fieldErrors: 'fieldErrors' in event.output ? event.output.fieldErrors : {},
            })),
          },
          {
            target: 'flow',
            actions: assign(({ context, event }) => ({
              ...('info' in event.output ? event.output : {}),
              propertyId: context.values.property.trim(),
              fieldErrors: {},
              cursor: 0,
              notice: null,
            })),
          },
        ],
        onError: {
          target: 'stay',
          actions: assign(({ event }) => ({ notice: { code: 'failed', failure: failureOf(event.error) } })),
        },
      },
    },
    flow: {
      // The rates table and the booking flow live from the rooms to the booking (the flow takes its confirmation).
      entry: assign({
        rates: ({ context, spawn }) =>
          spawn('ratesTable', {
            input: context.opened?.rates ?? {
              kind: 'accommodations',
              propertyId: context.propertyId,
              search: { ...context.stay!, adults: 1, children: 0, childrenAge: [] },
            },
          }),
        flow: ({ context, spawn }) =>
          spawn('bookingFlow', {
            input: {
              storage: context.storage ?? memoryFlowStorage(),
              kind: context.opened?.rates.kind === 'vehicles' ? 'vehicle' : 'accommodation',
              channelId: context.propertyId,
              step: 'property',
              query: context.opened?.query ?? '',
            },
          }),
      }),
      // The rates table's events go to it whatever the wizard waits for (a page's controls work while it loads).
      on: {
        'search.change': {
          actions: [
            'toRates',
            assign(({ context, event }) => ({
              missingDates: context.missingDates && !(event.change.checkinDate && event.change.checkoutDate),
            })),
          ],
        },
        'search.submit': [
          { guard: 'searchHasDates', actions: ['toRates', assign({ missingDates: false })] },
          { actions: assign({ missingDates: true }) },
        ],
        'currency.change': { actions: 'toRates' },
        'rates.select': { actions: 'toRates' },
        'rates.retry': { actions: 'toRates' },
        'query.change': {
          actions: enqueueActions(({ context, event, enqueue }) => enqueue.sendTo(context.flow!, event)),
        },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'settleRates',
            input: ({ context }) => ({ rates: context.rates!, reload: false }),
            onDone: [
              {
                guard: 'failedOnStayFields',
                target: '#stayWizard.stay',
                actions: [
                  'dropChildren',
                  assign(({ event }) => ({ notice: { code: 'failed', failure: event.output.error! } })),
                ],
              },
              { target: 'rooms' },
            ],
          },
        },
        rooms: {
          on: {
            'rooms.move': {
              actions: assign(({ context, event }) => ({
                cursor: Math.max(0, Math.min(wizardRows(context).length - 1, context.cursor + event.by)),
              })),
            },
            'rooms.change': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                const row = rowUnderCursor(context);
                if (!row || row.rate.unavailableReason) return;
                enqueue.sendTo(context.rates!, {
                  type: 'rates.select',
                  unitId: row.unit.id,
                  rateId: row.rate.id,
                  quantity: row.quantity + event.by,
                });
                enqueue.assign({ notice: null });
              }),
            },
            'rooms.choose': [
              { guard: 'cardMissing', actions: assign({ notice: { code: 'card_needed' } }) },
              {
                guard: 'tooManyGuests',
                actions: assign(({ context }) => ({
                  notice: {
                    code: 'extra_guests',
                    count: guestsFor(wizardChosen(context), context.guests ?? []).extra,
                  },
                })),
              },
              {
                guard: 'bookableOnRoute',
                target: 'checkoutRoute',
                actions: 'book',
              },
              {
                guard: 'bookable',
                target: 'checkout',
                actions: ['book', 'openCheckout', assign({ notice: null })],
              },
              { actions: assign({ notice: { code: 'no_rooms' } }) },
            ],
            'stay.edit': {
              guard: 'hasStayFields',
              target: '#stayWizard.stay',
              actions: ['dropChildren', assign({ notice: null })],
            },
          },
        },
        /** The flow opened its checkout route, whose page books (the web's). */
        checkoutRoute: {},
        checkout: {
          initial: 'contact',
          states: {
            contact: {
              on: {
                'field.change': {
                  actions: enqueueActions(({ context, event, enqueue }) =>
                    enqueue.sendTo(context.checkout!, event),
                  ),
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
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const { bookingId, created, email } = event.output;
                    enqueue.sendTo(context.flow!, {
                      type: 'booking.succeeded',
                      booked: {
                        bookingId,
                        reservationId: created.reservationId,
                        email,
                        kind: 'accommodation',
                        provider: null,
                      },
                    });
                    enqueue.assign({ booked: { created, chosen: wizardChosen(context) } });
                  }),
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
        },
      },
    },
    booked: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
