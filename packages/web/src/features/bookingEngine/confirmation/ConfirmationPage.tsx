import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Link } from '../../../components/Link';
import { PageHeading } from '../../../components/PageHeading';
import { ProviderBrand } from '../cars/ProviderBrand';
import { BookingSteps } from '../property/BookingSteps';
import { useBookingFlow } from '../useBookingFlow';
import { useBookingParams } from '../useBookingParams';
import { BookingRecap, useBookedRecord } from './BookingRecap';
import '../booking.css';

/**
 * `/property/{channelId}/confirmation/{bookingId}` (document 1 §2): the booking number (TRN-…) first, a recap
 * of what was booked (read from the server, so a reload shows it too), the address the confirmation went to, and "create new booking" (stays only), which clears the flow data and
 * opens the property page with the type in the query (core's booking flow machine, M01).
 */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const { channelId, bookingId } = useParams({ strict: false }) as { channelId: string; bookingId: string };
  const { params, searchStr } = useBookingParams();
  const [flow, sendFlow] = useBookingFlow({
    kind: params.type,
    channelId,
    step: 'confirmation',
    query: searchStr,
    bookingId,
  });
  const booked = flow.context.flow.booked;
  const mine = booked && booked.bookingId === bookingId ? booked : null;
  const isCar = params.type === 'vehicle' || mine?.kind === 'vehicle';
  const record = useBookedRecord(bookingId);
  const number = record.data?.reservationId ?? mine?.reservationId ?? null;

  return (
    <div className="page confirmation">
      <div className="checkout__top">
        <BookingSteps current="confirmation" propertyHref="" isCar={isCar} />
      </div>
      <section className="confirmation__panel card" aria-labelledby="confirmation-heading">
        <div className="confirmation__icon" aria-hidden="true">
          ✓
        </div>
        <PageHeading>
          <span id="confirmation-heading">{t('confirmation.heading')}</span>
        </PageHeading>
        {/* The number people quote (TRN-…) leads; the record's id stays in the address only. */}
        {number ? (
          <p className="confirmation__number">
            {t('confirmation.booking_number')} <strong>{number}</strong>
          </p>
        ) : null}
        <BookingRecap booking={record} />
        {mine?.email ? <p>{t('confirmation.sent_to', { email: mine.email })}</p> : null}
        {isCar && mine?.provider ? <ProviderBrand provider={mine.provider} size="lg" /> : null}
        <div className="confirmation__actions">
          {isCar ? null : (
            <Button onPress={() => sendFlow({ type: 'booking.new' })}>{t('confirmation.create_new')}</Button>
          )}
          <Link href="/bookings" variant="button">
            {t('confirmation.go_to_bookings')}
          </Link>
        </div>
      </section>
    </div>
  );
}
