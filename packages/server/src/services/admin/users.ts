import { type UserActions, userActions } from '@tern/core/admin';
import type {
  createUserBody,
  ListMeta,
  ManagedUser,
  UserPropertyRow,
  UserStatus,
  updateUserBody,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import type { Auth, RequestContext } from '../../http/context.js';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors.js';
import { hashPassword } from '../auth/password.js';
import { mailResetLink } from '../auth/passwords.js';
import { endCredentials } from '../auth/revoke.js';
import { assertNotThrottled, recordAttempt } from '../auth/throttle.js';
import { ListFilter, listPage } from '../listQuery.js';
import { audit } from './audit.js';

// Users as the admin page and the managers' tab see and change them (document 2 §2–§6). The admin reaches
// every user; a manager reaches the users of the properties they manage, and only their rows there.

/** Who changes users, and how far their reach goes. */
export type UserScope =
  | { kind: 'admin'; caller: Auth['user'] }
  | {
      kind: 'manager';
      caller: Auth['user'];
      /** The selected property (the tab's list and the user's home for a new user). */
      propertyId: string;
      /** Every property the caller manages: the only rows they may add, change or remove. */
      managed: ReadonlySet<string>;
    };

/** `config`: new passwords are hashed at its `passwordCost`, as at sign-in and reset. */
type Ctx = Pick<RequestContext, 'db' | 'auth' | 'requestId' | 'clock' | 'config'>;

interface UserRow {
  id: string;
  email: string;
  name: string;
  status: UserStatus;
  role: 'admin' | 'reseller' | 'supplier';
  send_booking_notification_email: boolean;
  agency_id: string | null;
  agency_name: string | null;
  properties: { id: string; name: string; link: string; role: 'manager' | 'user' }[];
  created_at: Date;
  updated_at: Date;
}

const SELECT = `
  select u.id, u.email, u.name, u.status, u.role, u.send_booking_notification_email, u.agency_id,
         a.name as agency_name, u.created_at, u.updated_at,
         coalesce((select json_agg(json_build_object('id', p.id, 'name', p.title, 'link', pu.id, 'role', pu.role)
                                   order by p.title, p.id)
                     from property_users pu join properties p on p.id = pu.property_id
                    where pu.user_id = u.id), '[]') as properties
    from users u left join agencies a on a.id = u.agency_id`;

/** §5 `isChangeable`: one's own record is restricted, unless it is an admin's. */
export function isChangeable(caller: Auth['user'], user: { id: string; role: string }): boolean {
  return user.id !== caller.id || user.role === 'admin';
}

/** The caller's reach as core's `userActions` takes it. */
const callerOf = (scope: UserScope) => ({
  id: scope.caller.id,
  role: scope.caller.role,
  managed: scope.kind === 'manager' ? scope.managed : new Set<string>(),
});

/** What the scope's caller may do with the user (core's rule, from every link of theirs). */
export function mayOf(scope: UserScope, row: UserRow): UserActions {
  return userActions(callerOf(scope), {
    id: row.id,
    role: row.role,
    agencyId: row.agency_id,
    links: row.properties.map((p) => ({ propertyId: p.id, role: p.role })),
  });
}

/** A user as the scope sees them: a manager sees only their rows at properties they manage. */
function toUser(row: UserRow, scope: UserScope): ManagedUser {
  const caller = scope.caller;
  const shown =
    scope.kind === 'manager' ? row.properties.filter((p) => scope.managed.has(p.id)) : row.properties;
  return {
    id: row.id,
    type: 'user',
    email: row.email,
    name: row.name,
    status: row.status,
    role: row.role,
    sendBookingNotificationEmail: row.send_booking_notification_email,
    ternHotels: shown.map((p) => ({
      id: p.id,
      name: p.name,
      propertyId: p.id,
      ternHotelUserId: p.link,
      role: p.role,
    })),
    agentId: row.agency_id,
    agent: row.agency_id ? { id: row.agency_id, name: row.agency_name ?? '' } : null,
    isChangeable: isChangeable(caller, row),
    may: mayOf(scope, row),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

async function load(db: Db, id: string): Promise<UserRow> {
  const row = await db.one<UserRow>(`${SELECT} where u.id = $1`, [id]);
  if (!row) throw notFound('user_not_found');
  return row;
}

/** The fields the audit trail follows. */
const audited = (row: UserRow | null) =>
  row && {
    email: row.email,
    name: row.name,
    status: row.status,
    role: row.role,
    sendBookingNotificationEmail: row.send_booking_notification_email,
    agentId: row.agency_id,
    properties: row.properties.map((p) => `${p.id}:${p.role}`).sort(),
  };

export async function getUser(db: Db, scope: UserScope, id: string): Promise<ManagedUser> {
  return toUser(await load(db, id), scope);
}

/** A page of users by e-mail: everyone, or the users of `propertyId` (the managers' tab). */
export function listUsers(
  db: Db,
  scope: UserScope,
  query: { q?: string | undefined; isActive: boolean; page: number; perPage: number; propertyId?: string },
): Promise<{ items: ManagedUser[]; meta: ListMeta }> {
  const filter = new ListFilter()
    .search(query.q, ['u.email', 'u.name'])
    .when(
      query.propertyId,
      (p) => `exists (select 1 from property_users x where x.user_id = u.id and x.property_id = ${p})`,
    );
  if (query.isActive) filter.where(`u.status = 'active'`);
  return listPage(db, {
    select: SELECT,
    from: 'users u',
    filter,
    order: 'lower(u.email) collate "C", u.id',
    page: query.page,
    limit: query.perPage,
    items: (rows: UserRow[]) => rows.map((r) => toUser(r, scope)),
  });
}

/** Postgres' unique violation on the users' e-mail: a 409 the form shows on the field. */
function emailTaken(error: unknown): never {
  if ((error as { code?: string }).code === '23505') throw conflict('email_taken');
  throw error;
}

/** Rows without `_destroy`: each property once (document 2 §4). */
function keptRows(rows: readonly UserPropertyRow[]): UserPropertyRow[] {
  const kept = rows.filter((r) => !r._destroy);
  const seen = new Set<string>();
  kept.forEach((row, index) => {
    if (seen.has(row.ternHotelId))
      throw invalidField('duplicate_property_row', `ternHotelUsersAttributes.${index}.ternHotelId`);
    seen.add(row.ternHotelId);
  });
  return kept;
}

/**
 * Applies the form's property rows to a user's links, within what the scope may touch: a removed row deletes
 * its link, a kept row sets the role of the user's link to that property (reusing it, §4) or makes one. Each
 * row's property is one the caller manages (the contract's `managedProperty` resolved it); a row's link id
 * (`narrows`) is matched here among the user's links, and a removal by link id reaches only a link at a property
 * the caller manages.
 */
async function applyRows(
  db: Db,
  scope: UserScope,
  userId: string,
  rows: readonly UserPropertyRow[],
): Promise<void> {
  const reach = (propertyId: string) => scope.kind === 'admin' || scope.managed.has(propertyId);
  const links = await db.query<{ id: string; property_id: string }>(
    'select id, property_id from property_users where user_id = $1',
    [userId],
  );
  if (rows.some((row) => row.id && !links.some((l) => l.id === row.id)))
    throw invalidField('unknown_property_row', 'ternHotelUsersAttributes');
  for (const row of rows.filter((r) => r._destroy)) {
    const link = links.find((l) => l.id === row.id) ?? links.find((l) => l.property_id === row.ternHotelId);
    if (link && reach(link.property_id))
      await db.query('delete from property_users where id = $1', [link.id]);
  }
  for (const row of keptRows(rows)) {
    await db.query(
      `insert into property_users (user_id, property_id, role) values ($1, $2, $3)
       on conflict (user_id, property_id) do update set role = excluded.role`,
      [userId, row.ternHotelId, row.role],
    );
  }
}

/** The supplier company of a user who works at properties: the first property's, if they have none. */
async function fillSupplier(db: Db, userId: string): Promise<void> {
  await db.query(
    `update users u set supplier_id = (
        select p.supplier_id from property_users pu join properties p on p.id = pu.property_id
         where pu.user_id = u.id order by pu.created_at, pu.id limit 1)
      where u.id = $1 and u.supplier_id is null and u.role = 'supplier'`,
    [userId],
  );
}

/**
 * The reseller named by `agentId` is one that exists (the contract's `agency`); linking a user to a reseller is
 * the admin's alone — a rule of roles, not of whose object it is, so it stays here (document 2 §5).
 */
function assertAgentLink(scope: UserScope, agentId: string | null | undefined): void {
  if (agentId && scope.kind !== 'admin') throw forbidden('admin_links_reseller');
}

export async function createUser(
  ctx: Ctx,
  scope: UserScope,
  body: z.output<typeof createUserBody>,
): Promise<ManagedUser> {
  assertAgentLink(scope, body.agentId);
  const rows = keptRows(body.ternHotelUsersAttributes ?? []);
  const agentId = body.agentId ?? null;
  if (scope.kind === 'manager' && rows.length === 0)
    rows.push({ ternHotelId: scope.propertyId, role: 'user' });
  const passwordHash = await hashPassword(body.password, ctx.config.passwordCost);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const created = await tx
      .one<{ id: string }>(
        `insert into users (email, name, role, status, password_hash, agency_id, send_booking_notification_email,
                            created_at, updated_at, password_change_required)
         values ($1, $2, $3, 'active', $4, $5, $6, $7, $7, true) returning id`,
        [
          body.email,
          body.name,
          agentId ? 'reseller' : 'supplier',
          passwordHash,
          agentId,
          body.sendBookingNotificationEmail ?? true,
          now,
        ],
      )
      .catch(emailTaken);
    const userId = created!.id;
    // A reseller's agents work for the agency: property rows are not kept for them (§5).
    if (!agentId) await applyRows(tx, scope, userId, rows);
    await fillSupplier(tx, userId);
    const user = await load(tx, userId);
    await audit(tx, ctx, {
      objectType: 'user',
      objectId: userId,
      action: 'create',
      before: null,
      after: { ...audited(user), password: 'set' },
      secret: ['password'],
    });
    return toUser(user, scope);
  });
}

export async function updateUser(
  ctx: Ctx,
  scope: UserScope,
  id: string,
  body: z.output<typeof updateUserBody>,
): Promise<ManagedUser> {
  assertAgentLink(scope, body.agentId);
  // One's own password changes on the change-password page, with the old one.
  if (body.password !== undefined && id === scope.caller.id) throw forbidden('own_password_needs_old');
  const passwordHash = body.password ? await hashPassword(body.password, ctx.config.passwordCost) : null;
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, id);
    const changeable = isChangeable(scope.caller, before);
    if (scope.kind === 'manager' && before.role === 'admin') throw forbidden('manager_changes_admin');
    if (scope.kind === 'manager' && body.email !== undefined && body.email !== before.email)
      throw forbidden('admin_changes_email');
    // Beyond a manager's reach (core's `userActions`): the account is the admin's; only a row's removal stays.
    const may = mayOf(scope, before);
    if (passwordHash && !may.password) throw forbidden(may.refusal ?? 'user_beyond_reach');
    const notifications = body.sendBookingNotificationEmail ?? before.send_booking_notification_email;
    if (
      !may.identity &&
      (body.name !== before.name || notifications !== before.send_booking_notification_email)
    )
      throw forbidden('user_beyond_reach');
    const rowsSent = body.ternHotelUsersAttributes !== undefined && body.ternHotelUsersAttributes.length > 0;
    const agentSent = body.agentId !== undefined && (body.agentId ?? null) !== before.agency_id;
    if (!changeable && (rowsSent || agentSent)) throw forbidden('not_changeable');
    if (!may.properties && changesRows(before, body.ternHotelUsersAttributes ?? []))
      throw forbidden('user_beyond_reach');
    const agentId = body.agentId === undefined ? before.agency_id : (body.agentId ?? null);
    const role = before.role === 'admin' ? 'admin' : agentId ? 'reseller' : 'supplier';
    await tx
      .query(
        `update users set email = $2, name = $3, send_booking_notification_email = $4, agency_id = $5, role = $6,
                          password_hash = coalesce($7, password_hash), updated_at = $8
          where id = $1`,
        [
          id,
          body.email ?? before.email,
          body.name,
          body.sendBookingNotificationEmail ?? before.send_booking_notification_email,
          agentId,
          role,
          passwordHash,
          ctx.clock.now(),
        ],
      )
      .catch(emailTaken);
    if (agentId && role === 'reseller') {
      // Linked to a reseller: the property rows go (within the caller's reach: the admin's is everything).
      await tx.query('delete from property_users where user_id = $1', [id]);
    } else if (changeable) {
      await applyRows(tx, scope, id, body.ternHotelUsersAttributes ?? []);
    }
    if (passwordHash) {
      await markOneTime(tx, id);
      await endCredentials(tx, ctx, id, 'password_set');
    }
    await fillSupplier(tx, id);
    const after = await load(tx, id);
    await audit(tx, ctx, {
      objectType: 'user',
      objectId: id,
      action: 'update',
      before: audited(before),
      after: { ...audited(after), ...(passwordHash ? { password: 'changed' } : {}) },
      secret: ['password'],
    });
    return toUser(after, scope);
  });
}

/** Whether rows add a link or change a role (a removal, or a row as it is, changes nothing of the kind). */
function changesRows(user: UserRow, rows: readonly UserPropertyRow[]): boolean {
  return rows.some(
    (row) => !row._destroy && !user.properties.some((p) => p.id === row.ternHotelId && p.role === row.role),
  );
}

/**
 * A password someone else set is one-time: the user's next sign-in gives a session that may only change it
 * (`password_change`), with this one as the old one.
 */
async function markOneTime(tx: Db, userId: string): Promise<void> {
  await tx.query('update users set password_change_required = true where id = $1', [userId]);
}

// Status, password and reset link: the contract's `managedAccount` has refused, by core's `userActions`, oneself,
// an admin for a manager, and a user beyond the manager's reach before these run.

/**
 * Blocks or unblocks a user; a block ends their credentials at once (document 2 §4; `endCredentials`: sessions,
 * API keys for good, reset links, trusted devices). An unblock brings none of them back.
 */
export async function setUserStatus(
  ctx: Ctx,
  scope: UserScope,
  id: string,
  status: UserStatus,
): Promise<ManagedUser> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, id);
    await tx.query('update users set status = $2, updated_at = $3 where id = $1', [
      id,
      status,
      ctx.clock.now(),
    ]);
    if (status === 'blocked') await endCredentials(tx, ctx, id, 'blocked');
    const after = await load(tx, id);
    await audit(tx, ctx, {
      objectType: 'user',
      objectId: id,
      action: status === 'blocked' ? 'block' : 'unblock',
      before: audited(before),
      after: audited(after),
    });
    return toUser(after, scope);
  });
}

/** Sets another user's password; their credentials end (`endCredentials`). */
export async function setUserPassword(ctx: Ctx, id: string, password: string): Promise<undefined> {
  const passwordHash = await hashPassword(password, ctx.config.passwordCost);
  await ctx.db.transaction(async (tx) => {
    // One-time: the user chooses a new one at their next sign-in.
    await tx.query(
      'update users set password_hash = $2, password_change_required = true, updated_at = $3 where id = $1',
      [id, passwordHash, ctx.clock.now()],
    );
    await endCredentials(tx, ctx, id, 'password_set');
    await audit(tx, ctx, {
      objectType: 'user',
      objectId: id,
      action: 'set_password',
      before: { password: 'old' },
      after: { password: 'new' },
      secret: ['password'],
    });
  });
  return undefined;
}

/**
 * Mails the user a single-use reset link (an hour), so they choose their password themselves — what an admin or a
 * manager is offered before setting a one-time password. Only a user the caller may change (`managedAccount`), an
 * active one; throttled per address as the user's own "forgot password" is; audited.
 */
export async function sendResetLink(
  ctx: Ctx & Pick<RequestContext, 'ip' | 'config'>,
  id: string,
): Promise<undefined> {
  const user = await load(ctx.db, id);
  if (user.status !== 'active') throw conflict('user_not_active');
  await assertNotThrottled(ctx.db, ctx.clock, 'password_reset', user.email, ctx.ip);
  await recordAttempt(ctx.db, ctx.clock, {
    kind: 'password_reset',
    email: user.email,
    ip: ctx.ip,
    succeeded: false,
  });
  await ctx.db.transaction(async (tx) => {
    await mailResetLink(tx, ctx, user, ctx.clock.now());
    await audit(tx, ctx, {
      objectType: 'user',
      objectId: id,
      action: 'send_reset_link',
      before: null,
      after: { email: user.email },
    });
  });
  return undefined;
}

/** The properties a user manages (the manager's reach). */
export async function managedBy(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.query<{ property_id: string }>(
    `select property_id from property_users where user_id = $1 and role = 'manager'`,
    [userId],
  );
  return new Set(rows.map((r) => r.property_id));
}
