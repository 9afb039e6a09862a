import {
  type BookingSort,
  type BookingSortKey,
  bookingStatusLabel,
  counterpartColumn,
  formatPrice,
} from '@tern/core';
import type { BookingRecord, Role } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { bookingName, formatBookedAt, formatStay } from './format';

export interface BookingsTableProps {
  role: Role;
  items: BookingRecord[];
  sort: BookingSort;
  onSort: (by: BookingSortKey) => void;
  onOpen: (booking: BookingRecord) => void;
  busy: boolean;
}

/**
 * The bookings table (document 1 §2, R111, R113, R114): number, name, the other side (a reseller sees the
 * supplier, the others the reseller; an admin also the property), stay, booking time, total and status.
 * Sortable headers are buttons in the header cells, which say the order with `aria-sort`. The number opens
 * the details (a button, for the keyboard); a click anywhere on the row does the same.
 */
export function BookingsTable({ role, items, sort, onSort, onOpen, busy }: BookingsTableProps) {
  const { t } = useTranslation();
  const counterpart = counterpartColumn(role);
  const header = (by: BookingSortKey, label: string) => (
    <SortHeader by={by} label={label} sort={sort} onSort={onSort} />
  );
  return (
    <div className="bookings__table-wrap">
      <table className="bookings__table stacked-table stacked-table--sortable" aria-busy={busy || undefined}>
        <caption className="visually-hidden">{t('bookings.heading')}</caption>
        <thead>
          <tr>
            {header('reservation_id', t('bookings.columns.number'))}
            <th scope="col">{t('bookings.columns.guest')}</th>
            <th scope="col">{t(`bookings.columns.${counterpart}`)}</th>
            {role === 'admin' ? <th scope="col">{t('bookings.columns.property')}</th> : null}
            {header('arrival_date', t('bookings.columns.dates'))}
            {header('created_at', t('bookings.columns.booked_at'))}
            {header('total', t('bookings.columns.price'))}
            {header('status', t('bookings.columns.status'))}
          </tr>
        </thead>
        <tbody>
          {items.map((b) => {
            const status = bookingStatusLabel(b.status);
            return (
              // The number's button is the keyboard's way in; the row only widens the mouse's target.
              <tr key={b.id} className="bookings__row" onClick={() => onOpen(b)}>
                <td data-label={t('bookings.columns.number')}>
                  <Button variant="link" className="bookings__number" onPress={() => onOpen(b)}>
                    {b.reservationId}
                  </Button>
                </td>
                <td data-label={t('bookings.columns.guest')}>{bookingName(b)}</td>
                <td data-label={t(`bookings.columns.${counterpart}`)}>
                  {counterpart === 'supplier' ? b.hotelName : b.resellerName}
                </td>
                {role === 'admin' ? <td data-label={t('bookings.columns.property')}>{b.hotelName}</td> : null}
                <td className="bookings__nowrap" data-label={t('bookings.columns.dates')}>
                  {formatStay(b)}
                </td>
                <td className="bookings__nowrap" data-label={t('bookings.columns.booked_at')}>
                  {formatBookedAt(b.createdAt)}
                </td>
                <td className="bookings__nowrap bookings__number" data-label={t('bookings.columns.price')}>
                  {formatPrice(b.price.total, b.price.currency)}
                </td>
                <td data-label={t('bookings.columns.status')}>
                  <span className={`booking-status booking-status--${status}`}>
                    {t(`bookings.status.${status}`)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function SortHeader({
  by,
  label,
  sort,
  onSort,
}: {
  by: BookingSortKey;
  label: string;
  sort: BookingSort;
  onSort: (by: BookingSortKey) => void;
}) {
  const active = sort.by === by;
  const order = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={order}>
      <button type="button" className="bookings__sort" onClick={() => onSort(by)}>
        {label}
        <span aria-hidden="true" className="bookings__sort-icon">
          {order === 'ascending' ? '▲' : order === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
