import { resolveStoreLocale } from '@tern/core/store';
import type { Storefront, StoreLocale } from '@tern/sdk/contract';
import type { ApiError } from '@tern/sdk/errors';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Translator } from '../i18n/translator';
import type { StoreApi } from './api';
import { CartProvider } from './cart/CartContext';
import { LoadFailed, StoreContext } from './context';
import { loadLocale } from './i18n';
import { storePages } from './pages';
import { useStoreRouter } from './router';

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; storefront: Storefront; locale: StoreLocale };

/**
 * Loads the store of the path's slug and the visitor's language, then draws the route's page. A path that is
 * no store page, or a store the server does not know (404), goes to the default route (`/`, document 3 §10);
 * any other failure says so with a way to try again (document 3 L237).
 */
export function StoreApp({
  api,
  i18n,
  layout: Layout,
}: {
  api: StoreApi;
  i18n: Translator;
  layout: (props: { children: ReactNode }) => ReactNode;
}) {
  const { route } = useStoreRouter();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const queryLocale = route.search.get('locale');
  const slug = route.slug;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the visitor's "try again": it loads the store anew.
  useEffect(() => {
    if (!slug) {
      window.location.replace('/');
      return;
    }
    const controller = new AbortController();
    setLoad((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    api
      .get(slug, controller.signal)
      .then(async (storefront) => {
        const { locale } = resolveStoreLocale({
          urlLocale: queryLocale,
          browserLanguages: navigator.languages ?? [navigator.language],
          icelandicOnly: storefront.property.icelandicOnly,
        });
        await loadLocale(i18n, locale);
        document.documentElement.lang = locale;
        if (!controller.signal.aborted) setLoad({ state: 'ready', storefront, locale });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if ((error as ApiError).status === 404) window.location.replace('/');
        else setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [api, i18n, slug, queryLocale, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const value = useMemo(
    () =>
      load.state === 'ready'
        ? {
            api,
            storefront: load.storefront,
            locale: load.locale,
            sold: new Set(load.storefront.types.map((type) => type.id)),
          }
        : null,
    [api, load],
  );

  return (
    <I18nextProvider i18n={i18n}>
      {load.state === 'failed' ? (
        <main className="store-status" id="main">
          <LoadFailed onRetry={retry} />
        </main>
      ) : value ? (
        <StoreContext.Provider value={value}>
          <CartProvider key={slug.toLowerCase()} api={api} slug={slug} sold={value.sold}>
            <Layout>
              <Suspense fallback={<Loading />}>
                <Page page={route.page} />
              </Suspense>
            </Layout>
          </CartProvider>
        </StoreContext.Provider>
      ) : (
        <Loading />
      )}
    </I18nextProvider>
  );
}

function Page({ page }: { page: string | null }) {
  const Component = (page && storePages[page]) || storePages.store;
  return Component ? <Component /> : null;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="store-status" role="status">
      {t('common.loading')}
    </p>
  );
}
