import { assign, emit, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { firstSnapshot } from '../internal/firstSnapshot.js';
import { notProvided } from '../internal/notProvided.js';
import {
  parseRecipientPaste,
  pasteRecipients,
  purchaseRecipientsToSave,
  type RecipientRow,
  recipientsForQuantity,
} from './recipients.js';

/**
 * M26, one purchase's actions (document 3 §4, §5, §7): mark paid (confirmed; not once paid), mark issued
 * (confirmed; only while pending — it queues the issuing of the cards), and its recipients, edited only while
 * pending, one row per card (a paste fills rows from the one it lands on, never past the quantity), and saved when
 * every row is valid or every row is empty (then sent as `[]`). The statuses come from
 * what each call answers; the server moves queued to issued, which `purchase.refresh` brings in. A purchase whose
 * issuing failed for good (`failed`) is retried (confirmed), which queues it again.
 */

export type PurchaseStatus = 'initiated' | 'paid' | (string & {});
export type PurchaseIssuedStatus = 'pending' | 'queued' | 'issued' | 'failed' | (string & {});
export interface PurchaseRecord {
  id: string;
  status: PurchaseStatus;
  issuedStatus: PurchaseIssuedStatus;
  /** Cards bought: one recipient row each. */
  quantity: number;
  orderRecipients: RecipientRow[];
}
export type PurchaseStatusReply = Pick<PurchaseRecord, 'status' | 'issuedStatus'>;

export const canMarkPaid = (p: Pick<PurchaseRecord, 'status'>): boolean => p.status !== 'paid';
export const canMarkIssued = (p: Pick<PurchaseRecord, 'issuedStatus'>): boolean =>
  p.issuedStatus === 'pending';
export const canEditRecipients = canMarkIssued;
/** Retrying the delivery of the cards: only once their job failed for good. */
export const canRetryIssue = (p: Pick<PurchaseRecord, 'issuedStatus'>): boolean =>
  p.issuedStatus === 'failed';
/** The quantity link downloads the cards' PDFs once they exist: once issued (DECISIONS 14). */
export const canDownloadPurchasePdfs = (p: Pick<PurchaseRecord, 'issuedStatus'>): boolean =>
  p.issuedStatus === 'issued';

export interface PurchaseContext {
  purchase: PurchaseRecord;
  /** The rows being edited. */
  rows: RecipientRow[];
  rowErrors: Record<string, string>;
  notice: 'paid' | 'issued' | 'retried' | 'recipients_updated' | null;
  error: Failure | null;
}

export type PurchaseEvent =
  | { type: 'markPaid.ask' }
  | { type: 'markIssued.ask' }
  | { type: 'retryIssue.ask' }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'recipients.edit' }
  | { type: 'recipients.change'; index: number; row: Partial<RecipientRow> }
  | { type: 'recipients.paste'; index: number; text: string }
  | { type: 'recipients.save' }
  | { type: 'purchase.refresh'; purchase: PurchaseRecord }
  | { type: 'notice.dismiss' };

const failed = (event: unknown) => failureOf((event as { error: unknown }).error);

export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
    input: {} as { purchase: PurchaseRecord },
    emitted: {} as { type: 'purchase.changed'; purchase: PurchaseRecord },
  },
  actors: {
    markPaid: notProvided<PurchaseStatusReply, { id: string }>('markPaid'),
    markIssued: notProvided<PurchaseStatusReply, { id: string }>('markIssued'),
    retryIssue: notProvided<PurchaseStatusReply, { id: string }>('retryIssue'),
    updateRecipients: notProvided<RecipientRow[], { id: string; recipients: RecipientRow[] }>(
      'updateRecipients',
    ),
  },
  guards: {
    canMarkPaid: ({ context }) => canMarkPaid(context.purchase),
    canMarkIssued: ({ context }) => canMarkIssued(context.purchase),
    canRetryIssue: ({ context }) => canRetryIssue(context.purchase),
    recipientsSavable: ({ context }) => purchaseRecipientsToSave(context.rows).ok,
  },
  actions: {
    statuses: assign(({ context, event }) => ({
      purchase: { ...context.purchase, ...(event as unknown as { output: PurchaseStatusReply }).output },
      error: null,
    })),
    changed: emit(({ context }) => ({ type: 'purchase.changed' as const, purchase: context.purchase })),
    refused: assign(({ event }) => ({ error: failed(event) })),
    clear: assign({ notice: null, error: null }),
  },
}).createMachine({
  id: 'purchase',
  context: ({ input }) => ({ purchase: input.purchase, rows: [], rowErrors: {}, notice: null, error: null }),
  initial: 'idle',
  on: { 'notice.dismiss': { actions: 'clear' } },
  states: {
    idle: {
      on: {
        'purchase.refresh': { actions: assign(({ event }) => ({ purchase: event.purchase })) },
        'markPaid.ask': { guard: 'canMarkPaid', target: 'markingPaid', actions: 'clear' },
        'markIssued.ask': { guard: 'canMarkIssued', target: 'markingIssued', actions: 'clear' },
        'retryIssue.ask': { guard: 'canRetryIssue', target: 'retryingIssue', actions: 'clear' },
        'recipients.edit': {
          guard: 'canMarkIssued',
          target: 'editingRecipients',
          actions: [
            'clear',
            assign(({ context }) => ({
              rows: recipientsForQuantity(context.purchase.orderRecipients, context.purchase.quantity),
              rowErrors: {},
            })),
          ],
        },
      },
    },
    markingPaid: {
      initial: 'confirming',
      states: {
        confirming: { on: { confirm: 'sending', cancel: '#purchase.idle' } },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'markPaid',
            input: ({ context }) => ({ id: context.purchase.id }),
            onDone: {
              target: '#purchase.idle',
              actions: ['statuses', assign({ notice: 'paid' }), 'changed'],
            },
            onError: { target: '#purchase.idle', actions: 'refused' },
          },
        },
      },
    },
    markingIssued: {
      initial: 'confirming',
      states: {
        confirming: { on: { confirm: 'sending', cancel: '#purchase.idle' } },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'markIssued',
            input: ({ context }) => ({ id: context.purchase.id }),
            onDone: {
              target: '#purchase.idle',
              actions: ['statuses', assign({ notice: 'issued' }), 'changed'],
            },
            onError: { target: '#purchase.idle', actions: 'refused' },
          },
        },
      },
    },
    retryingIssue: {
      initial: 'confirming',
      states: {
        confirming: { on: { confirm: 'sending', cancel: '#purchase.idle' } },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'retryIssue',
            input: ({ context }) => ({ id: context.purchase.id }),
            onDone: {
              target: '#purchase.idle',
              actions: ['statuses', assign({ notice: 'retried' }), 'changed'],
            },
            onError: { target: '#purchase.idle', actions: 'refused' },
          },
        },
      },
    },
    editingRecipients: {
      initial: 'editing',
      on: { cancel: '.closed' },
      states: {
        editing: {
          on: {
            'recipients.change': {
              actions: assign(({ context, event }) => ({
                rows: context.rows.map((r, i) => (i === event.index ? { ...r, ...event.row } : r)),
              })),
            },
            'recipients.paste': {
              actions: assign(({ context, event }) => ({
                rows: recipientsForQuantity(
                  pasteRecipients(context.rows, event.index, parseRecipientPaste(event.text)),
                  context.purchase.quantity,
                ),
              })),
            },
            'recipients.save': [
              {
                guard: 'recipientsSavable',
                target: 'saving',
                actions: assign({ rowErrors: {}, error: null }),
              },
              {
                actions: assign(({ context }) => {
                  const result = purchaseRecipientsToSave(context.rows);
                  return { rowErrors: result.ok ? {} : result.errors };
                }),
              },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          on: { cancel: {} },
          invoke: {
            src: 'updateRecipients',
            input: ({ context }) => {
              const result = purchaseRecipientsToSave(context.rows);
              return { id: context.purchase.id, recipients: result.ok ? result.recipients : [] };
            },
            onDone: {
              target: '#purchase.idle',
              actions: [
                assign(({ context, event }) => ({
                  purchase: { ...context.purchase, orderRecipients: event.output },
                  notice: 'recipients_updated' as const,
                })),
                'changed',
              ],
            },
            onError: { target: 'editing', actions: 'refused' },
          },
        },
        closed: { always: '#purchase.idle' },
      },
    },
  },
});

/** The purchase's machine before any action is open, for a list's row actions: `purchaseOffers(p).can(event)`. */
export const purchaseOffers = (purchase: PurchaseRecord) => firstSnapshot(purchaseMachine, { purchase });
