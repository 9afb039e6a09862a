import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  campaignActions,
  campaignDraftOf,
  campaignSaveSteps,
  emptyOptionDraft,
  validateCampaign,
  validateRecipientForm,
} from './forms.js';
import { sampleCampaign } from './machines.model.js';
import { campaignSaveMachine } from './saveMachine.js';

const today = '2030-01-01';
const filled = (key: string) => ({
  ...emptyOptionDraft(key, 't1'),
  name: 'Dinner',
  description: 'For two',
  photoUrl: '/photos/uploads/b.jpg',
  expirationDate: '2030-06-30',
});

describe('campaign form (R322, R323)', () => {
  it('asks for a name and a description; a new campaign is a draft by default', () => {
    const draft = campaignDraftOf(null);
    expect(draft.publish).toBe(false);
    expect(validateCampaign(draft, today, null)).toEqual({
      name: 'validation_messages.required',
      description: 'validation_messages.required',
    });
  });

  it('asks every field of an option, and an expiry from today on', () => {
    const draft = {
      ...campaignDraftOf(null),
      name: 'A',
      description: 'B',
      options: [emptyOptionDraft('new-1')],
    };
    expect(Object.keys(validateCampaign(draft, today, null)).sort()).toEqual([
      'options.0.description',
      'options.0.expirationDate',
      'options.0.giftCardTypeId',
      'options.0.name',
      'options.0.photoUrl',
    ]);
    const past = { ...draft, options: [{ ...filled('new-1'), expirationDate: '2029-12-31' }] };
    expect(validateCampaign(past, today, null)).toEqual({
      'options.0.expirationDate': 'validation_messages.before_today',
    });
    expect(validateCampaign({ ...past, options: [filled('new-1')] }, today, null)).toEqual({});
  });

  it('a campaign published (or to publish when created) offers at least one option', () => {
    const draft = { ...campaignDraftOf(null), name: 'A', description: 'B', publish: true };
    expect(validateCampaign(draft, today, null)).toEqual({ options: 'validation_messages.at_least_one' });
    expect(validateCampaign({ ...draft, publish: false }, today, null)).toEqual({});
    expect(validateCampaign({ ...draft, publish: false }, today, 'published')).toEqual({
      options: 'validation_messages.at_least_one',
    });
  });
});

describe('what a save sends (R327)', () => {
  it('a new campaign: the campaign, then each option', () => {
    const draft = {
      name: ' A ',
      description: 'B',
      publish: true,
      options: [filled('new-1'), filled('new-2')],
    };
    expect(campaignSaveSteps(null, draft, 'p1').map((s) => s.kind)).toEqual([
      'createCampaign',
      'createOption',
      'createOption',
    ]);
    expect(campaignSaveSteps(null, draft, 'p1')[0]).toEqual({
      kind: 'createCampaign',
      body: { propertyId: 'p1', name: 'A', description: 'B', publish: true },
    });
  });

  it('an edit: nothing when nothing changed; only what changed; new options created, removed ones last', () => {
    const draft = campaignDraftOf(sampleCampaign);
    expect(campaignSaveSteps(sampleCampaign, draft, 'p1')).toEqual([]);
    const renamed = { ...draft, description: 'Thanks again' };
    expect(campaignSaveSteps(sampleCampaign, renamed, 'p1')).toEqual([
      { kind: 'updateCampaign', body: { propertyId: 'p1', description: 'Thanks again' } },
    ]);
    const swapped = { ...draft, options: [filled('new-1')] };
    expect(campaignSaveSteps(sampleCampaign, swapped, 'p1').map((s) => s.kind)).toEqual([
      'createOption',
      'removeOption',
    ]);
    const changed = { ...draft, options: [{ ...draft.options[0]!, name: 'Two nights' }] };
    expect(campaignSaveSteps(sampleCampaign, changed, 'p1')).toMatchObject([
      { kind: 'updateOption', optionId: 'o1', body: { name: 'Two nights', position: 0 } },
    ]);
  });
});

describe('campaignSaveMachine (M41)', () => {
  it('creates the campaign, then its option, and a retry after a failure does not create it twice', async () => {
    const calls: string[] = [];
    let failOnce = true;
    const machine = campaignSaveMachine.provide({
      actors: {
        saveCampaign: fromPromise(async ({ input }) => {
          calls.push(`${input.step.kind}:${input.campaignId}`);
          return { ...sampleCampaign, status: 'draft' as const, options: [] };
        }),
        saveOption: fromPromise(async ({ input }) => {
          calls.push(`${input.step.kind}:${input.campaignId}`);
          if (failOnce) {
            failOnce = false;
            throw new Error('offline');
          }
          return sampleCampaign;
        }),
      },
    });
    const actor = createActor(machine, { input: { propertyId: 'p1', today, campaign: null } }).start();
    actor.send({ type: 'draft.change', patch: { name: 'Staff', description: 'Thanks' } });
    actor.send({ type: 'option.add', giftCardTypeId: 't1' });
    actor.send({ type: 'option.change', key: 'new-1', patch: filled('new-1') });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.matches({ form: 'error' }));
    actor.send({ type: 'user.retry' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['createCampaign:null', 'createOption:c1', 'createOption:c1']);
    expect(done.output?.id).toBe('c1');
    expect(done.context.draft.options[0]?.id).toBe('o1');
  });

  it('an option is removed only once confirmed', () => {
    const actor = createActor(campaignSaveMachine, {
      input: { propertyId: 'p1', today, campaign: sampleCampaign },
    }).start();
    actor.send({ type: 'option.remove', key: 'o1' });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().context.draft.options).toHaveLength(1);
    actor.send({ type: 'option.remove', key: 'o1' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().context.draft.options).toHaveLength(0);
  });
});

describe('campaign rows and the recipient form (R324, R325)', () => {
  it('edit hidden for archived, view only for published', () => {
    expect(campaignActions('draft')).toEqual({ publish: true, unpublish: false, edit: true, view: false });
    expect(campaignActions('published')).toEqual({ publish: false, unpublish: true, edit: true, view: true });
    expect(campaignActions('archived')).toEqual({
      publish: true,
      unpublish: false,
      edit: false,
      view: false,
    });
  });

  it('asks a name, a valid e-mail and a numeric id', () => {
    expect(validateRecipientForm({ name: ' ', email: '', governmentIssuedId: '' })).toEqual({
      name: 'gift_campaign.required',
      email: 'gift_campaign.required',
      governmentIssuedId: 'gift_campaign.required',
    });
    expect(validateRecipientForm({ name: 'Anna', email: 'anna@', governmentIssuedId: '0101-30' })).toEqual({
      email: 'general.email.valid_message',
      governmentIssuedId: 'gift_campaign.digits_only',
    });
    expect(
      validateRecipientForm({ name: 'Anna', email: 'anna@example.is', governmentIssuedId: '0101302989' }),
    ).toEqual({});
  });
});
