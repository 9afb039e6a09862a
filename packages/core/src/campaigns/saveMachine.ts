import type { Campaign } from '@tern/sdk';
import { assign, setup } from 'xstate';
import type { Day } from '../dates/index.js';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  type CampaignDraft,
  type CampaignErrors,
  type CampaignSaveStep,
  campaignDraftOf,
  campaignSaveSteps,
  emptyOptionDraft,
  type OptionDraft,
  validateCampaign,
} from './forms.js';

/**
 * M41, the campaign drawer's save sequence (document 3 §2.3, §5, §7; R322, R323, R327): the drawer's values
 * (`draft.change`, `option.add`, `option.change`; an option's removal confirmed first), then on `save`:
 * validating (the form's rules; errors keep the form open) → savingCampaign (a new campaign POSTed without its
 * options; an edit PUT only if its name or description changed) → savingOptions (new options POSTed, only the
 * changed ones PUT, the removed ones DELETEd, one call at a time) → done, whose output is the saved campaign. A
 * failed call stops there (`error`): `user.retry` goes on from the call that failed; a change of the form plans
 * the save again against what was saved so far (a campaign created before the failure is not created twice).
 */

export type CampaignSaveInput = { propertyId: string; today: Day; campaign: Campaign | null };
export interface CampaignSaveContext extends CampaignSaveInput {
  draft: CampaignDraft;
  errors: CampaignErrors;
  /** The calls left, the next first. */
  steps: CampaignSaveStep[];
  /** The option whose removal is asked. */
  removing: string | null;
  /** Options added so far (their keys: `new-1`, `new-2`…). */
  added: number;
  error: Failure | null;
}
export type CampaignSaveEvent =
  | { type: 'draft.change'; patch: Partial<Omit<CampaignDraft, 'options'>> }
  | { type: 'option.add'; giftCardTypeId?: string }
  | { type: 'option.change'; key: string; patch: Partial<Omit<OptionDraft, 'key' | 'id'>> }
  | { type: 'option.remove'; key: string }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'save' }
  | { type: 'user.retry' };

type CampaignStep = Extract<CampaignSaveStep, { kind: 'createCampaign' | 'updateCampaign' }>;
type OptionStep = Exclude<CampaignSaveStep, CampaignStep>;
const isCampaignStep = (step: CampaignSaveStep | undefined): step is CampaignStep =>
  step?.kind === 'createCampaign' || step?.kind === 'updateCampaign';

/** Without its errors for fields under `prefix` (a changed field's error goes as it is changed). */
const errorsWithout = (errors: CampaignErrors, prefix: string) =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => !field.startsWith(prefix)));

/** The draft after a save's call: a created option takes its id (a later plan updates it, never creates it twice). */
function draftAfter(draft: CampaignDraft, step: CampaignSaveStep, before: Campaign | null, after: Campaign) {
  if (step.kind !== 'createOption') return draft;
  const created = after.options.find((o) => !before?.options.some((b) => b.id === o.id));
  if (!created) return draft;
  return { ...draft, options: draft.options.map((o) => (o.key === step.key ? { ...o, id: created.id } : o)) };
}

export const campaignSaveMachine = setup({
  types: {
    context: {} as CampaignSaveContext,
    events: {} as CampaignSaveEvent,
    input: {} as CampaignSaveInput,
    output: {} as Campaign,
  },
  actors: {
    saveCampaign: notProvided<Campaign, { campaignId: string | null; step: CampaignStep }>('saveCampaign'),
    saveOption: notProvided<Campaign, { campaignId: string; step: OptionStep }>('saveOption'),
  },
  actions: {
    edited: assign({ error: null }),
    called: assign(({ context, event }) => {
      const campaign = (event as unknown as { output: Campaign }).output;
      const [step, ...steps] = context.steps;
      return { campaign, steps, draft: draftAfter(context.draft, step!, context.campaign, campaign) };
    }),
    failed: assign(({ event }) => ({ error: failureOf((event as unknown as { error: unknown }).error) })),
  },
  guards: {
    invalid: ({ context }) =>
      Object.keys(validateCampaign(context.draft, context.today, context.campaign?.status ?? null)).length >
      0,
    campaignNext: ({ context }) => isCampaignStep(context.steps[0]),
    optionNext: ({ context }) => context.steps.length > 0,
  },
}).createMachine({
  id: 'campaignSave',
  context: ({ input }) => ({
    ...input,
    draft: campaignDraftOf(input.campaign),
    errors: {},
    steps: [],
    removing: null,
    added: 0,
    error: null,
  }),
  initial: 'form',
  output: ({ context }) => context.campaign!,
  states: {
    form: {
      initial: 'editing',
      on: {
        'draft.change': {
          target: '.editing',
          actions: [
            'edited',
            assign(({ context, event }) => ({
              draft: { ...context.draft, ...event.patch },
              errors: Object.keys(event.patch).reduce(errorsWithout, context.errors),
            })),
          ],
        },
        'option.add': {
          target: '.editing',
          actions: [
            'edited',
            assign(({ context, event }) => ({
              added: context.added + 1,
              draft: {
                ...context.draft,
                options: [
                  ...context.draft.options,
                  emptyOptionDraft(`new-${context.added + 1}`, event.giftCardTypeId),
                ],
              },
              errors: errorsWithout(context.errors, 'options'),
            })),
          ],
        },
        'option.change': {
          target: '.editing',
          actions: [
            'edited',
            assign(({ context, event }) => {
              const index = context.draft.options.findIndex((o) => o.key === event.key);
              if (index < 0) return {};
              const options = [...context.draft.options];
              options[index] = { ...options[index]!, ...event.patch };
              const fields = Object.keys(event.patch).map((f) => `options.${index}.${f}`);
              return {
                draft: { ...context.draft, options },
                errors: fields.reduce(errorsWithout, context.errors),
              };
            }),
          ],
        },
        'option.remove': {
          guard: ({ context, event }) => context.draft.options.some((o) => o.key === event.key),
          target: '.confirmingRemoval',
          actions: assign(({ event }) => ({ removing: event.key })),
        },
        save: [
          {
            guard: 'invalid',
            target: '.editing',
            actions: assign(({ context }) => ({
              errors: validateCampaign(context.draft, context.today, context.campaign?.status ?? null),
            })),
          },
          { target: '#campaignSave.validating' },
        ],
      },
      states: {
        editing: {},
        /** "Remove this option?" (R323: removal is confirmed). */
        confirmingRemoval: {
          on: {
            confirm: {
              target: 'editing',
              actions: assign(({ context }) => ({
                draft: {
                  ...context.draft,
                  options: context.draft.options.filter((o) => o.key !== context.removing),
                },
                removing: null,
                errors: errorsWithout(context.errors, 'options'),
              })),
            },
            cancel: { target: 'editing', actions: assign({ removing: null }) },
          },
        },
        /** A call failed: the form shows it; `user.retry` goes on from that call. */
        error: { on: { 'user.retry': '#campaignSave.next' } },
      },
    },
    /** A valid form: the calls planned against what was saved (R327), then made one by one. */
    validating: {
      entry: assign(({ context }) => ({
        errors: {},
        error: null,
        steps: campaignSaveSteps(context.campaign, context.draft, context.propertyId),
      })),
      always: [
        { guard: 'campaignNext', target: 'savingCampaign' },
        { guard: 'optionNext', target: 'savingOptions' },
        { target: 'done' },
      ],
    },
    /** The next call, if any. */
    next: {
      always: [
        { guard: 'campaignNext', target: 'savingCampaign' },
        { guard: 'optionNext', target: 'savingOptions' },
        { target: 'done' },
      ],
    },
    savingCampaign: {
      tags: ['busy'],
      invoke: {
        id: 'saveCampaign',
        src: 'saveCampaign',
        input: ({ context }) => ({
          campaignId: context.campaign?.id ?? null,
          step: context.steps[0] as CampaignStep,
        }),
        onDone: { target: 'next', actions: 'called' },
        onError: { target: 'form.error', actions: 'failed' },
      },
    },
    savingOptions: {
      tags: ['busy'],
      invoke: {
        id: 'saveOption',
        src: 'saveOption',
        input: ({ context }) => ({ campaignId: context.campaign!.id, step: context.steps[0] as OptionStep }),
        onDone: { target: 'next', actions: 'called' },
        onError: { target: 'form.error', actions: 'failed' },
      },
    },
    done: { type: 'final' },
  },
});
