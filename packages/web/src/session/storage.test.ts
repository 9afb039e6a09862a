import { describe, expect, it } from 'vitest';
import { readStoredSession, SESSION_KEY } from './storage';

const good = {
  token: 't-1',
  exp: 2_000_000_000,
  userRole: 'reseller',
  purpose: 'sign_in',
  user: { id: 'u-1', email: 'agent@demo.tern.test', name: 'Agent' },
};

const stored = (value: unknown) => {
  window.localStorage.setItem(SESSION_KEY, typeof value === 'string' ? value : JSON.stringify(value));
  return readStoredSession(window.localStorage);
};

describe('the stored session', () => {
  it('is read back whole, extra fields kept', () => {
    expect(stored(good)).toEqual(good);
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', '[1]'],
    ['an empty token', { ...good, token: '' }],
    ['an expiry that is not a number', { ...good, exp: '2000000000' }],
    ['an unknown role', { ...good, userRole: 'visitor' }],
    ['an unknown purpose', { ...good, purpose: 'other' }],
    ['no user', { ...good, user: null }],
    ['a user without an e-mail', { ...good, user: { id: 'u-1' } }],
  ])('counts as none with %s', (_, value) => {
    expect(stored(value)).toBeNull();
  });
});
