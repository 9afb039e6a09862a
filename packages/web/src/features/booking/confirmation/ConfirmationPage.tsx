import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Link } from '../../../components/Link';
import { PageHeading } from '../../../components/PageHeading';
import { ProviderBrand } from '../cars/ProviderBrand';
import { BookingSteps } from '../property/BookingSteps';
import { useBookingFlow } from '../useBookingFlow';
import { useBookingParams } from '../useBookingParams';
import '../booking.css';

/**
 * `/property/{channelId}/confirmation/{bookingId}` (document 1 §2): the booking number from the route, the
 * address the confirmation went to, and "create new booking" (stays only), which clears the flow data and
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
        <dl className="details confirmation__details">
          <dt>{t('confirmation.booking_number')}</dt>
          <dd>
            <strong>{bookingId}</strong>
          </dd>
          {mine?.reservationId ? (
            <>
              <dt>{t('confirmation.reservation_number')}</dt>
              <dd>
                <strong>{mine.reservationId}</strong>
              </dd>
            </>
          ) : null}
        </dl>
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
