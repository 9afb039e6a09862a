import type { ReactNode } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { useErrorText } from './useErrorText';

/** A failed read as a screen shows it: `ErrorState` in the error's words, its retry reading the query again. */
export function QueryErrorState({
  query,
  title,
  retryLabel,
}: {
  query: { error: unknown; refetch: () => unknown };
  title?: ReactNode;
  retryLabel?: string;
}) {
  const errorText = useErrorText();
  return (
    <ErrorState title={title} retryLabel={retryLabel} onRetry={() => void query.refetch()}>
      {errorText(query.error)}
    </ErrorState>
  );
}
