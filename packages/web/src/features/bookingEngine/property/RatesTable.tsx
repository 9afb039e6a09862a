import { formatPrice } from '@tern/core/bookingEngine';
import type { RateOffer, UnitWithRates } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { Select } from '../../../components/Select';
import { useInert } from '../../../components/useInert';
import { srcSetOf } from './Gallery';
import { usePaymentText, usePolicyText } from './PolicyText';

/** unit id → rate offer id → rooms chosen (document 1 §3 `ratesOccupancyPerUnit`). */
export type RatesSelection = Record<string, Record<string, number>>;

export interface RatesTableProps {
  units: UnitWithRates[];
  selection: RatesSelection;
  onSelect: (unitId: string, rateId: string, count: number) => void;
  /** Core's quantity options for a rate: 0 … chosen + what is left of the unit. */
  quantityOptions: (unit: UnitWithRates, rate: RateOffer) => number[];
  /** Core's scarcity rule (availability ≤ 3). */
  isScarce: (availability: number) => boolean;
  /** The dates changed since these rates were loaded: the overlay asks to search again. */
  isStale: boolean;
  onRefresh: () => void;
  nights: number;
}

/**
 * The rates table (document 1 §2, §4, §5): one block per room type with its photo, beds and occupancy,
 * and one row per rate with meal, cancellation, payment, price for the stay and a rooms select.
 */
export function RatesTable({
  units,
  selection,
  onSelect,
  quantityOptions,
  isScarce,
  isStale,
  onRefresh,
  nights,
}: RatesTableProps) {
  const { t } = useTranslation();
  const bookable = units.some((u) => u.ratePlans.some((r) => r.unavailableReason === null));
  const staleRef = useInert<HTMLDivElement>(isStale);
  return (
    <div className={`rates${isStale ? ' rates--stale' : ''}`}>
      {isStale ? (
        <div className="rates__overlay">
          <Alert
            variant="warning"
            title={t('rates.stale_title')}
            action={
              <Button variant="primary" onPress={onRefresh}>
                {t('rates.refresh')}
              </Button>
            }
          >
            {t('rates.stale_text')}
          </Alert>
        </div>
      ) : null}
      <div className="rates__content" ref={staleRef} aria-hidden={isStale ? true : undefined}>
        {!bookable ? (
          <EmptyState title={t('rates.no_available_rates')} level={3}>
            <p>{t('rates.no_available_rates_text')}</p>
          </EmptyState>
        ) : null}
        {units.map((unit) => (
          <UnitBlock
            key={unit.id}
            unit={unit}
            selection={selection[unit.id] ?? {}}
            onSelect={onSelect}
            quantityOptions={quantityOptions}
            isScarce={isScarce}
            nights={nights}
          />
        ))}
      </div>
    </div>
  );
}

function UnitBlock({
  unit,
  selection: chosen,
  nights: n,
  ...rest
}: Omit<RatesTableProps, 'units' | 'selection' | 'isStale' | 'onRefresh'> & {
  unit: UnitWithRates;
  selection: Record<string, number>;
}) {
  const { t } = useTranslation();
  const photo = unit.photos[0];
  const headingId = `unit-${unit.id}`;
  return (
    <section className="unit" aria-labelledby={headingId}>
      <div className="unit__info">
        {photo ? (
          <img
            className="unit__photo"
            src={photo.url}
            srcSet={srcSetOf(photo.url)}
            sizes="(max-width: 640px) 100vw, 160px"
            alt={photo.description || ''}
            loading="lazy"
          />
        ) : (
          <div className="unit__photo unit__photo--none">{t('rates.no_room_photos')}</div>
        )}
        <div className="unit__text">
          <h3 id={headingId} className="unit__title">
            {unit.title}
          </h3>
          <p className="unit__meta">
            {t('rates.max_occupancy', { count: unit.maxOccupancy })}
            {unit.bedOptions.length > 0
              ? ` · ${unit.bedOptions.map((b) => t('rates.bed', { count: b.count, title: b.title, size: b.size })).join(', ')}`
              : ''}
          </p>
          {unit.description ? <p className="unit__description">{unit.description}</p> : null}
          {isScarceUnit(unit, rest.isScarce) ? (
            <p className="unit__scarcity">{t('rates.scarcity', { count: unit.availability })}</p>
          ) : null}
        </div>
      </div>
      {unit.ratePlans.length === 0 ? (
        <p className="unit__empty muted">{t('rates.no_rates_for_unit')}</p>
      ) : (
        <table className="rate-table">
          <caption className="visually-hidden">{unit.title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rates.rate')}</th>
              <th scope="col">{t('rates.sleeps')}</th>
              <th scope="col">{t('rates.price')}</th>
              <th scope="col">{t('rates.rooms')}</th>
            </tr>
          </thead>
          <tbody>
            {unit.ratePlans.map((rate) => (
              <RateRow
                key={rate.id}
                unit={unit}
                rate={rate}
                count={chosen[rate.id] ?? 0}
                nights={n}
                {...rest}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function RateRow({
  unit,
  rate,
  count,
  onSelect: select,
  quantityOptions: options,
  nights: n,
}: Pick<RatesTableProps, 'onSelect' | 'quantityOptions' | 'nights'> & {
  unit: UnitWithRates;
  rate: RateOffer;
  count: number;
}) {
  const { t } = useTranslation();
  const policyText = usePolicyText();
  const paymentText = usePaymentText();
  const unavailable = rate.unavailableReason;
  return (
    <tr className={count > 0 ? 'rate-table__row rate-table__row--chosen' : 'rate-table__row'}>
      <td data-label={t('rates.rate')}>
        <div className="rate-table__cell">
          <strong className="rate__title">{rate.title}</strong>
          <ul className="rate__facts">
            <li>{t(`meal_types.${rate.mealType}`)}</li>
            {rate.cancellationPolicy ? <li>{policyText(rate.cancellationPolicy)}</li> : null}
            <li>{paymentText(rate.cancellationPolicy)}</li>
          </ul>
        </div>
      </td>
      <td data-label={t('rates.sleeps')}>
        <div className="rate-table__cell">
          {[
            t('rates.adults', { count: rate.occupancy.adults }),
            rate.occupancy.children ? t('rates.children', { count: rate.occupancy.children }) : null,
            rate.occupancy.infants ? t('rates.infants', { count: rate.occupancy.infants }) : null,
          ]
            .filter(Boolean)
            .join(' + ')}
        </div>
      </td>
      <td data-label={t('rates.price')}>
        <div className="rate-table__cell">
          <strong className="rate__price">{formatPrice(rate.totalPrice, rate.currency)}</strong>
          <span className="rate__per muted">{t('rates.per_stay', { nights: n, count: n })}</span>
          {rate.taxes.length > 0 ? (
            <span className="rate__per muted">{t('rates.includes_taxes')}</span>
          ) : null}
        </div>
      </td>
      <td data-label={t('rates.rooms')}>
        <div className="rate-table__cell">
          {unavailable ? (
            <span className="rate__unavailable">
              {t(`rates.unavailable.${unavailable}`, {
                count: unavailable === 'min_stay' ? (rate.minStay ?? 0) : (rate.maxStay ?? 0),
              })}
            </span>
          ) : (
            <Select
              label={t('rates.quantity', { rate: rate.title, unit: unit.title })}
              hideLabel
              className="rate__quantity"
              options={options(unit, rate).map((q) => ({ id: String(q), label: String(q) }))}
              selectedKey={String(count)}
              onSelectionChange={(key) => select(unit.id, rate.id, Number(key))}
            />
          )}
        </div>
      </td>
    </tr>
  );
}

function isScarceUnit(unit: UnitWithRates, isScarce: (availability: number) => boolean): boolean {
  return unit.availability > 0 && isScarce(unit.availability);
}
