import type { PropertyRole } from '@tern/sdk';

// A manager's reach ends where their company ends (document 2 §5, §6). Who may change what of
// a user: the server answers every user call by this rule (the contract's `managedUser` and `managedAccount`
// kinds), returns its answer with each user (`ManagedUser.may`), and the web's drawer and the CLI's commands
// offer only what it allows.

/** The caller: their id, role and the properties they manage (a manager's reach). */
export interface UserActionsCaller {
  id: string;
  role: 'admin' | 'reseller' | 'supplier';
  /** Every property the caller manages (ignored for an admin). */
  managed: ReadonlySet<string>;
}

/** The user acted on, with every property they are linked to — not only those the caller sees. */
export interface UserActionsTarget {
  id: string;
  role: 'admin' | 'reseller' | 'supplier';
  agencyId: string | null;
  links: readonly { propertyId: string; role: PropertyRole }[];
}

/**
 * Why the account's actions (identity, status, password) are refused: it is one's own (the change-password page
 * changes one's own password, with the old one), an admin's, or a user beyond the manager's reach (the admin's).
 */
export type UserActionsRefusal = 'own_account' | 'manager_changes_admin' | 'user_beyond_reach';

/** What the caller may do with the user; the server refuses the rest. */
export interface UserActions {
  /** Change the name (the e-mail stays the admin's). */
  identity: boolean;
  /** Block or unblock. */
  status: boolean;
  /** Set a password (a one-time one: the user changes it at the next sign-in). */
  password: boolean;
  /** Add links to properties the caller manages, or change the role of one. */
  properties: boolean;
  /** Remove the user's link to a property the caller manages. */
  removeProperties: boolean;
  /** Why status and password are refused; `null` when they are allowed. */
  refusal: UserActionsRefusal | null;
}

/**
 * The rule: an admin changes anyone but their own status and password. A manager changes a user's account
 * (name, status, password) and adds or changes their property rows only when every property the user is linked
 * to is one the manager manages, the user manages none (co-managers do not lock each other out) and belongs to
 * no reseller; everyone else is the admin's. A manager may always remove a user's link to a property they
 * manage. One's own name may change; one's own properties only for an admin (§5 `isChangeable`).
 */
export function userActions(caller: UserActionsCaller, user: UserActionsTarget): UserActions {
  const isAdmin = caller.role === 'admin';
  if (user.id === caller.id)
    return {
      identity: true,
      status: false,
      password: false,
      properties: isAdmin,
      removeProperties: isAdmin,
      refusal: 'own_account',
    };
  if (isAdmin)
    return {
      identity: true,
      status: true,
      password: true,
      properties: true,
      removeProperties: true,
      refusal: null,
    };
  const none = {
    identity: false,
    status: false,
    password: false,
    properties: false,
    removeProperties: false,
  };
  if (user.role === 'admin') return { ...none, refusal: 'manager_changes_admin' };
  const inReach =
    user.agencyId === null &&
    user.links.length > 0 &&
    user.links.every((l) => l.role !== 'manager' && caller.managed.has(l.propertyId));
  const removeProperties = user.links.some((l) => caller.managed.has(l.propertyId));
  if (!inReach) return { ...none, removeProperties, refusal: 'user_beyond_reach' };
  return {
    identity: true,
    status: true,
    password: true,
    properties: true,
    removeProperties,
    refusal: null,
  };
}
