import { assign, enqueueActions } from 'xstate';
import { failureOf } from '../internal/errorMessage.js';
import { flowPaths, memoryFlowStorage, queryWithParam } from './flow.js';
import { guestsFor, loadedStay, rowUnderCursor, wizardChosen, wizardRows } from './stayWizard.js';
import { stayWizardCheckout, stayWizardCheckoutPage } from './stayWizardCheckout.js';
import { stayWizardSetup } from './stayWizardSetup.js';

export type { StayWizardEvent } from './stayWizardSetup.js';

/**
 * A stay booked step by step: the stay's fields, then the rooms on the rates table (M02, a child), then the
 * checkout (M03, a child) — its contact, a summary, the booking — with the booking flow (M01, a child) taking
 * each page as the web's routes do. The terminal's `tern book stay` draws all of it and sends keys as events;
 * the web's property page starts it on the rooms (`opened`) and its checkout route on the checkout
 * (`opened.step`: the rooms' rates read again, then the checkout child `checkoutForm` the page's form drives).
 *
 * - `stay.submit` opens the stay (`openStay`, the edge's: the property's info and the days checked against its
 *   today); field problems stay on the fields.
 * - The rooms: the rates table's events go to it (`search.submit` without both dates is refused and said; one
 *   the table loads sets `revealInfo` until the page has shown the rates, `info.shown`; a currency change
 *   opens the property page with it, edge action `showCurrency`);
 *   `rooms.move` moves the cursor, `rooms.change` adds or removes a room of the rate under it (a rate that
 *   cannot be sold is skipped); `rooms.choose` hands the rooms to the flow when they are bookable, no card is
 *   asked that cannot be given and the guests given fit the rooms.
 * - The checkout in the wizard: the contact typed (`field.change`), `contact.submit` checks it with core's
 *   rules and shows the summary; `booking.confirm` ticks the agreement and books. A changed price reads the
 *   rates again and shows the summary with the new total; `checkout.back` (flow.back) returns to the rooms.
 */
export const stayWizardMachine = stayWizardSetup.createMachine({
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
    revealInfo: false,
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
              step: context.opened?.step ?? 'property',
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
          {
            guard: 'searchHasDates',
            // A search the table loads (from its rates or their stale overlay) shows the rates once loaded.
            actions: [
              assign(({ context }) => {
                const table = context.rates!.getSnapshot();
                return { missingDates: false, revealInfo: table.matches('fresh') || table.matches('stale') };
              }),
              'toRates',
            ],
          },
          { actions: assign({ missingDates: true }) },
        ],
        'currency.change': {
          actions: [
            'toRates',
            {
              type: 'showCurrency',
              params: ({ context, event }) => {
                const query = context.flow!.getSnapshot().context.query;
                return {
                  to: flowPaths.property(
                    context.propertyId,
                    queryWithParam(query, 'currency', event.currency),
                  ),
                };
              },
            },
          ],
        },
        'info.shown': { actions: assign({ revealInfo: false }) },
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
              {
                guard: ({ context }) => context.opened?.step === 'checkout',
                target: 'checkoutPage',
                actions: assign(({ context }) => ({ stay: loadedStay(context) })),
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
        checkoutPage: stayWizardCheckoutPage,
        checkout: stayWizardCheckout,
      },
    },
    booked: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
