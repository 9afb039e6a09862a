import type { BookingEvent, BookingRecord } from '@tern/sdk';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/Skeleton';
import { useServices } from '../../session/SessionContext';
import { formatBookedAt } from './format';

type History = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; events: BookingEvent[] };

/**
 * What happened to the booking, oldest first (document 1 §4: every change is written to its history). Loaded
 * again whenever the record changes (an edit, a cancellation).
 */
export function BookingHistory({ booking }: { booking: BookingRecord }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [history, setHistory] = useState<History>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    client.bookings.history({ params: { id: booking.id } }, { signal: controller.signal }).then(
      (reply) => setHistory({ status: 'ready', events: reply.items }),
      () => {
        if (!controller.signal.aborted) setHistory({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [client, booking]);
  if (history.status === 'loading')
    return (
      <div role="status">
        <span className="visually-hidden">{t('bookings.history.loading')}</span>
        <Skeleton width="70%" />
      </div>
    );
  if (history.status === 'failed') return <p className="muted">{t('bookings.history.failed')}</p>;
  if (history.events.length === 0) return <p className="muted">{t('bookings.details.none')}</p>;
  return (
    <ol className="booking-history" aria-label={t('bookings.history.title')}>
      {history.events.map((event) => (
        <li key={event.id} className="booking-history__event">
          <span className="booking-history__when">{formatBookedAt(event.createdAt)}</span>{' '}
          {t(`bookings.history.${event.action}`)}
          {event.userName ? <span className="muted"> · {event.userName}</span> : null}
        </li>
      ))}
    </ol>
  );
}
