import type { BookingRecord } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../components/Skeleton';
import { useApiQuery } from '../../data/useApiQuery';
import { formatBookedAt } from './format';

/**
 * What happened to the booking, oldest first (document 1 §4: every change is written to its history). Loaded
 * again whenever the record changes (an edit, a cancellation).
 */
export function BookingHistory({ booking }: { booking: BookingRecord }) {
  const { t } = useTranslation();
  // The record is part of the key: an edited or cancelled booking reads its history again.
  const history = useApiQuery(['bookings.history', booking.id, booking], (client, signal) =>
    client.bookings.history({ params: { id: booking.id } }, { signal }).then((reply) => reply.items),
  );
  if (history.isPending) return <LoadingSkeleton label={t('bookings.history.loading')} lines={1} />;
  if (history.isError) return <p className="muted">{t('bookings.history.failed')}</p>;
  if (history.data.length === 0) return <p className="muted">{t('bookings.details.none')}</p>;
  return (
    <ol className="booking-history" aria-label={t('bookings.history.title')}>
      {history.data.map((event) => (
        <li key={event.id} className="booking-history__event">
          <span className="booking-history__when">{formatBookedAt(event.createdAt)}</span>{' '}
          {t(`bookings.history.${event.action}`)}
          {event.userName ? <span className="muted"> · {event.userName}</span> : null}
        </li>
      ))}
    </ol>
  );
}
