import type { RedemptionCancellation } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { type CancelQuery, cancelQueryComplete } from './rules.js';
import { type RedeemMessageKey, redeemKey } from './words.js';

/**
 * M35, the public cancel of a gift-card stay (document 3 §2.2, §4, §7, §8; R320): the cancel page's query (the
 * reservation and the booker's last name; its dates are shown only) — or the form when it lacks them — asks
 * `redemption.cancelPreview` (`previewing`: changes nothing), shows the stay and whether it may be cancelled
 * (`confirming`), and on the visitor's confirm `redemption.cancel` (`cancelling`) → `cancelled` (links to the
 * store and to use gift card: the card is usable again) or `failed` (the server's words: the stay has begun, the
 * deadline passed, the store does not allow it). A wrong reservation or name is the server's 404, said on the form.
 */

export interface CancelInput {
  query: CancelQuery;
}

export interface CancelBody {
  reservationId: string;
  lastName: string;
}

export interface CancelContext extends CancelQuery {
  cancellation: RedemptionCancellation | null;
  notice: RedeemMessageKey | null;
  error: Failure | null;
}

export type CancelEvent =
  | { type: 'field.change'; field: 'reservationId' | 'lastName'; value: string }
  | { type: 'form.submit' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.back' }
  | { type: 'user.retry' };

const bodyOf = (c: CancelContext): CancelBody => ({
  reservationId: c.reservationId.trim(),
  lastName: c.lastName.trim(),
});

export const cancelGiftCardMachine = setup({
  types: {
    context: {} as CancelContext,
    events: {} as CancelEvent,
    input: {} as CancelInput,
  },
  actors: {
    cancelPreview: notProvided<RedemptionCancellation, CancelBody>('cancelPreview'),
    cancel: notProvided<RedemptionCancellation, CancelBody>('cancel'),
  },
  guards: {
    complete: ({ context }) => cancelQueryComplete(context),
    cancellable: ({ context }) => context.cancellation?.cancellable === true,
  },
}).createMachine({
  id: 'cancelGiftCard',
  context: ({ input }) => ({ ...input.query, cancellation: null, notice: null, error: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'complete', target: 'previewing' }, { target: 'form' }] },
    /** The reservation and the last name, when the address lacks them (or the server found no such stay). */
    form: {
      on: {
        'field.change': {
          actions: assign(({ event }) => ({ [event.field]: event.value, notice: null })),
        },
        'form.submit': [
          { guard: 'complete', target: 'previewing', actions: assign({ notice: null, error: null }) },
          { actions: assign({ notice: redeemKey('cancel_incomplete') }) },
        ],
      },
    },
    previewing: {
      tags: ['busy'],
      invoke: {
        id: 'cancelPreview',
        src: 'cancelPreview',
        input: ({ context }) => bodyOf(context),
        onDone: {
          target: 'confirming',
          actions: assign(({ event }) => ({ cancellation: event.output, error: null })),
        },
        onError: { target: 'form', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
      },
    },
    /** The stay, and the confirm when it may be cancelled (else why not). */
    confirming: {
      on: {
        'cancel.confirm': { guard: 'cancellable', target: 'cancelling' },
        'cancel.back': { target: 'form', actions: assign({ cancellation: null }) },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancel',
        src: 'cancel',
        input: ({ context }) => bodyOf(context),
        onDone: {
          target: 'cancelled',
          actions: assign(({ event }) => ({ cancellation: event.output, error: null })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
      },
    },
    /** The server's reason; a retry asks again what stands. */
    failed: { on: { 'user.retry': { target: 'previewing', actions: assign({ error: null }) } } },
    /** Cancelled: the card is usable again (links to the store and to use gift card). */
    cancelled: { type: 'final' },
  },
});
