import { type Clock, DAY } from '../clock.js';
import { type Db, type Held, isReadOnly, type Prepared, prepared } from '../db/db.js';
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
// A call that wrote nothing keeps its reply with its key in one statement, whose commit does not wait for the
// disk (see withIdempotency).
const keepNewSql =
  prepared(`insert into idempotency_keys (owner, user_id, key, endpoint, request_hash, created_at,
                                                           status, body)
  select $1, $2, $3, $4, $5, $6, $7, $8 where set_config('synchronous_commit', 'off', true) is not null
  on conflict (owner, key, endpoint) do nothing returning id`);

// A key's earlier reply, read before the call runs (every keyed create): one round trip, in which a key older
// than a day is deleted (it counts as new) and a younger one read.
const earlierSql = prepared(`with expired as (
       delete from idempotency_keys
        where owner = $1 and key = $2 and endpoint = $3 and created_at < $4 returning id
     )
     select id, request_hash, status, body from idempotency_keys
      where owner = $1 and key = $2 and endpoint = $3 and id not in (select id from expired)`);

/** What a repeat of a kept key gets: the first reply, or 409 when it asked for something else. */
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
  }>(earlierSql, [scope.owner, scope.key, scope.endpoint, expiredBefore]);
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
 * another body is 409 `idempotency_key_reused`. `run` returning `null` keeps nothing (a download). What must
 * outlast a refusal (a throttle's attempt) is written again by `afterRefusal`, after the undo, before the key.
 *
 * A key already kept is read first and its reply replayed: the call does not run. Otherwise the claim is made
 * when the call first does something that is not a read (a statement not marked `readOnly`, see `Db.hold`):
 * the transaction begins there, so a call that only reads — a booking refused from its first read, the usual
 * end of a race for the last rooms — pays no `begin`, claim, savepoint or `commit`, and keeps its reply with its
 * key in one statement. A repeat sent while the first call runs may read too, but it waits at its first write
 * for the first call's claim and then replays its reply (or, if neither wrote, the first to keep its reply wins
 * and the other replays it): every repeat answers the same, and the writes happen once. The reads before the
 * claim see what is committed, statement by statement, as they would in the transaction under READ COMMITTED.
 *
 * A kept refusal's commit, and that of a reply of a call that wrote nothing, does not wait for the disk
 * (`synchronous_commit` off for that transaction alone): should the machine crash in the moment after it, the
 * key is lost with nothing else — the call had written nothing — and the client's retry runs the call again, as
 * if it came first.
 */
export async function withIdempotency(
  db: Db,
  clock: Clock,
  scope: IdempotencyScope,
  run: (tx: Db) => Promise<Reply | null>,
  refusal: (error: HttpError) => Reply,
  afterRefusal: (held: Db) => Promise<void> = async () => {},
): Promise<Reply & { replayed?: boolean }> {
  if (scope.key.length < 1 || scope.key.length > 200 || !/^[\x21-\x7e]+$/.test(scope.key))
    throw badRequest('invalid_idempotency_key');
  const now = clock.now();
  const claim = [scope.owner, scope.userId, scope.key, scope.endpoint, scope.requestHash, now];
  const bodyOf = (reply: Reply) => (reply.body === null ? null : JSON.stringify(reply.body));
  const expiredBefore = new Date(now.getTime() - KEEP_MS);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await db.hold(async (held) => {
        // Kept already: replay it. (Expired or left by an older server: deleted, the call runs.)
        const earlier = await replay(held, scope, expiredBefore);
        if (earlier) return earlier;
        let claimed: string | null = null;
        // Before the call's first write: begin, claim (waiting while another call holds the key), savepoint.
        const claimNow = async () => {
          await held.begin();
          const row = await held.one<{ id: string }>(claimSql, claim);
          if (!row) throw new Taken();
          claimed = row.id;
          await held.exec('savepoint call');
        };
        const tx = claiming(held, claimNow);
        const keep = async (reply: Reply, refused: boolean) => {
          if (claimed !== null) {
            if (refused) {
              await held.exec('rollback to savepoint call; set local synchronous_commit = off');
              await afterRefusal(held);
            }
            await held.query(keepSql, [claimed, reply.status, bodyOf(reply)]);
          } else if (!(await held.one(keepNewSql, [...claim, reply.status, bodyOf(reply)])))
            throw new Taken();
        };
        let r: Reply | null;
        try {
          r = await run(tx);
        } catch (error) {
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
          // The call refused: its writes are undone, the key keeps the refusal.
          const refused = refusal(error);
          await keep(refused, true);
          return refused;
        }
        if (r === null || r.status >= 500) throw new Unkept(r);
        await keep(r, false);
        return r;
      });
    } catch (error) {
      if (error instanceof Unkept) return error.reply ?? { status: 204, body: null };
      // Taken by another call, committed meanwhile: replayed in the next round.
      if (!(error instanceof Taken)) throw error;
    }
  }
  throw conflict('idempotency_key_in_progress');
}

/**
 * The held connection as the call sees it: `claim` runs once, before the first statement that is not marked
 * read-only (or any `exec`), so everything the call writes is in the claim's transaction.
 */
function claiming(held: Held, claim: () => Promise<void>): Db {
  // Once, even for statements sent together (a `Promise.all` of writes).
  let claimed: Promise<void> | null = null;
  const ready = async (sql: string | Prepared | null) => {
    if (sql === null || !isReadOnly(sql)) claimed ??= claim();
    if (claimed) await claimed;
  };
  const tx: Db = {
    kind: held.kind,
    async query(sql, params) {
      await ready(sql);
      return held.query(sql, params);
    },
    async one(sql, params) {
      await ready(sql);
      return held.one(sql, params);
    },
    async exec(sql) {
      await ready(null);
      return held.exec(sql);
    },
    // A transaction of the call joins the held one: its writes come after the claim, so they are all in it.
    transaction: (fn) => fn(tx),
    hold: (fn) => fn({ ...tx, begin: () => ready(null), begun: true }),
    close: async () => {},
  };
  return tx;
}

/** The key was claimed by another call (committed meanwhile): its reply is replayed. */
class Taken extends Error {
  constructor() {
    super('taken');
  }
}

/** Leaves a transaction without keeping its key: a 5xx or a download. */
class Unkept extends Error {
  constructor(readonly reply: Reply | null) {
    super('not kept');
  }
}
