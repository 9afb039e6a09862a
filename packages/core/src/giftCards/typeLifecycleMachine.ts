import type { GiftCardTypeStatus } from '@tern/sdk';
import { assign, emit, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * M23, one gift card type's lifecycle (document 3 §4; DECISIONS 16): created → published (publish, confirmed:
 * it joins the store) → archived (unpublish, confirmed: it leaves the store); archived is read-only. A new type
 * starts published when "publish when created" (`initialTypeStatus`). Each step is asked, confirmed, then sent
 * once through the `publish` / `unpublish` actor the edge provides; a refusal keeps the status and its error.
 * After a success `type.changed` tells the list to reload, and `notice` names it ('published' or
 * 'unpublished': "Gift card unpublished successfully.").
 *
 * ```ts
 * const machine = giftCardTypeLifecycleMachine.provide({
 *   actors: { publish: fromPromise(({ input }) => client.giftCards.publishType({ id: input.id, body: { propertyId } })) },
 * });
 * createActor(machine, { input: { id: type.id, status: type.status } }).start();
 * ```
 */

export interface TypeLifecycleInput {
  id: string;
  status: GiftCardTypeStatus;
}
export interface TypeLifecycleContext {
  id: string;
  /** The status it was given (where it starts). */
  started: GiftCardTypeStatus;
  notice: 'published' | 'unpublished' | null;
  error: Failure | null;
}
export type TypeLifecycleEvent =
  | { type: 'publish.ask' }
  | { type: 'unpublish.ask' }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'notice.dismiss' };

export const giftCardTypeLifecycleMachine = setup({
  types: {
    context: {} as TypeLifecycleContext,
    events: {} as TypeLifecycleEvent,
    input: {} as TypeLifecycleInput,
    emitted: {} as { type: 'type.changed'; id: string },
  },
  actors: {
    publish: notProvided<unknown, { id: string }>('publish'),
    unpublish: notProvided<unknown, { id: string }>('unpublish'),
  },
  actions: {
    sent: assign((_, notice: 'published' | 'unpublished') => ({ notice, error: null })),
    changed: emit(({ context }) => ({ type: 'type.changed' as const, id: context.id })),
    refused: assign(({ event }) => ({ error: failureOf((event as unknown as { error: unknown }).error) })),
  },
}).createMachine({
  id: 'giftCardTypeLifecycle',
  context: ({ input }) => ({ id: input.id, started: input.status, notice: null, error: null }),
  initial: 'start',
  on: { 'notice.dismiss': { actions: assign({ notice: null, error: null }) } },
  states: {
    start: {
      always: [
        { guard: ({ context }) => context.started === 'published', target: 'published' },
        { guard: ({ context }) => context.started === 'archived', target: 'archived' },
        { target: 'created' },
      ],
    },
    created: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'publish.ask': { target: 'confirming', actions: assign({ notice: null, error: null }) } },
        },
        confirming: { on: { confirm: 'sending', cancel: 'idle' } },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'publish',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: '#giftCardTypeLifecycle.published',
              actions: [{ type: 'sent', params: 'published' }, 'changed'],
            },
            onError: { target: 'idle', actions: 'refused' },
          },
        },
      },
    },
    published: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'unpublish.ask': { target: 'confirming', actions: assign({ notice: null, error: null }) } },
        },
        confirming: { on: { confirm: 'sending', cancel: 'idle' } },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'unpublish',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: '#giftCardTypeLifecycle.archived',
              actions: [{ type: 'sent', params: 'unpublished' }, 'changed'],
            },
            onError: { target: 'idle', actions: 'refused' },
          },
        },
      },
    },
    /** Read-only: no transition out (M23 gives none). */
    archived: { tags: ['readOnly'] },
  },
});
