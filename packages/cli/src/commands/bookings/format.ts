import { formatPrice } from '@tern/core/bookingEngine';
import type { BookingRecord } from '@tern/sdk';
import { type FieldValue, formatFields, formatTable } from '../../output.js';

/**
 * Bookings as text for a person; `--json` prints the SDK's records as they are. Statuses and days read the
 * same in the tables, in the flags (`--status new`, `--from 2026-12-01`) and in the JSON: the status word of
 * the record and ISO days (YYYY-MM-DD).
 */

const blockWords: Record<NonNullable<BookingRecord['changeBlock']>, string> = {
  not_reseller: 'read-only (only the booking agency changes it)',
  canceled: 'cancelled',
  arrival_past: 'expired (the arrival day has passed)',
  policy: 'expired (the cancellation policy no longer allows changes)',
};

export function bookingsTable(items: BookingRecord[], viewerRole: 'reseller' | 'supplier' | 'admin'): string {
  return formatTable(
    [
      'ID',
      'NUMBER',
      'NAME',
      'STAY',
      'PROPERTY',
      viewerRole === 'reseller' ? 'BOOKED BY' : 'RESELLER',
      'PRICE',
      'STATUS',
    ],
    items.map((b) => [
      b.id,
      b.reservationId,
      b.reservationName ?? `${b.customer.name} ${b.customer.surname}`.trim(),
      `${b.arrivalDate} to ${b.departureDate}`,
      b.hotelName,
      viewerRole === 'reseller' ? b.user.name : b.resellerName,
      formatPrice(b.price.total, b.price.currency),
      b.status,
    ]),
  );
}

export function bookingFields(b: BookingRecord): string {
  const rows: [string, FieldValue][] = [
    ['Booking', `${b.reservationId} (${b.id})`],
    ['Status', b.status],
    ['Changes', b.changeable ? 'allowed' : blockWords[b.changeBlock ?? 'policy']],
    ['Property', `${b.hotelName} (${b.propertyChannelId})`],
    [
      b.propertyType === 'vehicle' ? 'Rental' : 'Stay',
      `${b.arrivalDate}${b.arrivalTime ? ` ${b.arrivalTime}` : ''} to ${b.departureDate} (${b.totalNights} ${b.propertyType === 'vehicle' ? 'days' : 'nights'})`,
    ],
    ['Price', formatPrice(b.price.total, b.price.currency)],
    ['Guest', `${b.customer.name} ${b.customer.surname}`.trim()],
    ['E-mail', b.customer.mail],
    ['Name', b.reservationName],
    ['Reference', b.externalReferenceId],
    ['Special request', b.specialRequest],
    ['Notes', b.notes],
    ['Booked by', `${b.user.name} <${b.user.email}>, ${b.resellerName}, ${b.createdAt}`],
    ['Policy', b.cancellationPolicy?.title],
    [
      'Card',
      b.guarantee ? `${b.guarantee.cardType} ${b.guarantee.cardNumber}, ${b.guarantee.expirationDate}` : null,
    ],
    [
      'Units',
      b.units.map((u) => {
        const people =
          b.propertyType === 'vehicle'
            ? u.drivers.map((d) => `${d.firstName} ${d.lastName}`).join(', ')
            : u.guests.map((g) => `${g.name} ${g.surname}`.trim()).join(', ') || 'no guests named';
        return `${u.id}  ${u.title} — ${u.roomRateTitle}  ${formatPrice(u.price, b.price.currency)}  ${u.status}  (${people})`;
      }),
    ],
  ];
  return formatFields(rows);
}
