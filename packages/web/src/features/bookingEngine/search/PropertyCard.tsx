import { formatPrice } from '@tern/core/bookingEngine';
import type { SearchProperty } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/Link';
import { Stars } from '../property/Stars';

export interface PropertyCardProps {
  property: SearchProperty;
  /** The property page with the search's query. */
  href: string;
  isActive?: boolean;
  headingLevel?: 2 | 3;
}

/** One search result: photo, name, stars, place and the best offer for the dates (document 1 §2). */
export function PropertyCard({ property, href, isActive, headingLevel = 3 }: PropertyCardProps) {
  const { t } = useTranslation();
  const photo = property.photos[0];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const offer = property.bestOffer;
  const price = offer.offer !== null ? formatPrice(offer.offer, offer.currency) : null;
  return (
    <article className={`result-card${isActive ? ' result-card--active' : ''}`}>
      <div className="result-card__photo">
        {photo ? <img src={photo.url} alt="" loading="lazy" /> : <div className="result-card__no-photo" />}
      </div>
      <div className="result-card__body">
        <Heading className="result-card__title">
          <Link href={href} variant="nav" className="result-card__link">
            {property.title}
          </Link>
        </Heading>
        {property.starRating ? <Stars count={property.starRating} /> : null}
        <p className="result-card__place">{[property.address, property.city].filter(Boolean).join(', ')}</p>
        <p className="result-card__price">
          {price ? (
            offer.nights ? (
              <>
                <strong>{price}</strong>{' '}
                <span className="muted">{t('price_summary.nights', { count: offer.nights })}</span>
              </>
            ) : (
              <strong>{t('properties.from_price', { price })}</strong>
            )
          ) : (
            <span className="muted">{t('properties.no_offer')}</span>
          )}
        </p>
      </div>
    </article>
  );
}
