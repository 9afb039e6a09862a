import type { AuditEntry, AuditedObject } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import type { RequestContext } from '../../http/context.js';

/** The kinds of object the trail records: the contract's `AUDITED_OBJECTS`, which the audit endpoint reads. */
export type { AuditedObject };

/** What a write changed: the object's fields before and after (`null` before a create). */
export interface AuditRecord {
  objectType: AuditedObject;
  objectId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Fields whose values are never written to the trail (they read `"[secret]"`). */
  secret?: readonly string[];
}

const SECRET = '[secret]';

/** Each field whose value differs, `{from, to}`; secret fields masked. */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  secret: readonly string[] = [],
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[key] = secret.includes(key)
      ? { from: from === null ? null : SECRET, to: to === null ? null : SECRET }
      : { from, to };
  }
  return changes;
}

/**
 * Writes one entry of the audit trail, in the transaction `db` of the write it records (both commit or
 * neither). A write that changed nothing is not recorded.
 */
/**
 * Who wrote: the caller of a request (`auth` null for the system, e.g. a provider's onboarding page), and where
 * the call came from when it is known (a request's context carries its client's address and user agent).
 */
export type Actor = Pick<RequestContext, 'auth' | 'requestId' | 'clock'> &
  Partial<Pick<RequestContext, 'ip' | 'userAgent'>>;

export async function audit(db: Db, ctx: Actor, record: AuditRecord): Promise<void> {
  const changes = changesOf(record.before, record.after, record.secret);
  if (record.before && Object.keys(changes).length === 0) return;
  await db.query(
    `insert into audit_log (at, actor_id, actor_email, object_type, object_id, action, changes, request_id, ip,
                            user_agent)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      ctx.clock.now(),
      ctx.auth?.user.id ?? null,
      ctx.auth?.user.email ?? null,
      record.objectType,
      record.objectId,
      record.action,
      JSON.stringify(changes),
      ctx.requestId,
      ctx.ip && ctx.ip !== 'unknown' ? ctx.ip.slice(0, 100) : null,
      ctx.userAgent?.slice(0, 500) ?? null,
    ],
  );
}

/** One object's trail, newest first. */
export async function auditTrail(
  db: Db,
  query: { objectType: AuditedObject; objectId: string; page: number; limit: number },
): Promise<{ items: AuditEntry[]; meta: { page: number; limit: number; total: number } }> {
  const rows = await db.query<{
    id: number;
    at: Date;
    actor_id: string | null;
    actor_email: string | null;
    actor_name: string | null;
    object_type: string;
    object_id: string;
    action: string;
    changes: AuditEntry['changes'];
    ip: string | null;
    user_agent: string | null;
  }>(
    `select a.id, a.at, a.actor_id, a.actor_email, u.name as actor_name, a.object_type, a.object_id, a.action,
            a.changes, a.ip, a.user_agent
       from audit_log a left join users u on u.id = a.actor_id
      where a.object_type = $1 and a.object_id = $2
      order by a.at desc, a.id desc limit $3 offset $4`,
    [query.objectType, query.objectId, query.limit, (query.page - 1) * query.limit],
  );
  const count = await db.one<{ total: number }>(
    'select count(*) as total from audit_log where object_type = $1 and object_id = $2',
    [query.objectType, query.objectId],
  );
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      type: 'audit' as const,
      at: new Date(r.at).toISOString(),
      actorId: r.actor_id,
      actorEmail: r.actor_email,
      actorName: r.actor_name,
      objectType: r.object_type,
      objectId: r.object_id,
      action: r.action,
      changes: r.changes,
      ip: r.ip,
      userAgent: r.user_agent,
    })),
    meta: { page: query.page, limit: query.limit, total: count?.total ?? 0 },
  };
}
