import type {
  Campaign,
  CampaignBody,
  CampaignOption,
  CampaignOptionBody,
  CampaignPickBody,
  CampaignStatus,
  CampaignUpdateBody,
  StoreLocale,
} from '@tern/sdk';
import { CAMPAIGN_OPTIONS_MAX, GOVERNMENT_ID_MAX } from '@tern/sdk/limits';
import type { Day } from '../dates/index.js';
import { isEmailShaped } from '../internal/email.js';

// Gift campaign forms (document 3 §3 "Gift campaign and option", §5 Campaign forms, §7 "Campaigns"; R322–R327):
// the staff drawer's campaign and options, what a save sends (only what changed), and the public page's
// recipient form.

/** The validation keys of the campaign forms (the staff app's `validation_messages`, the public page's own). */
export const campaignValidationKeys = {
  /** R322, R323: `validation_messages.required`. */
  required: 'validation_messages.required',
  /** An option's expiry before the property's today (the server refuses it too). */
  beforeToday: 'validation_messages.before_today',
  /** A published campaign offers at least one option (the server: `campaign_without_options`). */
  atLeastOne: 'validation_messages.at_least_one',
  tooMany: 'validation_messages.campaign_options_max',
} as const;

/** The public page's recipient form keys (R324: `gift_campaign.required`, `general.email.valid_message`). */
export const recipientValidationKeys = {
  required: 'gift_campaign.required',
  email: 'general.email.valid_message',
  digits: 'gift_campaign.digits_only',
} as const;

/** An option's photo: one (document 3 §9), png or jpeg (R323). */
export const CAMPAIGN_OPTION_PHOTOS_MAX = 1;
export const CAMPAIGN_PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;

/** One option as the drawer holds it; `id` is null until it is saved, `key` tells rows apart. */
export interface OptionDraft {
  key: string;
  id: string | null;
  name: string;
  description: string;
  /** The chosen photo's URL, or '' (R323: absent is an empty string). */
  photoUrl: string;
  /** `YYYY-MM-DD`, or ''. */
  expirationDate: string;
  giftCardTypeId: string;
}

export interface CampaignDraft {
  name: string;
  description: string;
  /** "Publish when created" (create only; default no: a draft). */
  publish: boolean;
  options: OptionDraft[];
}

export type CampaignErrors = Record<string, string>;

/** A new option row (`key` tells it from the others until it is saved): empty but for its gift card type. */
export const emptyOptionDraft = (key: string, giftCardTypeId = ''): OptionDraft => ({
  key,
  id: null,
  name: '',
  description: '',
  photoUrl: '',
  expirationDate: '',
  giftCardTypeId,
});

const optionDraftOf = (option: CampaignOption): OptionDraft => ({
  key: option.id,
  id: option.id,
  name: option.name,
  description: option.description,
  photoUrl: option.photoUrl,
  expirationDate: option.expirationDate,
  giftCardTypeId: option.giftCardTypeId,
});

/** The drawer's values: the campaign's, or a new draft (not published, no option yet). */
export function campaignDraftOf(campaign: Campaign | null): CampaignDraft {
  if (!campaign) return { name: '', description: '', publish: false, options: [] };
  return {
    name: campaign.name,
    description: campaign.description,
    publish: campaign.status === 'published',
    options: [...campaign.options].sort((a, b) => a.position - b.position).map(optionDraftOf),
  };
}

const blank = (value: string) => value.trim() === '';

/**
 * R322, R323: the campaign's name and description, and each option's name, description, photo, expiry (not before
 * `today`) and gift card type are required; a campaign to publish offers at least one option. Keys by field:
 * `name`, `description`, `options`, `options.<i>.<field>`.
 */
export function validateCampaign(
  draft: CampaignDraft,
  today: Day,
  status: CampaignStatus | null,
): CampaignErrors {
  const errors: CampaignErrors = {};
  const k = campaignValidationKeys;
  if (blank(draft.name)) errors.name = k.required;
  if (blank(draft.description)) errors.description = k.required;
  const publishing = status === null ? draft.publish : status === 'published';
  if (publishing && draft.options.length === 0) errors.options = k.atLeastOne;
  if (draft.options.length > CAMPAIGN_OPTIONS_MAX) errors.options = k.tooMany;
  draft.options.forEach((option, i) => {
    for (const field of ['name', 'description', 'photoUrl', 'expirationDate', 'giftCardTypeId'] as const)
      if (blank(option[field])) errors[`options.${i}.${field}`] = k.required;
    if (!blank(option.expirationDate) && option.expirationDate < today)
      errors[`options.${i}.expirationDate`] = k.beforeToday;
  });
  return errors;
}

/** One call of a save, in order (M41). */
export type CampaignSaveStep =
  | { kind: 'createCampaign'; body: CampaignBody }
  | { kind: 'updateCampaign'; body: CampaignUpdateBody }
  | { kind: 'createOption'; key: string; body: CampaignOptionBody }
  | { kind: 'updateOption'; optionId: string; body: CampaignOptionBody }
  | { kind: 'removeOption'; optionId: string };

const optionBodyOf = (option: OptionDraft, position: number, propertyId: string): CampaignOptionBody => ({
  propertyId,
  name: option.name.trim(),
  description: option.description.trim(),
  photoUrl: option.photoUrl,
  expirationDate: option.expirationDate,
  giftCardTypeId: option.giftCardTypeId,
  position,
});

const sameOption = (saved: CampaignOption, body: CampaignOptionBody) =>
  saved.name === body.name &&
  saved.description === body.description &&
  saved.photoUrl === body.photoUrl &&
  saved.expirationDate === body.expirationDate &&
  saved.giftCardTypeId === body.giftCardTypeId &&
  saved.position === body.position;

/**
 * What a save sends (document 3 §7, R327; M41), against the campaign as last saved (`null`: a new one): a new
 * campaign is created first (published at once when "publish when created"), then each option; an edit sends the
 * campaign only if its name or description changed, the options it did not have (created), only the changed ones
 * (updated), and removes the ones taken out — after the others, so a published campaign never has none.
 */
export function campaignSaveSteps(
  saved: Campaign | null,
  draft: CampaignDraft,
  propertyId: string,
): CampaignSaveStep[] {
  const steps: CampaignSaveStep[] = [];
  const name = draft.name.trim();
  const description = draft.description.trim();
  if (!saved)
    steps.push({ kind: 'createCampaign', body: { propertyId, name, description, publish: draft.publish } });
  else {
    const body: CampaignUpdateBody = { propertyId };
    if (name !== saved.name) body.name = name;
    if (description !== saved.description) body.description = description;
    if (body.name !== undefined || body.description !== undefined)
      steps.push({ kind: 'updateCampaign', body });
  }
  const kept = new Set<string>();
  draft.options.forEach((option, position) => {
    const body = optionBodyOf(option, position, propertyId);
    const before = option.id ? saved?.options.find((o) => o.id === option.id) : undefined;
    if (!before) steps.push({ kind: 'createOption', key: option.key, body });
    else {
      kept.add(before.id);
      if (!sameOption(before, body)) steps.push({ kind: 'updateOption', optionId: before.id, body });
    }
  });
  for (const option of saved?.options ?? [])
    if (!kept.has(option.id)) steps.push({ kind: 'removeOption', optionId: option.id });
  return steps;
}

/** A campaign row's actions (document 3 §4, R325): along M28, edit hidden for archived, view only when published. */
export function campaignActions(status: CampaignStatus) {
  return {
    publish: status === 'draft' || status === 'archived',
    unpublish: status === 'published',
    edit: status !== 'archived',
    view: status === 'published',
  };
}

/** The status a lifecycle step leads to (M28): publish → published, unpublish → archived. */
export const statusAfter = (step: 'publish' | 'unpublish'): CampaignStatus =>
  step === 'publish' ? 'published' : 'archived';

/** The public page's address of a campaign (document 3 §2.3; opened in a new tab by "view"). */
export const publicCampaignPath = (id: string) => `/gift-campaign/${encodeURIComponent(id)}`;

/** The public page's recipient form (document 3 §3 "Gift recipient"). */
export interface RecipientForm {
  name: string;
  email: string;
  governmentIssuedId: string;
}
export type RecipientField = keyof RecipientForm;
export const emptyRecipientForm = (): RecipientForm => ({ name: '', email: '', governmentIssuedId: '' });

/** R324: name, e-mail and government-issued id required; the e-mail valid; the id digits only (at most 20). */
export function validateRecipientForm(form: RecipientForm): Partial<Record<RecipientField, string>> {
  const k = recipientValidationKeys;
  const errors: Partial<Record<RecipientField, string>> = {};
  if (blank(form.name)) errors.name = k.required;
  if (blank(form.email)) errors.email = k.required;
  else if (!isEmailShaped(form.email)) errors.email = k.email;
  const id = form.governmentIssuedId.trim();
  if (id === '') errors.governmentIssuedId = k.required;
  else if (!/^[0-9]+$/.test(id) || id.length > GOVERNMENT_ID_MAX) errors.governmentIssuedId = k.digits;
  return errors;
}

/** The pick's body (`campaigns.pick`) from a valid form. */
export const pickBodyOf = (optionId: string, form: RecipientForm, locale: StoreLocale): CampaignPickBody => ({
  optionId,
  name: form.name.trim(),
  email: form.email.trim(),
  governmentIssuedId: form.governmentIssuedId.trim(),
  locale,
});
