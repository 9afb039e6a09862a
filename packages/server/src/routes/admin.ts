import type { Contract } from '@tern/sdk';
import { type AreaHandlers, type RequestContext, requireAuth } from '../http/context.js';
import { auditTrail } from '../services/admin/audit.js';
import {
  createProperty,
  createReseller,
  getProperty,
  getReseller,
  listProperties,
  listResellers,
  setPropertyLockOverride,
  setResellerLockOverride,
  updateProperty,
  updateReseller,
} from '../services/admin/companies.js';
import {
  createUser,
  getUser,
  listUsers,
  managedBy,
  sendResetLink,
  setUserPassword,
  setUserStatus,
  type UserScope,
  updateUser,
} from '../services/admin/users.js';

// The admin page (access: admins) and the managers' tab (a manager of the call's `propertyId`, or an admin):
// the contract's `owns` has already resolved every id to something the caller may manage.

const adminScope = (ctx: RequestContext): UserScope => ({ kind: 'admin', caller: requireAuth(ctx).user });

/** A manager's reach: the selected property, and every property they manage (an admin's is everything). */
async function managerScope(ctx: RequestContext, propertyId: string): Promise<UserScope> {
  const caller = requireAuth(ctx).user;
  if (caller.role === 'admin') return { kind: 'admin', caller };
  return { kind: 'manager', caller, propertyId, managed: await managedBy(ctx.db, caller.id) };
}

export const adminHandlers: AreaHandlers<Contract['admin']> = {
  listUsers: ({ query }, ctx) => listUsers(ctx.db, adminScope(ctx), query),
  getUser: ({ params }, ctx) => getUser(ctx.db, adminScope(ctx), params.id),
  createUser: ({ body }, ctx) => createUser(ctx, adminScope(ctx), body),
  updateUser: ({ params, body }, ctx) => updateUser(ctx, adminScope(ctx), params.id, body),
  setUserStatus: ({ params, body }, ctx) => setUserStatus(ctx, adminScope(ctx), params.id, body.status),
  setUserPassword: ({ params, body }, ctx) => setUserPassword(ctx, params.id, body.password),
  sendUserPasswordReset: ({ params }, ctx) => sendResetLink(ctx, params.id),
  listResellers: ({ query }, ctx) => listResellers(ctx.db, query),
  getReseller: ({ params }, ctx) => getReseller(ctx.db, params.id),
  createReseller: ({ body }, ctx) => createReseller(ctx, body),
  updateReseller: ({ params, body }, ctx) => updateReseller(ctx, params.id, body),
  setResellerLockOverride: ({ params, body }, ctx) =>
    setResellerLockOverride(ctx, params.id, body.lockOverride),
  listProperties: ({ query }, ctx) => listProperties(ctx.db, query),
  getProperty: ({ params }, ctx) => getProperty(ctx.db, params.id),
  createProperty: ({ body }, ctx) => createProperty(ctx, body),
  updateProperty: ({ params, body }, ctx) => updateProperty(ctx, params.id, body),
  setPropertyLockOverride: ({ params, body }, ctx) =>
    setPropertyLockOverride(ctx, params.id, body.lockOverride),
  audit: ({ query }, ctx) => auditTrail(ctx.db, query),
};

export const managerUsersHandlers: AreaHandlers<Contract['managerUsers']> = {
  list: async ({ query }, ctx) => listUsers(ctx.db, await managerScope(ctx, query.propertyId), query),
  get: async ({ params, query }, ctx) =>
    getUser(ctx.db, await managerScope(ctx, query.propertyId), params.id),
  create: async ({ body }, ctx) => createUser(ctx, await managerScope(ctx, body.propertyId), body),
  update: async ({ params, body }, ctx) =>
    updateUser(ctx, await managerScope(ctx, body.propertyId), params.id, body),
  setStatus: async ({ params, body }, ctx) =>
    setUserStatus(ctx, await managerScope(ctx, body.propertyId), params.id, body.status),
  setPassword: ({ params, body }, ctx) => setUserPassword(ctx, params.id, body.password),
  sendPasswordReset: ({ params }, ctx) => sendResetLink(ctx, params.id),
};
