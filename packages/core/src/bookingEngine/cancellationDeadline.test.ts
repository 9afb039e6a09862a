import { describe, expect, it } from 'vitest';
import { freePolicy } from '../test/bookingFixtures.js';
import { cancellationDeadline } from './cancellationDeadline.js';

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
