import { describe, expect, it } from 'vitest';
import { type UserActions, type UserActionsTarget, userActions } from './userActions.js';

// A manager's reach ends where their company ends.

const manager = { id: 'm1', role: 'supplier' as const, managed: new Set(['A', 'A2']) };
const admin = { id: 'adm', role: 'admin' as const, managed: new Set<string>() };
const target = (over: Partial<UserActionsTarget>): UserActionsTarget => ({
  id: 'u1',
  role: 'supplier',
  agencyId: null,
  links: [{ propertyId: 'A', role: 'user' }],
  ...over,
});
const all: Omit<UserActions, 'refusal'> = {
  identity: true,
  status: true,
  password: true,
  properties: true,
  removeProperties: true,
};
const nothing = {
  identity: false,
  status: false,
  password: false,
  properties: false,
  removeProperties: false,
};
const onlyRemove = { ...nothing, removeProperties: true, refusal: 'user_beyond_reach' };

describe('userActions', () => {
  it.each([
    ['a user of A only', manager, target({}), { ...all, refusal: null }],
    [
      'a user of A and A2, both managed',
      manager,
      target({
        links: [
          { propertyId: 'A', role: 'user' },
          { propertyId: 'A2', role: 'user' },
        ],
      }),
      { ...all, refusal: null },
    ],
    [
      'a user who also works at B (another company)',
      manager,
      target({
        links: [
          { propertyId: 'A', role: 'user' },
          { propertyId: 'B', role: 'user' },
        ],
      }),
      onlyRemove,
    ],
    [
      'a user of A who manages B',
      manager,
      target({
        links: [
          { propertyId: 'A', role: 'user' },
          { propertyId: 'B', role: 'manager' },
        ],
      }),
      onlyRemove,
    ],
    ['a co-manager of A', manager, target({ links: [{ propertyId: 'A', role: 'manager' }] }), onlyRemove],
    ['an agent of a reseller', manager, target({ agencyId: 'ag1' }), onlyRemove],
    [
      'a user of B only (never resolved for A’s manager)',
      manager,
      target({ links: [{ propertyId: 'B', role: 'user' }] }),
      { ...nothing, refusal: 'user_beyond_reach' },
    ],
    ['a user with no property', manager, target({ links: [] }), { ...nothing, refusal: 'user_beyond_reach' }],
    ['an admin', manager, target({ role: 'admin' }), { ...nothing, refusal: 'manager_changes_admin' }],
    [
      'oneself (a manager)',
      manager,
      target({ id: 'm1', links: [{ propertyId: 'A', role: 'manager' }] }),
      { ...nothing, identity: true, refusal: 'own_account' },
    ],
    [
      'a manager of another company, by the admin',
      admin,
      target({ links: [{ propertyId: 'B', role: 'manager' }] }),
      { ...all, refusal: null },
    ],
    ['another admin, by the admin', admin, target({ role: 'admin', links: [] }), { ...all, refusal: null }],
    [
      'oneself (the admin)',
      admin,
      target({ id: 'adm', role: 'admin' }),
      { ...all, status: false, password: false, refusal: 'own_account' },
    ],
  ] as const)('%s', (_, caller, user, expected) => {
    expect(userActions(caller, user)).toEqual(expected);
  });
});
