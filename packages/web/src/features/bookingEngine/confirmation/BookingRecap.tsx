import { formatPrice } from '@tern/core/bookingEngine';
import { formatDay } from '@tern/core/format';
import type { BookingRecord } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/Skeleton';
import { useApiQuery } from '../../../data/useApiQuery';

/** Booked lines of the same room type and rate, counted: "2 × Double Room, Flexible". */
function roomLines(booking: BookingRecord): { key: string; count: number; title: string }[] {
  const lines = new Map<string, { key: string; count: number; title: string }>();
  for (const unit of booking.units) {
    if (unit.status !== 'booked') continue;
    const key = `${unit.unitTypeCode}~${unit.ratePlanCode}`;
    const line = lines.get(key) ?? { key, count: 0, title: `${unit.title}, ${unit.roomRateTitle}` };
    line.count += 1;
    lines.set(key, line);
  }
  return [...lines.values()];
}

/**
 * What was booked, as the server has it (`bookings.show`): the property or car, the dates, the rooms and
 * guests, and the total. The booking number leads (the TRN people quote).
 */
export function useBookedRecord(bookingId: string) {
  return useApiQuery(['bookings.show', bookingId], (client, signal) =>
    client.bookings.show({ params: { id: bookingId } }, { signal }),
  );
}

export function BookingRecap({ booking }: { booking: ReturnType<typeof useBookedRecord> }) {
  const { t } = useTranslation();
  if (booking.isPending) return <LoadingSkeleton label={t('confirmation.recap_loading')} lines={2} />;
  // The booking is made either way: without its recap the page still says so, with its number.
  if (booking.isError) return <p className="muted">{t('confirmation.recap_failed')}</p>;
  const record = booking.data;
  const isCar = record.propertyType === 'vehicle';
  const adults = record.units.reduce((n, u) => n + (u.status === 'booked' ? u.occupancy.adults : 0), 0);
  const children = record.units.reduce((n, u) => n + (u.status === 'booked' ? u.occupancy.children : 0), 0);
  const times = (day: string, time: string | null | undefined) =>
    time ? `${formatDay(day)} ${time}` : formatDay(day);
  const first = record.units[0];
  return (
    <dl className="details confirmation__details" aria-label={t('confirmation.recap')}>
      <dt>{t(isCar ? 'confirmation.vehicle' : 'confirmation.property')}</dt>
      <dd>{isCar && first ? `${first.title} · ${record.hotelName}` : record.hotelName}</dd>
      <dt>{t(isCar ? 'confirmation.rental_dates' : 'confirmation.dates')}</dt>
      <dd>
        {isCar
          ? `${times(record.arrivalDate, first?.meta.pickUpTime ?? record.arrivalTime)} – ${times(record.departureDate, first?.meta.dropOffTime)}`
          : `${formatDay(record.arrivalDate)} – ${formatDay(record.departureDate)} · ${t('price_summary.nights', { count: record.totalNights })}`}
      </dd>
      {isCar ? null : (
        <>
          <dt>{t('confirmation.rooms')}</dt>
          <dd>
            <ul className="confirmation__rooms">
              {roomLines(record).map((line) => (
                <li key={line.key}>
                  {line.count} × {line.title}
                </li>
              ))}
            </ul>
          </dd>
          <dt>{t('confirmation.guests')}</dt>
          <dd>{t('confirmation.guest_count', { adults, children })}</dd>
        </>
      )}
      <dt>{t('price_summary.total')}</dt>
      <dd>
        <strong>{formatPrice(record.price.total, record.price.currency)}</strong>
      </dd>
    </dl>
  );
}
