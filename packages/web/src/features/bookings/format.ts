import { deviceTimeZone } from '@tern/core/dates';
import { formatDay, formatInstant } from '@tern/core/format';
import type { BookingRecord } from '@tern/sdk';

// Display helpers of the bookings screens (document 1 §9: dates DD/MM/YYYY, times HH:mm).

/** When the booking was made, in the viewer's time zone: `DD/MM/YYYY HH:mm`. */
export const formatBookedAt = (iso: string): string => formatInstant(iso, deviceTimeZone());

/** `DD/MM/YYYY – DD/MM/YYYY`. */
export const formatStay = (booking: Pick<BookingRecord, 'arrivalDate' | 'departureDate'>): string =>
  `${formatDay(booking.arrivalDate)} – ${formatDay(booking.departureDate)}`;

/**
 * The guarantee card's number as the drawer shows it: only the last four digits, whatever the vault sent
 * (it should already be masked; this makes sure a full number never reaches the screen).
 */
export function maskCardNumber(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

/**
 * Who a booking came through, as the list's reseller column and the drawer's "booked by" name it: the agency, or
 * for a gift card's booking (no agency) the card, `giftCard` wording its code ("Gift card · CODE").
 */
export const bookedThrough = (
  booking: Pick<BookingRecord, 'source' | 'giftCardCode' | 'resellerName'>,
  giftCard: (code: string) => string,
): string =>
  booking.source === 'gift_card' && booking.giftCardCode
    ? giftCard(booking.giftCardCode)
    : booking.resellerName;

/** The guest shown in the list: the reservation name, else the booking contact. */
export const bookingName = (booking: Pick<BookingRecord, 'reservationName' | 'customer'>): string =>
  booking.reservationName?.trim() || `${booking.customer.name} ${booking.customer.surname}`.trim() || '—';
