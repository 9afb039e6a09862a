import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';

/**
 * `/bookings`, the landing page of every role (document 1 §2, DECISIONS 6). The booking engine and its
 * list endpoint are not here yet, so the page says so instead of showing made-up rows.
 */
export function BookingsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page__header">
        <PageHeading>{t('bookings.heading')}</PageHeading>
      </div>
      <EmptyState title={t('bookings.empty_title')}>
        <p>{t('bookings.empty_text')}</p>
      </EmptyState>
    </div>
  );
}
