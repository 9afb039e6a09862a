import { assign, enqueueActions, setup } from 'xstate';
import { hasMissingSpaces, type PropertyKind } from './engineRules.js';
import {
  type BookedFlow,
  type BookingStep,
  type CarFlow,
  canEnterCheckout,
  clearFlow,
  type FlowData,
  type FlowStorage,
  flowPaths,
  queryWithType,
  readFlow,
  type StayFlow,
  selectedRooms,
  writeFlow,
} from './flow.js';

/**
 * M01, the booking flow (document 1 §2, §4; R077, R084, R095, R097, R098): property page → checkout →
 * confirmation, with the flow data kept in a `FlowStorage`.
 *
 * - The machine starts at the page the route opened (`step`); checkout without a selection and both dates
 *   (a car: without the chosen offer) is replaced by the property page (a car: the car search).
 * - `flow.book` stores the stay and opens checkout when at least one room is chosen, both dates are set
 *   and the rooms sleep every guest; `car.choose` stores the car offer and opens checkout directly.
 * - Back goes only to the property page, from checkout; never from confirmation.
 * - `booking.succeeded` stores what the confirmation shows and drops the selection, so a browser back
 *   cannot book it again; `booking.new` (not for cars) clears the stored data and opens the property page
 *   with the type in the query.
 *
 * Edge action: `navigate({ to, replace })`.
 */

export interface BookingFlowInput {
  storage: FlowStorage;
  kind: PropertyKind;
  channelId: string;
  /** The page the route opened. */
  step: BookingStep;
  /** The query string, kept from page to page. */
  query: string;
  /** On the confirmation route: the booking id in the route. */
  bookingId?: string;
}

export interface BookingFlowContext extends Omit<BookingFlowInput, 'bookingId'> {
  flow: FlowData;
  bookingId: string | null;
}

export type BookingFlowEvent =
  | {
      type: 'flow.book';
      stay: StayFlow;
      /** The chosen rates with their occupancy, to check the rooms sleep every guest. */
      chosen: readonly {
        rate: { occupancy: { adults: number; children: number; infants: number } };
        quantity: number;
      }[];
    }
  | { type: 'car.choose'; car: CarFlow }
  | { type: 'step.select'; step: BookingStep }
  | { type: 'flow.back' }
  | { type: 'booking.succeeded'; booked: BookedFlow }
  | { type: 'booking.new' }
  | { type: 'query.change'; query: string };

/** The page before checkout: the property page, or the car search for a car. */
const firstPage = (context: BookingFlowContext) =>
  context.kind === 'vehicle'
    ? flowPaths.carSearch(context.query)
    : flowPaths.property(context.channelId, context.query);

export const bookingFlowMachine = setup({
  types: {
    context: {} as BookingFlowContext,
    events: {} as BookingFlowEvent,
    input: {} as BookingFlowInput,
  },
  actions: {
    navigate: (_, _params: { to: string; replace: boolean }) => {},
    /** Stores the flow data (R097). */
    persist: ({ context }) => writeFlow(context.storage, context.flow),
    /** Clears the stored flow data (R095). */
    forget: ({ context }) => clearFlow(context.storage),
  },
  guards: {
    atStep: ({ context }, params: { step: BookingStep }) => context.step === params.step,
    checkoutAllowed: ({ context }) => canEnterCheckout(context.flow, context.kind, context.channelId),
    bookable: ({ context, event }) => {
      if (event.type !== 'flow.book') return false;
      const { stay, chosen } = event;
      return (
        context.kind === 'accommodation' &&
        stay.channelId === context.channelId &&
        Boolean(stay.checkinDate && stay.checkoutDate) &&
        selectedRooms(stay.selection) > 0 &&
        !hasMissingSpaces(chosen, stay)
      );
    },
  },
}).createMachine({
  id: 'bookingFlow',
  context: ({ input }) => ({
    storage: input.storage,
    kind: input.kind,
    channelId: input.channelId,
    step: input.step,
    query: input.query.replace(/^\?/, ''),
    flow: readFlow(input.storage),
    bookingId: input.bookingId ?? null,
  }),
  on: {
    'query.change': { actions: assign(({ event }) => ({ query: event.query.replace(/^\?/, '') })) },
  },
  initial: 'entering',
  states: {
    entering: {
      always: [
        { guard: { type: 'atStep', params: { step: 'confirmation' } }, target: 'confirmation' },
        { guard: { type: 'atStep', params: { step: 'property' } }, target: 'propertyPage' },
        { guard: 'checkoutAllowed', target: 'checkout' },
        {
          target: 'propertyPage',
          actions: {
            type: 'navigate',
            params: ({ context }) => ({ to: firstPage(context), replace: true }),
          },
        },
      ],
    },
    propertyPage: {
      entry: assign({ step: 'property' }),
      on: {
        'flow.book': {
          guard: 'bookable',
          target: 'checkout',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const flow: FlowData = { stay: event.stay };
            enqueue.assign({ flow });
            enqueue('persist');
            enqueue({
              type: 'navigate',
              params: { to: flowPaths.checkout(context.channelId, context.query), replace: false },
            });
          }),
        },
        'car.choose': {
          guard: ({ context }) => context.kind === 'vehicle',
          target: 'checkout',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const flow: FlowData = { car: event.car };
            enqueue.assign({ flow, channelId: event.car.channelId });
            enqueue('persist');
            enqueue({
              type: 'navigate',
              params: { to: flowPaths.checkout(event.car.channelId, context.query), replace: false },
            });
          }),
        },
      },
    },
    checkout: {
      entry: assign({ step: 'checkout' }),
      on: {
        'step.select': {
          guard: ({ event }) => event.step === 'property',
          target: 'propertyPage',
          actions: {
            type: 'navigate',
            params: ({ context }) => ({ to: firstPage(context), replace: false }),
          },
        },
        'flow.back': {
          target: 'propertyPage',
          actions: {
            type: 'navigate',
            params: ({ context }) => ({ to: firstPage(context), replace: false }),
          },
        },
        'booking.succeeded': {
          target: 'confirmation',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const flow: FlowData = { booked: event.booked };
            enqueue.assign({ flow, bookingId: event.booked.bookingId });
            enqueue('persist');
            enqueue({
              type: 'navigate',
              params: {
                to: flowPaths.confirmation(context.channelId, event.booked.bookingId, context.query),
                replace: false,
              },
            });
          }),
        },
      },
    },
    confirmation: {
      entry: assign({ step: 'confirmation' }),
      on: {
        'booking.new': {
          guard: ({ context }) => context.kind !== 'vehicle',
          target: 'propertyPage',
          actions: enqueueActions(({ context, enqueue }) => {
            enqueue.assign({ flow: {}, bookingId: null });
            enqueue('forget');
            enqueue({
              type: 'navigate',
              params: {
                to: flowPaths.property(context.channelId, queryWithType(context.query, context.kind)),
                replace: false,
              },
            });
          }),
        },
      },
    },
  },
});
