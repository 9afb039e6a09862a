import { GIFT_CARD_TEXT_MAX } from '@tern/sdk';
import type { FormErrors } from '../admin/formDrawerMachine.js';
import { isEmailShaped, validationKeys } from '../auth/rules.js';
import { compareDays, type Day } from '../dates/dates.js';
import { isGiftCardExpired } from './expiry.js';
import { giftCardValidationKeys as keys } from './keys.js';

// An issued card's actions (document 3 §4 M24, §5, §8): mark used with a note, mark unused again unless its
// booking has been stayed, mark delivered; and its details form.

/** The booking a card was redeemed for, as far as these rules look at it. */
export interface LinkedBooking {
  arrivalDate: Day;
  status: string;
  bookingType: 'normal' | 'upsell';
}
export interface CardFlags {
  booked: boolean;
  delivered: boolean;
  agentBooking: LinkedBooking | null;
}

/** A booking's cancelled status, in either spelling the bookings carry ('canceled', and 'cancelled'). */
export const isBookingCancelled = (b: { status: string }): boolean =>
  b.status === 'canceled' || b.status === 'cancelled';

/** A booking's status with the cancelled spellings as one ('canceled'), for its label. */
export const bookingStatusOf = (b: { status: string }): string =>
  isBookingCancelled(b) ? 'canceled' : b.status;

/**
 * The arrival of a card's booking has passed: its day is before the property's `today` (document 3 §4). On the
 * arrival day it has not, so the booking may still be cancelled — by mark unused and by the booking drawer
 * alike (docs/decisions.md: one day boundary for cancelling a card's booking).
 */
export const isArrivalPassed = (booking: { arrivalDate: Day }, today: Day): boolean =>
  compareDays(booking.arrivalDate, today) < 0;

/** Mark used and mark delivered are offered until done (document 3 §4). */
export const canMarkUsed = (card: CardFlags): boolean => !card.booked;
export const canMarkDelivered = (card: CardFlags): boolean => !card.delivered;

export type MarkUnusedCheck =
  | { allowed: true /** A linked booking is cancelled with it: the modal warns. */; cancelsBooking: boolean }
  | { allowed: false; reason: 'not_used' | 'consumed' };

/**
 * Marking a card unused again (document 3 §4, §8): only a used card; refused as consumed
 * (`gift_card.error_consumed_message`) when its booking's arrival is before today and the booking is not
 * cancelled. A live linked booking (normal or upsell) is cancelled by it, which the confirmation says.
 */
export function markUnusedCheck(card: CardFlags, today: Day): MarkUnusedCheck {
  if (!card.booked) return { allowed: false, reason: 'not_used' };
  const booking = card.agentBooking;
  if (booking && !isBookingCancelled(booking) && isArrivalPassed(booking, today))
    return { allowed: false, reason: 'consumed' };
  return { allowed: true, cancelsBooking: booking !== null && !isBookingCancelled(booking) };
}

/** The note of mark used / unused: required, not blank (document 3 §5). */
export const validateCardNote = (note: string): FormErrors =>
  note.trim() === '' ? { notes: validationKeys.required } : {};

/**
 * The booking drawer's cancel is offered while the booking is not cancelled and its arrival has not passed
 * (today or later: the same boundary as mark unused, which cancels it too).
 */
export const canCancelLinkedBooking = (booking: LinkedBooking, today: Day): boolean =>
  !isBookingCancelled(booking) && !isArrivalPassed(booking, today);

export interface CardDetailsForm {
  expirationDate: Day | null;
  name: string;
  email: string;
}

/** The details drawer (document 3 §5): a last day not before today, a name, a valid e-mail (each ≤ 80). */
export function validateCardDetails(form: CardDetailsForm, today: Day): FormErrors {
  const e: Record<string, string> = {};
  if (!form.expirationDate) e.expirationDate = validationKeys.required;
  else if (isGiftCardExpired(form.expirationDate, today)) e.expirationDate = keys.beforeToday;
  if (form.name.trim() === '') e.name = validationKeys.required;
  else if (form.name.trim().length > GIFT_CARD_TEXT_MAX) e.name = keys.max80;
  if (form.email.trim() === '') e.email = validationKeys.required;
  else if (form.email.trim().length > GIFT_CARD_TEXT_MAX) e.email = keys.max80;
  else if (!isEmailShaped(form.email)) e.email = validationKeys.email;
  return e;
}
