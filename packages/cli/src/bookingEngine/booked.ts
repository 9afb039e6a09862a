import { bookingIdOf, formatPrice } from '@tern/core/bookingEngine';
import { nightsBetween } from '@tern/core/dates';
import type { BookingCreated, RateOffer, VehicleBookingBody, VehicleOffer } from '@tern/sdk';
import { formatFields } from '../output.js';
import type { CarQuery } from './queryFlags.js';

/** What `tern book …` prints once the server has booked: the booking number first. */
export function bookedText(created: BookingCreated, lines: BookedLines = []): string {
  return `Booked: ${created.reservationId}\n${formatFields([
    ['Booking number', created.reservationId],
    ['Booking id', bookingIdOf(created)],
    ['Status', created.status],
    ['Total', formatPrice(created.total, created.currency)],
    ...lines,
  ])}`;
}

export type BookedLines = [string, string | string[]][];

/** A booking as a wizard hands it back: what the server answered and what was booked, to print. */
export interface Booked {
  created: BookingCreated;
  lines: BookedLines;
}

/** What a stay booking booked: the property, the stay and the rooms, as `tern book stay` prints them. */
export function stayBookedLines(
  propertyId: string,
  stay: { checkinDate: string; checkoutDate: string },
  chosen: readonly { quantity: number; unit: { title: string }; rate: RateOffer }[],
): BookedLines {
  return [
    ['Property', propertyId],
    [
      'Stay',
      `${stay.checkinDate} to ${stay.checkoutDate} (${nightsBetween(stay.checkinDate, stay.checkoutDate)} nights)`,
    ],
    [
      'Rooms',
      chosen.map(
        (c) =>
          `${c.quantity} × ${c.unit.title}, ${c.rate.title} (${formatPrice(c.rate.totalPrice, c.rate.currency)} each)`,
      ),
    ],
  ];
}

/** What a car booking booked: the car, pick-up, drop-off and driver, as `tern book car` prints them. */
export function carBookedLines(offer: VehicleOffer, query: CarQuery, body: VehicleBookingBody): BookedLines {
  const { driver } = body.booking;
  return [
    ['Car', `${offer.make} ${offer.model} (${offer.acrissCode}), ${offer.provider}`],
    ['Pick-up', `${query.pickupDate} ${query.pickupTime} at ${offer.stationTitle}`],
    ['Drop-off', `${query.dropoffDate} ${query.dropoffTime}`],
    ['Driver', `${driver.firstName} ${driver.lastName} <${driver.email}>`],
  ];
}
