import * as z from 'zod';
import { id, listOf, recordId } from './common.js';
import { API_KEY_SCOPES, defineArea, endpoint } from './define.js';

// Resellers' API keys (document 2 §2 API keys page, §3 API key, §4 "API key", §8; DECISIONS 20): an
// integrator's backend authenticates with a key where an agent's session is accepted for the agency — no one-time
// code, a scope (`read`, or `book` too: which endpoints take which is declared on each, `apiKey`), an optional
// expiry, revocable, its last use recorded. It is disabled for good when its agent is blocked or their password
// is set, reset or changed. The full token is returned once, at creation; afterwards only its last 6 characters.

/** API keys a page (document 2 §9). */
export const API_KEYS_PAGE_SIZE = 10;
/** Every token starts so: the server tells a key from a session token by it. */
export const API_KEY_PREFIX = 'tern_';

/** A key's scope: `read` (searches, prices, the agency's bookings and contracts) or `book` (also booking). */
export const apiKeyScope = z.enum(API_KEY_SCOPES);
/** Why a key stopped: disabled by hand, or its agent's credentials ended (a block, a password set, reset, changed). */
export const apiKeyDisabledReason = z.enum([
  'disabled',
  'blocked',
  'password_set',
  'password_reset',
  'password_changed',
]);
export type ApiKeyDisabledReason = z.infer<typeof apiKeyDisabledReason>;

export const apiKey = z.object({
  id: recordId,
  type: z.literal('apiKey'),
  name: z.string(),
  /** The token's last 6 characters (the mask shows 10 bullets and these). */
  last6: z.string(),
  /** `false` once disabled: it never works again. An expired key stays `active` (see `expiresAt`). */
  active: z.boolean(),
  scope: apiKeyScope,
  /** From this instant the key is refused (401 `api_key_expired`); `null`: it does not expire. */
  expiresAt: z.string().nullable(),
  /** When and why it was disabled; `null` while active. */
  disabledAt: z.string().nullable(),
  disabledReason: apiKeyDisabledReason.nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Who made it (the key acts as them). */
  createdBy: z.string(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const createdApiKey = apiKey.extend({
  /** The whole token: shown once, now. */
  token: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeysArea = defineArea('apiKeys', {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/api_keys',
    summary: 'The agency’s API keys, newest first, 10 a page.',
    access: ['reseller'],
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(API_KEYS_PAGE_SIZE),
    }),
    reply: 'list',
    response: listOf(apiKey),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/api_keys',
    summary:
      'Makes an API key for the agency, acting as the caller, with a scope (`read`, or `book` to book too) and an optional expiry. The reply carries the whole token, this once: keep it safe.',
    access: ['reseller'],
    body: z.object({
      name: z.string().trim().min(1, { error: 'required' }).max(100),
      /** Chosen at creation, never changed: `read`, or `book` to book as well. */
      scope: apiKeyScope,
      /** An instant with its offset (ISO 8601), in the future (400 `expiry_in_past`); omitted or null: never. */
      expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    }),
    reply: 'resource',
    response: createdApiKey,
    creates: true,
    errors: [400],
  }),
  disable: endpoint({
    method: 'DELETE',
    path: '/api/v1/api_keys/{id}',
    summary: 'Disables an API key of the agency at once; it stays listed, inactive.',
    access: ['reseller'],
    owns: { id: 'apiKey' },
    params: z.object({ id }),
    reply: 'resource',
    response: apiKey,
    errors: [404],
  }),
});
