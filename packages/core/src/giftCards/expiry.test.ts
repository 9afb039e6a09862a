import { describe, expect, it } from 'vitest';
import {
  addMonthsToDay,
  type GiftCardValidity,
  giftCardExpiry,
  isFutureExpiry,
  isGiftCardExpired,
} from './expiry.js';

const period = (n: number, unit: 'hours' | 'days' | 'months'): GiftCardValidity => ({
  expirationType: 0,
  expirationDuration: n,
  expirationDurationUnit: unit,
  absoluteExpirationDate: null,
});

describe('giftCardExpiry', () => {
  it.each([
    // validity, zone, issued at, last day
    ['48 months', period(48, 'months'), 'Atlantic/Reykjavik', '2026-11-24T12:00:00Z', '2030-11-24'],
    ['1 month from 31 January', period(1, 'months'), 'UTC', '2027-01-31T08:00:00Z', '2027-02-28'],
    ['1 month from 31 January, leap year', period(1, 'months'), 'UTC', '2028-01-31T08:00:00Z', '2028-02-29'],
    ['10 days', period(10, 'days'), 'UTC', '2026-12-25T10:00:00Z', '2027-01-04'],
    // 23:30 UTC on the 24th is already the 25th in Tokyo: the property's today counts.
    ['days from the property’s today', period(1, 'days'), 'Asia/Tokyo', '2026-11-24T23:30:00Z', '2026-11-26'],
    ['hours from the instant', period(2, 'hours'), 'UTC', '2026-11-24T23:00:00Z', '2026-11-25'],
    ['hours within the day', period(2, 'hours'), 'UTC', '2026-11-24T10:00:00Z', '2026-11-24'],
    ['hours in the zone', period(5, 'hours'), 'America/New_York', '2026-11-25T03:00:00Z', '2026-11-25'],
    [
      'absolute date',
      {
        ...period(48, 'months'),
        expirationType: 1,
        absoluteExpirationDate: '2027-06-30',
      } as GiftCardValidity,
      'UTC',
      '2026-11-24T10:00:00Z',
      '2027-06-30',
    ],
  ])('%s', (_, validity, zone, at, expected) => {
    expect(giftCardExpiry(validity, zone, new Date(at))).toBe(expected);
  });

  it.each([
    ['2027-01-31', 1, '2027-02-28'],
    ['2027-03-31', -1, '2027-02-28'],
    ['2027-05-15', 12, '2028-05-15'],
    ['2027-05-31', 1, '2027-06-30'],
  ])('%s + %i months = %s', (day, n, expected) => expect(addMonthsToDay(day, n)).toBe(expected));

  it.each([
    ['2026-11-23', '2026-11-24', true],
    ['2026-11-24', '2026-11-24', false],
    ['2026-11-25', '2026-11-24', false],
  ])('last day %s on %s is expired: %s', (day, today, expired) =>
    expect(isGiftCardExpired(day, today)).toBe(expired),
  );

  it.each([
    ['2026-11-23', '2026-11-24', false],
    ['2026-11-24', '2026-11-24', false],
    ['2026-11-25', '2026-11-24', true],
  ])('absolute last day %s on %s is a future day: %s', (day, today, future) =>
    expect(isFutureExpiry(day, today)).toBe(future),
  );
});
