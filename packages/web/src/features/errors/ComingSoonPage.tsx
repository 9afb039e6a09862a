import { BOOKINGS_PATH } from '@tern/core/navigation';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { Link } from '../../components/Link';
import { PageHeading } from '../../components/PageHeading';

/** A route core knows and the user may open, whose screen is not built yet: said plainly, nothing faked. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <div className="page stack">
      <PageHeading>{t('coming_soon.heading')}</PageHeading>
      <EmptyState
        title={t('coming_soon.heading')}
        level={2}
        action={
          <Link href={BOOKINGS_PATH} variant="button">
            {t('coming_soon.back')}
          </Link>
        }
      >
        {t('coming_soon.text')}
      </EmptyState>
    </div>
  );
}
