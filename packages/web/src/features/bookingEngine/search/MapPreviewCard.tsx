import { formatPrice } from '@tern/core/bookingEngine';
import type { SearchProperty } from '@tern/sdk';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Link } from '../../../components/Link';

export interface MapPreviewCardProps {
  property: SearchProperty;
  href: string;
  onBack: () => void;
}

/** The card a map marker opens (document 1 §2): the property, its price, back to map and book now. */
export function MapPreviewCard({ property, href, onBack }: MapPreviewCardProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const photo = property.photos[0];
  const offer = property.bestOffer;
  return (
    <section className="map-preview" aria-label={t('search_page.preview')}>
      {photo ? <img className="map-preview__photo" src={photo.url} alt="" /> : null}
      <div className="map-preview__body">
        <h2 ref={heading} tabIndex={-1} className="map-preview__title">
          {property.title}
        </h2>
        <p className="map-preview__place muted">
          {[property.address, property.city].filter(Boolean).join(', ')}
        </p>
        <p className="map-preview__price">
          {offer.offer !== null ? (
            <strong>{formatPrice(offer.offer, offer.currency)}</strong>
          ) : (
            <span className="muted">{t('properties.no_offer')}</span>
          )}
        </p>
        <div className="map-preview__actions">
          <Button variant="secondary" onPress={onBack}>
            {t('search_page.back_to_map')}
          </Button>
          <Link href={href} variant="button" className="link--primary">
            {t('search_page.book_now')}
          </Link>
        </div>
      </div>
    </section>
  );
}
