import { type Clock, DAY } from '../clock.js';
import type { Db } from '../db/db.js';
import { badRequest, conflict } from './errors.js';

/** A reply as the registrar sends it, and as an idempotency key keeps it. */
export interface Reply {
  status: number;
  /** JSON, or `null` for no body. */
  body: unknown;
  headers?: Record<string, string>;
}

export interface IdempotencyScope {
  /** The user id, or 'anonymous'. */
  owner: string;
  userId: string | null;
  key: string;
  endpoint: string;
  /** sha256 of the path and body: a repeat must send the same. */
  requestHash: string;
}

/** Keys are kept a day; an older one counts as new. */
const KEEP_MS = DAY;

/**
 * Runs a call that creates at most once per (caller, key, endpoint): the first reply (success or a 4xx) is
 * stored and replayed for a repeat; a repeat with another body is 409 `idempotency_key_reused`; a repeat while
 * the first call still runs is 409 `idempotency_key_in_progress`. A 5xx or a crash frees the key for a retry.
 */
export async function withIdempotency(
  db: Db,
  clock: Clock,
  scope: IdempotencyScope,
  run: () => Promise<Reply>,
): Promise<Reply & { replayed?: boolean }> {
  if (scope.key.length < 1 || scope.key.length > 200 || !/^[\x21-\x7e]+$/.test(scope.key))
    throw badRequest(
      'The Idempotency-Key header must be 1 to 200 visible characters',
      undefined,
      'invalid_idempotency_key',
    );
  const now = clock.now();
  await db.query(
    'delete from idempotency_keys where owner = $1 and key = $2 and endpoint = $3 and created_at < $4',
    [scope.owner, scope.key, scope.endpoint, new Date(now.getTime() - KEEP_MS)],
  );
  const claimed = await db.one<{ id: string }>(
    `insert into idempotency_keys (owner, user_id, key, endpoint, request_hash, created_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (owner, key, endpoint) do nothing returning id`,
    [scope.owner, scope.userId, scope.key, scope.endpoint, scope.requestHash, now],
  );
  if (!claimed) {
    const first = await db.one<{ request_hash: string; status: number | null; body: string | null }>(
      'select request_hash, status, body from idempotency_keys where owner = $1 and key = $2 and endpoint = $3',
      [scope.owner, scope.key, scope.endpoint],
    );
    if (!first) return withIdempotency(db, clock, scope, run); // freed meanwhile: try again
    if (first.request_hash !== scope.requestHash)
      throw conflict('This Idempotency-Key was already used for another request', 'idempotency_key_reused');
    if (first.status === null)
      throw conflict('A request with this Idempotency-Key is still running', 'idempotency_key_in_progress');
    return {
      status: first.status,
      body: first.body === null ? null : JSON.parse(first.body),
      replayed: true,
    };
  }
  let reply: Reply;
  try {
    reply = await run();
  } catch (error) {
    await db.query('delete from idempotency_keys where id = $1', [claimed.id]);
    throw error;
  }
  if (reply.status >= 500) await db.query('delete from idempotency_keys where id = $1', [claimed.id]);
  else
    await db.query('update idempotency_keys set status = $2, body = $3 where id = $1', [
      claimed.id,
      reply.status,
      reply.body === null ? null : JSON.stringify(reply.body),
    ]);
  return reply;
}
