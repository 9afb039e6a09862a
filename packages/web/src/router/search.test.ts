import { bookingQueryKeys } from '@tern/core/bookingEngine';
import { describe, expect, it } from 'vitest';
import { bookingSearch, loginSearch, verifyResetSearch } from './search';

describe('route search params', () => {
  it.each([
    [{}, {}],
    [
      { redirect: '/bookings?page=2', reason: 'expired', mode: 'forgot' },
      { redirect: '/bookings?page=2', reason: 'expired', mode: 'forgot' },
    ],
    [{ reason: 'bored', mode: 'signup', other: 'x' }, {}],
    [{ redirect: 42 }, { redirect: '42' }],
    [{ redirect: 'x'.repeat(2001) }, {}],
    [{ redirect: { nested: true } }, {}],
  ])('login %j → %j', (search, expected) => expect(loginSearch(search)).toEqual(expected));

  it('reads the booking query’s keys, core’s list', () => {
    const all = Object.fromEntries(bookingQueryKeys.map((k) => [k, `${k}-value`]));
    expect(Object.keys(bookingSearch({ ...all, other: 'x' }))).toEqual([...bookingQueryKeys]);
  });

  it('keeps the reset token as text', () => {
    expect(verifyResetSearch({ token: 123456 })).toEqual({ token: '123456' });
    expect(verifyResetSearch({ token: ['a'] })).toEqual({});
  });

  it("keeps the booking engine's keys as text and drops the rest", () => {
    expect(
      bookingSearch({ adults: 2, checkinDate: '2030-01-01', city: 'Oslo', page: '3', childrenAge: [1, 2] }),
    ).toEqual({ adults: '2', checkinDate: '2030-01-01', city: 'Oslo' });
  });
});
