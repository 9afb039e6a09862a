import { describe, expect, it } from 'vitest';
import { adminUser, resellerUser, session, supplierUser } from '../test/fixtures.js';
import {
  DEVICE_COOKIE_DAYS,
  deviceCookieExpiry,
  deviceCookieFor,
  isSessionExpired,
  msUntilExpiry,
  roleOf,
  selectedProperty,
  sessionExpiry,
  toStoredSession,
} from './rules.js';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

describe('sessionExpiry', () => {
  it.each([
    [NOW, 0, NOW],
    [NOW, 1, NOW + 1000],
    [NOW, 3600, NOW + 3_600_000],
    [NOW, 12 * 3600, NOW + 43_200_000],
  ])('now %i + ttl %i s = %i', (now, ttl, expected) => {
    expect(sessionExpiry(now, ttl)).toBe(expected);
  });
});

describe('isSessionExpired and msUntilExpiry', () => {
  it.each([
    { exp: NOW + 1, expired: false, left: 1 },
    { exp: NOW + 60_000, expired: false, left: 60_000 },
    { exp: NOW, expired: true, left: 0 },
    { exp: NOW - 1, expired: true, left: 0 },
  ])('exp $exp → expired $expired, $left ms left', ({ exp, expired, left }) => {
    expect(isSessionExpired({ exp }, NOW)).toBe(expired);
    expect(msUntilExpiry({ exp }, NOW)).toBe(left);
  });
});

describe('roleOf', () => {
  it.each([
    [
      'a user with an agent is a reseller',
      { agent: resellerUser.agent, role: 'supplier' as const },
      'reseller',
    ],
    ['an agent wins over the role', { agent: resellerUser.agent, role: 'admin' as const }, 'reseller'],
    ['role admin without agent is an admin', { agent: null, role: 'admin' as const }, 'admin'],
    ['anyone else is a supplier', { agent: null, role: 'supplier' as const }, 'supplier'],
    [
      'a reseller role without agent is a supplier (document 1 §6)',
      { agent: null, role: 'reseller' as const },
      'supplier',
    ],
  ])('%s', (_, user, expected) => {
    expect(roleOf(user)).toBe(expected);
  });
});

describe('device cookie', () => {
  it('lasts 60 days', () => {
    expect(DEVICE_COOKIE_DAYS).toBe(60);
    expect(deviceCookieExpiry(NOW)).toBe(NOW + 60 * 86_400_000);
  });
  it.each([
    [null, null],
    ['', null],
    ['dev-1', { value: 'dev-1', expiresAt: NOW + 60 * 86_400_000 }],
  ])('device identifier %j → %j', (deviceIdentifier, expected) => {
    expect(deviceCookieFor({ deviceIdentifier }, NOW)).toEqual(expected);
  });
});

describe('toStoredSession', () => {
  it('keeps token, role, purpose and user, and turns ttl seconds into an absolute exp in ms', () => {
    expect(toStoredSession({ ...session, ttl: 90, purpose: 'password_reset' }, NOW)).toEqual({
      token: 'tok-1',
      exp: NOW + 90_000,
      userRole: 'supplier',
      purpose: 'password_reset',
      user: supplierUser,
    });
  });
});

describe('selectedProperty', () => {
  it.each([
    ['remembered and still listed', supplierUser, 'p-2', 'p-2'],
    ['remembered but gone: the first', supplierUser, 'p-9', 'p-1'],
    ['nothing remembered: the first', supplierUser, null, 'p-1'],
    ['undefined remembered: the first', supplierUser, undefined, 'p-1'],
    ['admins too', adminUser, 'p-2', 'p-2'],
    ['no properties: none', { ...supplierUser, ternHotels: [] }, 'p-1', null],
    ['resellers: none', { ...resellerUser, ternHotels: supplierUser.ternHotels }, 'p-1', null],
  ])('%s', (_, user, remembered, expected) => {
    expect(selectedProperty(user, remembered)?.id ?? null).toBe(expected);
  });
});
