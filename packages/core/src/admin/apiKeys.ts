import { type FieldErrors, validationKeys } from '../auth/rules.js';
import { type FormDrawerInput, formDrawerInput } from './formDrawerMachine.js';

// API keys as the reseller sees them (document 2 §2 API keys page, §4 M14, §9): the whole token only right after
// creating it, afterwards 10 bullets and its last 6 characters.

export const API_KEY_MASK_BULLETS = 10;

/** `••••••••••abc123`: how a key is shown once its token is gone. */
export function maskApiKey(last6: string): string {
  return `${'•'.repeat(API_KEY_MASK_BULLETS)}${last6}`;
}

/** The create form (§5): a name is required. */
export function validateApiKeyName(name: string): FieldErrors<'name'> {
  return name.trim() === '' ? { name: validationKeys.required } : {};
}

/** M14's states of a key on the page: its token shown (just made), masked, or disabled (no actions). */
export type ApiKeyView = 'tokenVisible' | 'masked' | 'disabled';

/** How a key shows: `justMade` is the id whose token the page still holds (until it is left or reloaded). */
export function apiKeyView(key: { id: string; active: boolean }, justMade: string | null): ApiKeyView {
  if (!key.active) return 'disabled';
  return key.id === justMade ? 'tokenVisible' : 'masked';
}

/** The create form's values (§3): the key's name. */
export interface ApiKeyDraft {
  name: string;
}

/** The create form's `formDrawerMachine` input: an empty name, by `validateApiKeyName`. */
export const apiKeyFormInput = (): FormDrawerInput<object> =>
  formDrawerInput<ApiKeyDraft>({ values: { name: '' }, validate: (draft) => validateApiKeyName(draft.name) });

/** What a create sends: the name, trimmed. */
export const apiKeyBodyOf = (draft: ApiKeyDraft) => ({ name: draft.name.trim() });
