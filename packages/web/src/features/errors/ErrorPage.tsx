import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PageHeading } from '../../components/PageHeading';

/** A page that failed to draw: the generic error (document 1 §8) and a retry. */
export function ErrorPage({ reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page stack" style={{ maxWidth: '36rem' }}>
      <PageHeading>{t('general.error_message')}</PageHeading>
      <Alert variant="error" action={<Button onPress={reset}>{t('general.retry')}</Button>}>
        {t('general.error_description')}
      </Alert>
    </div>
  );
}
