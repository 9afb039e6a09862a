import type { Campaign, PublicCampaign } from '@tern/sdk';
import type { ModelOptions } from '../qa/test/paths.js';
import { campaignLifecycleMachine } from './lifecycleMachine.js';
import { publicCampaignMachine } from './publicMachine.js';
import { campaignSaveMachine } from './saveMachine.js';

// The models (machine, scenarios, sample events) of the campaign machines (M28, M29, M41): core's model-based tests
// replay every state and transition of them (machines.model.test.ts); the front ends may replay their paths.

const refusal = (code: string, status: number) => Object.assign(new Error(code), { code, status });

export const campaignLifecycleModel: ModelOptions = {
  name: 'campaignLifecycleMachine',
  machine: campaignLifecycleMachine,
  scenarios: [
    { name: 'a draft', input: () => ({ id: 'c1', status: 'draft' }) },
    { name: 'a published campaign', input: () => ({ id: 'c1', status: 'published' }) },
    { name: 'an archived campaign', input: () => ({ id: 'c1', status: 'archived' }) },
  ],
  simplePaths: 2,
  events: {
    'xstate.error.actor.changeStatus': [
      { type: 'xstate.error.actor.changeStatus', error: refusal('campaign_without_options', 409) },
    ],
  },
};

const option = {
  id: 'o1',
  name: 'A night',
  description: 'One night for two',
  photoUrl: '/photos/uploads/a.jpg',
  expirationDate: '2031-12-31',
  giftCardTypeId: 't1',
  giftCardTypeTitle: 'A night',
  position: 0,
  picked: 0,
  stock: 5,
};
export const sampleCampaign: Campaign = {
  id: 'c1',
  type: 'giftCampaign',
  propertyId: 'p1',
  name: 'Staff 2030',
  description: 'Thank you',
  status: 'published',
  options: [option],
  recipients: 0,
  publicPath: '/gift-campaign/c1',
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
};
const withNewOption: Campaign = {
  ...sampleCampaign,
  options: [option, { ...option, id: 'o2', name: 'Dinner', position: 1 }],
};

export const campaignSaveModel: ModelOptions = {
  name: 'campaignSaveMachine',
  machine: campaignSaveMachine,
  scenarios: [
    { name: 'a new campaign', input: () => ({ propertyId: 'p1', today: '2030-01-01', campaign: null }) },
    {
      name: 'a published campaign of one option',
      input: () => ({ propertyId: 'p1', today: '2030-01-01', campaign: sampleCampaign }),
    },
  ],
  simplePaths: 2,
  // The form's values are many; the model tells states apart by what the sequence decides on.
  serialize: (s) =>
    JSON.stringify({
      value: s.value,
      saved: s.context.campaign?.options.length ?? null,
      named: s.context.draft.name !== '',
      // Two options tell apart what a save does; more are the same state of the model.
      options: s.context.draft.options
        .slice(0, 2)
        .map((o: { id: string | null; name: string }) => [o.id, o.name]),
      more: s.context.draft.options.length > 2,
      errors: Object.keys(s.context.errors).length > 0,
      steps: s.context.steps.map((step: { kind: string }) => step.kind),
      removing: s.context.removing,
      error: s.context.error?.code ?? null,
    }),
  events: {
    'draft.change': [{ type: 'draft.change', patch: { name: 'Staff 2031', description: 'Thanks' } }],
    'option.add': [{ type: 'option.add', giftCardTypeId: 't1' }],
    'option.change': [
      {
        type: 'option.change',
        key: 'new-1',
        patch: {
          name: 'Dinner',
          description: 'Dinner for two',
          photoUrl: '/photos/uploads/b.jpg',
          expirationDate: '2031-06-30',
        },
      },
    ],
    'option.remove': [
      { type: 'option.remove', key: 'o1' },
      { type: 'option.remove', key: 'new-1' },
    ],
    'xstate.done.actor.saveCampaign': [
      { type: 'xstate.done.actor.saveCampaign', output: { ...sampleCampaign, options: [] } },
    ],
    'xstate.done.actor.saveOption': [{ type: 'xstate.done.actor.saveOption', output: withNewOption }],
    'xstate.error.actor.saveCampaign': [
      { type: 'xstate.error.actor.saveCampaign', error: new Error('offline') },
    ],
    'xstate.error.actor.saveOption': [
      { type: 'xstate.error.actor.saveOption', error: refusal('campaign_option_picked', 409) },
    ],
  },
};

const publicCampaign: PublicCampaign = {
  id: 'c1',
  name: 'Staff 2030',
  description: 'Thank you',
  propertyTitle: 'Harbour View',
  logoUrl: null,
  options: [
    {
      id: 'o1',
      name: 'A night',
      description: 'For two',
      photoUrl: '/photos/uploads/a.jpg',
      expirationDate: '2031-12-31',
      soldOut: false,
    },
    {
      id: 'o2',
      name: 'Dinner',
      description: 'For two',
      photoUrl: '',
      expirationDate: '2031-12-31',
      soldOut: true,
    },
  ],
};

export const publicCampaignModel: ModelOptions = {
  name: 'publicCampaignMachine',
  machine: publicCampaignMachine,
  scenarios: [{ name: 'a published campaign', input: () => ({ campaignId: 'c1', locale: 'is' }) }],
  simplePaths: 2,
  serialize: (s) =>
    JSON.stringify({
      value: s.value,
      optionId: s.context.optionId,
      filled: Object.entries(s.context.form)
        .filter(([, v]) => v !== '')
        .map(([k]) => k),
      errors: Object.keys(s.context.errors),
      error: s.context.error?.code ?? null,
      picked: s.context.picked?.email ?? null,
    }),
  events: {
    'option.choose': [
      { type: 'option.choose', optionId: 'o1' },
      { type: 'option.choose', optionId: 'o2' },
    ],
    'field.change': [
      { type: 'field.change', field: 'name', value: 'Anna' },
      { type: 'field.change', field: 'email', value: 'anna@example.is' },
      { type: 'field.change', field: 'governmentIssuedId', value: '0101302989' },
    ],
    'xstate.done.actor.loadCampaign': [{ type: 'xstate.done.actor.loadCampaign', output: publicCampaign }],
    'xstate.error.actor.loadCampaign': [
      { type: 'xstate.error.actor.loadCampaign', error: new Error('offline') },
    ],
    'xstate.done.actor.pick': [
      {
        type: 'xstate.done.actor.pick',
        output: { email: 'anna@example.is', optionName: 'A night' },
      },
    ],
    'xstate.error.actor.pick': [
      { type: 'xstate.error.actor.pick', error: refusal('campaign_already_picked', 409) },
    ],
  },
};
