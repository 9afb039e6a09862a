import type { Storefront, StoreLocale } from '@tern/sdk/contract';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from './api';

// What every store page reads, apart from the app that provides it (StoreApp.tsx), so that the pages StoreApp
// routes to do not import StoreApp back (web test/importCycles.test.ts).

/** What every store page reads: the API, the storefront (loaded once per store) and the visitor's language. */
export interface StoreContextValue {
  api: StoreApi;
  storefront: Storefront;
  locale: StoreLocale;
  /** The ids of the types the store sells. */
  sold: ReadonlySet<string>;
}

export const StoreContext = createContext<StoreContextValue | null>(null);

export function useStore(): StoreContextValue {
  const value = useContext(StoreContext);
  if (!value) throw new Error('useStore outside a loaded store');
  return value;
}

/** A load that failed (document 3 L237's words) and the visitor's way to try again: the store's, a page's. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p role="alert">{t('errors.load_failed')}</p>
      <button type="button" className="store-button" onClick={onRetry}>
        {t('common.try_again')}
      </button>
    </>
  );
}
