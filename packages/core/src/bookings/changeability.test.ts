import { describe, expect, it } from 'vitest';
import { arrivalInstant, type ChangeableBooking, changeBlockOf, changeDeadline } from './changeability.js';

const booking = (over: Partial<ChangeableBooking> = {}): ChangeableBooking => ({
  status: 'new',
  arrivalDate: '2026-12-10',
  arrivalTime: '15:00',
  cancellationPolicy: {
    cancellationPolicyLogic: 'deadline',
    cancellationPolicyDeadline: 48,
    cancellationPolicyDeadlineType: 'hours',
  },
  ...over,
});
const reseller = { role: 'reseller' as const };
const at = (iso: string) => new Date(iso);

describe('changeBlockOf (document 1 §4)', () => {
  it('lets a reseller change before the deadline, in the property’s time zone', () => {
    // Lisbon is UTC+0 in December: arrival 15:00Z, deadline 48 h before = 2026-12-08T15:00Z.
    expect(changeBlockOf(booking(), reseller, at('2026-12-08T14:59:00Z'), 'Europe/Lisbon')).toBeNull();
    expect(changeBlockOf(booking(), reseller, at('2026-12-08T15:00:00Z'), 'Europe/Lisbon')).toBe('policy');
    // Copenhagen is UTC+1: the same wall time is an hour earlier.
    expect(changeBlockOf(booking(), reseller, at('2026-12-08T14:30:00Z'), 'Europe/Copenhagen')).toBe(
      'policy',
    );
  });

  it('counts days as 24 hours and starts the day at 00:00 without a time', () => {
    const days = booking({
      arrivalTime: null,
      cancellationPolicy: {
        cancellationPolicyLogic: 'deadline',
        cancellationPolicyDeadline: 2,
        cancellationPolicyDeadlineType: 'days',
      },
    });
    expect(changeDeadline(days, 'UTC')?.toISOString()).toBe('2026-12-08T00:00:00.000Z');
    expect(arrivalInstant(days, 'Atlantic/Reykjavik').toISOString()).toBe('2026-12-10T00:00:00.000Z');
  });

  it.each([
    ['supplier', {}, 'not_reseller'],
    ['reseller', { status: 'canceled' as const }, 'canceled'],
    ['reseller', { arrivalDate: '2026-11-21' }, 'arrival_past'],
    ['reseller', { cancellationPolicy: null }, null],
    [
      'reseller',
      {
        cancellationPolicy: {
          cancellationPolicyLogic: 'free' as const,
          cancellationPolicyDeadline: null,
          cancellationPolicyDeadlineType: null,
        },
      },
      null,
    ],
    [
      'reseller',
      {
        cancellationPolicy: {
          cancellationPolicyLogic: 'non_refundable' as const,
          cancellationPolicyDeadline: null,
          cancellationPolicyDeadlineType: null,
        },
      },
      'policy',
    ],
  ] as const)('%s with %o → %s', (role, over, expected) => {
    expect(changeBlockOf(booking(over), { role }, at('2026-11-22T12:00:00Z'), 'UTC')).toBe(expected);
  });
});
