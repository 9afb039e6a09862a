import type { VehicleOffer } from '@tern/sdk';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeading } from '../../../components/PageHeading';
import { SkeletonCard } from '../../../components/Skeleton';
import { Spinner } from '../../../components/Spinner';
import { SKELETON_CARDS } from '../search/SearchPage';
import { useSearchPage } from '../search/useSearchPage';
import { useBookingFlow } from '../useBookingFlow';
import { useBookingParams } from '../useBookingParams';
import { useFlags } from '../useFlags';
import { CarSearchForm } from './CarSearchForm';
import { VehicleOfferCard } from './VehicleOfferCard';
import '../booking.css';
import { useErrorText } from '../../errors/useErrorText';

/**
 * `/search_cars` (document 1 §2, §4): the car search form and the offers of the rental companies as they
 * answer (polled every 2 s). With the search page switched off it shows a placeholder (document 1 §2).
 */
export function CarSearchPage() {
  const { t } = useTranslation();
  const { searchPageIsActive } = useFlags();
  if (!searchPageIsActive) {
    return (
      <div className="page">
        <EmptyState title={t('cars.placeholder_title')}>
          <CarIllustration />
          <p>{t('cars.placeholder_text')}</p>
        </EmptyState>
      </div>
    );
  }
  return <CarSearch />;
}

function CarSearch() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { searchStr } = useBookingParams();
  // Core's search page machine (M07) for cars: the rental from the URL, its vehicle query polled every 2 s.
  const { snapshot, send, actor } = useSearchPage('/search_cars');
  const { params, vehicles, error } = snapshot.context;
  const query = useSelector(actor, (s) => s.children.vehicleQuery);
  const providers = useSelector(query, (s) => s?.context.providers ?? []);
  const busy = snapshot.hasTag('busy');
  const offers = useMemo(
    () => [...vehicles].sort((a, b) => (a.ratePlans[0]?.totalPrice ?? 0) - (b.ratePlans[0]?.totalPrice ?? 0)),
    [vehicles],
  );
  const rental =
    params.pickupDate && params.dropoffDate
      ? {
          pickupDate: params.pickupDate,
          dropoffDate: params.dropoffDate,
          pickupTime: params.pickupTime ?? '10:00',
          dropoffTime: params.dropoffTime ?? '10:00',
        }
      : null;
  // The car search is the car's first step of the flow (M01): choosing a car stores it and opens checkout.
  const [, sendFlow] = useBookingFlow({
    kind: 'vehicle',
    channelId: '',
    step: 'property',
    query: snapshot.context.query,
  });

  function choose(offer: VehicleOffer) {
    if (!rental) return;
    sendFlow({ type: 'query.change', query: snapshot.context.query });
    sendFlow({
      type: 'car.choose',
      car: {
        kind: 'vehicle',
        channelId: offer.stationChannelId,
        offer,
        ...rental,
        driverAge: params.driverAge ?? 30,
        driverCountry: params.driverCountry ?? 'IS',
        currency: offer.ratePlans[0]?.currency ?? params.currency,
      },
    });
  }

  return (
    <div className="page cars-page">
      <div className="page__header">
        <PageHeading>{t('cars.heading')}</PageHeading>
      </div>
      <div className="card cars-page__form">
        <CarSearchForm key={searchStr} query={searchStr} compact />
      </div>
      <section className="cars-page__results" aria-labelledby="cars-results-heading" aria-busy={busy}>
        <h2 id="cars-results-heading" className="visually-hidden">
          {t('cars.list_label')}
        </h2>
        {snapshot.matches({ active: 'needsDates' }) ? <p className="muted">{t('cars.start')}</p> : null}
        {busy ? (
          <div className="cars-page__progress" role="status">
            <Spinner size="sm" decorative />
            <span>
              {t('cars.searching')}{' '}
              {providers.length > 0
                ? t('cars.providers_answered', {
                    done: providers.filter((p) => p.finished).length,
                    total: providers.length,
                  })
                : null}
            </span>
          </div>
        ) : null}
        {snapshot.matches({ active: 'error' }) ? (
          <ErrorState onRetry={() => send({ type: 'search.retry' })}>{errorText(error)}</ErrorState>
        ) : null}
        {busy && offers.length === 0 ? (
          <div className="vehicle-list" aria-hidden="true">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <SkeletonCard key={i} />
            ))}
          </div>
        ) : null}
        {snapshot.matches({ active: 'empty' }) ? (
          <EmptyState title={t('cars.no_results')}>
            <p>{t('cars.no_results_text')}</p>
          </EmptyState>
        ) : null}
        {offers.length > 0 && rental ? (
          <>
            <p className="muted" aria-live="polite">
              {t('cars.results', { count: offers.length })}
            </p>
            <ul className="vehicle-list" aria-label={t('cars.list_label')}>
              {offers.map((offer) => (
                <li key={offer.id}>
                  <VehicleOfferCard
                    offer={offer}
                    // The offer is priced for its charged days (core's `carChargedDays`, DECISIONS 8).
                    price={offer.ratePlans[0]?.totalPrice ?? null}
                    days={offer.days}
                    currency={offer.ratePlans[0]?.currency ?? params.currency}
                    onSelect={() => choose(offer)}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </div>
  );
}

function CarIllustration() {
  return (
    <svg viewBox="0 0 160 80" width="160" height="80" aria-hidden="true" className="cars-page__illustration">
      <rect x="10" y="34" width="140" height="26" rx="10" fill="#cfd6dd" />
      <path d="M40 34 L58 14 H104 L124 34 Z" fill="#e6f1f8" stroke="#8a96a3" strokeWidth="2" />
      <circle cx="44" cy="62" r="10" fill="#4f5b67" />
      <circle cx="116" cy="62" r="10" fill="#4f5b67" />
    </svg>
  );
}
