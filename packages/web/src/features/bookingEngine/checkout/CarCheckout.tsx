import {
  type CarFlow,
  type CheckoutData,
  type CheckoutOutput,
  formatPrice,
  isCardNeeded,
} from '@tern/core/bookingEngine';
import { formatDay } from '@tern/core/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/PageHeading';
import { ProviderBrand } from '../cars/ProviderBrand';
import { CheckoutForm } from './CheckoutForm';

/** Checkout for a car (document 1 §2): the driver, the card when the offer needs one, policy and summary. */
export function CarCheckout({
  channelId,
  car,
  steps,
  onBooked,
}: {
  channelId: string;
  car: CarFlow;
  steps: ReactNode;
  onBooked: (output: CheckoutOutput) => void;
}) {
  const { t } = useTranslation();
  const { offer } = car;
  // The offer is priced for the days it charges (core's `carChargedDays`, DECISIONS 8).
  const total = offer.ratePlans[0]?.totalPrice;
  const data: CheckoutData = {
    kind: 'vehicle',
    propertyId: channelId,
    currency: car.currency,
    vehicleChannelId: offer.vehicleChannelId,
    rateId: offer.id,
    rental: {
      pickupDate: car.pickupDate,
      dropoffDate: car.dropoffDate,
      pickupTime: car.pickupTime,
      dropoffTime: car.dropoffTime,
    },
    driverAge: car.driverAge,
    driverCountry: car.driverCountry,
    ...(total !== undefined ? { total } : {}),
  };
  return (
    <div className="page checkout">
      <div className="checkout__top">{steps}</div>
      <PageHeading>{t('payment_page.heading_car')}</PageHeading>
      <p className="muted">
        {offer.make} {offer.model} · {offer.stationTitle}
      </p>
      <CheckoutForm
        data={data}
        cardNeeded={isCardNeeded([offer.cancellationPolicy])}
        policy={offer.cancellationPolicy}
        policyFrom={{ date: car.pickupDate, time: car.pickupTime, timeZone: offer.station.timezone }}
        totalText={formatPrice(total, car.currency)}
        driver={{ age: car.driverAge, country: car.driverCountry }}
        onBooked={onBooked}
        summary={{
          lines: [
            {
              key: offer.id,
              label: `${offer.make} ${offer.model} · ${t('vehicle_summary.days', { count: offer.days })}`,
              amount: total ?? 0,
            },
          ],
          taxes: [],
          total: total ?? null,
          currency: car.currency,
          period: `${t('vehicle_summary.pickup')}: ${t('vehicle_summary.at', { date: formatDay(car.pickupDate), time: car.pickupTime })} · ${t('vehicle_summary.dropoff')}: ${t('vehicle_summary.at', { date: formatDay(car.dropoffDate), time: car.dropoffTime })}`,
          alerts: <ProviderBrand provider={offer.provider} />,
        }}
      />
    </div>
  );
}
