import { type Clock, DAY } from '../clock.js';
import { type Db, prepared } from '../db/db.js';
import { badRequest, conflict, HttpError } from './errors.js';

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

// Every keyed create runs these two: prepared.
const claimSql =
  prepared(`insert into idempotency_keys (owner, user_id, key, endpoint, request_hash, created_at)
  values ($1, $2, $3, $4, $5, $6) on conflict (owner, key, endpoint) do nothing returning id`);
const keepSql = prepared('update idempotency_keys set status = $2, body = $3 where id = $1');

/** What a repeat of a claimed key gets: the first reply, or 409 when it asked for something else. */
async function replay(
  db: Db,
  scope: IdempotencyScope,
  expiredBefore: Date,
): Promise<(Reply & { replayed: true }) | null> {
  const first = await db.one<{
    id: string;
    request_hash: string;
    status: number | null;
    body: string | null;
  }>(
    // One round trip: a key older than a day is deleted (it counts as new), a younger one read.
    `with expired as (
       delete from idempotency_keys
        where owner = $1 and key = $2 and endpoint = $3 and created_at < $4 returning id
     )
     select id, request_hash, status, body from idempotency_keys
      where owner = $1 and key = $2 and endpoint = $3 and id not in (select id from expired)`,
    [scope.owner, scope.key, scope.endpoint, expiredBefore],
  );
  if (!first) return null;
  if (first.request_hash !== scope.requestHash) throw conflict('idempotency_key_reused');
  if (first.status === null) {
    // Written by a server before keys committed with their work: its call can no longer be running.
    await db.query('delete from idempotency_keys where id = $1', [first.id]);
    return null;
  }
  return {
    status: first.status,
    body: first.body === null ? null : JSON.parse(first.body),
    replayed: true,
  };
}

/**
 * Runs a call that creates at most once per (caller, key, endpoint). The key is claimed in the same
 * transaction as the call's writes (`run` gets that transaction): they commit together, or vanish together —
 * a crash or a 5xx leaves no key behind, so the client's retry makes the booking, and a retry after a commit
 * replays its reply. A repeat while the first call runs waits for it (the key's row is locked until then).
 * A refusal (an `HttpError` below 500) undoes the call's writes (back to a savepoint after the claim) and is kept
 * in the same transaction, so the key is written once and a waiting repeat replays the refusal; a repeat with
 * another body is 409 `idempotency_key_reused`. `run` returning `null` keeps nothing (a download).
 *
 * A new key (the usual case) costs two statements, the claim and the reply kept; the key is read only when the
 * claim finds it taken. A kept refusal's commit does not wait for the disk (`synchronous_commit` off for that
 * transaction alone): should the machine crash in the moment after it, the key is lost with nothing else —
 * the call had written nothing — and the client's retry runs the call again, as if it came first.
 */
export async function withIdempotency(
  db: Db,
  clock: Clock,
  scope: IdempotencyScope,
  run: (tx: Db) => Promise<Reply | null>,
  refusal: (error: HttpError) => Reply,
): Promise<Reply & { replayed?: boolean }> {
  if (scope.key.length < 1 || scope.key.length > 200 || !/^[\x21-\x7e]+$/.test(scope.key))
    throw badRequest('invalid_idempotency_key');
  const now = clock.now();
  const claim = [scope.owner, scope.userId, scope.key, scope.endpoint, scope.requestHash, now];
  const keep = (tx: Db, id: string, reply: Reply) =>
    tx.query(keepSql, [id, reply.status, reply.body === null ? null : JSON.stringify(reply.body)]);
  for (let attempt = 0; attempt < 3; attempt++) {
    let reply: Reply | 'taken';
    try {
      reply = await db.transaction(async (tx) => {
        // Waits while another call holds the key, and claims nothing once that call has committed it.
        const claimed = await tx.one<{ id: string }>(claimSql, claim);
        if (!claimed) return 'taken' as const;
        await tx.exec('savepoint call');
        let r: Reply | null;
        try {
          r = await run(tx);
        } catch (error) {
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
          // The call refused: its writes are undone, the key keeps the refusal.
          await tx.exec('rollback to savepoint call; set local synchronous_commit = off');
          const refused = refusal(error);
          await keep(tx, claimed.id, refused);
          return refused;
        }
        if (r === null || r.status >= 500) throw new Unkept(r);
        await keep(tx, claimed.id, r);
        return r;
      });
    } catch (error) {
      if (error instanceof Unkept) return error.reply ?? { status: 204, body: null };
      throw error;
    }
    if (reply !== 'taken') return reply;
    // Taken: replay it, unless it had expired (deleted now) or was left by an older server; then claim again.
    const earlier = await replay(db, scope, new Date(now.getTime() - KEEP_MS));
    if (earlier) return earlier;
  }
  throw conflict('idempotency_key_in_progress');
}

/** Leaves a transaction without keeping its key: a 5xx or a download. */
class Unkept extends Error {
  constructor(readonly reply: Reply | null) {
    super('not kept');
  }
}
