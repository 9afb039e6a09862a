import type { CampaignPick, CampaignPickBody, PublicCampaign, StoreLocale } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  emptyRecipientForm,
  pickBodyOf,
  type RecipientField,
  type RecipientForm,
  validateRecipientForm,
} from './forms.js';

/**
 * M29, the public gift campaign page (document 3 §2.3, §4, §8; R329): the campaign is loaded (a spinner), its
 * options listed; choosing one shows 'Flott val!' with the option and the recipient form (the choice can be reset
 * to the list; both scroll to the top: the edge action `scrollToTop`); a valid form is sent once (`pick`) and
 * the page thanks the recipient and says an e-mail was sent. A failed pick keeps the form with its error (the
 * server's words for a refusal it explains — already picked, sold out —, else the generic error); a failed load
 * shows the generic error (logged by the edge's `logFailure`) and may be tried again.
 */

export interface PublicCampaignInput {
  campaignId: string;
  locale: StoreLocale;
}
export interface PublicCampaignContext extends PublicCampaignInput {
  campaign: PublicCampaign | null;
  optionId: string | null;
  form: RecipientForm;
  errors: Partial<Record<RecipientField, string>>;
  picked: CampaignPick | null;
  error: Failure | null;
}
export type PublicCampaignEvent =
  | { type: 'option.choose'; optionId: string }
  | { type: 'choice.reset' }
  | { type: 'field.change'; field: RecipientField; value: string }
  | { type: 'recipient.submit' }
  | { type: 'user.retry' };

export const publicCampaignMachine = setup({
  types: {
    context: {} as PublicCampaignContext,
    events: {} as PublicCampaignEvent,
    input: {} as PublicCampaignInput,
  },
  actors: {
    loadCampaign: notProvided<PublicCampaign, { campaignId: string }>('loadCampaign'),
    pick: notProvided<CampaignPick, { campaignId: string; body: CampaignPickBody }>('pick'),
  },
  actions: {
    scrollToTop: () => {},
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    /** An option of the campaign that is not sold out. */
    offered: ({ context, event }) =>
      event.type === 'option.choose' &&
      !!context.campaign?.options.some((o) => o.id === event.optionId && !o.soldOut),
    formValid: ({ context }) => Object.keys(validateRecipientForm(context.form)).length === 0,
  },
}).createMachine({
  id: 'publicCampaign',
  context: ({ input }) => ({
    ...input,
    campaign: null,
    optionId: null,
    form: emptyRecipientForm(),
    errors: {},
    picked: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCampaign',
        src: 'loadCampaign',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: { target: 'list', actions: assign(({ event }) => ({ campaign: event.output, error: null })) },
        onError: {
          target: 'loadError',
          actions: [
            assign(({ event }) => ({ error: failureOf(event.error) })),
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    loadError: { on: { 'user.retry': 'loading' } },
    list: {
      on: {
        'option.choose': {
          guard: 'offered',
          target: 'chosen',
          actions: [assign(({ event }) => ({ optionId: event.optionId, error: null })), 'scrollToTop'],
        },
      },
    },
    chosen: {
      on: {
        'choice.reset': {
          target: 'list',
          actions: [assign({ optionId: null, error: null }), 'scrollToTop'],
        },
        'field.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _fixed, ...errors } = context.errors;
            return { form: { ...context.form, [event.field]: event.value }, errors };
          }),
        },
        'recipient.submit': [
          { guard: 'formValid', target: 'submitting', actions: assign({ errors: {}, error: null }) },
          { actions: assign(({ context }) => ({ errors: validateRecipientForm(context.form) })) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'pick',
        src: 'pick',
        input: ({ context }) => ({
          campaignId: context.campaignId,
          body: pickBodyOf(context.optionId!, context.form, context.locale),
        }),
        onDone: { target: 'done', actions: assign(({ event }) => ({ picked: event.output })) },
        onError: { target: 'chosen', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
      },
    },
    /** The thank-you: an e-mail was sent to `picked.email`. */
    done: { type: 'final' },
  },
});
