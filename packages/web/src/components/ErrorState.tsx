import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './Alert';
import { Button } from './Button';

export interface ErrorStateProps {
  /** What failed, in the error's own words (`useErrorText`). */
  children?: ReactNode;
  /** Asks again (a query's `refetch`, a machine's retry event). */
  onRetry: () => void;
  /** The heading; the generic "Something went wrong" when not given, none for `null` (a heading above says it). */
  title?: ReactNode;
  /** The button's words; "Try again" when not given. */
  retryLabel?: string;
  /** A second way out beside the retry (a drawer's "Close": the failed action is not tried again). */
  dismiss?: { label: string; onPress: () => void };
}

/** Where a query failed (UI.md "ErrorState with a retry"): an assertive alert saying so, and a button to ask again. */
export function ErrorState({ children, onRetry, title, retryLabel, dismiss }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="error"
      title={title === undefined ? t('general.error_message') : title}
      action={
        <>
          <Button variant="secondary" onPress={onRetry}>
            {retryLabel ?? t('general.retry')}
          </Button>
          {dismiss ? (
            <Button variant="quiet" onPress={dismiss.onPress}>
              {dismiss.label}
            </Button>
          ) : null}
        </>
      }
    >
      {children}
    </Alert>
  );
}
