import type { Role, User } from '@tern/sdk';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/db.js';
import { hashPassword } from './password.js';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: 'active' | 'blocked';
  password_hash: string;
  otp_required: boolean;
  agency_id: string | null;
  /** The password was set by an admin or manager: one-time (the next sign-in may only change it). */
  password_change_required: boolean;
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return db.one<UserRow>(
    `select id, email, name, role, status, password_hash, otp_required, agency_id, password_change_required
       from users where lower(email) = lower($1)`,
    [email.trim()],
  );
}

export function findUserById(db: Db, id: string): Promise<UserRow | null> {
  return db.one<UserRow>(
    `select id, email, name, role, status, password_hash, otp_required, agency_id, password_change_required
       from users where id = $1`,
    [id],
  );
}

/**
 * The user as the contract shows it: their agency (resellers), their properties with their role there and
 * whether each is payment-locked (`payment_locked` and no admin `lock_override`), whether sign-in asks
 * for a code, and the features the app shows them (the search page is a platform setting, car rentals an
 * agency's).
 */
export async function loadUser(
  db: Db,
  id: string,
  config: Pick<AppConfig, 'searchPageIsActive'>,
): Promise<User> {
  const row = await db.one<{
    id: string;
    email: string;
    name: string;
    role: Role;
    status: 'active' | 'blocked';
    otp_required: boolean;
    agency_id: string | null;
    agency_name: string | null;
    agency_locked: boolean | null;
    agency_cars: boolean | null;
  }>(
    `select u.id, u.email, u.name, u.role, u.status, u.otp_required, a.id as agency_id, a.name as agency_name,
            (a.payment_locked and not a.lock_override) as agency_locked, a.car_rental_feature as agency_cars
       from users u left join agencies a on a.id = u.agency_id
      where u.id = $1`,
    [id],
  );
  if (!row) throw new Error(`No user ${id}`);
  const properties = await db.query<{
    id: string;
    title: string;
    kind: 'accommodation' | 'vehicle';
    locked: boolean;
    timezone: string;
    currency: string;
    membership_id: string;
    role: 'manager' | 'user';
  }>(
    `select p.id, p.title, p.kind, (p.payment_locked and not p.lock_override) as locked, p.timezone, p.currency,
            pu.id as membership_id, pu.role
       from property_users pu join properties p on p.id = pu.property_id
      where pu.user_id = $1
      order by p.title, p.id`,
    [id],
  );
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    agentId: row.agency_id,
    agent: row.agency_id
      ? { id: row.agency_id, name: row.agency_name ?? '', paymentLocked: row.agency_locked === true }
      : null,
    ternHotels: properties.map((p) => ({
      id: p.id,
      name: p.title,
      propertyId: p.id,
      ternHotelUserId: p.membership_id,
      role: p.role,
      propertyType: p.kind,
      locked: p.locked,
      timezone: p.timezone,
      currency: p.currency,
    })),
    otpEnabled: row.otp_required,
    features: {
      searchPageIsActive: config.searchPageIsActive,
      carRentalFeature: row.role === 'reseller' && row.agency_cars === true,
    },
  };
}

/** Passwords of admins made by `createAdmin`: at least this long. */
export const ADMIN_PASSWORD_MIN = 12;

/**
 * Adds an active admin (the first one of a new database: `tern-server --create-admin EMAIL`). Refuses a taken
 * address, an address without `@` and a password shorter than `ADMIN_PASSWORD_MIN`.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; name?: string; passwordCost?: number },
): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`Not an e-mail address: ${input.email}`);
  if (input.password.length < ADMIN_PASSWORD_MIN || input.password.length > 128)
    throw new Error(`The password must have ${ADMIN_PASSWORD_MIN} to 128 characters`);
  if (await findUserByEmail(db, email)) throw new Error(`There is a user with the address ${email} already`);
  const hash = await hashPassword(input.password, input.passwordCost);
  const row = await db.one<{ id: string }>(
    `insert into users (email, name, role, status, password_hash) values ($1, $2, 'admin', 'active', $3)
     returning id`,
    [email, input.name?.trim() || email.split('@')[0], hash],
  );
  return { id: row!.id, email };
}

/** Whether the database has no user yet (a new one started without the demo). */
export async function hasNoUsers(db: Db): Promise<boolean> {
  return !(await db.one('select 1 from users limit 1'));
}
