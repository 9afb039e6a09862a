import type { Photo } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';

/** Document 1 §9: the widths a photo is asked for, and at most 5 photos in the gallery. */
export const PHOTO_WIDTHS = [575, 767, 991, 1199, 1920] as const;
export const GALLERY_LIMIT = 5;

/** `srcset` for a photo at the documented widths (the photo server scales by `w`). */
export function srcSetOf(url: string): string {
  const join = url.includes('?') ? '&' : '?';
  return PHOTO_WIDTHS.map((w) => `${url}${join}w=${w} ${w}w`).join(', ');
}

/**
 * The property's photos: one large and up to four small (five at most, document 1 §9). On a phone the
 * large photo shows alone with buttons to step through them.
 */
export function Gallery({ photos, title }: { photos: Photo[]; title: string }) {
  const { t } = useTranslation();
  const shown = photos.slice(0, GALLERY_LIMIT);
  const [current, setCurrent] = useState(0);
  if (shown.length === 0) {
    return (
      <div className="gallery gallery--empty" role="img" aria-label={t('hotel_page.no_photos')}>
        <span aria-hidden="true">{t('hotel_page.no_photos')}</span>
      </div>
    );
  }
  const main = shown[current] ?? shown[0]!;
  return (
    <section className="gallery" aria-label={t('hotel_page.photos', { title })}>
      <figure className="gallery__main">
        <img
          src={main.url}
          srcSet={srcSetOf(main.url)}
          sizes="(max-width: 991px) 100vw, 60vw"
          alt={main.description || t('hotel_page.photo_of', { number: current + 1, count: shown.length })}
        />
        {shown.length > 1 ? (
          <div className="gallery__steppers">
            <Button
              variant="secondary"
              aria-label={t('hotel_page.photo_of', {
                number: ((current - 1 + shown.length) % shown.length) + 1,
                count: shown.length,
              })}
              onPress={() => setCurrent((c) => (c - 1 + shown.length) % shown.length)}
            >
              <span aria-hidden="true">‹</span>
            </Button>
            <span className="gallery__counter" aria-live="polite">
              {t('hotel_page.photo_of', { number: current + 1, count: shown.length })}
            </span>
            <Button
              variant="secondary"
              aria-label={t('hotel_page.photo_of', {
                number: ((current + 1) % shown.length) + 1,
                count: shown.length,
              })}
              onPress={() => setCurrent((c) => (c + 1) % shown.length)}
            >
              <span aria-hidden="true">›</span>
            </Button>
          </div>
        ) : null}
      </figure>
      {shown.length > 1 ? (
        <ul className="gallery__thumbs">
          {shown.map((photo, index) =>
            index === current ? null : (
              <li key={photo.url}>
                <button
                  type="button"
                  className="gallery__thumb"
                  onClick={() => setCurrent(index)}
                  aria-label={t('hotel_page.photo_of', { number: index + 1, count: shown.length })}
                >
                  <img src={photo.url} srcSet={srcSetOf(photo.url)} sizes="20vw" alt="" loading="lazy" />
                </button>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </section>
  );
}
