import { describe, expect, it } from 'vitest';
import { managedProperties, managesProperty, membershipOf } from './managers.js';

const hotels = [
  { id: 'harbour', name: 'Harbour View', role: 'manager' as const },
  { id: 'glacier', name: 'Glacier Lodge', role: 'user' as const },
];

describe('who manages a property', () => {
  it.each([
    ['admin', null, true],
    ['admin', 'user', true],
    ['supplier', 'manager', true],
    ['supplier', 'user', false],
    ['supplier', null, false],
    ['reseller', null, false],
  ] as const)('a %s with membership %s: %s', (role, membership, manages) =>
    expect(managesProperty(role, membership)).toBe(manages),
  );

  it('reads the membership from the session’s properties', () => {
    expect(membershipOf(hotels, 'harbour')).toBe('manager');
    expect(membershipOf(hotels, 'glacier')).toBe('user');
    expect(membershipOf(hotels, 'elsewhere')).toBeNull();
    expect(membershipOf(undefined, 'harbour')).toBeNull();
    expect(managesProperty('supplier', membershipOf(hotels, 'glacier'))).toBe(false);
  });

  it('lists the properties a manager manages', () => {
    expect(managedProperties(hotels).map((p) => p.id)).toEqual(['harbour']);
    expect(managedProperties(undefined)).toEqual([]);
  });
});
