import { bookingIdOf, formatPrice } from '@tern/core';
import type { BookingCreated } from '@tern/sdk';
import { formatFields } from '../output.js';

/** What `tern book …` prints once the server has booked: the booking number first. */
export function bookedText(created: BookingCreated, lines: [string, string | string[]][] = []): string {
  return `Booked: ${created.reservationId}\n${formatFields([
    ['Booking number', created.reservationId],
    ['Booking id', bookingIdOf(created)],
    ['Status', created.status],
    ['Total', formatPrice(created.total, created.currency)],
    ...lines,
  ])}`;
}
