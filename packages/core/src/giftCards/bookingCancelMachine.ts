import { assign, emit, setup } from 'xstate';
import type { Day } from '../dates/dates.js';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { canCancelLinkedBooking, type LinkedBooking } from './issuedCard.js';

/**
 * M25, cancelling the booking a card was redeemed for, from the card's booking drawer (document 3 §4, §7): offered
 * while the booking is not cancelled and its arrival has not passed (today or later). The confirmation asks whether to reissue
 * the card: yes cancels the booking, then marks the card unused (`reissueCard`); no only cancels
 * (`cancelBooking`). A failure (`general.error_message`) stops in `error`, where `user.retry` resumes from the
 * step that failed — a booking already cancelled is not cancelled twice. `done` ends it; `booking.cancelled`
 * tells the drawer and the list.
 */

export interface BookingCancelInput {
  cardId: string;
  booking: LinkedBooking & { bookingId: string; reservationId: string };
  /** The property's today. */
  today: Day;
}
export interface BookingCancelContext extends BookingCancelInput {
  reissue: boolean;
  /** The booking is cancelled (a retry only reissues). */
  cancelled: boolean;
  /** The card is marked unused again. */
  reissued: boolean;
  error: Failure | null;
}
export type BookingCancelEvent =
  | { type: 'cancel.ask' }
  | { type: 'reissue.yes' }
  | { type: 'reissue.no' }
  | { type: 'dismiss' }
  | { type: 'user.retry' };

export const bookingCancelMachine = setup({
  types: {
    context: {} as BookingCancelContext,
    events: {} as BookingCancelEvent,
    input: {} as BookingCancelInput,
    output: {} as { reissued: boolean },
    emitted: {} as { type: 'booking.cancelled'; reissued: boolean },
  },
  actors: {
    cancelBooking: notProvided<unknown, { bookingId: string; reservationId: string }>('cancelBooking'),
    reissueCard: notProvided<unknown, { cardId: string }>('reissueCard'),
  },
  guards: {
    offered: ({ context }) => canCancelLinkedBooking(context.booking, context.today),
    reissue: ({ context }) => context.reissue,
    cancelled: ({ context }) => context.cancelled,
  },
  actions: {
    failed: assign(({ event }) => ({ error: failureOf((event as unknown as { error: unknown }).error) })),
  },
}).createMachine({
  id: 'bookingCancel',
  context: ({ input }) => ({ ...input, reissue: false, cancelled: false, reissued: false, error: null }),
  initial: 'viewing',
  output: ({ context }) => ({ reissued: context.reissued }),
  states: {
    viewing: { on: { 'cancel.ask': { guard: 'offered', target: 'confirmReissue' } } },
    confirmReissue: {
      on: {
        'reissue.yes': { target: 'cancelling', actions: assign({ reissue: true }) },
        'reissue.no': { target: 'cancelling', actions: assign({ reissue: false }) },
        dismiss: 'viewing',
      },
    },
    cancelling: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'cancelBooking',
        input: ({ context }) => ({
          bookingId: context.booking.bookingId,
          reservationId: context.booking.reservationId,
        }),
        onDone: [
          { guard: 'reissue', target: 'reissuing', actions: assign({ cancelled: true }) },
          { target: 'done', actions: assign({ cancelled: true }) },
        ],
        onError: { target: 'error', actions: 'failed' },
      },
    },
    reissuing: {
      tags: ['busy'],
      invoke: {
        src: 'reissueCard',
        input: ({ context }) => ({ cardId: context.cardId }),
        onDone: { target: 'done', actions: assign({ reissued: true }) },
        onError: { target: 'error', actions: 'failed' },
      },
    },
    error: {
      on: {
        'user.retry': [{ guard: 'cancelled', target: 'reissuing' }, { target: 'cancelling' }],
        // The booking is cancelled already: dismissing keeps the card as it is.
        dismiss: [{ guard: 'cancelled', target: 'done' }, { target: 'viewing' }],
      },
    },
    done: {
      type: 'final',
      entry: emit(({ context }) => ({ type: 'booking.cancelled' as const, reissued: context.reissued })),
    },
  },
});
