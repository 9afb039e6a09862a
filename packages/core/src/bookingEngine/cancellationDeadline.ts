import { instantOf } from '../dates/dates.js';

interface PolicyLike {
  cancellationPolicyLogic: 'non_refundable' | 'free' | 'deadline';
  cancellationPolicyDeadline: number | null;
  cancellationPolicyDeadlineType: 'hours' | 'days' | null;
}

/**
 * (document 1 §9) check-in day at the check-in time (00:00 without one)
 * minus the deadline; `null` for policies without a deadline. Local wall time as `YYYY-MM-DDTHH:mm`.
 */
export function cancellationDeadline(
  policy: PolicyLike,
  checkinDate: string,
  checkinTime: string | null,
): string | null {
  if (policy.cancellationPolicyLogic !== 'deadline') return null;
  const hours =
    (policy.cancellationPolicyDeadline ?? 0) * (policy.cancellationPolicyDeadlineType === 'days' ? 24 : 1);
  // Wall time stays wall time: the arithmetic runs in UTC, a zone without clock changes.
  const arrival = instantOf(checkinDate, 'UTC', checkinTime ?? '00:00');
  return new Date(arrival.getTime() - hours * 3_600_000).toISOString().slice(0, 16);
}

/**
 * When the policy's deadline passes: its wall time (`cancellationDeadline`) in the property's zone, as an instant;
 * `null` for policies without a deadline.
 */
export function cancellationDeadlineAt(
  policy: PolicyLike,
  checkinDate: string,
  checkinTime: string | null,
  timeZone: string,
): Date | null {
  const wall = cancellationDeadline(policy, checkinDate, checkinTime);
  if (wall === null) return null;
  const [day, time] = wall.split('T') as [string, string];
  return instantOf(day, timeZone, time);
}
