import { assign, emit, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * An action on one row that is asked for, confirmed, then sent — M13 block / unblock a user (the confirmation
 * names the user), M15 lock override on / off, M14 disabling an API key (document 2 §2, §4, §8). `ask`
 * opens the confirmation for a row and an action; `confirm` sends it (one at a time), `cancel` closes it.
 * After a success `row.changed` tells the list to reload; after a failure the list is not reloaded (§8: "list
 * not reloaded") and the error stays until dismissed or the next ask.
 */

export interface ConfirmedAction<A extends string = string> {
  /** The row acted on (its id). */
  id: string;
  /** What is done to it, e.g. `block`, `unblock`, `lock_override_on`. */
  action: A;
  /** How the confirmation names the row (the user's name, the reseller's). */
  label: string;
}

export interface ConfirmedActionContext {
  pending: ConfirmedAction | null;
  /** The last action that succeeded, for its notice. */
  done: ConfirmedAction | null;
  error: Failure | null;
}

export type ConfirmedActionEvent =
  | { type: 'ask'; target: ConfirmedAction }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'notice.dismiss' };

export const confirmedActionMachine = setup({
  types: {
    context: {} as ConfirmedActionContext,
    events: {} as ConfirmedActionEvent,
    emitted: {} as { type: 'row.changed'; target: ConfirmedAction },
  },
  actors: {
    perform: notProvided<unknown, ConfirmedAction>('perform'),
  },
}).createMachine({
  id: 'confirmedAction',
  context: { pending: null, done: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        ask: {
          target: 'confirming',
          actions: assign(({ event }) => ({ pending: event.target, done: null, error: null })),
        },
        'notice.dismiss': { actions: assign({ done: null, error: null }) },
      },
    },
    confirming: {
      on: {
        confirm: 'sending',
        cancel: { target: 'idle', actions: assign({ pending: null }) },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'perform',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context }) => ({ type: 'row.changed' as const, target: context.pending! })),
            assign(({ context }) => ({ done: context.pending, pending: null })),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign(({ event }) => ({ pending: null, error: failureOf(event.error) })),
        },
      },
    },
  },
});
