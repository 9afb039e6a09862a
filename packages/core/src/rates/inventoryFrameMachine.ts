import { assign, type SnapshotFrom, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * M22, the inventory page (document 2 §2, §7): with a property selected, a one-time token for it is loaded
 * (`POST /auth/one_time_token`, the `loadToken` actor the edge provides) and the calendar frame gets the token
 * and the property id. Choosing another property loads a new token (the PROPOSAL of M22: the old request is
 * dropped, so a late reply for the old property is never used); no property shows `noProperty`. A refused
 * token shows `error` (`general.error_message`), which accepts `user.retry`.
 *
 * The frame itself may fail after `ready`: it could not exchange its token (spent, expired, another property's)
 * or its calendar session ended. It says so (`frame.failed`, with the failure) and the page shows `error`; the
 * retry loads a new token, since a one-time token never opens the calendar twice.
 */

export interface InventoryFrameInput {
  propertyId: string | null;
}
export interface InventoryFrameContext {
  propertyId: string | null;
  token: string | null;
  error: Failure | null;
}
export type InventoryFrameEvent =
  | { type: 'property.select'; propertyId: string | null }
  | { type: 'user.retry' }
  /** The frame could not open the calendar with its token, or its calendar session ended. */
  | { type: 'frame.failed'; error: unknown };

export const inventoryFrameMachine = setup({
  types: {
    context: {} as InventoryFrameContext,
    events: {} as InventoryFrameEvent,
    input: {} as InventoryFrameInput,
  },
  actors: {
    loadToken: notProvided<{ token: string }, { propertyId: string }>('loadToken'),
  },
  guards: {
    hasProperty: ({ context }) => context.propertyId !== null,
    isOtherProperty: ({ context, event }) =>
      event.type === 'property.select' && event.propertyId !== context.propertyId,
    isNoProperty: ({ event }) => event.type === 'property.select' && event.propertyId === null,
  },
  actions: {
    selectProperty: assign(({ event }) =>
      event.type === 'property.select' ? { propertyId: event.propertyId, token: null, error: null } : {},
    ),
  },
}).createMachine({
  id: 'inventoryFrame',
  context: ({ input }) => ({ propertyId: input.propertyId, token: null, error: null }),
  initial: 'choosing',
  on: {
    'property.select': [
      { guard: 'isNoProperty', target: '.noProperty', actions: 'selectProperty' },
      { guard: 'isOtherProperty', target: '.loadingToken', reenter: true, actions: 'selectProperty' },
    ],
  },
  states: {
    /** The first step only: where the input's property leads. */
    choosing: { always: [{ guard: 'hasProperty', target: 'loadingToken' }, { target: 'noProperty' }] },
    noProperty: {},
    loadingToken: {
      tags: ['busy'],
      invoke: {
        src: 'loadToken',
        input: ({ context }) => ({ propertyId: context.propertyId! }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ token: event.output.token })) },
        onError: { target: 'error', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
      },
    },
    /** The frame shows the calendar with `frameParams`. */
    ready: {
      on: {
        'frame.failed': {
          target: 'error',
          actions: assign(({ event }) => ({ token: null, error: failureOf(event.error) })),
        },
      },
    },
    error: { on: { 'user.retry': { target: 'loadingToken', actions: assign({ error: null }) } } },
  },
});

/** What the frame receives in `ready` (the token and the property id), else `null`. */
export function frameParams(
  snapshot: SnapshotFrom<typeof inventoryFrameMachine>,
): { token: string; propertyId: string } | null {
  const { token, propertyId } = snapshot.context;
  return snapshot.matches('ready') && token && propertyId ? { token, propertyId } : null;
}
