import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyDisabledReason,
  type ApiKeyScope,
  type CreatedApiKey,
  type Endpoint,
  type ListMeta,
} from '@tern/sdk';
import { type Clock, MINUTE } from '../../clock.js';
import { type Db, prepared } from '../../db/db.js';
import type { Auth } from '../../http/context.js';
import { forbidden, type HttpError, invalidField, unauthenticated } from '../../http/errors.js';
import { type Actor, audit } from '../admin/audit.js';
import { randomToken, sha256Hex } from './tokens.js';

// Resellers' API keys (document 2 §2–§4, §8; DECISIONS 20). A key is `tern_` and 43 random characters;
// only its sha256 and last 6 characters are stored. It authenticates as the agent who made it, for the calls the
// contract opens to keys (`apiKey` on each endpoint: `read`, or `book` for a key of that scope), until it expires
// or is disabled — by hand, or for good when its agent's credentials end (`endCredentials`: a block, a password
// set, reset or changed) — or while its agent is blocked or has left the agency.

interface KeyRow {
  id: string;
  name: string;
  last_6: string;
  active: boolean;
  scope: ApiKeyScope;
  expires_at: Date | null;
  disabled_at: Date | null;
  disabled_reason: ApiKeyDisabledReason | null;
  created_at: Date;
  last_used_at: Date | null;
  created_by: string;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

const toKey = (r: KeyRow): ApiKey => ({
  id: r.id,
  type: 'apiKey',
  name: r.name,
  last6: r.last_6,
  active: r.active,
  scope: r.scope,
  expiresAt: iso(r.expires_at),
  disabledAt: iso(r.disabled_at),
  disabledReason: r.disabled_reason,
  createdAt: new Date(r.created_at).toISOString(),
  lastUsedAt: iso(r.last_used_at),
  createdBy: r.created_by,
});

const SELECT = `select k.id, k.name, k.last_6, k.active, k.scope, k.expires_at, k.disabled_at, k.disabled_reason,
                       k.created_at, k.last_used_at, u.name as created_by
                  from api_keys k join users u on u.id = k.user_id`;

export async function listApiKeys(
  db: Db,
  agencyId: string,
  query: { page: number; limit: number },
): Promise<{ items: ApiKey[]; meta: ListMeta }> {
  const rows = await db.query<KeyRow>(
    `${SELECT} where k.agency_id = $1 order by k.created_at desc, k.id limit $2 offset $3`,
    [agencyId, query.limit, (query.page - 1) * query.limit],
  );
  const count = await db.one<{ total: number }>(
    'select count(*) as total from api_keys where agency_id = $1',
    [agencyId],
  );
  return { items: rows.map(toKey), meta: { page: query.page, limit: query.limit, total: count?.total ?? 0 } };
}

export async function createApiKey(
  db: Db,
  actor: Actor,
  agent: { userId: string; agencyId: string },
  body: { name: string; scope: ApiKeyScope; expiresAt?: string | null | undefined },
): Promise<CreatedApiKey> {
  const now = actor.clock.now();
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw invalidField('api_key_expiry_past', 'expiresAt');
  const token = `${API_KEY_PREFIX}${randomToken()}`;
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: string }>(
      `insert into api_keys (agency_id, user_id, name, token_hash, last_6, scope, expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        agent.agencyId,
        agent.userId,
        body.name,
        sha256Hex(token),
        token.slice(-6),
        body.scope,
        expiresAt,
        now,
      ],
    );
    const created = toKey((await tx.one<KeyRow>(`${SELECT} where k.id = $1`, [row!.id]))!);
    await audit(tx, actor, {
      objectType: 'apiKey',
      objectId: created.id,
      action: 'create',
      before: null,
      after: {
        name: created.name,
        last6: created.last6,
        active: true,
        scope: created.scope,
        expiresAt: created.expiresAt,
      },
    });
    return { ...created, token };
  });
}

export async function disableApiKey(db: Db, actor: Actor, id: string): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const before = toKey((await tx.one<KeyRow>(`${SELECT} where k.id = $1`, [id]))!);
    await tx.query(
      `update api_keys set active = false, disabled_at = coalesce(disabled_at, $2),
                           disabled_reason = coalesce(disabled_reason, 'disabled')
        where id = $1`,
      [id, actor.clock.now()],
    );
    const after = toKey((await tx.one<KeyRow>(`${SELECT} where k.id = $1`, [id]))!);
    await audit(tx, actor, {
      objectType: 'apiKey',
      objectId: id,
      action: 'disable',
      before: { active: before.active, disabledReason: before.disabledReason },
      after: { active: after.active, disabledReason: after.disabledReason },
    });
    return after;
  });
}

/** Whether a bearer token is an API key (rather than a session token). */
export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

const apiKeySql = prepared(
  `select k.id, k.active, k.scope, k.expires_at, k.agency_id, k.last_used_at, u.id as user_id, u.email, u.name, u.role, u.status,
          u.agency_id as user_agency_id,
          coalesce(a.payment_locked and not a.lock_override, false) as agency_locked
     from api_keys k join users u on u.id = k.user_id left join agencies a on a.id = k.agency_id
    where k.token_hash = $1`,
);

/**
 * The caller of an API key: the agent who made it, while the key is active and unexpired and they are an active
 * agent of its agency. Its use is noted at most once a minute.
 */
export async function authenticateApiKey(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ auth: Auth } | { problem: HttpError }> {
  const row = await db.one<{
    id: string;
    active: boolean;
    scope: ApiKeyScope;
    expires_at: Date | null;
    agency_id: string;
    last_used_at: Date | null;
    user_id: string;
    email: string;
    name: string;
    role: Auth['user']['role'];
    status: 'active' | 'blocked';
    user_agency_id: string | null;
    agency_locked: boolean;
  }>(apiKeySql, [sha256Hex(token)]);
  const invalid = { problem: unauthenticated('invalid_api_key') };
  if (!row?.active) return invalid;
  if (row.status !== 'active') return { problem: unauthenticated('account_blocked') };
  if (row.role !== 'reseller' || row.user_agency_id !== row.agency_id) return invalid;
  const now = clock.now();
  if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime())
    return { problem: unauthenticated('api_key_expired') };
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= MINUTE)
    await db.query('update api_keys set last_used_at = $2 where id = $1', [row.id, now]);
  return {
    auth: {
      sessionId: '',
      apiKeyId: row.id,
      apiKeyScope: row.scope,
      purpose: 'sign_in',
      expiresAt: new Date(8.64e15),
      agencyLocked: row.agency_locked,
      user: {
        id: row.user_id,
        email: row.email,
        name: row.name,
        role: 'reseller',
        agencyId: row.agency_id,
        supplierId: null,
      },
    },
  };
}

/**
 * Refuses a call an API key of `scope` may not make, as the contract declares on each endpoint (`apiKey`): none
 * without it (403 `api_key_not_allowed`: keys, sessions, passwords, billing, contract decisions); a `book`
 * endpoint with a `read` key (403 `api_key_read_only`).
 */
export function assertApiKeyMay(endpoint: Endpoint, scope: ApiKeyScope): void {
  if (!endpoint.apiKey) throw forbidden('api_key_not_allowed');
  if (endpoint.apiKey === 'book' && scope !== 'book') throw forbidden('api_key_read_only');
}
