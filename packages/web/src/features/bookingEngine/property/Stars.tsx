import { useTranslation } from 'react-i18next';

/** A star rating, read out as "4 stars". */
export function Stars({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t('hotel_page.stars', { count })}>
      {'★'.repeat(count)}
    </span>
  );
}
