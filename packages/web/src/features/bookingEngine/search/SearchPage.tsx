import { useNavigate } from '@tanstack/react-router';
import {
  type BookingParams,
  bookingQueryString,
  formatPrice,
  SEARCH_SKELETON_CARDS,
  searchTarget,
} from '@tern/core/bookingEngine';
import type { SearchProperty } from '@tern/sdk';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import type { IsoRange } from '../../../components/DateRangePicker';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeading } from '../../../components/PageHeading';
import { SkeletonCard } from '../../../components/Skeleton';
import { usePaymentLocked } from '../../billing/usePaymentLocked';
import type { ClusterText } from '../map/PriceMap';
import { useToday } from '../useToday';
import { CurrencySelect, DateRangePicker, OccupancyPicker, PlaceField, PriceMap } from './deferredFields';
import { MapPreviewCard } from './MapPreviewCard';
import type { PlaceChoice } from './PlaceField';
import { PropertyCard } from './PropertyCard';
import { useSearchPage } from './useSearchPage';
import '../booking.css';
import { useErrorText } from '../../errors/useErrorText';

/** Document 1 §9: the list shows 9 skeleton cards while it loads. */
export const SKELETON_CARDS = SEARCH_SKELETON_CARDS;

/** What the list shows, from the search page machine's state. */
export type SearchState =
  | { status: 'needsDates' }
  | { status: 'loading' }
  | { status: 'results'; items: SearchProperty[]; total: number; loadingMore: boolean }
  | { status: 'empty' }
  | { status: 'error'; error: string }
  /** The account is locked for card payments: the server refuses searches until it is paid. */
  | { status: 'locked' };

/**
 * `/search` (document 1 §2): the filters on top, the map with price markers on the left, the list on the
 * right; on a phone (640 px) a list/map switch. Core's search page machine (M07) runs it: edits wait
 * 500 ms and go into the URL, the map's first bounds change is ignored, the list loads, is empty or fails.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const today = useToday();
  const { snapshot, send } = useSearchPage('/search');
  const { params, properties, total, error } = snapshot.context;
  const [view, setView] = useState<'list' | 'map'>('list');
  const [activeId, setActiveId] = useState<string | null>(null);
  const locked = usePaymentLocked();

  const state: SearchState = snapshot.matches({ active: 'needsDates' })
    ? { status: 'needsDates' }
    : snapshot.matches({ active: 'error' })
      ? // A locked account (core's paymentLockFlag; the SDK's lock reply re-reads the user) is told why,
        // next to the banner's billing portal button, instead of a retry that fails the same way.
        locked
        ? { status: 'locked' }
        : { status: 'error', error: errorText(error) }
      : snapshot.matches({ active: 'empty' })
        ? { status: 'empty' }
        : snapshot.matches({ active: 'results' }) ||
            (snapshot.matches({ active: 'debouncing' }) && properties.length > 0)
          ? {
              status: 'results',
              items: properties,
              total,
              loadingMore: snapshot.matches({ active: { results: 'loadingMore' } }),
            }
          : { status: 'loading' };
  const items = state.status === 'results' ? state.items : [];
  const propertyHref = (id: string) =>
    `/property/${encodeURIComponent(id)}?${bookingQueryString({ ...params, mapCoordinates: null })}`;

  // New results refit the map, unless the map's own bounds asked for them.
  const fitKeyRef = useRef('');
  if (!params.mapCoordinates && state.status === 'results')
    fitKeyRef.current = items.map((i) => i.id).join(',');

  const markers = useMemo(
    () =>
      items.map((p) => {
        const price =
          p.bestOffer.offer !== null ? formatPrice(p.bestOffer.offer, p.bestOffer.currency) : null;
        return {
          id: p.id,
          latitude: p.latitude,
          longitude: p.longitude,
          label: price ?? '—',
          amount: p.bestOffer.offer,
          title: price
            ? t('search_page.marker', { title: p.title, price })
            : t('search_page.marker_no_price', { title: p.title }),
          isActive: p.id === activeId,
        };
      }),
    [items, activeId, t],
  );
  const active = items.find((p) => p.id === activeId) ?? null;
  // Markers too close to read apart are one cluster: its count and its lowest price.
  const clusterText: ClusterText = useCallback(
    (count, lowest) =>
      lowest?.label && lowest.amount !== null && lowest.amount !== undefined
        ? {
            label: t('search_page.cluster_from', { price: lowest.label }),
            title: t('search_page.cluster_title', { count, price: lowest.label }),
          }
        : {
            label: t('search_page.cluster_no_price'),
            title: t('search_page.cluster_title_no_price', { count }),
          },
    [t],
  );

  const edit = (change: Partial<BookingParams>) => send({ type: 'search.edit', change });

  return (
    <div className="search-page">
      <div className="search-page__bar">
        <SearchFilters
          params={params}
          today={today}
          onEdit={edit}
          onOpenProperty={(href) => void navigate({ href })}
        />
      </div>
      <fieldset className="search-page__view-switch">
        <legend className="visually-hidden">{t('search_page.view')}</legend>
        <Button
          variant={view === 'list' ? 'primary' : 'secondary'}
          aria-pressed={view === 'list'}
          onPress={() => setView('list')}
        >
          {t('search_page.show_list')}
        </Button>
        <Button
          variant={view === 'map' ? 'primary' : 'secondary'}
          aria-pressed={view === 'map'}
          onPress={() => setView('map')}
        >
          {t('search_page.show_map')}
        </Button>
      </fieldset>
      <div className={`search-page__body search-page__body--${view}`}>
        <div className="search-page__map">
          <PriceMap
            label={t('search_page.map')}
            markers={markers}
            mode="fit"
            fitKey={fitKeyRef.current}
            onMarkerSelect={(id) => setActiveId(id)}
            clusterText={clusterText}
            // The machine ignores the first change (the map fitting itself) and searches the later ones.
            onBoundsChange={(bounds) => send({ type: 'map.bounds', bounds })}
            height="100%"
          />
          {active ? (
            <MapPreviewCard
              property={active}
              href={propertyHref(active.id)}
              onBack={() => setActiveId(null)}
            />
          ) : null}
          <p className="search-page__map-hint muted">{t('search_page.map_hint')}</p>
        </div>
        <section
          className="search-page__list"
          aria-labelledby="search-heading"
          aria-busy={state.status === 'loading'}
        >
          <div className="search-page__list-header">
            <PageHeading className="search-page__heading">
              <span id="search-heading">
                {params.city || params.title
                  ? t('search_page.heading_place', { place: params.city ?? params.title })
                  : t('search_page.heading')}
              </span>
            </PageHeading>
            {state.status === 'results' ? (
              <p className="muted" aria-live="polite">
                {t('properties.results', { count: state.total })}
              </p>
            ) : null}
          </div>
          <SearchList
            state={state}
            propertyHref={propertyHref}
            activeId={activeId}
            onRetry={() => send({ type: 'search.retry' })}
            onLoadMore={() => send({ type: 'results.more' })}
          />
        </section>
      </div>
    </div>
  );
}

function SearchList({
  state,
  propertyHref,
  activeId,
  onRetry,
  onLoadMore,
}: {
  state: SearchState;
  propertyHref: (id: string) => string;
  activeId: string | null;
  onRetry: () => void;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  switch (state.status) {
    case 'needsDates':
      return <Alert variant="info">{t('search_form.select_dates')}</Alert>;
    case 'loading':
      return (
        <div className="result-grid" role="status" aria-label={t('properties.loading')}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <SkeletonCard key={i} />
          ))}
        </div>
      );
    case 'error':
      return <ErrorState onRetry={onRetry}>{state.error}</ErrorState>;
    case 'locked':
      return (
        <EmptyState title={t('search_page.locked_title')}>
          <p>{t('search_page.locked_text')}</p>
        </EmptyState>
      );
    case 'empty':
      return (
        <EmptyState title={t('properties.no_search_results')}>
          <p>{t('properties.no_info')}</p>
        </EmptyState>
      );
    case 'results':
      return (
        <>
          <ul className="result-grid" aria-label={t('properties.list_label')}>
            {state.items.map((p) => (
              <li key={p.id}>
                <PropertyCard
                  property={p}
                  href={propertyHref(p.id)}
                  isActive={p.id === activeId}
                  headingLevel={2}
                />
              </li>
            ))}
          </ul>
          {state.items.length < state.total ? (
            <Button variant="secondary" onPress={onLoadMore} isPending={state.loadingMore}>
              {t('properties.load_more')}
            </Button>
          ) : null}
        </>
      );
  }
}

/** The filters above the results; every change goes to `onEdit` (debounced by the page). */
function SearchFilters({
  params,
  today,
  onEdit,
  onOpenProperty,
}: {
  params: BookingParams;
  today: string;
  onEdit: (next: Partial<BookingParams>) => void;
  onOpenProperty: (href: string) => void;
}) {
  const { t } = useTranslation();
  const [place, setPlace] = useState<PlaceChoice>({ place: null, text: params.title ?? params.city ?? '' });
  const [dates, setDates] = useState<IsoRange | null>(
    params.checkinDate && params.checkoutDate
      ? { start: params.checkinDate, end: params.checkoutDate }
      : null,
  );
  const [occupancy, setOccupancy] = useState({
    adults: params.adults,
    children: params.children,
    childrenAge: params.childrenAge,
  });
  return (
    <form
      className="search-form search-form--bar"
      aria-label={t('search_page.filters')}
      onSubmit={(e) => e.preventDefault()}
    >
      <PlaceField
        kind="accommodations"
        className="search-form__place"
        label={t('search_form.destination')}
        placeholder={t('search_form.destination_placeholder')}
        value={place}
        onChange={(next) => {
          setPlace(next);
          const p = next.place;
          if (p?.kind === 'property') {
            onOpenProperty(searchTarget(params, p, next.text));
            return;
          }
          // A new place: the map fits the new results (its bounds no longer apply).
          onEdit({
            mapCoordinates: null,
            city: p?.kind === 'city' ? (p.city ?? p.title) : null,
            country: p ? p.country : null,
            state: null,
            title: p ? null : next.text.trim() || null,
          });
        }}
      />
      <DateRangePicker
        className="search-form__dates"
        label={t('search_form.dates')}
        calendarLabel={t('search_form.calendar')}
        value={dates}
        minValue={today}
        onChange={(range) => {
          setDates(range);
          onEdit({ checkinDate: range?.start ?? null, checkoutDate: range?.end ?? null });
        }}
        visibleMonths={2}
      />
      <OccupancyPicker
        className="search-form__occupancy"
        value={occupancy}
        showLabel
        onChange={(next) => {
          setOccupancy(next);
          onEdit(next);
        }}
      />
      <CurrencySelect
        className="search-form__currency"
        value={params.currency}
        onChange={(currency) => onEdit({ currency })}
      />
    </form>
  );
}
