import type { ApiKeyScope } from '@tern/sdk';
import { type FormDrawerInput, type FormErrors, formDrawerInput } from '../admin/formDrawerMachine.js';
import { validationKeys } from '../auth/rules.js';
import { addDays, deviceTimeZone, deviceToday, instantOf, isDay } from '../dates/dates.js';
import { giftCardValidationKeys } from '../giftCards/keys.js';

// API keys as the reseller sees them (document 2 §2 API keys page, §4 M14, §9): the whole token only right
// after creating it, afterwards 10 bullets and its last 6 characters; a scope (`read`, or `book` too) and an
// optional last day, chosen at creation.

export const API_KEY_MASK_BULLETS = 10;

/** `••••••••••abc123`: how a key is shown once its token is gone. */
export function maskApiKey(last6: string): string {
  return `${'•'.repeat(API_KEY_MASK_BULLETS)}${last6}`;
}

/** The scopes a key is made with, least first: the form offers them in this order. */
export const API_KEY_FORM_SCOPES: readonly ApiKeyScope[] = ['read', 'book'];

/** The create form's values (§3): the key's name, its scope, and its last day (`''`: it does not expire). */
export interface ApiKeyDraft {
  name: string;
  scope: ApiKeyScope;
  /** The last day the key works (it stops at the end of it, in the maker's time zone); `''` for never. */
  lastDay: string;
}

/**
 * The create form (§5): a name is required; the scope is one of `read` and `book`; a last day, when given, is a
 * day not before `today`.
 */
export function validateApiKeyDraft(draft: ApiKeyDraft, today: string): FormErrors {
  const errors: Record<string, string> = {};
  if (draft.name.trim() === '') errors.name = validationKeys.required;
  if (!API_KEY_FORM_SCOPES.includes(draft.scope)) errors.scope = giftCardValidationKeys.notAnOption;
  const lastDay = draft.lastDay.trim();
  if (lastDay !== '' && !isDay(lastDay)) errors.lastDay = giftCardValidationKeys.notAnOption;
  else if (lastDay !== '' && lastDay < today) errors.lastDay = giftCardValidationKeys.beforeToday;
  return errors;
}

/** M14's states of a key on the page: its token shown (just made), masked, disabled or expired (no actions). */
export type ApiKeyView = 'tokenVisible' | 'masked' | 'disabled' | 'expired';

/**
 * How a key shows: `justMade` is the id whose token the page still holds (until it is left or reloaded); a key
 * past its expiry at `now` is expired (the server refuses it).
 */
export function apiKeyView(
  key: { id: string; active: boolean; expiresAt?: string | null },
  justMade: string | null,
  now: Date | number = Date.now(),
): ApiKeyView {
  if (!key.active) return 'disabled';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= new Date(now).getTime()) return 'expired';
  return key.id === justMade ? 'tokenVisible' : 'masked';
}

/** The web form's expiry choices: days from today to the key's last day (`null`: it does not expire). */
export const API_KEY_LIFETIMES: readonly (number | null)[] = [null, 7, 30, 90, 365];

/** The last day of a key made `today` to last `days` (`''`: it does not expire). */
export const apiKeyLastDay = (today: string, days: number | null): string =>
  days === null ? '' : addDays(today, days);

/** The create form's `formDrawerMachine` input: an empty name, the `read` scope, no last day. */
export const apiKeyFormInput = (today: string = deviceToday()): FormDrawerInput<object> =>
  formDrawerInput<ApiKeyDraft>({
    values: { name: '', scope: 'read', lastDay: '' },
    validate: (draft) => validateApiKeyDraft(draft, today),
  });

/**
 * What a create sends: the name trimmed, the scope, and the expiry — the start of the day after the last day in
 * `timeZone` (the maker's), or `null`.
 */
export const apiKeyBodyOf = (draft: ApiKeyDraft, timeZone: string = deviceTimeZone()) => {
  const lastDay = draft.lastDay.trim();
  return {
    name: draft.name.trim(),
    scope: draft.scope,
    expiresAt: lastDay === '' ? null : instantOf(addDays(lastDay, 1), timeZone).toISOString(),
  };
};
