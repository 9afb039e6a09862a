import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './Alert';
import { Button } from './Button';

export interface ErrorStateProps {
  /** What failed, in the error's own words (`useErrorText`). */
  children?: ReactNode;
  /** Asks again (a query's `refetch`, a machine's retry event). */
  onRetry: () => void;
  /** The heading; the generic "Something went wrong" when not given. */
  title?: ReactNode;
  /** The button's words; "Try again" when not given. */
  retryLabel?: string;
}

/** Where a query failed (UI.md "ErrorState with a retry"): an assertive alert saying so, and a button to ask again. */
export function ErrorState({ children, onRetry, title, retryLabel }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="error"
      title={title ?? t('general.error_message')}
      action={
        <Button variant="secondary" onPress={onRetry}>
          {retryLabel ?? t('general.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
