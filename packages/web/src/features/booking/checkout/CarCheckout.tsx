import { useNavigate } from '@tanstack/react-router';
import {
  bookingIdOf,
  errorMessage,
  formatDay,
  formatPrice,
  type VaultCard,
  validateDriver,
  vehicleBookingPayload,
} from '@tern/core';
import type { VehicleBookingBody } from '@tern/sdk';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/AlertDialog';
import { PageHeading } from '../../../components/PageHeading';
import { TextField } from '../../../components/TextField';
import { useServices } from '../../../session/SessionContext';
import { bookingApi } from '../api';
import { ProviderBrand } from '../cars/ProviderBrand';
import { type CarFlow, updateFlow } from '../flowStorage';
import { BookingSteps } from '../property/BookingSteps';
import { PriceSummary } from '../property/PriceSummary';
import { CardSection } from './CardSection';
import { CheckoutActions } from './CheckoutActions';
import { DriverForm, type DriverValues } from './DriverForm';
import { PolicyInfo } from './PolicyInfo';
import { FrameNotReadyError } from './useCardFrame';
import { useFocusFirstInvalid } from './useSubmitFocus';

/** Checkout for a car (document 1 §2): the driver, the card when the offer needs one, policy and summary. */
export function CarCheckout({
  channelId,
  car,
  searchStr,
}: {
  channelId: string;
  car: CarFlow;
  searchStr: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { client, storage, now } = useServices();
  const { offer } = car;
  const card = (offer.cancellationPolicy?.guaranteePaymentPolicy ?? 'none') !== 'none';
  const requestCard = useRef<(() => Promise<VaultCard>) | null>(null);
  const [driver, setDriver] = useState<DriverValues>({ firstName: '', lastName: '', email: '', phone: '' });
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof DriverValues, string>>>({});
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [frameModal, setFrameModal] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  // The offer is priced for the days it charges (core's `carChargedDays`, DECISIONS 8).
  const days = offer.days;
  const total = offer.ratePlans[0]?.totalPrice ?? null;
  const backHref = `/search_cars?${searchStr}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!agreed || submitting) return;
    setServerError(null);
    const found = validateDriver(driver);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    let guarantee: { cardToken: string } | undefined;
    if (card) {
      try {
        setSubmitting(true);
        if (!requestCard.current) throw new FrameNotReadyError();
        guarantee = { cardToken: (await requestCard.current()).token };
      } catch (error) {
        setSubmitting(false);
        // The vault's refusal shows under its frame; a frame that is not ready opens the modal.
        if (error instanceof FrameNotReadyError) setFrameModal(true);
        return;
      }
    }
    const payload = vehicleBookingPayload({
      vehicleChannelId: offer.vehicleChannelId,
      rateId: offer.id,
      rental: {
        pickupDate: car.pickupDate,
        dropoffDate: car.dropoffDate,
        pickupTime: car.pickupTime,
        dropoffTime: car.dropoffTime,
      },
      currency: car.currency,
      notes,
      driver: {
        firstName: driver.firstName.trim(),
        lastName: driver.lastName.trim(),
        age: car.driverAge,
        email: driver.email.trim(),
        phone: driver.phone.trim(),
        address: { countryCode: car.driverCountry },
      },
      cardToken: guarantee?.cardToken,
    });
    // The price shown: the server refuses the booking if it has changed since (409 price_changed).
    const body: VehicleBookingBody = {
      booking: { ...payload.booking, ...(total !== null ? { total } : {}) },
    };
    setSubmitting(true);
    try {
      const created = await bookingApi(client).createVehicleBooking(body);
      const bookingId = bookingIdOf(created);
      updateFlow(storage, (flow) => ({
        ...flow,
        booked: {
          bookingId,
          reservationId: created.reservationId,
          email: driver.email.trim(),
          kind: 'vehicle',
          provider: offer.provider,
        },
      }));
      void navigate({
        href: `/property/${encodeURIComponent(channelId)}/confirmation/${encodeURIComponent(bookingId)}?${searchStr}`,
      });
    } catch (error) {
      setSubmitting(false);
      setServerError(errorMessage(error));
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  }

  return (
    <div className="page checkout">
      <div className="checkout__top">
        <BookingSteps current="checkout" propertyHref={backHref} isCar />
      </div>
      <PageHeading>{t('payment_page.heading')}</PageHeading>
      <p className="muted">
        {offer.make} {offer.model} · {offer.stationTitle}
      </p>
      <form ref={formRef} className="checkout__layout" onSubmit={submit} noValidate>
        <div className="checkout__main">
          <section className="checkout-section" aria-labelledby="driver-heading">
            <h2 id="driver-heading">{t('driver.heading')}</h2>
            <DriverForm
              value={driver}
              onChange={(field, value) => {
                setDriver({ ...driver, [field]: value });
                // A corrected field stops saying it is wrong; the next submit checks everything again.
                setErrors(({ [field]: _fixed, ...rest }) => rest);
              }}
              errors={errors}
              age={car.driverAge}
              country={car.driverCountry}
            />
            <TextField label={t('payment_page.notes')} value={notes} onChange={setNotes} name="notes" />
          </section>
          {card ? <CardSection kind="vehicles" propertyId={channelId} requestCard={requestCard} /> : null}
          <section className="checkout-section" aria-labelledby="policy-heading">
            <h2 id="policy-heading">{t('payment_page.policy_info.heading')}</h2>
            <PolicyInfo
              policy={offer.cancellationPolicy}
              checkinDate={car.pickupDate}
              checkinTime={car.pickupTime}
              now={now()}
            />
          </section>
        </div>
        <aside className="checkout__aside">
          <PriceSummary
            lines={[
              {
                key: offer.id,
                label: `${offer.make} ${offer.model} · ${t('vehicle_summary.days', { count: days })}`,
                amount: total ?? 0,
              },
            ]}
            taxes={[]}
            total={total}
            currency={car.currency}
            period={`${t('vehicle_summary.pickup')}: ${t('vehicle_summary.at', { date: formatDay(car.pickupDate), time: car.pickupTime })} · ${t('vehicle_summary.dropoff')}: ${t('vehicle_summary.at', { date: formatDay(car.dropoffDate), time: car.dropoffTime })}`}
            alerts={<ProviderBrand provider={offer.provider} />}
            action={
              <CheckoutActions
                ref={errorRef}
                agreed={agreed}
                onAgreedChange={setAgreed}
                submitting={submitting}
                total={formatPrice(total, car.currency)}
                error={serverError}
              />
            }
          />
        </aside>
      </form>
      <AlertDialog
        title={t('payment_page.error_modal.header')}
        isOpen={frameModal}
        onOpenChange={setFrameModal}
        confirmLabel={t('payment_page.error_modal.close')}
        variant="error"
      >
        <p>{t('payment_page.error_modal.text')}</p>
      </AlertDialog>
    </div>
  );
}
