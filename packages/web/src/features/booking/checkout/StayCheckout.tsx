import { useNavigate } from '@tanstack/react-router';
import {
  bookingIdOf,
  bookingPolicy,
  bookingTotal,
  chosenRates,
  errorMessage,
  formatDay,
  formatPrice,
  type GuestInput,
  guestSpaces,
  isCardNeeded,
  nightsBetween,
  parseGuestPaste,
  pasteGuests,
  roomsOf,
  stayBookingPayload,
  taxSummary,
  type VaultCard,
  validateContact,
} from '@tern/core';
import type { StayBookingBody, UnitWithRates } from '@tern/sdk';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { AlertDialog } from '../../../components/AlertDialog';
import { Link } from '../../../components/Link';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { useServices } from '../../../session/SessionContext';
import { bookingApi } from '../api';
import { type StayFlow, updateFlow } from '../flowStorage';
import { BookingSteps } from '../property/BookingSteps';
import { PriceSummary } from '../property/PriceSummary';
import { usePropertyInfo, useRates } from '../property/usePropertyData';
import { CardSection } from './CardSection';
import { CheckoutActions } from './CheckoutActions';
import { type GuestRoom, GuestRooms } from './GuestRooms';
import { PolicyInfo } from './PolicyInfo';
import { FrameNotReadyError } from './useCardFrame';
import { useFocusFirstInvalid } from './useSubmitFocus';

interface Contact {
  name: string;
  surname: string;
  mail: string;
  phone: string;
}

/** Checkout for a stay: contact, guests per room, the card when a rate needs one, policies and summary. */
export function StayCheckout({
  channelId,
  stay,
  searchStr,
}: {
  channelId: string;
  stay: StayFlow;
  searchStr: string;
}) {
  const { t } = useTranslation();
  const { info } = usePropertyInfo('accommodations', channelId);
  const { rates } = useRates('accommodations', channelId, stay);
  const propertyHref = `/property/${encodeURIComponent(channelId)}?${searchStr}`;

  useEffect(() => {
    if (info.status === 'ready') document.title = t('page_titles.title_suffix', { page: info.data.title });
  }, [info, t]);

  if (info.status === 'loading' || rates.status === 'loading' || rates.status === 'idle') {
    return (
      <div className="page page--center">
        <Spinner size="lg" label={t('payment_page.loading')} />
      </div>
    );
  }
  if (info.status !== 'ready' || rates.status !== 'ready') {
    const error = info.status === 'error' ? info.error : rates.status === 'error' ? rates.error : null;
    return (
      <div className="page">
        <Alert variant="error" title={t('general.error_message')}>
          <p>{error ? errorMessage(error) : t('general.error_description')}</p>
          <Link href={propertyHref}>{t('hotel_page.back')}</Link>
        </Alert>
      </div>
    );
  }
  return (
    <StayCheckoutForm
      channelId={channelId}
      stay={stay}
      searchStr={searchStr}
      propertyTitle={info.data.title}
      propertyCurrency={info.data.currency}
      checkinTime={info.data.propertyPolicy?.checkinFromTime ?? null}
      units={rates.data}
    />
  );
}

function StayCheckoutForm({
  channelId,
  stay,
  searchStr,
  propertyTitle,
  propertyCurrency,
  checkinTime,
  units,
}: {
  channelId: string;
  stay: StayFlow;
  searchStr: string;
  propertyTitle: string;
  propertyCurrency: string;
  checkinTime: string | null;
  units: UnitWithRates[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { client, storage, now } = useServices();
  const chosen = useMemo(() => chosenRates(units, stay.selection), [units, stay.selection]);
  const gone = chosen.some((c) => c.rate.unavailableReason !== null || c.quantity > c.rate.availability);
  const card = isCardNeeded(chosen.map((c) => c.rate.cancellationPolicy));
  const requestCard = useRef<(() => Promise<VaultCard>) | null>(null);
  const [contact, setContact] = useState<Contact>({ name: '', surname: '', mail: '', phone: '' });
  const [extras, setExtras] = useState({ reservationName: '', externalReference: '', specialRequest: '' });
  const [rooms, setRooms] = useState<GuestRoom[]>(() =>
    chosen.flatMap(({ unit, rate, quantity }) =>
      Array.from({ length: quantity }, (_, i) => ({
        key: `${unit.id}-${rate.id}-${i}`,
        unitTitle: unit.title,
        rateTitle: rate.title,
        maxGuests: guestSpaces(rate.occupancy),
        guests: [{ name: '', surname: '', nationality: '' }],
      })),
    ),
  );
  const [errors, setErrors] = useState<Partial<Record<keyof Contact, string>>>({});
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [frameModal, setFrameModal] = useState(false);
  const [pasteAsk, setPasteAsk] = useState<{
    room: number;
    withExtra: GuestInput[];
    withinMax: GuestInput[];
    overflow: number;
  } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  const nights = nightsBetween(stay.checkinDate, stay.checkoutDate);
  const currency = chosen[0]?.rate.currency ?? stay.currency;
  const total = bookingTotal(roomsOf(chosen), currency);
  const policy = bookingPolicy(chosen.map((c) => c.rate.cancellationPolicy));
  const propertyHref = `/property/${encodeURIComponent(channelId)}?${searchStr}`;

  function setGuest(room: number, guest: number, field: keyof GuestInput, value: string) {
    setRooms((all) =>
      all.map((r, i) =>
        i === room
          ? { ...r, guests: r.guests.map((g, j) => (j === guest ? { ...g, [field]: value } : g)) }
          : r,
      ),
    );
  }

  function paste(room: number, guest: number, text: string) {
    const target = rooms[room];
    if (!target) return;
    const result = pasteGuests(target.guests, guest, parseGuestPaste(text), target.maxGuests);
    if (result.overflow > 0) setPasteAsk({ room, ...result });
    else setRooms((all) => all.map((r, i) => (i === room ? { ...r, guests: result.withinMax } : r)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!agreed || submitting) return;
    setServerError(null);
    const found = validateContact(contact);
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
        const vaultCard = await requestCard.current();
        guarantee = { cardToken: vaultCard.token };
      } catch (error) {
        setSubmitting(false);
        // The vault's refusal shows under its frame; a frame that is not ready opens the modal.
        if (error instanceof FrameNotReadyError) setFrameModal(true);
        return;
      }
    }
    // Guest rows follow the rooms in order: each chosen rate has `quantity` rooms.
    let next = 0;
    const payload = stayBookingPayload({
      currency,
      checkinDate: stay.checkinDate,
      checkoutDate: stay.checkoutDate,
      customer: {
        name: contact.name.trim(),
        surname: contact.surname.trim(),
        mail: contact.mail.trim(),
        ...(contact.phone.trim() ? { phone: contact.phone.trim() } : {}),
      },
      chosen: chosen.map(({ unit, rate, quantity }) => ({
        unitId: unit.id,
        rate,
        quantity,
        guests: Array.from({ length: quantity }, () => rooms[next++]?.guests ?? []),
      })),
      cardToken: guarantee?.cardToken,
      reservationName: extras.reservationName,
      externalReference: extras.externalReference,
      specialRequest: extras.specialRequest,
    });
    // The total shown: the server refuses the booking if the price has changed since (409 price_changed).
    const body: StayBookingBody = { booking: { ...payload.booking, total } };
    setSubmitting(true);
    try {
      const created = await bookingApi(client).createStayBooking(channelId, body);
      const bookingId = bookingIdOf(created);
      updateFlow(storage, (flow) => ({
        ...flow,
        booked: {
          bookingId,
          reservationId: created.reservationId,
          email: contact.mail.trim() || null,
          kind: 'accommodation',
          provider: null,
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
        <BookingSteps current="checkout" propertyHref={propertyHref} />
      </div>
      <PageHeading>{t('payment_page.heading')}</PageHeading>
      <p className="muted">{propertyTitle}</p>
      {gone ? (
        <Alert variant="error" title={t('general.error_message')}>
          <p>{t('payment_page.price_changed')}</p>
          <Link href={propertyHref}>{t('hotel_page.back')}</Link>
        </Alert>
      ) : null}
      <form ref={formRef} className="checkout__layout" onSubmit={submit} noValidate>
        <div className="checkout__main">
          <section className="checkout-section" aria-labelledby="contact-heading">
            <h2 id="contact-heading">{t('payment_page.contact')}</h2>
            <p className="muted">{t('payment_page.contact_intro')}</p>
            <div className="form-grid">
              <TextField
                label={t('payment_page.first_name')}
                value={contact.name}
                onChange={(v) => setContact({ ...contact, name: v })}
                autoComplete="given-name"
                name="contact-name"
              />
              <TextField
                label={t('payment_page.last_name')}
                value={contact.surname}
                onChange={(v) => {
                  setContact({ ...contact, surname: v });
                  setErrors(({ surname: _fixed, ...rest }) => rest);
                }}
                errorMessage={errors.surname ? t(errors.surname) : null}
                isRequired
                autoComplete="family-name"
                name="contact-surname"
              />
              <TextField
                label={t('payment_page.email')}
                type="email"
                inputMode="email"
                value={contact.mail}
                onChange={(v) => {
                  setContact({ ...contact, mail: v });
                  setErrors(({ mail: _fixed, ...rest }) => rest);
                }}
                errorMessage={errors.mail ? t(errors.mail) : null}
                isRequired
                autoComplete="email"
                name="contact-email"
              />
              <TextField
                label={t('payment_page.phone')}
                type="tel"
                inputMode="tel"
                value={contact.phone}
                onChange={(v) => setContact({ ...contact, phone: v })}
                autoComplete="tel"
                name="contact-phone"
              />
            </div>
          </section>
          <section className="checkout-section" aria-labelledby="guests-heading">
            <h2 id="guests-heading">{t('guests.heading')}</h2>
            <GuestRooms
              rooms={rooms}
              onGuestChange={setGuest}
              onAddGuest={(room) =>
                setRooms((all) =>
                  all.map((r, i) =>
                    i === room && r.guests.length < r.maxGuests
                      ? { ...r, guests: [...r.guests, { name: '', surname: '', nationality: '' }] }
                      : r,
                  ),
                )
              }
              onRemoveGuest={(room, guest) =>
                setRooms((all) =>
                  all.map((r, i) =>
                    i === room && guest > 0 ? { ...r, guests: r.guests.filter((_, j) => j !== guest) } : r,
                  ),
                )
              }
              onPaste={paste}
            />
          </section>
          <section className="checkout-section" aria-labelledby="extras-heading">
            <h2 id="extras-heading" className="visually-hidden">
              {t('payment_page.special_request')}
            </h2>
            <div className="form-grid">
              <TextField
                label={t('payment_page.reservation_name')}
                value={extras.reservationName}
                onChange={(v) => setExtras({ ...extras, reservationName: v })}
                name="reservation-name"
              />
              <TextField
                label={t('payment_page.external_reference')}
                value={extras.externalReference}
                onChange={(v) => setExtras({ ...extras, externalReference: v })}
                name="external-reference"
              />
            </div>
            <TextAreaField
              label={t('payment_page.special_request')}
              value={extras.specialRequest}
              onChange={(v) => setExtras({ ...extras, specialRequest: v })}
            />
          </section>
          {card ? (
            <CardSection kind="accommodations" propertyId={channelId} requestCard={requestCard} />
          ) : null}
          <section className="checkout-section" aria-labelledby="policy-heading">
            <h2 id="policy-heading">{t('payment_page.policy_info.heading')}</h2>
            <PolicyInfo
              policy={policy}
              checkinDate={stay.checkinDate}
              checkinTime={checkinTime}
              now={now()}
            />
          </section>
        </div>
        <aside className="checkout__aside">
          <PriceSummary
            lines={chosen.map(({ unit, rate, quantity }) => ({
              key: `${unit.id}-${rate.id}`,
              label: t('price_summary.room_line', { quantity, unit: unit.title, rate: rate.title }),
              amount: rate.totalPrice * quantity,
            }))}
            // Each room's price already carries its taxes: the lines say what part of it they are.
            taxes={taxSummary(roomsOf(chosen), currency).map((tax) => ({ ...tax, inclusive: true }))}
            total={total}
            currency={currency}
            period={`${t('price_summary.dates', { checkin: formatDay(stay.checkinDate), checkout: formatDay(stay.checkoutDate) })} · ${t('price_summary.nights', { count: nights })}`}
            alerts={
              currency !== propertyCurrency ? (
                <Alert variant="warning">
                  {t('payment_page.currency_convertion_alert', {
                    currency,
                    property: propertyTitle,
                    propertyCurrency,
                  })}
                </Alert>
              ) : null
            }
            action={
              <CheckoutActions
                ref={errorRef}
                agreed={agreed}
                onAgreedChange={setAgreed}
                submitting={submitting}
                total={formatPrice(total, currency)}
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
      <AlertDialog
        title={t('guests.extra_rows_title')}
        isOpen={pasteAsk !== null}
        onOpenChange={(open) => !open && setPasteAsk(null)}
        confirmLabel={t('guests.extra_rows_yes')}
        cancelLabel={t('guests.extra_rows_no', { max: pasteAsk ? rooms[pasteAsk.room]?.maxGuests : 0 })}
        onConfirm={() => {
          if (!pasteAsk) return;
          setRooms((all) =>
            all.map((r, i) => (i === pasteAsk.room ? { ...r, guests: pasteAsk.withExtra } : r)),
          );
        }}
        onCancel={() => {
          if (!pasteAsk) return;
          setRooms((all) =>
            all.map((r, i) => (i === pasteAsk.room ? { ...r, guests: pasteAsk.withinMax } : r)),
          );
        }}
      >
        <p>
          {pasteAsk
            ? t('guests.extra_rows_text', {
                count: pasteAsk.overflow,
                unit: rooms[pasteAsk.room]?.unitTitle,
                max: rooms[pasteAsk.room]?.maxGuests,
              })
            : null}
        </p>
      </AlertDialog>
    </div>
  );
}

function TextAreaField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <span className="field__control">
        <textarea
          className="field__input field__textarea"
          rows={3}
          maxLength={2000}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </span>
    </label>
  );
}
