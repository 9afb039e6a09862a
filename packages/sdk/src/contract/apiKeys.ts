import { z } from 'zod';
import { id, listOf, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';

// Resellers' API keys (document 2 §2 API keys page, §3 API key, §4 "API key", §8; DECISIONS 20): an integrator's
// backend authenticates with a key where an agent's session is accepted for the agency — no one-time code, no
// expiry, revocable, its last use recorded. The full token is returned once, at creation; afterwards only its
// last 6 characters.

/** API keys a page (document 2 §9). */
export const API_KEYS_PAGE_SIZE = 10;
/** Every token starts so: the server tells a key from a session token by it. */
export const API_KEY_PREFIX = 'tern_';

export const apiKey = z.object({
  id: recordId,
  type: z.literal('apiKey'),
  name: z.string(),
  /** The token's last 6 characters (the mask shows 10 bullets and these). */
  last6: z.string(),
  /** `false` once disabled: it never works again. */
  active: z.boolean(),
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
      'Makes an API key for the agency, acting as the caller. The reply carries the whole token, this once: keep it safe.',
    access: ['reseller'],
    body: z.object({ name: z.string().trim().min(1, { error: 'required' }).max(100) }),
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
