import { formatPrice } from '@tern/core/bookingEngine';
import {
  type BookingSort,
  type BookingSortKey,
  bookingStatusLabel,
  counterpartColumn,
} from '@tern/core/bookings';
import type { BookingRecord, Role } from '@tern/sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Table, type TableColumn } from '../../components/Table';
import { bookedThrough, bookingName, formatBookedAt, formatStay } from './format';

export interface BookingsTableProps {
  role: Role;
  items: BookingRecord[];
  sort: BookingSort;
  onSort: (by: BookingSortKey) => void;
  onOpen: (booking: BookingRecord) => void;
  busy: boolean;
  /** Shown without rows: the list is empty or nothing matches. */
  emptyState: ReactNode;
}

const sortKeys: readonly string[] = [
  'reservation_id',
  'arrival_date',
  'created_at',
  'total',
  'status',
] satisfies BookingSortKey[];

/**
 * The bookings table (document 1 §2, R111, R113, R114): number, name, the other side (a reseller sees the
 * supplier, the others the reseller; an admin also the property), stay, booking time, total and status, on the
 * shared `Table`. The server sorts (a total sorts by currency, then amount); a row opens the details with Enter
 * or a click.
 */
export function BookingsTable({ role, items, sort, onSort, onOpen, busy, emptyState }: BookingsTableProps) {
  const { t } = useTranslation();
  const counterpart = counterpartColumn(role);
  const columns: TableColumn<BookingRecord>[] = [
    {
      id: 'reservation_id',
      label: t('bookings.columns.number'),
      sortable: true,
      isRowHeader: true,
      nowrap: true,
      // The number is a button too: the one a screen reader user lands on, saying what it opens.
      render: (b) => (
        <Button variant="link" className="bookings__number" onPress={() => onOpen(b)}>
          {b.reservationId}
        </Button>
      ),
    },
    { id: 'guest', label: t('bookings.columns.guest'), render: bookingName },
    {
      id: counterpart,
      label: t(`bookings.columns.${counterpart}`),
      render: (b) =>
        counterpart === 'supplier'
          ? b.hotelName
          : bookedThrough(b, (code) => t('bookings.details.gift_card', { code })),
    },
    ...(role === 'admin'
      ? [{ id: 'property', label: t('bookings.columns.property'), render: (b: BookingRecord) => b.hotelName }]
      : []),
    {
      id: 'arrival_date',
      label: t('bookings.columns.dates'),
      sortable: true,
      nowrap: true,
      render: formatStay,
    },
    {
      id: 'created_at',
      label: t('bookings.columns.booked_at'),
      sortable: true,
      nowrap: true,
      render: (b) => formatBookedAt(b.createdAt),
    },
    {
      id: 'total',
      label: t('bookings.columns.price'),
      sortable: true,
      nowrap: true,
      numeric: true,
      render: (b) => formatPrice(b.price.total, b.price.currency),
    },
    {
      id: 'status',
      label: t('bookings.columns.status'),
      sortable: true,
      render: (b) => {
        const status = bookingStatusLabel(b.status);
        return (
          <span className={`booking-status booking-status--${status}`}>{t(`bookings.status.${status}`)}</span>
        );
      },
    },
  ];
  return (
    <Table
      label={t('bookings.heading')}
      className="bookings__table"
      columns={columns}
      items={items}
      rowKey={(b) => b.id}
      sort={{ column: sort.by, direction: sort.direction === 'asc' ? 'ascending' : 'descending' }}
      onSortChange={(column) => {
        if (sortKeys.includes(column)) onSort(column as BookingSortKey);
      }}
      onRowAction={onOpen}
      isLoading={busy}
      loadingLabel={t('bookings.loading')}
      emptyState={emptyState}
    />
  );
}
