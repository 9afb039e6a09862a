import { useNavigate, useParams } from '@tanstack/react-router';
import {
  bookingQueryString,
  bookingTotal,
  chosenRates,
  closedNights,
  dayBlock,
  engineActors,
  flowPaths,
  formatPrice,
  hasMissingSpaces,
  isScarce,
  type Occupancy,
  quantityOptions,
  ratesForParty,
  ratesTableMachine,
  readFlow,
  roomsOf,
  spansClosedNight,
  stayWizardMachine,
  taxSummary,
  writeFlow,
} from '@tern/core/bookingEngine';
import { nightsBetween } from '@tern/core/dates';
import { formatDay } from '@tern/core/format';
import type { ClosedDates, PropertyInfo, UnitWithRates } from '@tern/sdk';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorState } from '../../../components/ErrorState';
import { Link } from '../../../components/Link';
import { PageHeading } from '../../../components/PageHeading';
import { LoadingSkeleton } from '../../../components/Skeleton';
import { useServices } from '../../../session/SessionContext';
import { PriceMap } from '../map/PriceMap';
import { CurrencySelect } from '../search/CurrencySelect';
import { useBookingFlowLogic } from '../useBookingFlow';
import { useBookingParams } from '../useBookingParams';
import { useToday } from '../useToday';
import { BookingSteps } from './BookingSteps';
import { Facilities } from './Facilities';
import { Gallery } from './Gallery';
import { Policies } from './Policies';
import { PriceSummary } from './PriceSummary';
import { RatesTable } from './RatesTable';
import { SearchPanel } from './SearchPanel';
import { Stars } from './Stars';
import { useBestOffer, usePropertyInfo } from './usePropertyData';
import '../booking.css';
import { NewTabNote } from '../../../components/NewTabNote';
import { useErrorText } from '../../errors/useErrorText';
import { liveInspect } from '../../qa/liveInspect';

/** The footer's links (document 1 §2); the documents give no addresses, so these are Tern's own pages. */
export const PRIVACY_POLICY_URL = 'https://tern.example/privacy';
export const FREE_CHANNEL_URL = 'https://tern.example/get-a-free-channel';

/** Document 1 §9: the property map is at zoom 13 and 400 px high. */
export const PROPERTY_MAP_ZOOM = 13;
export const PROPERTY_MAP_HEIGHT = '400px';

/**
 * `/property/{channelId}` (document 1 §2): gallery, title and address, description, the rates table with
 * the sticky search panel and the price summary, facilities, policies, map and footer.
 */
export function PropertyPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { channelId } = useParams({ strict: false }) as { channelId: string };
  const { params, searchStr } = useBookingParams();
  const kind = params.type === 'vehicle' ? 'vehicles' : 'accommodations';
  const { info, closed, retry } = usePropertyInfo(kind, channelId);

  useEffect(() => {
    if (info.status === 'ready') document.title = t('page_titles.title_suffix', { page: info.data.title });
  }, [info, t]);

  if (info.status === 'loading' || info.status === 'notFound') {
    return (
      <div className="page">
        <LoadingSkeleton label={t('hotel_page.loading')} lines={6} />
      </div>
    );
  }
  if (info.status === 'error') {
    return (
      <div className="page">
        <ErrorState title={t('hotel_page.load_failed')} onRetry={retry}>
          {errorText(info.error)}
        </ErrorState>
      </div>
    );
  }
  return (
    <PropertyView
      key={channelId}
      property={info.data}
      channelId={channelId}
      closed={closed}
      searchStr={searchStr}
      params={params}
    />
  );
}

function PropertyView({
  property,
  channelId,
  closed,
  searchStr,
  params,
}: {
  property: PropertyInfo;
  channelId: string;
  closed: ClosedDates | null;
  searchStr: string;
  params: ReturnType<typeof useBookingParams>['params'];
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { client, storage } = useServices();
  const today = useToday(property.timezone); // the property's today: its defaults and closed dates
  const kind = params.type === 'vehicle' ? 'vehicles' : 'accommodations';
  const infoSection = useRef<HTMLDivElement>(null);
  const flowLogic = useBookingFlowLogic();

  // Core's stay wizard (the CLI's too), started on the rooms of the route's stay: its rates table (M02) with
  // the page's edges (the rates call, the stored booking data, the query's currency, the scroll to the
  // property's information after a search: `revealInfo`) and its booking flow (M01) navigating through the
  // router; the checkout is the flow's route.
  const logic = useMemo(
    () =>
      stayWizardMachine.provide({
        actors: {
          bookingFlow: flowLogic,
          ratesTable: ratesTableMachine.provide({
            actors: engineActors(client).ratesTable,
            actions: {
              clearStoredBooking: () => {
                const stored = readFlow(storage);
                if (stored.stay) writeFlow(storage, { ...stored, stay: undefined });
              },
            },
          }),
        },
        actions: {
          // Document 1 §4: a new currency goes to the query (the rates reload with it).
          showCurrency: (_, { to }: { to: string }) =>
            queueMicrotask(() => void navigate({ href: to, replace: true })),
        },
      }),
    [client, storage, navigate, flowLogic],
  );
  const [wizard, send, wizardActor] = useMachine(logic, {
    inspect: liveInspect,
    input: {
      values: { property: channelId, checkin: '', checkout: '', currency: params.currency },
      checkoutOn: 'route',
      storage,
      opened: {
        info: property,
        query: searchStr,
        rates: {
          kind,
          propertyId: channelId,
          search: {
            checkinDate: params.checkinDate,
            checkoutDate: params.checkoutDate,
            adults: params.adults,
            children: params.children,
            childrenAge: params.childrenAge,
            currency: params.currency,
          },
          // Back from checkout: the rooms chosen for this search are still there (the flow data).
          ...(() => {
            const stay = readFlow(storage).stay;
            return stay && stay.channelId === channelId ? { selection: stay.selection } : {};
          })(),
        },
      },
    },
  });
  // The wizard starts the rates table at once (the route opened the stay).
  const rates = useSelector(wizard.context.rates!, (snapshot) => snapshot);
  const { missingDates, revealInfo } = wizard.context;

  const { search, loaded, units, selection } = rates.context;
  const isStale = rates.matches('stale');
  const chosen = useMemo(() => chosenRates<UnitWithRates>(units, selection), [units, selection]);
  // The table offers the rates the searched party can use (core's ratesForParty).
  const partyUnits = useMemo(() => (loaded ? ratesForParty(units, loaded) : units), [units, loaded]);
  const nights =
    loaded?.checkinDate && loaded.checkoutDate ? nightsBetween(loaded.checkinDate, loaded.checkoutDate) : 0;
  const missingSpaces = hasMissingSpaces(chosen, search);
  const currency = units[0]?.ratePlans[0]?.currency ?? search.currency;
  const rooms = roomsOf(chosen);
  const total = chosen.length > 0 ? bookingTotal(rooms, currency) : null;
  // Closed nights from core's date picker rules (R042): past days are outside `minValue`.
  const closedSet = useMemo(() => closedNights(closed), [closed]);
  const loadedSearch =
    loaded?.checkinDate && loaded.checkoutDate
      ? { ...loaded, checkinDate: loaded.checkinDate, checkoutDate: loaded.checkoutDate }
      : null;
  const bestOffer = useBestOffer(kind, channelId, loadedSearch);

  useEffect(() => {
    if (!revealInfo || !rates.matches('fresh')) return;
    send({ type: 'info.shown' });
    infoSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [rates, revealInfo, send]);

  // The flow keeps the query it carries to checkout in step with the URL.
  useEffect(() => {
    send({ type: 'query.change', query: searchStr });
  }, [searchStr, send]);

  // Without both dates the wizard refuses the search and says so (`missingDates`).
  function submitSearch() {
    send({ type: 'search.submit' });
    if (wizardActor.getSnapshot().context.missingDates) return;
    // The URL says what is shown: the panel's search.
    const query = bookingQueryString({ ...params, ...search });
    if (query !== searchStr) void navigate({ href: flowPaths.property(channelId, query), replace: true });
  }

  const dates =
    search.checkinDate && search.checkoutDate
      ? { start: search.checkinDate, end: search.checkoutDate }
      : null;
  const occupancy: Occupancy = {
    adults: search.adults,
    children: search.children,
    childrenAge: search.childrenAge,
  };

  const bookButton = (
    <Button
      fullWidth
      isDisabled={!loadedSearch || missingSpaces || isStale}
      onPress={() => send({ type: 'rooms.choose' })}
    >
      {t('hotel_page.book', { total: formatPrice(total ?? 0, currency) })}
    </Button>
  );

  const backHref = `/search?${bookingQueryString({ ...params, type: 'accommodation' })}`;
  const propertyHref = `/property/${encodeURIComponent(channelId)}?${searchStr}`;
  const currencyMismatch = search.currency !== property.currency;
  const addressLines = splitAddress(property);

  return (
    <div className="property-page">
      <div className="property-page__top">
        <div className="property-page__top-inner">
          <Link href={backHref} variant="button" className="property-page__back">
            <span aria-hidden="true">←</span> {t('hotel_page.back')}
          </Link>
          <BookingSteps current="hotel_page" propertyHref={propertyHref} />
          <CurrencySelect
            className="property-page__currency"
            value={params.currency}
            preferred={property.currency}
            // Document 1 §4: a new currency goes to the query and reloads the rates.
            onChange={(next) => send({ type: 'currency.change', currency: next })}
          />
        </div>
      </div>
      <div className="page property-page__body">
        <Gallery photos={property.photos} title={property.title} />
        <div className="property-page__columns">
          <div className="property-page__main" ref={infoSection} id="property-info">
            <header className="property-page__header">
              {property.hideTitle ? null : <PageHeading>{property.title}</PageHeading>}
              {property.hideTitle ? <h1 className="visually-hidden">{property.title}</h1> : null}
              {property.starRating ? <Stars count={property.starRating} /> : null}
              <address className="property-page__address">
                {addressLines.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            </header>
            {property.description ? (
              <section aria-labelledby="description-heading" className="property-section">
                <h2 id="description-heading">{t('hotel_page.description')}</h2>
                <p className="property-page__description">{property.description}</p>
              </section>
            ) : null}
            <section
              aria-labelledby="rates-heading"
              className="property-section"
              aria-busy={rates.hasTag('busy')}
            >
              <h2 id="rates-heading">{t('rates.heading')}</h2>
              {rates.matches('noDates') ? <Alert variant="info">{t('rates.choose_dates')}</Alert> : null}
              {rates.hasTag('busy') ? <LoadingSkeleton label={t('rates.loading')} /> : null}
              {rates.matches('error') ? (
                <ErrorState title={t('rates.load_failed')} onRetry={() => send({ type: 'rates.retry' })}>
                  {errorText(rates.context.error)}
                </ErrorState>
              ) : null}
              {rates.matches('fresh') || rates.matches('stale') ? (
                <RatesTable
                  units={partyUnits}
                  selection={selection}
                  onSelect={(unitId, rateId, quantity) =>
                    send({ type: 'rates.select', unitId, rateId, quantity })
                  }
                  quantityOptions={(unit, rate) => quantityOptions(unit, rate.id, selection)}
                  isScarce={isScarce}
                  isStale={isStale}
                  onRefresh={submitSearch}
                  nights={nights}
                />
              ) : null}
            </section>
            <section aria-labelledby="facilities-heading" className="property-section">
              <h2 id="facilities-heading">{t('hotel_page.facilities')}</h2>
              <Facilities groups={property.facilities} />
            </section>
            <section aria-labelledby="policies-heading" className="property-section">
              <h2 id="policies-heading">{t('hotel_page.policies')}</h2>
              <Policies property={property} />
            </section>
            <section aria-labelledby="map-heading" className="property-section">
              <h2 id="map-heading">{t('hotel_page.map')}</h2>
              <PriceMap
                label={t('hotel_page.map_label', { title: property.title })}
                mode="center"
                zoom={PROPERTY_MAP_ZOOM}
                height={PROPERTY_MAP_HEIGHT}
                markers={[
                  {
                    id: property.id,
                    latitude: property.location.latitude,
                    longitude: property.location.longitude,
                    label: null,
                    title: property.title,
                  },
                ]}
              />
            </section>
          </div>
          <aside className="property-page__aside">
            <SearchPanel
              dates={dates}
              onDatesChange={(range) => {
                // A range over a closed night is cleared (document 1 §5).
                const next = range && spansClosedNight(range, closedSet) ? null : range;
                send({
                  type: 'search.change',
                  change: { checkinDate: next?.start ?? null, checkoutDate: next?.end ?? null },
                });
              }}
              occupancy={occupancy}
              onOccupancyChange={(next) => send({ type: 'search.change', change: next })}
              onSearch={submitSearch}
              today={today}
              unavailableReason={(iso, checkIn) => {
                const block = dayBlock(iso, { today, closed: closedSet, checkIn });
                // Past days are outside `minValue` already; a closed day or night is said in words.
                return block === null || block === 'past' ? null : t(`search_form.${block}`);
              }}
              missingDates={missingDates}
              bestOffer={
                bestOffer && bestOffer.errors.length === 0 && bestOffer.offer !== null && !isStale
                  ? t('hotel_page.best_offer', { price: formatPrice(bestOffer.offer, bestOffer.currency) })
                  : null
              }
            />
            {/* The summary stays on screen beside the rooms as they scroll (the search panel scrolls away). */}
            <div className="property-page__sticky">
              <PriceSummary
                lines={chosen.map(({ unit, rate, quantity }) => ({
                  key: `${unit.id}-${rate.id}`,
                  label: t('price_summary.room_line', { quantity, unit: unit.title, rate: rate.title }),
                  amount: rate.totalPrice * quantity,
                }))}
                // Each room's price already carries its taxes: the lines say what part of it they are.
                taxes={taxSummary(rooms, currency).map((tax) => ({ ...tax, inclusive: true }))}
                total={total}
                currency={currency}
                period={
                  loadedSearch
                    ? `${t('price_summary.dates', { checkin: formatDay(loadedSearch.checkinDate), checkout: formatDay(loadedSearch.checkoutDate) })} · ${t('price_summary.nights', { count: nights })}`
                    : undefined
                }
                alerts={
                  <>
                    {missingSpaces ? <Alert variant="error">{t('hotel_page.missing_spaces')}</Alert> : null}
                    {currencyMismatch ? (
                      <Alert variant="warning">
                        {t('payment_page.currency_convertion_alert', {
                          currency: search.currency,
                          property: property.title,
                          propertyCurrency: property.currency,
                        })}
                      </Alert>
                    ) : null}
                  </>
                }
                action={chosen.length > 0 ? bookButton : undefined}
              />
            </div>
          </aside>
        </div>
        {chosen.length > 0 ? (
          // On a phone the summary is above the rooms: the total and the book button follow the rooms here.
          <div className="property-page__book-bar">
            {missingSpaces ? (
              <p className="property-page__book-bar-note">{t('hotel_page.missing_spaces')}</p>
            ) : (
              <p className="property-page__book-bar-total">
                <span className="muted">{t('price_summary.nights', { count: nights })}</span>{' '}
                <strong>{formatPrice(total ?? 0, currency)}</strong>
              </p>
            )}
            {bookButton}
          </div>
        ) : null}
      </div>
      <PropertyFooter property={property} addressLines={addressLines} />
    </div>
  );
}

/** Document 1 §9: the address shows two parts per line. */
export function splitAddress(
  property: Pick<PropertyInfo, 'address' | 'zipCode' | 'city' | 'state' | 'country'>,
) {
  const parts = [property.address, property.zipCode, property.city, property.state, property.country].filter(
    (p): p is string => Boolean(p?.trim()),
  );
  const lines: string[] = [];
  for (let i = 0; i < parts.length; i += 2) lines.push(parts.slice(i, i + 2).join(', '));
  return lines;
}

function PropertyFooter({ property, addressLines }: { property: PropertyInfo; addressLines: string[] }) {
  const { t } = useTranslation();
  return (
    <footer className="property-footer">
      <div className="property-footer__inner">
        <div>
          <p className="property-footer__title">{property.title}</p>
          <address className="property-page__address">
            {addressLines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </div>
        <dl className="property-footer__contact">
          <div>
            <dt>{t('hotel_page.email')}</dt>
            <dd>
              <a href={`mailto:${property.email}`}>{property.email}</a>
            </dd>
          </div>
          <div>
            <dt>{t('hotel_page.phone')}</dt>
            <dd>
              <a href={`tel:${property.phone.replace(/\s+/g, '')}`}>{property.phone}</a>
            </dd>
          </div>
        </dl>
        <div className="property-footer__links">
          <a href={PRIVACY_POLICY_URL} target="_blank" rel="noreferrer">
            {t('hotel_page.privacy_policy')}
            <NewTabNote />
          </a>
          <p className="property-footer__ad">
            {t('hotel_page.free_channel_ad')}{' '}
            <a href={FREE_CHANNEL_URL} target="_blank" rel="noreferrer">
              {t('hotel_page.free_channel_link')}
              <NewTabNote />
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
