import * as z from 'zod';
import { password } from './auth.js';
import { email, id, listOf, recordId } from './common.js';
import { AUDITED_OBJECTS, defineArea, endpoint } from './define.js';
import { SEARCH_TERM_MAX } from './limits.js';
import { timeZone } from './timeZones.js';

// The admin page and the managers' admin tab (document 2 §2 admin page and managers' tab, §3 user, reseller
// and property, §4 user status and lock override, §5 validation, §6 roles, §7 admin_users, admin_agents,
// admin_tern_hotels, manager_users). Every write is audited (`audit.list`).

/** Users, resellers and properties lists: 50 a page (document 2 §9). */
export const ADMIN_PAGE_SIZE = 50;
/** A person's or company's name. */
export const NAME_MAX = 200;

export const userStatus = z.enum(['active', 'blocked']);
export type UserStatus = z.infer<typeof userStatus>;
/** A user's role at a property: `user` is the default of a new row (document 2 §3). */
export const propertyRole = z.enum(['manager', 'user']);
export type PropertyRole = z.infer<typeof propertyRole>;

/** The 22 kinds of lodging (document 2 §3 property details). */
export const HOTEL_TYPES = [
  'apart_hotel',
  'apartment',
  'boat',
  'camping',
  'capsule_hotel',
  'chalet',
  'country_house',
  'farm_stay',
  'guest_house',
  'holiday_home',
  'holiday_park',
  'homestay',
  'hostel',
  'hotel',
  'inn',
  'lodge',
  'motel',
  'resort',
  'riad',
  'ryokan',
  'tent',
  'villa',
] as const;
export const hotelType = z.enum(HOTEL_TYPES);
export type HotelType = z.infer<typeof hotelType>;
/** The admin's property type: a car station, or the kind of lodging. */
export const adminPropertyType = z.enum(['vehicle', ...HOTEL_TYPES]);
export type AdminPropertyType = z.infer<typeof adminPropertyType>;
/** The property management systems a property may be connected to (document 2 §3). */
export const PMS_OPTIONS = ['booking_factory', 'godo_property', 'cenium', 'infor', 'beds_24'] as const;
export const pms = z.enum(PMS_OPTIONS);

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1, { error: 'required' }).max(max);
/** An optional e-mail: empty, or a valid address. */
const optionalEmail = z.union([z.literal(''), email]).default('');

/** The list query of the three admin lists and the managers' list. */
const listQuery = {
  q: z.string().trim().max(SEARCH_TERM_MAX).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
};
/** `isActive=true` shows active users only (the list's "only active", on by default). */
const isActive = z
  .enum(['true', 'false'])
  .default('true')
  .transform((v) => v === 'true');

export const managedUser = z.object({
  id: recordId,
  type: z.literal('user'),
  email: z.string(),
  name: z.string(),
  status: userStatus,
  role: z.enum(['admin', 'reseller', 'supplier']),
  sendBookingNotificationEmail: z.boolean(),
  /**
   * The properties the user works at, with the link's id and their role there; for a manager, only those they
   * manage (another company's properties are not theirs to see).
   */
  ternHotels: z.array(
    z.object({
      /** The property. */
      id: recordId,
      name: z.string(),
      propertyId: recordId,
      ternHotelUserId: recordId,
      role: propertyRole,
    }),
  ),
  agentId: recordId.nullable(),
  agent: z.object({ id: recordId, name: z.string() }).nullable(),
  /**
   * Whether the caller may change the user's restricted attributes (properties, reseller, status): not their
   * own record, unless that record is an admin's (document 2 §5 `isChangeable`).
   */
  isChangeable: z.boolean(),
  /**
   * What the caller may do with this user, by core's `userActions` (the server refuses the rest): a manager
   * changes the name, status and password, and adds or changes property rows, only of a user all of whose
   * properties they manage and who manages none; they may always remove the user's link to a property they
   * manage. `refusal` says why status and password are refused.
   */
  may: z.object({
    identity: z.boolean(),
    status: z.boolean(),
    password: z.boolean(),
    properties: z.boolean(),
    removeProperties: z.boolean(),
    refusal: z.enum(['own_account', 'manager_changes_admin', 'user_beyond_reach']).nullable(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ManagedUser = z.infer<typeof managedUser>;

/** One property row of the user form: a new link, a changed role, or `_destroy` to remove the link. */
export const userPropertyRow = z.object({
  /** The existing link (`ternHotelUserId`), when the row is one. */
  id: id.optional(),
  ternHotelId: id,
  role: propertyRole,
  _destroy: z.boolean().optional(),
});
export type UserPropertyRow = z.infer<typeof userPropertyRow>;

const userFields = {
  name: required(NAME_MAX),
  sendBookingNotificationEmail: z.boolean().default(true),
  /** A reseller link makes the user an agent of that agency; their property rows are then ignored. */
  agentId: id.nullable().optional(),
  ternHotelUsersAttributes: z.array(userPropertyRow).max(500).optional(),
};
const matching = <T extends { password?: string; confirmPassword?: string }>(b: T) =>
  b.password === undefined || b.password === b.confirmPassword;
const notMatch = { error: 'not match', path: ['confirmPassword'] };

export const createUserBody = z
  .object({ email, password, confirmPassword: z.string().max(128), ...userFields })
  .refine(matching, notMatch);
export type CreateUserBody = z.input<typeof createUserBody>;
export const updateUserBody = z
  .object({
    /** Only an admin changes a user's e-mail (the managers' form hides it). */
    email: email.optional(),
    ...userFields,
    sendBookingNotificationEmail: z.boolean().optional(),
    password: password.optional(),
    confirmPassword: z.string().max(128).optional(),
  })
  .refine(matching, notMatch);
export type UpdateUserBody = z.input<typeof updateUserBody>;
export const userPasswordBody = z
  .object({ password, confirmPassword: z.string().max(128) })
  .refine(matching, notMatch);
export const userStatusBody = z.object({ status: userStatus });

export const reseller = z.object({
  id: recordId,
  type: z.literal('agent'),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address1: z.string(),
  city: z.string(),
  zipCode: z.string(),
  country: z.string(),
  taxId: z.string(),
  governmentId: z.string(),
  legalName: z.string(),
  emailInvoice: z.string(),
  externalId: z.string(),
  /** Tern's own id of the agency across systems: read-only. */
  globalId: z.string(),
  lockOverride: z.boolean(),
  /** The subscription is unpaid (before any override). */
  paymentLocked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reseller = z.infer<typeof reseller>;
export const resellerBody = z.object({
  name: required(NAME_MAX),
  email,
  /** Digits, with spaces, dashes, brackets and a leading + allowed. */
  phone: required(40).regex(/^\+?[0-9 ()-]+$/, { error: 'Use digits only' }),
  address1: text(200).default(''),
  city: text(100).default(''),
  zipCode: text(20).default(''),
  country: required(100),
  taxId: text(50).default(''),
  governmentId: text(50).default(''),
  legalName: text(NAME_MAX).default(''),
  emailInvoice: optionalEmail,
  externalId: text(100).default(''),
});
export type ResellerBody = z.input<typeof resellerBody>;

export const adminProperty = z.object({
  id: recordId,
  type: z.literal('ternHotel'),
  name: z.string(),
  pms: pms.nullable(),
  email: z.string(),
  replyToName: z.string(),
  replyToEmail: z.string(),
  propertyType: adminPropertyType,
  /** Masked: the last 4 characters only. */
  channexPropertyId: z.string(),
  companyRegistrationNumber: z.string(),
  phone: z.string(),
  address: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  zipCode: z.string(),
  timezone: z.string(),
  /** The property's currency (ISO 4217). */
  currency: z.string(),
  /** Its gift store is in Icelandic only, with no language menu (document 3 §1; set by the admin). */
  storeIcelandicOnly: z.boolean(),
  lockOverride: z.boolean(),
  paymentLocked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProperty = z.infer<typeof adminProperty>;
export const adminPropertyBody = z.object({
  name: required(NAME_MAX),
  pms,
  email,
  replyToName: text(NAME_MAX).default(''),
  replyToEmail: optionalEmail,
  propertyType: adminPropertyType,
  channexPropertyId: required(100),
  companyRegistrationNumber: text(50).default(''),
  phone: text(40).default(''),
  address: text(200).default(''),
  country: text(100).default(''),
  state: text(100).default(''),
  city: text(100).default(''),
  zipCode: text(20).default(''),
  timezone: timeZone.default('UTC'),
  /** Its gift store in Icelandic only, with no language menu (document 3 §1). */
  storeIcelandicOnly: z.boolean().default(false),
});
export type AdminPropertyBody = z.input<typeof adminPropertyBody>;
/**
 * On update the masked Channex id may be sent back unchanged (or left out) to keep it; the store's
 * Icelandic-only switch left out is kept too.
 */
export const adminPropertyUpdateBody = adminPropertyBody.extend({
  channexPropertyId: text(100).optional(),
  storeIcelandicOnly: z.boolean().optional(),
});
export const lockOverrideBody = z.object({ lockOverride: z.boolean() });

export const auditEntry = z.object({
  id: recordId,
  type: z.literal('audit'),
  at: z.string(),
  /** Who did it (`null`: the system, or a user since removed). */
  actorId: recordId.nullable(),
  actorEmail: z.string().nullable(),
  /** The actor's name now (`null`: the system, or a user since removed). */
  actorName: z.string().nullable(),
  objectType: z.string(),
  objectId: recordId,
  action: z.string(),
  /** Each changed field's value before and after; secrets appear as `"[secret]"`. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  /** The caller's address (behind a trusted proxy, the client's), when known; `null` for entries before it. */
  ip: z.string().nullable(),
  /** The caller's user agent, when it sent one. */
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const ADMIN = '/api/v1/tern_hotels/admin_users';
const AGENTS = '/api/v1/tern_hotels/admin_agents';
const HOTELS = '/api/v1/tern_hotels/admin_tern_hotels';
const MANAGERS = '/api/v1/tern_hotels/manager_users';

export const adminArea = defineArea('admin', {
  listUsers: endpoint({
    method: 'GET',
    path: ADMIN,
    summary:
      'Every user, 50 a page, by e-mail; `q` searches e-mail and name; active only unless `isActive=false`.',
    access: ['admin'],
    query: z.object({ ...listQuery, isActive }),
    reply: 'list',
    response: listOf(managedUser),
  }),
  getUser: endpoint({
    method: 'GET',
    path: `${ADMIN}/{id}`,
    summary: 'One user, for the edit drawer.',
    access: ['admin'],
    owns: { id: 'managedUser' },
    params: z.object({ id }),
    reply: 'resource',
    response: managedUser,
    errors: [404],
  }),
  createUser: endpoint({
    method: 'POST',
    path: ADMIN,
    summary:
      'Adds a user: a supplier with property rows, or an agent of the reseller named by `agentId`. The e-mail must be free.',
    access: ['admin'],
    owns: {
      agentId: 'agency',
      'ternHotelUsersAttributes[].ternHotelId': 'managedProperty',
      // A row's link is matched among the user's own links.
      'ternHotelUsersAttributes[].id': 'narrows',
    },
    body: createUserBody,
    reply: 'resource',
    response: managedUser,
    creates: true,
    errors: [400, 409],
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: `${ADMIN}/{id}`,
    summary:
      'Changes a user: name, e-mail, notifications, reseller link and property rows (`_destroy` removes one). One’s own restricted attributes stay as they are unless one is changing an admin. A `password` sets another user’s one-time password; one’s own is refused (403 `own_password_needs_old`).',
    access: ['admin'],
    owns: {
      id: 'managedUser',
      agentId: 'agency',
      'ternHotelUsersAttributes[].ternHotelId': 'managedProperty',
      'ternHotelUsersAttributes[].id': 'narrows',
    },
    params: z.object({ id }),
    body: updateUserBody,
    reply: 'resource',
    response: managedUser,
    errors: [400, 403, 404, 409],
  }),
  setUserStatus: endpoint({
    method: 'PUT',
    path: `${ADMIN}/{id}/status`,
    summary: 'Blocks or unblocks a user. A blocked user cannot sign in, and their sessions end at once.',
    access: ['admin'],
    owns: { id: 'managedAccount' },
    params: z.object({ id }),
    body: userStatusBody,
    reply: 'resource',
    response: managedUser,
    errors: [400, 403, 404],
  }),
  setUserPassword: endpoint({
    method: 'PUT',
    path: `${ADMIN}/{id}/password`,
    summary:
      'Sets another user’s password, a one-time one: they must choose a new one at their next sign-in. Their sessions end. Not one’s own (403 `own_account`: the change-password page, with the old one).',
    access: ['admin'],
    owns: { id: 'managedAccount' },
    params: z.object({ id }),
    body: userPasswordBody,
    reply: 'empty',
    response: z.undefined(),
    errors: [400, 403, 404],
  }),
  sendUserPasswordReset: endpoint({
    method: 'POST',
    path: `${ADMIN}/{id}/password_reset`,
    summary:
      'Mails another user a single-use link (an hour) to choose a new password themselves — preferred over setting one. An active user only (409 `user_not_active`); throttled per address as the user’s own “forgot password” (429). Not one’s own (403 `own_account`).',
    access: ['admin'],
    owns: { id: 'managedAccount' },
    params: z.object({ id }),
    reply: 'empty',
    response: z.undefined(),
    errors: [403, 404, 409, 429],
  }),
  listResellers: endpoint({
    method: 'GET',
    path: AGENTS,
    summary: 'Every reseller (agency), 50 a page, by name; `q` searches name, e-mail and external id.',
    access: ['admin'],
    query: z.object(listQuery),
    reply: 'list',
    response: listOf(reseller),
  }),
  getReseller: endpoint({
    method: 'GET',
    path: `${AGENTS}/{id}`,
    summary: 'One reseller, for the edit drawer.',
    access: ['admin'],
    owns: { id: 'agency' },
    params: z.object({ id }),
    reply: 'resource',
    response: reseller,
    errors: [404],
  }),
  createReseller: endpoint({
    method: 'POST',
    path: AGENTS,
    summary: 'Adds a reseller (agency).',
    access: ['admin'],
    body: resellerBody,
    reply: 'resource',
    response: reseller,
    creates: true,
    errors: [400],
  }),
  updateReseller: endpoint({
    method: 'PUT',
    path: `${AGENTS}/{id}`,
    summary: 'Changes a reseller; its global id stays.',
    access: ['admin'],
    owns: { id: 'agency' },
    params: z.object({ id }),
    body: resellerBody,
    reply: 'resource',
    response: reseller,
    errors: [400, 404],
  }),
  setResellerLockOverride: endpoint({
    method: 'PUT',
    path: `${AGENTS}/{id}/lock_override`,
    summary:
      'Lifts (or restores) an unpaid agency’s payment lock: with the override on, its agents book and pay as usual.',
    access: ['admin'],
    owns: { id: 'agency' },
    params: z.object({ id }),
    body: lockOverrideBody,
    reply: 'resource',
    response: reseller,
    errors: [400, 404],
  }),
  listProperties: endpoint({
    method: 'GET',
    path: HOTELS,
    summary: 'Every property, 50 a page, by name; `q` searches name and e-mail.',
    access: ['admin'],
    query: z.object(listQuery),
    reply: 'list',
    response: listOf(adminProperty),
  }),
  getProperty: endpoint({
    method: 'GET',
    path: `${HOTELS}/{id}`,
    summary: 'One property, for the edit drawer.',
    access: ['admin'],
    owns: { id: 'property' },
    params: z.object({ id }),
    reply: 'resource',
    response: adminProperty,
    errors: [404],
  }),
  createProperty: endpoint({
    method: 'POST',
    path: HOTELS,
    summary:
      'Adds a property (a hotel of one of the 22 types, or a car station) with a supplier company of its own.',
    access: ['admin'],
    body: adminPropertyBody,
    reply: 'resource',
    response: adminProperty,
    creates: true,
    errors: [400],
  }),
  updateProperty: endpoint({
    method: 'PUT',
    path: `${HOTELS}/{id}`,
    summary:
      'Changes a property. A hotel stays a hotel and a car station a car station; the Channex id is kept when it is sent back masked or left out, the store’s Icelandic-only switch when left out.',
    access: ['admin'],
    owns: { id: 'property' },
    params: z.object({ id }),
    body: adminPropertyUpdateBody,
    reply: 'resource',
    response: adminProperty,
    errors: [400, 404, 409],
  }),
  setPropertyLockOverride: endpoint({
    method: 'PUT',
    path: `${HOTELS}/{id}/lock_override`,
    summary: 'Lifts (or restores) an unpaid property’s payment lock.',
    access: ['admin'],
    owns: { id: 'property' },
    params: z.object({ id }),
    body: lockOverrideBody,
    reply: 'resource',
    response: adminProperty,
    errors: [400, 404],
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/v1/tern_hotels/audit',
    summary:
      'The audit trail of one object of any kind the trail records (user, reseller, property, promo code, payment provider, API key, gift card type, gift card, purchase, PDF template, store): who did what, when, from which address and user agent, newest first. Sign-ins (and failed ones), password changes and resets, exports and PDF downloads are recorded too.',
    access: ['admin'],
    owns: { objectId: 'unowned' },
    query: z.object({
      objectType: z.enum(AUDITED_OBJECTS),
      objectId: id,
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    reply: 'list',
    response: listOf(auditEntry),
  }),
});

/** The managers' admin tab: the users of a property the caller manages (document 2 §2 managers' tab, §6). */
export const managerUsersArea = defineArea('managerUsers', {
  list: endpoint({
    method: 'GET',
    path: MANAGERS,
    summary: 'The users of a property the caller manages, 50 a page.',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'managedProperty' },
    query: z.object({ ...listQuery, isActive, propertyId: id }),
    reply: 'list',
    response: listOf(managedUser),
    errors: [404],
  }),
  get: endpoint({
    method: 'GET',
    path: `${MANAGERS}/{id}`,
    summary: 'One user of a property the caller manages.',
    access: ['supplier', 'admin'],
    owns: { id: 'managedUser', propertyId: 'managedProperty' },
    params: z.object({ id }),
    query: z.object({ propertyId: id }),
    reply: 'resource',
    response: managedUser,
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: MANAGERS,
    summary:
      'Adds a user to a property the caller manages (as `user` unless rows say otherwise); rows may name only properties the caller manages.',
    access: ['supplier', 'admin'],
    // A reseller link is the admin's (refused to managers with 403).
    owns: {
      propertyId: 'managedProperty',
      agentId: 'agency',
      'ternHotelUsersAttributes[].ternHotelId': 'managedProperty',
      'ternHotelUsersAttributes[].id': 'narrows',
    },
    body: createUserBody.safeExtend({ propertyId: id }),
    reply: 'resource',
    response: managedUser,
    creates: true,
    errors: [400, 404, 409],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${MANAGERS}/{id}`,
    summary:
      'Changes a user of a property the caller manages: name, notifications, and their rows at properties the caller manages (rows at other properties stay). Of a user beyond the manager’s reach (`may`: working at a property the caller does not manage, or managing one) only the removal of a row (`_destroy`); a change of name or notifications, another row or a password is refused (403 `user_beyond_reach`); one’s own password too (403 `own_password_needs_old`).',
    access: ['supplier', 'admin'],
    owns: {
      id: 'managedUser',
      propertyId: 'managedProperty',
      agentId: 'agency',
      'ternHotelUsersAttributes[].ternHotelId': 'managedProperty',
      'ternHotelUsersAttributes[].id': 'narrows',
    },
    params: z.object({ id }),
    body: updateUserBody.safeExtend({ propertyId: id }),
    reply: 'resource',
    response: managedUser,
    errors: [400, 403, 404],
  }),
  setStatus: endpoint({
    method: 'PUT',
    path: `${MANAGERS}/{id}/status`,
    summary:
      'Blocks or unblocks a user of a property the caller manages: not oneself, not an admin, and only a user all of whose properties the caller manages and who manages none (else 403 `user_beyond_reach`).',
    access: ['supplier', 'admin'],
    owns: { id: 'managedAccount', propertyId: 'managedProperty' },
    params: z.object({ id }),
    body: userStatusBody.extend({ propertyId: id }),
    reply: 'resource',
    response: managedUser,
    errors: [400, 403, 404],
  }),
  setPassword: endpoint({
    method: 'PUT',
    path: `${MANAGERS}/{id}/password`,
    summary:
      'Sets a one-time password of a user of a property the caller manages (they choose a new one at their next sign-in); their sessions end. Only a user all of whose properties the caller manages and who manages none (else 403 `user_beyond_reach`).',
    access: ['supplier', 'admin'],
    owns: { id: 'managedAccount', propertyId: 'managedProperty' },
    params: z.object({ id }),
    body: userPasswordBody.safeExtend({ propertyId: id }),
    reply: 'empty',
    response: z.undefined(),
    errors: [400, 403, 404],
  }),
  sendPasswordReset: endpoint({
    method: 'POST',
    path: `${MANAGERS}/{id}/password_reset`,
    summary:
      'Mails a user of a property the caller manages a single-use link (an hour) to choose a new password themselves — preferred over setting one. Only a user all of whose properties the caller manages and who manages none (else 403 `user_beyond_reach`); an active one (409 `user_not_active`); throttled per address (429).',
    access: ['supplier', 'admin'],
    owns: { id: 'managedAccount', propertyId: 'managedProperty' },
    params: z.object({ id }),
    body: z.object({ propertyId: id }),
    reply: 'empty',
    response: z.undefined(),
    errors: [400, 403, 404, 409, 429],
  }),
});
