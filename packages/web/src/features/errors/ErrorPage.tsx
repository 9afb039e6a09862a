import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { PageHeading } from '../../components/PageHeading';

/** A page that failed to draw: the generic error (document 1 §8) and a retry. */
export function ErrorPage({ reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page stack" style={{ maxWidth: '36rem' }}>
      <PageHeading>{t('general.error_message')}</PageHeading>
      <ErrorState title={null} onRetry={reset}>
        {t('general.error_description')}
      </ErrorState>
    </div>
  );
}
