import { describe, expect, it } from 'vitest';
import { freePolicy } from '../test/bookingFixtures.js';
import { cancellationDeadline, cancellationDeadlineAt } from './cancellationDeadline.js';

describe('policies (document 1 §5, §9)', () => {
  const deadline = (n: number, type: 'hours' | 'days') => ({
    ...freePolicy,
    cancellationPolicyLogic: 'deadline' as const,
    cancellationPolicyDeadline: n,
    cancellationPolicyDeadlineType: type,
  });

  it('puts the deadline at the check-in time (00:00 without one) minus the deadline', () => {
    expect(cancellationDeadline(deadline(2, 'days'), '2030-05-10', '15:00')).toBe('2030-05-08T15:00');
    expect(cancellationDeadline(deadline(6, 'hours'), '2030-05-10', null)).toBe('2030-05-09T18:00');
    expect(cancellationDeadline(freePolicy, '2030-05-10', null)).toBeNull();
  });
});

describe('cancellationDeadlineAt', () => {
  const twoDays = {
    cancellationPolicyLogic: 'deadline',
    cancellationPolicyDeadline: 2,
    cancellationPolicyDeadlineType: 'days',
  } as const;

  it('is the deadline’s wall time in the property’s zone, as an instant', () => {
    expect(cancellationDeadlineAt(twoDays, '2027-03-12', '14:00', 'Australia/Sydney')?.toISOString()).toBe(
      '2027-03-10T03:00:00.000Z',
    );
    expect(cancellationDeadlineAt(twoDays, '2027-03-12', null, 'Atlantic/Reykjavik')?.toISOString()).toBe(
      '2027-03-10T00:00:00.000Z',
    );
  });

  it('is null without a deadline', () => {
    expect(
      cancellationDeadlineAt(
        {
          cancellationPolicyLogic: 'free',
          cancellationPolicyDeadline: null,
          cancellationPolicyDeadlineType: null,
        },
        '2027-03-12',
        '14:00',
        'UTC',
      ),
    ).toBeNull();
  });
});
