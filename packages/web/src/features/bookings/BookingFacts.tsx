import { formatPrice } from '@tern/core/bookingEngine';
import { bookingStatusLabel } from '@tern/core/bookings';
import type { BookingRecord, PropertyPolicy } from '@tern/sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { usePaymentText, usePolicyText } from '../bookingEngine/property/PolicyText';
import { formatBookedAt, formatStay, maskCardNumber } from './format';

/** A titled block of the drawer. */
export function DetailsSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="booking-details__section" aria-label={title}>
      <div className="booking-details__section-head">
        <h3 className="booking-details__heading">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Label–value rows as a definition list. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="booking-details__facts">
      {rows.map(([term, value]) => (
        <div key={term} className="booking-details__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The booking's facts (document 1 §3 booking record): status, numbers, dates, who booked, the customer, the total. */
export function BookingSummary({ booking }: { booking: BookingRecord }) {
  const { t } = useTranslation();
  const car = booking.propertyType === 'vehicle';
  const rows: [string, ReactNode][] = [
    [t('bookings.columns.status'), t(`bookings.status.${bookingStatusLabel(booking.status)}`)],
    [t('bookings.details.number'), booking.reservationId],
  ];
  if (booking.reservationName) rows.push([t('bookings.details.reservation_name'), booking.reservationName]);
  if (booking.externalReferenceId)
    rows.push([t('bookings.details.external_reference'), booking.externalReferenceId]);
  rows.push([
    car ? t('bookings.details.rental') : t('bookings.details.stay'),
    <>
      {formatStay(booking)}
      {car
        ? booking.arrivalTime
          ? ` · ${t('bookings.details.pickup_at', { time: booking.arrivalTime })}`
          : ''
        : ` · ${t('bookings.details.nights', { count: booking.totalNights })}`}
    </>,
  ]);
  rows.push([t('bookings.columns.property'), booking.hotelName]);
  const code = booking.source === 'gift_card' ? booking.giftCardCode : null;
  rows.push([
    t('bookings.details.booked_by'),
    code ? (
      // The card it was redeemed with: the orders page, searched by its code.
      <Link key="gift-card" href={`/orders?term=${encodeURIComponent(code)}`}>
        {t('bookings.details.gift_card', { code })}
      </Link>
    ) : (
      `${booking.user.name} · ${booking.resellerName}`
    ),
  ]);
  rows.push([t('bookings.columns.booked_at'), formatBookedAt(booking.createdAt)]);
  rows.push([
    t('bookings.details.customer'),
    [`${booking.customer.name} ${booking.customer.surname}`.trim(), booking.customer.mail]
      .filter(Boolean)
      .join(' · '),
  ]);
  rows.push([t('bookings.details.liability'), t(`liability.${booking.liability}`)]);
  rows.push([t('bookings.details.total'), formatPrice(booking.price.total, booking.price.currency)]);
  return <Facts rows={rows} />;
}

/** The booking's cancellation policy in words, or the documents' "no policy" message (R124). */
export function CancellationPolicyInfo({ booking }: { booking: BookingRecord }) {
  const { t } = useTranslation();
  const policyText = usePolicyText();
  const paymentText = usePaymentText();
  const policy = booking.cancellationPolicy;
  if (!policy) return <p className="muted">{t('payment_page.policy_info.no_policy_message')}</p>;
  return (
    <p>
      <strong>{policy.title}</strong>: {policyText(policy)} · {paymentText(policy)}
    </p>
  );
}

/** The property's house rules as booked: check-in and check-out, internet, parking, pets, smoking. */
export function PropertyPolicyInfo({ policy }: { policy: PropertyPolicy }) {
  const { t } = useTranslation();
  const span = (from: string | null, to: string | null) =>
    from && to
      ? t('property_policy.from_to', { from, to })
      : from
        ? t('property_policy.from', { from })
        : to
          ? t('property_policy.until', { to })
          : '—';
  const rows: [string, string][] = [
    [t('property_policy.checkin'), span(policy.checkinFromTime, policy.checkinToTime)],
    [t('property_policy.checkout'), span(policy.checkoutFromTime, policy.checkoutToTime)],
    [t('property_policy.internet'), t(`property_policy.internet_type.${policy.internetAccessType}`)],
    [t('property_policy.parking'), t(`property_policy.parking_type.${policy.parkingType}`)],
    [t('property_policy.pets'), t(`property_policy.pets_policy.${policy.petsPolicy}`)],
    [t('property_policy.smoking'), t(`property_policy.smoking_policy.${policy.smokingPolicy}`)],
  ];
  if (policy.isAdultsOnly) rows.push([t('property_policy.adults_only'), '✓']);
  return <Facts rows={rows} />;
}

/** The guarantee card, masked: its type, the last four digits and the expiry, nothing else. */
export function GuaranteeInfo({ guarantee }: { guarantee: NonNullable<BookingRecord['guarantee']> }) {
  const { t } = useTranslation();
  return (
    <p>
      {t('bookings.details.card_line', {
        type: guarantee.cardType,
        number: maskCardNumber(guarantee.cardNumber),
        expiry: guarantee.expirationDate,
      })}
      {guarantee.isVirtual ? ` · ${t('bookings.details.card_virtual')}` : ''}
    </p>
  );
}
