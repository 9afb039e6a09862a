import { formatDayShortMonth, formatMoney } from '@tern/core/format';
import {
  CONFIRMATION_POLLS_MAX,
  propertiesPage,
  type RedemptionEvent,
  rateBookable,
} from '@tern/core/redemption';
import type { RedemptionStay } from '@tern/sdk/contract';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../checkout/Field';
import { LoadFailed, useStore } from '../context';
import { StoreLink, useStorePath, useStoreRouter } from '../router';
import { DateGrid } from './DateGrid';
import { pageOfState, type RedemptionSnapshot, useRedemption } from './flow';
import { RedeemForm } from './RedeemForm';
import '../checkout/checkout.css';
import './redeem.css';

/**
 * The redemption's pages (document 3 §2.1–§2.2, §5, §8, §9; screens 62, 64–67): one component over the five
 * addresses of core's M34 flow (`flow.ts`), drawing the page of the flow's state — the use page, a multi-property
 * card's hotels, the booking page (the date grid, the rooms and rates), its checkout, its confirmation. Each page's
 * heading takes the focus when the page changes; the confirmation's polls speak through a live region.
 */
export function RedeemPage() {
  const [snapshot, actor] = useRedemption();
  const page = pageOfState(snapshot);
  const send = actor.send;
  return (
    <div className="store-checkout redeem" aria-busy={snapshot.hasTag('busy')}>
      {page === 'use' ? <UseCard snapshot={snapshot} send={send} /> : null}
      {page === 'properties' ? <Properties snapshot={snapshot} send={send} /> : null}
      {page === 'booking' ? <Booking snapshot={snapshot} send={send} /> : null}
      {page === 'checkout' ? <Checkout snapshot={snapshot} send={send} /> : null}
      {page === 'confirmation' ? <Confirmation snapshot={snapshot} /> : null}
    </div>
  );
}

interface ViewProps {
  snapshot: RedemptionSnapshot;
  send: (event: RedemptionEvent) => void;
}

/** A page's heading, focused when the page (or its step) is drawn: a screen reader hears where it is. */
export function Heading({ children, step }: { children: ReactNode; step?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is why the focus moves
  useEffect(() => {
    ref.current?.focus();
  }, [step]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

/** A failed call: the server's words (or the network's), and a retry when the machine offers one. */
function Failed({ snapshot, send, words }: ViewProps & { words?: string }) {
  const { t } = useTranslation();
  const { error } = snapshot.context;
  return (
    <div role="alert" className="store-error">
      {words ? <p>{words}</p> : null}
      {error?.message ? <p>{error.message}</p> : null}
      {snapshot.can({ type: 'user.retry' }) ? (
        <button type="button" className="store-button" onClick={() => send({ type: 'user.retry' })}>
          {t('common.try_again')}
        </button>
      ) : null}
    </div>
  );
}

/** Screen 62, the use page (R312): the number, checked by the server, then the card's booking page. */
function UseCard({ snapshot, send }: ViewProps) {
  const { t } = useTranslation();
  const { context } = snapshot;
  const busy = snapshot.matches('checkingNumber');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'number.submit' });
  };
  return (
    <>
      <Heading>{t('redeem.use_title')}</Heading>
      <p>{t('redeem.use_intro')}</p>
      <form onSubmit={submit} noValidate className="store-form redeem-number">
        <Field
          name="giftCardNumber"
          label={t('redeem.number')}
          value={context.typed}
          onValue={(value) => send({ type: 'number.change', value })}
          error={context.numberError ?? undefined}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
        />
        <button type="submit" className="store-button" disabled={busy}>
          {busy ? t('redeem.checking') : t('redeem.check')}
        </button>
      </form>
      {context.error ? <Failed snapshot={snapshot} send={send} /> : null}
    </>
  );
}

/** Screen 67, a multi-property card's hotels, 5 a page (R319): the chosen one leads to the booking page. */
function Properties({ snapshot, send }: ViewProps) {
  const { t } = useTranslation();
  const card = snapshot.context.card!;
  const [page, setPage] = useState(1);
  const shown = propertiesPage(card.properties, page);
  return (
    <>
      <Heading step={String(shown.page)}>{t('redeem.properties_title')}</Heading>
      <p>{t('redeem.properties_intro', { title: card.title })}</p>
      <ul className="redeem-hotels">
        {shown.items.map((p) => (
          <li key={p.id}>
            {p.photoUrl ? <img src={p.photoUrl} alt="" /> : null}
            <h2>{p.title}</h2>
            <p>{[p.city, p.country].filter(Boolean).join(', ')}</p>
            <button
              type="button"
              className="store-button"
              onClick={() => send({ type: 'property.choose', propertyId: p.id })}
            >
              {t('redeem.choose_hotel', { hotel: p.title })}
            </button>
          </li>
        ))}
      </ul>
      {shown.pages > 1 ? (
        <nav aria-label={t('redeem.pages')} className="redeem-pager">
          <button
            type="button"
            className="store-button store-button--quiet"
            disabled={shown.page === 1}
            onClick={() => setPage(shown.page - 1)}
          >
            {t('redeem.previous_page')}
          </button>
          <span>{t('redeem.page_of', { page: shown.page, pages: shown.pages })}</span>
          <button
            type="button"
            className="store-button store-button--quiet"
            disabled={shown.page === shown.pages}
            onClick={() => setPage(shown.page + 1)}
          >
            {t('redeem.next_page')}
          </button>
        </nav>
      ) : null}
    </>
  );
}

/** The card as its holder reads it above the booking page and its checkout. */
function CardSummary({ snapshot }: { snapshot: RedemptionSnapshot }) {
  const { t } = useTranslation();
  const { locale } = useStore();
  const { card, propertyId } = snapshot.context;
  if (!card) return null;
  const hotel = card.properties.find((p) => p.id === propertyId);
  return (
    <section className="store-summary" aria-label={t('redeem.your_card')}>
      <p>
        <strong>{card.title}</strong> · {card.generatedId}
      </p>
      <p>
        {t('validity.nights', { count: card.lengthOfStay })} ·{' '}
        {t('validity.absolute', { date: formatDayShortMonth(card.expirationDate, locale) })}
        {hotel ? ` · ${hotel.title}` : ''}
      </p>
    </section>
  );
}

/** Screen 64, the booking page: the card, the date grid (R314), the rooms and rates for the stay. */
function Booking({ snapshot, send }: ViewProps) {
  const { t } = useTranslation();
  const { locale } = useStore();
  const { navigate } = useStoreRouter();
  const path = useStorePath();
  const { context } = snapshot;
  // R313: a used card says so on the store page it is sent to.
  const used = snapshot.matches('alreadyUsed');
  useEffect(() => {
    if (used)
      navigate(path(''), {
        replace: true,
        notice: { tone: 'error', title: 'redeem.booking_error', lines: ['redeem_messages.already_used'] },
      });
  }, [used, navigate, path]);

  if (snapshot.matches('loadingCard') || used)
    return (
      <p className="store-status" role="status">
        {t('common.loading')}
      </p>
    );
  if (snapshot.matches('cardFailed')) return <LoadFailed onRetry={() => send({ type: 'user.retry' })} />;
  if (snapshot.matches('unusable'))
    return (
      <>
        <Heading>{t('redeem.booking_title')}</Heading>
        <p role="alert">{context.notice ? t(context.notice) : null}</p>
        <p>
          <StoreLink to={path('/useGiftCard')} className="store-button">
            {t('redeem.use_title')}
          </StoreLink>
        </p>
      </>
    );
  const stay = context.stay;
  return (
    <>
      <Heading>{t('redeem.booking_title')}</Heading>
      <CardSummary snapshot={snapshot} />
      {context.card && context.card.properties.length > 1 ? (
        <button type="button" className="store-link" onClick={() => send({ type: 'property.change' })}>
          {t('redeem.other_hotel')}
        </button>
      ) : null}
      <section aria-labelledby="redeem-dates">
        <h2 id="redeem-dates">{t('redeem.dates')}</h2>
        <p className="store-note">
          {t('redeem.dates_help', {
            nights: t('validity.nights', { count: context.card?.lengthOfStay ?? 1 }),
          })}
        </p>
        {snapshot.matches({ pickingDates: 'loading' }) ? (
          <p role="status">{t('common.loading')}</p>
        ) : snapshot.matches({ pickingDates: 'failed' }) ? (
          <LoadFailed onRetry={() => send({ type: 'user.retry' })} />
        ) : context.dates ? (
          <DateGrid
            window={context.dates}
            stay={stay}
            locale={locale}
            disabled={snapshot.matches('loadingRooms')}
            onPick={(date) => send({ type: 'date.pick', date })}
          />
        ) : null}
        <div role="status" aria-live="polite">
          {stay ? (
            <p>
              {t('redeem.stay', {
                arrival: formatDayShortMonth(stay.arrival, locale),
                departure: formatDayShortMonth(stay.departure, locale),
              })}
            </p>
          ) : null}
          {context.notice ? <p className="store-error-text">{t(context.notice)}</p> : null}
          {context.error && snapshot.matches({ pickingDates: 'ready' }) ? (
            <p className="store-error-text">{context.error.message}</p>
          ) : null}
        </div>
      </section>
      {snapshot.matches('loadingRooms') ? (
        <p role="status">{t('redeem.loading_rooms')}</p>
      ) : snapshot.matches('choosingRate') ? (
        <Rooms snapshot={snapshot} send={send} />
      ) : null}
    </>
  );
}

/** The rooms and rates the card covers for the stay (upsells with their price). */
function Rooms({ snapshot, send }: ViewProps) {
  const { t } = useTranslation();
  const { locale } = useStore();
  const rooms = snapshot.context.rooms!;
  return (
    <section aria-labelledby="redeem-rooms">
      <h2 id="redeem-rooms">{t('redeem.rooms_title')}</h2>
      {rooms.rooms.length === 0 ? <p>{t('redeem.no_rooms')}</p> : null}
      <ul className="redeem-rooms">
        {rooms.rooms.map((room) => (
          <li key={room.roomTypeId}>
            <h3>{room.title}</h3>
            {room.photos[0] ? <img src={room.photos[0].url} alt={room.photos[0].description} /> : null}
            {room.description ? <p>{room.description}</p> : null}
            <ul>
              {room.rates.map((rate) => (
                <li key={rate.ratePlanId} className="redeem-rate">
                  <div>
                    <strong>{rate.title}</strong>
                    <p>
                      {rate.upsell
                        ? t('redeem.rate_upsell', {
                            price: formatMoney(rate.upsellPrice, rate.currency, locale),
                          })
                        : t('redeem.rate_included')}
                    </p>
                    <p className="store-note">
                      {rate.unavailableReason ??
                        t('redeem.guests', { adults: rate.maxAdults, children: rate.maxChildren })}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="store-button"
                    disabled={!rateBookable(rate)}
                    aria-label={t('redeem.book_rate', { room: room.title, rate: rate.title })}
                    onClick={() =>
                      send({ type: 'rate.book', roomTypeId: room.roomTypeId, ratePlanId: rate.ratePlanId })
                    }
                  >
                    {t('redeem.book')}
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Screen 65, the booking checkout (R315), and R317's words when the booking fails. */
function Checkout({ snapshot, send }: ViewProps) {
  const { t } = useTranslation();
  const { locale } = useStore();
  const { context } = snapshot;
  return (
    <>
      <Heading>{t('redeem.checkout_title')}</Heading>
      <CardSummary snapshot={snapshot} />
      {context.stay ? (
        <p>
          {t('redeem.stay', {
            arrival: formatDayShortMonth(context.stay.arrival, locale),
            departure: formatDayShortMonth(context.stay.departure, locale),
          })}
        </p>
      ) : null}
      {snapshot.matches('failed') ? (
        <Failed
          snapshot={snapshot}
          send={send}
          words={[t('redeem.booking_error'), context.notice ? t(context.notice) : ''].join(' ')}
        />
      ) : null}
      {snapshot.matches('providerPayment') ? (
        <p role="status">{t('redeem.redirecting')}</p>
      ) : (
        <RedeemForm snapshot={snapshot} send={send} locale={locale} />
      )}
    </>
  );
}

/** Screen 66, the confirmation (R318): polled every 3 s until the booking is there; the stay and its cancel link. */
function Confirmation({ snapshot }: { snapshot: RedemptionSnapshot }) {
  const { t } = useTranslation();
  const path = useStorePath();
  const { context } = snapshot;
  const stay = context.status?.stay ?? context.booking?.stay ?? null;
  const confirmed = snapshot.matches('confirmed');
  return (
    <>
      <Heading step={confirmed ? 'confirmed' : 'polling'}>
        {confirmed ? t('redeem.confirmed') : t('redeem.confirmation_title')}
      </Heading>
      <div role="status" aria-live="polite">
        {snapshot.matches('confirmationPolling') ? (
          <p>
            {context.polls <= 1
              ? t('redeem.polling')
              : t('redeem.still_polling', { count: context.polls, max: CONFIRMATION_POLLS_MAX })}
          </p>
        ) : null}
        {snapshot.matches('stillWorking') ? <p>{t('redeem.still_working')}</p> : null}
        {snapshot.matches('paymentEnded') && context.status ? (
          <p>{t(`redeem.payment_${context.status.status}`)}</p>
        ) : null}
      </div>
      {confirmed && stay ? <StayFacts stay={stay} /> : null}
      {confirmed && stay ? (
        <p>
          <StoreLink
            to={path('/cancelGiftCard', {
              reservation_id: stay.reservationId,
              checkin_date: stay.arrivalDate,
              checkout_date: stay.departureDate,
              last_name: context.form.booker.surname.trim() || stay.guestName.split(' ').slice(1).join(' '),
            })}
          >
            {t('redeem.cancel_link')}
          </StoreLink>
        </p>
      ) : null}
      {snapshot.status === 'done' ? (
        <p>
          <StoreLink to={path('')} className="store-button">
            {t('common.back_to_store')}
          </StoreLink>
        </p>
      ) : null}
    </>
  );
}

/** A booked stay's facts (the confirmation's and the cancel page's). */
export function StayFacts({ stay }: { stay: RedemptionStay }) {
  const { t } = useTranslation();
  const { locale } = useStore();
  return (
    <dl className="redeem-stay">
      <dt>{t('redeem.reservation')}</dt>
      <dd>{stay.reservationId}</dd>
      <dt>{t('redeem.hotel')}</dt>
      <dd>{stay.propertyTitle}</dd>
      <dt>{t('redeem.arrival')}</dt>
      <dd>{formatDayShortMonth(stay.arrivalDate, locale)}</dd>
      <dt>{t('redeem.departure')}</dt>
      <dd>{formatDayShortMonth(stay.departureDate, locale)}</dd>
      <dt>{t('redeem.room')}</dt>
      <dd>
        {stay.roomTypeTitle} · {stay.ratePlanTitle}
      </dd>
      <dt>{t('redeem.guest')}</dt>
      <dd>{stay.guestName}</dd>
    </dl>
  );
}
