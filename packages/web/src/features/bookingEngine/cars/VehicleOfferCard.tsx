import { formatPrice } from '@tern/core/bookingEngine';
import type { VehicleOffer } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ProviderBrand } from './ProviderBrand';

export interface VehicleOfferCardProps {
  offer: VehicleOffer;
  /** The price for the charged days (core's car price) and the days. */
  price: number | null;
  days: number;
  currency: string;
  /** Keeps the offer for checkout and goes there (document 1 §2: a car goes straight to checkout). */
  onSelect: () => void;
}

/** A car offer: photo, make and model, ACRISS code, seats, doors, luggage, price for the days, provider. */
export function VehicleOfferCard({ offer, price, days, currency, onSelect }: VehicleOfferCardProps) {
  const { t } = useTranslation();
  return (
    <article className="vehicle-card">
      <div className="vehicle-card__photo">
        <img src={offer.imageUrl} alt="" loading="lazy" />
      </div>
      <div className="vehicle-card__body">
        <h3 className="vehicle-card__title">
          {offer.make} {offer.model}
        </h3>
        <p className="vehicle-card__similar muted">
          {t('cars.or_similar')} ·{' '}
          <abbr title="Association of Car Rental Industry Systems Standards">
            {t('cars.acriss', { code: offer.acrissCode })}
          </abbr>
        </p>
        <ul className="vehicle-card__facts">
          <li>{t('cars.seats', { count: offer.seats })}</li>
          <li>{t('cars.doors', { count: offer.doors })}</li>
          <li>
            {t('cars.luggage', { large: offer.largeSuitcasesCapacity, small: offer.smallSuitcasesCapacity })}
          </li>
          <li>{t(`cars.transmission.${offer.transmission}`)}</li>
        </ul>
        <p className="vehicle-card__station muted">{t('cars.pick_up_at', { station: offer.stationTitle })}</p>
        <ProviderBrand provider={offer.provider} />
      </div>
      <div className="vehicle-card__price">
        <strong>{t('cars.price_for_days', { count: days, price: formatPrice(price, currency) })}</strong>
        <Button
          className="vehicle-card__book"
          onPress={onSelect}
          aria-label={`${t('cars.select')}: ${offer.make} ${offer.model}, ${offer.stationTitle}`}
        >
          {t('cars.select')}
        </Button>
      </div>
    </article>
  );
}
