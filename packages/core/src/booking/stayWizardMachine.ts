import type { BookingCreated, PropertyInfo } from '@tern/sdk';
import { type ActorRefFrom, assign, enqueueActions, fromPromise, setup, waitFor } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { bookingFlowMachine } from './bookingFlowMachine.js';
import { type CheckoutField, validateCheckout } from './checkout.js';
import { type CheckoutOutput, checkoutMachine } from './checkoutMachine.js';
import type { GuestInput } from './engineRules.js';
import { type FlowStorage, memoryFlowStorage } from './flow.js';
import { ratesTableMachine } from './ratesTableMachine.js';
import {
  chosenNeedCard,
  fillCheckout,
  guestsFor,
  type OpenedStay,
  type StayChosen,
  type StayFieldValues,
  stayCheckoutData,
  stayChosen,
  stayRows,
  type WizardStay,
} from './stayWizard.js';

/**
 * A stay booked step by step (the terminal's `tern book stay`): the stay's fields, then the rooms on the rates
 * table (M02, a child), then the checkout (M03, a child) — its contact, a summary, the booking — with the
 * booking flow (M01, a child) taking each page as the web's routes do. The front end only draws it and sends
 * keys as events.
 *
 * - `stay.submit` opens the stay (`openStay`, the edge's: the property's info and the days checked against its
 *   today); field problems stay on the fields.
 * - The rooms: `rooms.move` moves the cursor, `rooms.change` adds or removes a room of the rate under it (a
 *   rate that cannot be sold is skipped), `rooms.choose` opens the checkout when the rooms are bookable, no
 *   card is asked that was not given and the guests given fit the rooms.
 * - The checkout: the contact typed (`field.change`), `contact.submit` checks it with core's rules and shows
 *   the summary; `booking.confirm` ticks the agreement and books. A changed price reads the rates again and
 *   shows the summary with the new total; `checkout.back` (flow.back) returns to the rooms, chosen rooms kept.
 */

export interface StayWizardInput {
  /** The stay as given up front (flags); each field can be typed again. */
  values: StayFieldValues;
  /** The contact and a stay's guests given up front: they fill the checkout when it opens. */
  contact?: Partial<Record<CheckoutField, string | undefined>>;
  guests?: readonly GuestInput[];
  /** A card vault token given up front; without one a rate that asks for a card is refused (no card frame). */
  cardToken?: string;
  /** The booking's Idempotency-Key for every attempt (else core's checkout makes one per attempt). */
  idempotencyKey?: string;
  /** Where the booking flow keeps its data (default: in memory). */
  storage?: FlowStorage;
}

/** What the wizard has to say beside its step; the front end words it. */
export type StayWizardNotice =
  | { code: 'failed'; failure: Failure }
  | { code: 'card_needed' }
  | { code: 'extra_guests'; count: number }
  | { code: 'no_rooms' }
  | { code: 'repricing'; failure: Failure }
  | { code: 'repriced' };

type RatesRef = ActorRefFrom<typeof ratesTableMachine>;
type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;

export interface StayWizardContext extends StayWizardInput {
  fieldErrors: Record<string, string>;
  propertyId: string;
  info: PropertyInfo | null;
  stay: WizardStay | null;
  cursor: number;
  contactErrors: Partial<Record<CheckoutField, string>>;
  notice: StayWizardNotice | null;
  rates: RatesRef | null;
  flow: ActorRefFrom<typeof bookingFlowMachine> | null;
  checkout: CheckoutRef | null;
  /** What was booked, and the rooms it was for. */
  booked: Pick<StayWizardOutput, 'created' | 'chosen'> | null;
}

export type StayWizardEvent =
  | { type: 'stay.submit'; values: StayFieldValues }
  | { type: 'wizard.cancel' }
  | { type: 'rooms.move'; by: number }
  | { type: 'rooms.change'; by: 1 | -1 }
  | { type: 'rooms.choose' }
  | { type: 'stay.edit' }
  | { type: 'field.change'; field: CheckoutField; value: string }
  | { type: 'contact.submit' }
  | { type: 'checkout.back' }
  | { type: 'review.cancel' }
  | { type: 'booking.confirm' };

export interface StayWizardOutput {
  created: BookingCreated;
  propertyId: string;
  stay: WizardStay;
  chosen: StayChosen[];
}

const tableOf = (context: StayWizardContext) => {
  const snapshot = context.rates?.getSnapshot();
  return { units: snapshot?.context.units ?? [], selection: snapshot?.context.selection ?? {} };
};
/** The rooms chosen on the rates table, in table order. */
export const wizardChosen = (context: StayWizardContext) => {
  const { units, selection } = tableOf(context);
  return stayChosen(units, selection);
};
/** The rates table's rows (the rooms step's lines). */
export const wizardRows = (context: StayWizardContext) => stayRows(tableOf(context).units);

const flowBook = (context: StayWizardContext) => ({
  type: 'flow.book' as const,
  stay: {
    kind: 'accommodation' as const,
    channelId: context.propertyId,
    ...context.stay!,
    adults: 1,
    children: 0,
    childrenAge: [],
    selection: tableOf(context).selection,
  },
  chosen: wizardChosen(context).map((c) => ({ rate: c.rate, quantity: c.quantity })),
});

/** The rates table once it has settled: fresh, or the failure it keeps. */
const settleRates = fromPromise<
  { fresh: boolean; error: Failure | null },
  { rates: RatesRef; reload: boolean }
>(async ({ input }) => {
  if (input.reload) input.rates.send({ type: 'search.submit' });
  const settled = await waitFor(input.rates, (s) => !s.hasTag('busy'));
  return { fresh: settled.matches('fresh'), error: settled.matches('error') ? settled.context.error : null };
});

/** Ticks the agreement and submits the checkout: its output, or its failure (the form stays). */
const submitCheckout = fromPromise<CheckoutOutput, { checkout: CheckoutRef }>(async ({ input }) => {
  input.checkout.send({ type: 'agreement.set', agreed: true });
  input.checkout.send({ type: 'form.submit' });
  const settled = await waitFor(input.checkout, (s) => s.status === 'done' || s.matches('filling'));
  if (settled.status === 'done' && settled.output) return settled.output;
  throw settled.context.error ?? new Error('the checkout did not submit the form');
});

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
    cardMissing: ({ context }) => chosenNeedCard(wizardChosen(context)) && !context.cardToken,
    tooManyGuests: ({ context }) => guestsFor(wizardChosen(context), context.guests ?? []).extra > 0,
    /** The booking flow takes these rooms (its `bookable`: some chosen, sleeping every guest). */
    bookable: ({ context }) => context.flow?.getSnapshot().can(flowBook(context)) ?? false,
    contactRight: ({ context }) => {
      const checkout = context.checkout?.getSnapshot().context;
      return checkout
        ? Object.keys(validateCheckout(checkout.data.kind, checkout.fields)).length === 0
        : false;
    },
    priceChanged: (_, params: { error: unknown }) => failureOf(params.error).code === 'price_changed',
  },
  actions: {
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
    propertyId: input.values.property,
    info: null,
    stay: null,
    cursor: 0,
    contactErrors: {},
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
  initial: 'stay',
  states: {
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
            input: {
              kind: 'accommodations',
              propertyId: context.propertyId,
              search: { ...context.stay!, adults: 1, children: 0, childrenAge: [] },
            },
          }),
        flow: ({ context, spawn }) =>
          spawn('bookingFlow', {
            input: {
              storage: context.storage ?? memoryFlowStorage(),
              kind: 'accommodation',
              channelId: context.propertyId,
              step: 'property',
              query: '',
            },
          }),
      }),
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'settleRates',
            input: ({ context }) => ({ rates: context.rates!, reload: false }),
            onDone: [
              {
                guard: ({ event }) => event.output.error !== null,
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
                const row = wizardRows(context)[context.cursor];
                if (!row || row.rate.unavailableReason) return;
                const quantity = (tableOf(context).selection[row.unit.id]?.[row.rate.id] ?? 0) + event.by;
                enqueue.sendTo(context.rates!, {
                  type: 'rates.select',
                  unitId: row.unit.id,
                  rateId: row.rate.id,
                  quantity,
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
                guard: 'bookable',
                target: 'checkout',
                actions: [
                  enqueueActions(({ context, enqueue }) => enqueue.sendTo(context.flow!, flowBook(context))),
                  'openCheckout',
                  assign({ notice: null }),
                ],
              },
              { actions: assign({ notice: { code: 'no_rooms' } }) },
            ],
            'stay.edit': { target: '#stayWizard.stay', actions: ['dropChildren', assign({ notice: null })] },
          },
        },
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
