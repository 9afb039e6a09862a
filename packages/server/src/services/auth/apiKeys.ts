import { API_KEY_PREFIX, type ApiKey, type CreatedApiKey, type Endpoint, type ListMeta } from '@tern/sdk';
import { type Clock, MINUTE } from '../../clock.js';
import { type Db, prepared } from '../../db/db.js';
import type { Auth } from '../../http/context.js';
import { type HttpError, unauthenticated } from '../../http/errors.js';
import { type Actor, audit } from '../admin/audit.js';
import { randomToken, sha256Hex } from './tokens.js';

// Resellers' API keys (document 2 §2–§4, §8; DECISIONS 20). A key is `tern_` and 43 random characters; only
// its sha256 and last 6 characters are stored. It authenticates as the agent who made it, for the agency's
// calls only (never to manage keys, sign out or change a password), until disabled — or until that agent is
// blocked or leaves the agency.

interface KeyRow {
  id: string;
  name: string;
  last_6: string;
  active: boolean;
  created_at: Date;
  last_used_at: Date | null;
  created_by: string;
}

const toKey = (r: KeyRow): ApiKey => ({
  id: r.id,
  type: 'apiKey',
  name: r.name,
  last6: r.last_6,
  active: r.active,
  createdAt: new Date(r.created_at).toISOString(),
  lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
  createdBy: r.created_by,
});

const SELECT = `select k.id, k.name, k.last_6, k.active, k.created_at, k.last_used_at, u.name as created_by
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
  name: string,
): Promise<CreatedApiKey> {
  const token = `${API_KEY_PREFIX}${randomToken()}`;
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: string }>(
      `insert into api_keys (agency_id, user_id, name, token_hash, last_6, created_at)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [agent.agencyId, agent.userId, name, sha256Hex(token), token.slice(-6), actor.clock.now()],
    );
    const created = toKey((await tx.one<KeyRow>(`${SELECT} where k.id = $1`, [row!.id]))!);
    await audit(tx, actor, {
      objectType: 'apiKey',
      objectId: created.id,
      action: 'create',
      before: null,
      after: { name: created.name, last6: created.last6, active: true },
    });
    return { ...created, token };
  });
}

export async function disableApiKey(db: Db, actor: Actor, id: string): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const before = toKey((await tx.one<KeyRow>(`${SELECT} where k.id = $1`, [id]))!);
    await tx.query(
      'update api_keys set active = false, disabled_at = coalesce(disabled_at, $2) where id = $1',
      [id, actor.clock.now()],
    );
    const after = toKey((await tx.one<KeyRow>(`${SELECT} where k.id = $1`, [id]))!);
    await audit(tx, actor, {
      objectType: 'apiKey',
      objectId: id,
      action: 'disable',
      before: { active: before.active },
      after: { active: after.active },
    });
    return after;
  });
}

/** Whether a bearer token is an API key (rather than a session token). */
export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

const apiKeySql = prepared(
  `select k.id, k.active, k.agency_id, k.last_used_at, u.id as user_id, u.email, u.name, u.role, u.status,
          u.agency_id as user_agency_id,
          coalesce(a.payment_locked and not a.lock_override, false) as agency_locked
     from api_keys k join users u on u.id = k.user_id left join agencies a on a.id = k.agency_id
    where k.token_hash = $1`,
);

/**
 * The caller of an API key: the agent who made it, while the key is active and they are an active agent of its
 * agency. Its use is noted at most once a minute.
 */
export async function authenticateApiKey(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ auth: Auth } | { problem: HttpError }> {
  const row = await db.one<{
    id: string;
    active: boolean;
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
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= MINUTE)
    await db.query('update api_keys set last_used_at = $2 where id = $1', [row.id, now]);
  return {
    auth: {
      sessionId: '',
      apiKeyId: row.id,
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
 * What an API key may call: the agency's own calls (an endpoint for resellers), and who it is
 * (`auth.currentUser`) — not the keys themselves, nor anything of a session (sign out, passwords).
 */
export function apiKeyMay(endpoint: Endpoint): boolean {
  if (endpoint.name === 'auth.currentUser') return true;
  if (endpoint.name.startsWith('apiKeys.') || endpoint.name.startsWith('auth.')) return false;
  return Array.isArray(endpoint.access) && endpoint.access.includes('reseller');
}
