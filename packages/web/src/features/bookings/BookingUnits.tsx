import { formatPrice } from '@tern/core/bookingEngine';
import type { BookedUnit, BookingRecord, Occupancy } from '@tern/sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The booked rooms or cars (document 1 §3 booked unit): title, rate, occupancy, meal, price and status, with
 * the guests of each room or the car's driver. `action` adds a unit's button (the reseller's "Remove").
 */
export function BookingUnits({
  booking,
  action,
}: {
  booking: BookingRecord;
  action?: (unit: BookedUnit) => ReactNode;
}) {
  const { t } = useTranslation();
  const car = booking.propertyType === 'vehicle';
  const occupancyText = useOccupancyText();
  return (
    <ul className="booking-units">
      {booking.units.map((unit) => (
        <li key={unit.id} className={`booking-unit booking-unit--${unit.status}`}>
          <div className="booking-unit__head">
            <strong className="booking-unit__title">{unit.title}</strong>
            <span className={`booking-status booking-status--${unit.status}`}>
              {t(`bookings.unit_status.${unit.status}`)}
            </span>
            {action ? <span className="booking-unit__action">{action(unit)}</span> : null}
          </div>
          <p className="booking-unit__meta">
            {[
              unit.roomRateTitle,
              car ? null : occupancyText(unit.occupancy),
              unit.mealType ? t(`meal_types.${unit.mealType}`) : null,
              formatPrice(unit.price, booking.price.currency),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {car ? (
            <p>
              {unit.drivers.length > 0
                ? unit.drivers
                    .map((d) => [`${d.firstName} ${d.lastName}`.trim(), d.email, d.phone].join(' · '))
                    .join('; ')
                : t('guests.no_info_available')}
            </p>
          ) : unit.guests.length > 0 ? (
            <ul
              className="booking-unit__guests"
              aria-label={t('bookings.details.guests_in', { unit: unit.title })}
            >
              {unit.guests.map((g, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: guests are positional.
                <li key={i}>
                  {`${g.name} ${g.surname}`.trim()}
                  {g.nationality ? ` (${g.nationality})` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('guests.no_info_available')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** "2 adults, 1 child". */
export function useOccupancyText() {
  const { t } = useTranslation();
  return (o: Occupancy) =>
    [
      t('bookings.details.adults', { count: o.adults }),
      o.children ? t('bookings.details.children', { count: o.children }) : null,
      o.infants ? t('bookings.details.infants', { count: o.infants }) : null,
    ]
      .filter(Boolean)
      .join(', ');
}
