import type { CancellationPolicy, ChangeBlock, Role } from '@tern/sdk';
import { deadlineHours } from '../bookingEngine/pricing.js';
import { instantOf, todayIn } from '../dates/dates.js';

// Whether a booking may still be cancelled or edited (document 1 §4 "Booking status"; R116–R118). The web
// greys the actions out with the reason; the server refuses the same calls with the same function.

export interface ChangeableBooking {
  status: 'new' | 'modified' | 'canceled';
  /** `YYYY-MM-DD`, in the property's time zone. */
  arrivalDate: string;
  /** `HH:mm` check-in (stays) or pick-up (cars) time; the day starts at 00:00 without one. */
  arrivalTime: string | null;
  cancellationPolicy: Pick<
    CancellationPolicy,
    'cancellationPolicyLogic' | 'cancellationPolicyDeadline' | 'cancellationPolicyDeadlineType'
  > | null;
}

/** The moment of arrival: the arrival day at its time (00:00 without one) in the property's time zone. */
export function arrivalInstant(
  booking: Pick<ChangeableBooking, 'arrivalDate' | 'arrivalTime'>,
  timeZone: string,
): Date {
  const time =
    booking.arrivalTime && /^\d{2}:\d{2}$/.test(booking.arrivalTime) ? booking.arrivalTime : '00:00';
  return instantOf(booking.arrivalDate, timeZone, time);
}

/**
 * The last moment a deadline policy lets the booking change: arrival minus the deadline (hours, or days × 24);
 * `null` for policies without a deadline.
 */
export function changeDeadline(booking: ChangeableBooking, timeZone: string): Date | null {
  const policy = booking.cancellationPolicy;
  if (policy?.cancellationPolicyLogic !== 'deadline') return null;
  return new Date(arrivalInstant(booking, timeZone).getTime() - deadlineHours(policy) * 3_600_000);
}

/**
 * Why the booking cannot change now, or `null` when it can: only a reseller changes bookings; not once
 * cancelled; not once the arrival day has passed; and only while the policy allows (no policy or free: yes;
 * non-refundable: no; deadline: before arrival minus the deadline).
 */
export function changeBlockOf(
  booking: ChangeableBooking,
  viewer: { role: Role },
  now: Date,
  timeZone: string,
): ChangeBlock | null {
  if (viewer.role !== 'reseller') return 'not_reseller';
  if (booking.status === 'canceled') return 'canceled';
  // The property's today: the arrival day is on its calendar.
  const today = todayIn(timeZone, now);
  if (booking.arrivalDate < today) return 'arrival_past';
  const policy = booking.cancellationPolicy;
  if (!policy || policy.cancellationPolicyLogic === 'free') return null;
  if (policy.cancellationPolicyLogic === 'non_refundable') return 'policy';
  const deadline = changeDeadline(booking, timeZone)!;
  return now.getTime() < deadline.getTime() ? null : 'policy';
}

export const isChangeable = (...args: Parameters<typeof changeBlockOf>) => changeBlockOf(...args) === null;
