import type { BookingCreated } from '@tern/sdk';
import { assign, enqueueActions, sendTo, setup } from 'xstate';
import { type Failure, failureFor, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { outcomeUnknown } from '../internal/outcome.js';
import type { VaultCard } from './cardFrame.js';
import { type CardFrameOutcome, cardFrameMachine } from './cardFrameMachine.js';
import {
  type CheckoutData,
  type CheckoutField,
  type CheckoutFields,
  type CreateBookingRequest,
  canAddGuest,
  canRemoveGuest,
  checkoutFields,
  createBookingRequest,
  emptyGuest,
  type GuestRoom,
  guestRoomsFor,
  overfullRooms,
  validateCheckout,
} from './checkout.js';
import { bookingIdOf, type GuestInput, parseGuestPaste, pasteGuests } from './engineRules.js';

/**
 * The checkout (M03, document 1 §2, §4; R077–R092). The book button works only with the agreement ticked
 * (`snapshot.can({ type: 'form.submit' })`, R078); a submit validates the form (the first wrong field is
 * focused through the edge action `focusFirstInvalid`, R082); when a card is needed (R079) the card frame
 * (`cardFrameMachine`, spawned as `cardFrame`) is asked for the card first — not ready means the error modal
 * (R083) — and the booking is created with its token; a refused booking shows the server's message and the
 * form resumes (R085); success ends with the booking id (R084).
 *
 * The screen forwards the frame's `message` events as `frame.message` (and `frame.failed`, `frame.reload`).
 * A card token given up front (`cardToken`) takes the frame's place: a submit goes straight to the call.
 */

export interface CheckoutInput {
  data: CheckoutData;
  /** A chosen rate's policy asks for a payment (`isCardNeeded`, R079). */
  cardNeeded: boolean;
  /**
   * A card vault token given up front (a script's `--card-token`): the booking carries it as its guarantee
   * and the card frame is never opened, card needed or not.
   */
  cardToken?: string;
  /** Makes an attempt's Idempotency-Key (default: a random UUID). */
  newKey?: () => string;
}

/** The create_booking call of one checkout attempt, with the key every retry of that attempt sends. */
export type KeyedBookingRequest = CreateBookingRequest & { idempotencyKey: string };

// Whether a failed call may have booked all the same (no answer, a 5xx): internal/outcome.ts, shared with the store.
export { outcomeUnknown };

const sameRequest = (a: CreateBookingRequest, b: CreateBookingRequest) =>
  JSON.stringify(a) === JSON.stringify(b);

export interface CheckoutContext extends CheckoutInput {
  fields: CheckoutFields;
  rooms: GuestRoom[];
  agreed: boolean;
  fieldErrors: Partial<Record<CheckoutField, string>>;
  /** A paste that would pass a room's guest count, waiting for the user's yes or no (R089). */
  pendingPaste: { room: number; withExtra: GuestInput[]; withinMax: GuestInput[]; overflow: number } | null;
  card: VaultCard | null;
  /** The server's or the vault's message. */
  error: Failure | null;
  created: BookingCreated | null;
  /**
   * The attempt under way, or the last one whose outcome is unknown (no answer, a 5xx): submitting the same
   * form again resends its very request with its key — and its card token, without asking the vault again —
   * so a retry after a timeout replays the booking instead of making a second one.
   */
  attempt: KeyedBookingRequest | null;
}

export type CheckoutEvent =
  | { type: 'field.change'; field: CheckoutField; value: string }
  | { type: 'guest.change'; room: number; guest: number; field: keyof GuestInput; value: string }
  | { type: 'guest.add'; room: number }
  | { type: 'guest.remove'; room: number; guest: number }
  | { type: 'guest.paste'; room: number; guest: number; text: string }
  | { type: 'paste.confirm' }
  | { type: 'paste.decline' }
  | { type: 'agreement.set'; agreed: boolean }
  | { type: 'form.submit' }
  | { type: 'modal.close' }
  | { type: 'frame.message'; origin: string; data: unknown }
  | { type: 'frame.failed' }
  | { type: 'frame.reload' }
  | CardFrameOutcome;

export interface CheckoutOutput {
  bookingId: string;
  created: BookingCreated;
  /** Where the confirmation was sent (the contact's or the driver's e-mail), shown on the confirmation. */
  email: string | null;
}

const setRoom = (rooms: GuestRoom[], index: number, change: (room: GuestRoom) => GuestRoom) =>
  rooms.map((room, i) => (i === index ? change(room) : room));

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    output: {} as CheckoutOutput,
    children: {} as { cardFrame: 'cardFrame'; createBooking: 'createBooking' },
  },
  actors: {
    cardFrame: cardFrameMachine,
    createBooking: notProvided<BookingCreated, KeyedBookingRequest>('createBooking'),
  },
  actions: {
    focusFirstInvalid: (_, _params: { field: CheckoutField }) => {},
    /** A room with more guest rows than it takes (R088): the screen shows its first extra row. */
    focusExtraGuest: (_, _params: { room: number; guest: number }) => {},
    toFrame: sendTo('cardFrame', ({ event }) => {
      if (event.type === 'frame.reload') return { type: 'form.reload' as const };
      return event as Extract<CheckoutEvent, { type: 'frame.message' | 'frame.failed' }>;
    }),
  },
  guards: {
    agreed: ({ context }) => context.agreed,
    /** The card comes from the card frame: a card is needed and no token was given up front. */
    cardFromFrame: ({ context }) => context.cardNeeded && !context.cardToken,
    /** The form asks for what the unanswered attempt asked: a retry of that attempt. */
    retriesAttempt: ({ context }) => {
      if (!context.attempt) return false;
      const { idempotencyKey: _, ...request } = context.attempt;
      return sameRequest(
        request as CreateBookingRequest,
        createBookingRequest(context.data, context.fields, context.rooms, context.card?.token ?? null),
      );
    },
    invalid: ({ context }) =>
      Object.keys(validateCheckout(context.data.kind, context.fields)).length > 0 ||
      overfullRooms(context.rooms).length > 0,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    ...input,
    fields: Object.fromEntries(checkoutFields.map((f) => [f, ''])) as CheckoutFields,
    rooms: input.data.kind === 'accommodation' ? guestRoomsFor(input.data.chosen) : [],
    agreed: false,
    fieldErrors: {},
    pendingPaste: null,
    card: input.cardToken ? { token: input.cardToken, brand: null, last4: null, expiry: null } : null,
    error: null,
    created: null,
    attempt: null,
  }),
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.cardNeeded && !context.cardToken)
      enqueue.spawnChild('cardFrame', {
        id: 'cardFrame',
        input: {
          kind: context.data.kind === 'vehicle' ? 'vehicles' : 'accommodations',
          propertyId: context.data.propertyId,
        },
      });
  }),
  on: {
    'frame.message': { guard: 'cardFromFrame', actions: 'toFrame' },
    'frame.failed': { guard: 'cardFromFrame', actions: 'toFrame' },
    'frame.reload': { guard: 'cardFromFrame', actions: 'toFrame' },
  },
  initial: 'filling',
  states: {
    filling: {
      initial: 'idle',
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _, ...fieldErrors } = context.fieldErrors;
            return { fields: { ...context.fields, [event.field]: event.value }, fieldErrors };
          }),
        },
        'guest.change': {
          actions: assign(({ context, event }) => ({
            rooms: setRoom(context.rooms, event.room, (room) => ({
              ...room,
              guests: room.guests.map((g, j) =>
                j === event.guest ? { ...g, [event.field]: event.value } : g,
              ),
            })),
          })),
        },
        'guest.add': {
          guard: ({ context, event }) => canAddGuest(context.rooms[event.room]),
          actions: assign(({ context, event }) => ({
            rooms: setRoom(context.rooms, event.room, (room) => ({
              ...room,
              guests: [...room.guests, emptyGuest()],
            })),
          })),
        },
        'guest.remove': {
          guard: ({ context, event }) => canRemoveGuest(context.rooms[event.room], event.guest),
          actions: assign(({ context, event }) => ({
            rooms: setRoom(context.rooms, event.room, (room) => ({
              ...room,
              guests: room.guests.filter((_, j) => j !== event.guest),
            })),
          })),
        },
        'agreement.set': { actions: assign(({ event }) => ({ agreed: event.agreed })) },
        'form.submit': [
          { guard: ({ context }) => !context.agreed },
          {
            guard: 'invalid',
            actions: enqueueActions(({ context, enqueue }) => {
              const fieldErrors = validateCheckout(context.data.kind, context.fields);
              enqueue.assign({ fieldErrors, error: null });
              const first = Object.keys(fieldErrors)[0] as CheckoutField | undefined;
              const room = overfullRooms(context.rooms)[0];
              if (first) enqueue({ type: 'focusFirstInvalid', params: { field: first } });
              else if (room !== undefined)
                enqueue({ type: 'focusExtraGuest', params: { room, guest: context.rooms[room]!.maxGuests } });
            }),
          },
          {
            guard: 'retriesAttempt',
            target: 'submitting',
            actions: assign({ fieldErrors: {}, error: null, pendingPaste: null }),
          },
          {
            guard: 'cardFromFrame',
            target: 'awaitingCard',
            actions: [
              assign({ fieldErrors: {}, error: null, pendingPaste: null }),
              sendTo('cardFrame', { type: 'card.request' }),
            ],
          },
          { target: 'submitting', actions: assign({ fieldErrors: {}, error: null, pendingPaste: null }) },
        ],
      },
      states: {
        idle: {
          on: {
            'guest.paste': [
              {
                guard: ({ context, event }) => context.rooms[event.room] === undefined,
              },
              {
                guard: ({ context, event }) => {
                  const room = context.rooms[event.room]!;
                  return (
                    pasteGuests(room.guests, event.guest, parseGuestPaste(event.text), room.maxGuests)
                      .overflow > 0
                  );
                },
                target: 'confirmingExtraRows',
                actions: assign(({ context, event }) => {
                  const room = context.rooms[event.room]!;
                  const result = pasteGuests(
                    room.guests,
                    event.guest,
                    parseGuestPaste(event.text),
                    room.maxGuests,
                  );
                  return { pendingPaste: { room: event.room, ...result } };
                }),
              },
              {
                actions: assign(({ context, event }) => ({
                  rooms: setRoom(context.rooms, event.room, (room) => ({
                    ...room,
                    guests: pasteGuests(room.guests, event.guest, parseGuestPaste(event.text), room.maxGuests)
                      .withinMax,
                  })),
                })),
              },
            ],
          },
        },
        confirmingExtraRows: {
          on: {
            'paste.confirm': {
              target: 'idle',
              actions: assign(({ context }) => ({
                rooms: setRoom(context.rooms, context.pendingPaste!.room, (room) => ({
                  ...room,
                  guests: context.pendingPaste!.withExtra,
                })),
                pendingPaste: null,
              })),
            },
            'paste.decline': {
              target: 'idle',
              actions: assign(({ context }) => ({
                rooms: setRoom(context.rooms, context.pendingPaste!.room, (room) => ({
                  ...room,
                  guests: context.pendingPaste!.withinMax,
                })),
                pendingPaste: null,
              })),
            },
          },
        },
      },
    },
    awaitingCard: {
      tags: ['busy'],
      on: {
        'cardFrame.card': { target: 'submitting', actions: assign(({ event }) => ({ card: event.card })) },
        'cardFrame.error': {
          target: 'filling',
          actions: assign(({ event }) => ({ error: failureFor('card_not_accepted', {}, event.message) })),
        },
        'cardFrame.notReady': { target: 'frameNotReady' },
      },
    },
    /** The modal `payment_page.error_modal.header` / `.text` (R083). */
    frameNotReady: {
      on: { 'modal.close': 'filling' },
    },
    submitting: {
      tags: ['busy'],
      // A new attempt gets a new key; a retry of the unanswered one keeps its request and key.
      entry: assign(({ context }) => {
        const request = createBookingRequest(
          context.data,
          context.fields,
          context.rooms,
          context.card?.token ?? null,
        );
        if (context.attempt) {
          const { idempotencyKey: _, ...last } = context.attempt;
          if (sameRequest(last as CreateBookingRequest, request)) return {};
        }
        const key = context.newKey?.() ?? globalThis.crypto.randomUUID();
        return { attempt: { ...request, idempotencyKey: key } };
      }),
      invoke: {
        id: 'createBooking',
        src: 'createBooking',
        input: ({ context }) => context.attempt!,
        onDone: {
          target: 'confirmed',
          actions: assign(({ event }) => ({ created: event.output, attempt: null })),
        },
        onError: {
          target: 'filling',
          actions: assign(({ context, event }) => ({
            error: failureOf(event.error),
            attempt: outcomeUnknown(event.error) ? context.attempt : null,
          })),
        },
      },
    },
    confirmed: { type: 'final' },
  },
  output: ({ context }) => {
    const email = (context.data.kind === 'vehicle' ? context.fields.email : context.fields.mail).trim();
    return { bookingId: bookingIdOf(context.created!), created: context.created!, email: email || null };
  },
});
