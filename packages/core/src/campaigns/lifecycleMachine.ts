import type { CampaignStatus } from '@tern/sdk';
import { assign, emit, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * M28, one gift campaign's lifecycle (document 3 §4; R325): draft → published (publish), published → archived
 * (unpublish), archived → published (publish again); each step asked, confirmed in a modal, then sent once
 * through `changeStatus` (`campaigns.update` with the status). A refusal keeps the status and its error. After a
 * success `campaign.changed` tells the list to reload and `notice` names the step. Edit is offered in draft and
 * published (tag `editable`), view only when published (tag `viewable`): `campaignActions` says the same of a row.
 */

export interface CampaignLifecycleInput {
  id: string;
  status: CampaignStatus;
}
export interface CampaignLifecycleContext {
  id: string;
  started: CampaignStatus;
  notice: 'published' | 'unpublished' | null;
  error: Failure | null;
}
export type CampaignLifecycleEvent =
  | { type: 'publish.ask' }
  | { type: 'unpublish.ask' }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'notice.dismiss' };

/** A status change's states: idle, asking, sending once; done → `to`. */
const step = (ask: 'publish.ask' | 'unpublish.ask', status: CampaignStatus, to: string) => ({
  initial: 'idle' as const,
  states: {
    idle: { on: { [ask]: { target: 'confirming', actions: 'clear' } } },
    confirming: { on: { confirm: 'sending', cancel: 'idle' } },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus' as const,
        input: ({ context }: { context: CampaignLifecycleContext }) => ({ id: context.id, status }),
        onDone: {
          target: to,
          actions: [
            {
              type: 'sent' as const,
              params: status === 'published' ? ('published' as const) : ('unpublished' as const),
            },
            'changed' as const,
          ],
        },
        onError: { target: 'idle', actions: 'refused' as const },
      },
    },
  },
});

export const campaignLifecycleMachine = setup({
  types: {
    context: {} as CampaignLifecycleContext,
    events: {} as CampaignLifecycleEvent,
    input: {} as CampaignLifecycleInput,
    emitted: {} as { type: 'campaign.changed'; id: string },
  },
  actors: {
    changeStatus: notProvided<unknown, { id: string; status: CampaignStatus }>('changeStatus'),
  },
  actions: {
    clear: assign({ notice: null, error: null }),
    sent: assign((_, notice: 'published' | 'unpublished') => ({ notice, error: null })),
    changed: emit(({ context }) => ({ type: 'campaign.changed' as const, id: context.id })),
    refused: assign(({ event }) => ({ error: failureOf((event as unknown as { error: unknown }).error) })),
  },
}).createMachine({
  id: 'campaignLifecycle',
  context: ({ input }) => ({ id: input.id, started: input.status, notice: null, error: null }),
  initial: 'start',
  on: { 'notice.dismiss': { actions: 'clear' } },
  states: {
    start: {
      always: [
        { guard: ({ context }) => context.started === 'published', target: 'published' },
        { guard: ({ context }) => context.started === 'archived', target: 'archived' },
        { target: 'draft' },
      ],
    },
    draft: { tags: ['editable'], ...step('publish.ask', 'published', '#campaignLifecycle.published') },
    published: {
      tags: ['editable', 'viewable'],
      ...step('unpublish.ask', 'archived', '#campaignLifecycle.archived'),
    },
    /** Published again by a publish; not editable. */
    archived: step('publish.ask', 'published', '#campaignLifecycle.published'),
  },
});
