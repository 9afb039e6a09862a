import type { StorePurchaseState, StorePurchaseStatus } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * M33, the store's confirmation after the payment provider (document 3 §2.2, §8, §9): it waits 3 s, then asks
 * `store.purchaseStatus` with the signed return, and again every 1 s while the purchase is held or paid (its
 * cards being issued) or the call fails (the reason is shown), at most `PURCHASE_STATUS_CHECKS_MAX` checks in all
 * — the first counts (docs/decisions.md) — then gives up. `issued` shows the cards; `expired`, `refunded` and
 * `failed` are final and say so.
 */

/** Checks of a purchase's status at most, the first one included. */
export const PURCHASE_STATUS_CHECKS_MAX = 10;

/** The states after which nothing changes any more (the page says why; no cards). */
export const FINAL_PURCHASE_STATES: readonly StorePurchaseState[] = ['expired', 'refunded', 'failed'];

export interface PurchaseReturn {
  storeSlug: string;
  referenceNumber: string;
  propertyId: string;
  digitalSignature: string;
}

export interface PurchaseStatusInput extends PurchaseReturn {
  /** Checks at most (default `PURCHASE_STATUS_CHECKS_MAX`). */
  checksMax?: number;
}

export interface PurchaseStatusContext {
  query: PurchaseReturn;
  checks: number;
  checksMax: number;
  status: StorePurchaseStatus | null;
  /** The last failed check's reason. */
  error: Failure | null;
}

const outputOf = (event: unknown) => (event as { output: StorePurchaseStatus }).output;

export const purchaseStatusMachine = setup({
  types: {
    context: {} as PurchaseStatusContext,
    input: {} as PurchaseStatusInput,
  },
  actors: {
    purchaseStatus: notProvided<StorePurchaseStatus, PurchaseReturn>('purchaseStatus'),
  },
  delays: { firstWait: 3000, retryWait: 1000 },
  guards: {
    issued: ({ event }) => outputOf(event).status === 'issued',
    ended: ({ event }) => FINAL_PURCHASE_STATES.includes(outputOf(event).status),
    checksLeft: ({ context }) => context.checks < context.checksMax,
  },
}).createMachine({
  id: 'purchaseStatus',
  context: ({ input: { checksMax, ...query } }) => ({
    query,
    checks: 0,
    checksMax: checksMax ?? PURCHASE_STATUS_CHECKS_MAX,
    status: null,
    error: null,
  }),
  initial: 'initialWait',
  states: {
    initialWait: { after: { firstWait: 'checking' } },
    checking: {
      tags: ['busy'],
      entry: assign(({ context }) => ({ checks: context.checks + 1 })),
      invoke: {
        id: 'purchaseStatus',
        src: 'purchaseStatus',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: 'issued',
            target: 'success',
            actions: assign(({ event }) => ({ status: event.output, error: null })),
          },
          {
            guard: 'ended',
            target: 'final',
            actions: assign(({ event }) => ({ status: event.output, error: null })),
          },
          {
            guard: 'checksLeft',
            target: 'retryWait',
            actions: assign(({ event }) => ({ status: event.output, error: null })),
          },
          { target: 'gaveUp', actions: assign(({ event }) => ({ status: event.output, error: null })) },
        ],
        onError: [
          {
            guard: 'checksLeft',
            target: 'retryWait',
            actions: assign(({ event }) => ({ error: failureOf(event.error) })),
          },
          { target: 'gaveUp', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
        ],
      },
    },
    retryWait: { after: { retryWait: 'checking' } },
    /** Issued: the cards are listed. */
    success: { type: 'final' },
    /** Expired, refunded or failed: the page says which. */
    final: { type: 'final' },
    /** Ten checks without an answer that ends it: the page says the cards will come by e-mail once issued. */
    gaveUp: { type: 'final' },
  },
});
