import {
  bookingPolicy,
  bookingTotal,
  type CheckoutData,
  type CheckoutOutput,
  chosenRates,
  formatPrice,
  isCardNeeded,
  roomsOf,
  type StayFlow,
  taxSummary,
} from '@tern/core/bookingEngine';
import { nightsBetween } from '@tern/core/dates';
import { formatDay } from '@tern/core/format';
import type { UnitWithRates } from '@tern/sdk';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { instead, Link } from '../../../components/Link';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { useErrorText } from '../../errors/useErrorText';
import { usePropertyInfo, useUnits } from '../property/usePropertyData';
import { CheckoutForm } from './CheckoutForm';

/**
 * Checkout for a stay: the property and the rooms chosen (the flow data), re-read for their current
 * prices, then core's checkout machine (contact, guests per room, the card when a rate needs one).
 */
export function StayCheckout({
  channelId,
  stay,
  propertyHref,
  steps,
  onBooked,
  onBack,
}: {
  channelId: string;
  stay: StayFlow;
  propertyHref: string;
  steps: React.ReactNode;
  onBooked: (output: CheckoutOutput) => void;
  /** The notices' way back to the property page, through the booking flow (`flow.back`). */
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { info } = usePropertyInfo('accommodations', channelId);
  const units = useUnits('accommodations', channelId, stay);

  useEffect(() => {
    if (info.status === 'ready') document.title = t('page_titles.title_suffix', { page: info.data.title });
  }, [info, t]);

  if (info.status === 'loading' || units.status === 'loading' || units.status === 'idle') {
    return (
      <div className="page page--center">
        <Spinner size="lg" label={t('payment_page.loading')} />
      </div>
    );
  }
  if (info.status !== 'ready' || units.status !== 'ready') {
    const error = info.status === 'error' ? info.error : units.status === 'error' ? units.error : null;
    return (
      <div className="page">
        <Alert variant="error" title={t('general.error_message')}>
          <p>{errorText(error)}</p>
          <Link href={propertyHref} onClick={instead(onBack)}>
            {t('hotel_page.back')}
          </Link>
        </Alert>
      </div>
    );
  }
  return (
    <StayCheckoutBody
      channelId={channelId}
      stay={stay}
      propertyHref={propertyHref}
      steps={steps}
      onBooked={onBooked}
      onBack={onBack}
      propertyTitle={info.data.title}
      propertyCurrency={info.data.currency}
      checkinTime={info.data.propertyPolicy?.checkinFromTime ?? null}
      units={units.data}
    />
  );
}

function StayCheckoutBody({
  channelId,
  stay,
  propertyHref,
  steps,
  onBooked,
  onBack,
  propertyTitle,
  propertyCurrency,
  checkinTime,
  units,
}: {
  channelId: string;
  stay: StayFlow;
  propertyHref: string;
  steps: React.ReactNode;
  onBooked: (output: CheckoutOutput) => void;
  onBack: () => void;
  propertyTitle: string;
  propertyCurrency: string;
  checkinTime: string | null;
  units: UnitWithRates[];
}) {
  const { t } = useTranslation();
  const chosen = useMemo(() => chosenRates<UnitWithRates>(units, stay.selection), [units, stay.selection]);
  const gone = chosen.some((c) => c.rate.unavailableReason !== null || c.quantity > c.rate.availability);
  const currency = chosen[0]?.rate.currency ?? stay.currency;
  const rooms = roomsOf(chosen);
  const total = bookingTotal(rooms, currency);
  const nights = nightsBetween(stay.checkinDate, stay.checkoutDate);
  const data: CheckoutData = {
    kind: 'accommodation',
    propertyId: channelId,
    currency,
    checkinDate: stay.checkinDate,
    checkoutDate: stay.checkoutDate,
    chosen: chosen.map(({ unit, rate, quantity }) => ({ unitId: unit.id, rate, quantity })),
    total,
  };
  return (
    <div className="page checkout">
      <div className="checkout__top">{steps}</div>
      <PageHeading>{t('payment_page.heading')}</PageHeading>
      <p className="muted">{propertyTitle}</p>
      {gone ? (
        <Alert variant="error" title={t('general.error_message')}>
          <p>{t('payment_page.price_changed')}</p>
          <Link href={propertyHref} onClick={instead(onBack)}>
            {t('hotel_page.back')}
          </Link>
        </Alert>
      ) : null}
      <CheckoutForm
        data={data}
        cardNeeded={isCardNeeded(chosen.map((c) => c.rate.cancellationPolicy))}
        units={units}
        policy={bookingPolicy(chosen.map((c) => c.rate.cancellationPolicy))}
        policyFrom={{ date: stay.checkinDate, time: checkinTime }}
        totalText={formatPrice(total, currency)}
        onBooked={onBooked}
        summary={{
          lines: chosen.map(({ unit, rate, quantity }) => ({
            key: `${unit.id}-${rate.id}`,
            label: t('price_summary.room_line', { quantity, unit: unit.title, rate: rate.title }),
            amount: rate.totalPrice * quantity,
          })),
          // Each room's price already carries its taxes: the lines say what part of it they are.
          taxes: taxSummary(rooms, currency).map((tax) => ({ ...tax, inclusive: true })),
          total,
          currency,
          period: `${t('price_summary.dates', { checkin: formatDay(stay.checkinDate), checkout: formatDay(stay.checkoutDate) })} · ${t('price_summary.nights', { count: nights })}`,
          alerts:
            currency !== propertyCurrency ? (
              <Alert variant="warning">
                {t('payment_page.currency_convertion_alert', {
                  currency,
                  property: propertyTitle,
                  propertyCurrency,
                })}
              </Alert>
            ) : null,
        }}
      />
    </div>
  );
}
