import { formatDay, formatPrice } from '@tern/core';
import type { BookingRecord } from '@tern/sdk';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import { Skeleton } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useSession } from '../../session/SessionContext';
import { BookingDetails } from './BookingDetails';
import { useBookings } from './useBookings';
import './bookings.css';

const PAGE_SIZE = 10;

/**
 * `/bookings` (document 1 §2): the bookings the user may see, newest first, 10 a page; a free-text search
 * (at most 52 characters, 500 ms debounce); a drawer with the details. Resellers see who booked, suppliers
 * and admins the agency; suppliers see the selected property's.
 */
export function BookingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { property } = useSelectedProperty();
  const role = session?.userRole ?? 'reseller';
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<BookingRecord | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setTerm(text.trim());
      setPage(1);
    }, 500);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useMemo(
    () => ({
      page,
      limit: PAGE_SIZE,
      ...(term ? { term } : {}),
      ...(role === 'supplier' && property ? { propertyId: property.id } : {}),
    }),
    [page, term, role, property],
  );
  const { state, reload } = useBookings(query, role === 'supplier' && !property);
  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.total / PAGE_SIZE)) : 1;
  return (
    <div className="page">
      <div className="page__header">
        <PageHeading>{t('bookings.heading')}</PageHeading>
      </div>
      <div className="bookings__filters">
        <TextField
          label={t('bookings.search')}
          value={text}
          onChange={setText}
          maxLength={52}
          inputMode="search"
        />
      </div>
      {state.status === 'loading' ? (
        <div role="status" aria-busy="true" aria-label={t('bookings.loading')} className="stack">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
            <Skeleton key={i} height="2.5rem" />
          ))}
        </div>
      ) : state.status === 'error' ? (
        <Alert variant="error" title={t('general.error_message')}>
          <p>{state.message}</p>
          <Button variant="secondary" onPress={reload}>
            {t('bookings.retry')}
          </Button>
        </Alert>
      ) : state.items.length === 0 ? (
        <EmptyState title={term ? t('bookings.no_match') : t('bookings.empty_title')}>
          <p>{term ? t('bookings.no_match_text') : t('bookings.empty_text')}</p>
        </EmptyState>
      ) : (
        <>
          <div className="bookings__table-wrap">
            <table className="bookings__table">
              <caption className="visually-hidden">{t('bookings.heading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('bookings.columns.number')}</th>
                  <th scope="col">{t('bookings.columns.guest')}</th>
                  <th scope="col">{t('bookings.columns.dates')}</th>
                  <th scope="col">{t('bookings.columns.property')}</th>
                  <th scope="col">
                    {role === 'reseller' ? t('bookings.columns.booker') : t('bookings.columns.reseller')}
                  </th>
                  <th scope="col">{t('bookings.columns.price')}</th>
                  <th scope="col">{t('bookings.columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {state.items.map((b) => (
                  <tr key={b.id}>
                    <td>
                      <Button variant="link" onPress={() => setOpen(b)}>
                        {b.reservationId}
                      </Button>
                    </td>
                    <td>{b.reservationName ?? `${b.customer.name} ${b.customer.surname}`.trim()}</td>
                    <td>
                      {formatDay(b.arrivalDate)} – {formatDay(b.departureDate)}
                    </td>
                    <td>{b.hotelName}</td>
                    <td>{role === 'reseller' ? b.user.name : b.resellerName}</td>
                    <td>{formatPrice(b.price.total, b.price.currency)}</td>
                    <td>{t(`bookings.status.${b.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav className="bookings__pages" aria-label={t('bookings.pages')}>
              <Button variant="secondary" isDisabled={page <= 1} onPress={() => setPage((p) => p - 1)}>
                {t('bookings.previous')}
              </Button>
              <span>{t('bookings.page_of', { page, pages })}</span>
              <Button variant="secondary" isDisabled={page >= pages} onPress={() => setPage((p) => p + 1)}>
                {t('bookings.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
      <Drawer
        title={open ? t('bookings.details.title', { number: open.reservationId }) : ''}
        isOpen={open !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpen(null);
        }}
        side="end"
      >
        {(close) => (open ? <BookingDetails booking={open} onChanged={reload} onClose={close} /> : null)}
      </Drawer>
    </div>
  );
}
