import { matchRoute } from '@tern/core/navigation';
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

/**
 * The store's router: core's route table (`@tern/core/navigation`, the `store` layout routes under
 * `/:selectedProperty/…` and their legacy duplicates under `/giftcards/store/:selectedProperty/…`) read with
 * `matchRoute`, over the History API. No router library: the store's first load has a 70 KB budget.
 *
 * A legacy path shows the page of the route it is an alias of (`aliasOf`), and the store's links keep the
 * prefix the visitor came with (`base`), so a visitor of `/giftcards/store/x` stays on that family of paths.
 */

export interface StoreLocation {
  pathname: string;
  search: string;
  /** The notice the navigation to this location carried (its history entry's state). */
  notice?: StoreNotice | null;
}

/**
 * Words a page hands to the page it sends the visitor to (document 3 §8: sold out, an empty cart, a failed
 * payment → the store, which says why). They travel with the navigation, in the history entry's state, never in
 * the URL: catalogue keys, so they read in the visitor's language.
 */
export interface StoreNotice {
  /** An error (said at once: role alert) or news (role status). */
  tone: 'error' | 'info';
  /** Its first line, in bold (`checkout.error_title`), if any. */
  title?: string;
  /** Its lines' keys, in order. */
  lines: string[];
}

export interface StoreRoute {
  /** The page's route id (`store`, `storeCart`, `storeGiftCard`…; a legacy route's `aliasOf`), or null. */
  page: string | null;
  /** The store's slug as the path wrote it (the server finds it in any case). */
  slug: string;
  /** The route's other parameters (`giftCardId`, `giftCardNumber`, `receiver`). */
  params: Record<string, string>;
  /** The store's root path: `/{slug}` or `/giftcards/store/{slug}`. */
  base: string;
  search: URLSearchParams;
  /** What the page that sent the visitor here says (`StoreNotice`), or null. */
  notice: StoreNotice | null;
}

const LEGACY_PREFIX = '/giftcards/store/';

/** The store route a location shows; `page` is null for a path that is not a store page. */
export function storeRouteOf(location: StoreLocation): StoreRoute {
  const match = matchRoute(location.pathname);
  const search = new URLSearchParams(location.search);
  const notice = location.notice ?? null;
  if (match?.route.layout !== 'store') return { page: null, slug: '', params: {}, base: '/', search, notice };
  const { selectedProperty: slug = '', ...params } = match.params;
  const legacy = location.pathname.startsWith(LEGACY_PREFIX);
  const base = `${legacy ? LEGACY_PREFIX : '/'}${encodeURIComponent(slug)}`;
  return { page: match.route.aliasOf ?? match.route.id, slug, params, base, search, notice };
}

interface RouterValue {
  route: StoreRoute;
  /**
   * Goes to a path of the site (pushes a history entry; `replace` replaces the current one), with the `notice`
   * the next page shows, if any.
   */
  navigate: (to: string, options?: { replace?: boolean; notice?: StoreNotice }) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

const currentLocation = (): StoreLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  notice: (window.history.state as { notice?: StoreNotice } | null)?.notice ?? null,
});

export function StoreRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const onPop = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, options: { replace?: boolean; notice?: StoreNotice } = {}) => {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url);
      return;
    }
    const state = options.notice ? { notice: options.notice } : null;
    if (options.replace) window.history.replaceState(state, '', url);
    else window.history.pushState(state, '', url);
    setLocation(currentLocation());
    if (!url.hash) window.scrollTo(0, 0);
  }, []);
  const value = useMemo(() => ({ route: storeRouteOf(location), navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useStoreRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useStoreRouter outside <StoreRouter>');
  return value;
}

/**
 * A path of the current store: `rest` is the page's part (`''`, `/cart`, `/12`), and the page's `locale`
 * query is kept, so a visitor who chose a language keeps it from page to page.
 */
export function useStorePath(): (rest: string, query?: Record<string, string>) => string {
  const { route } = useStoreRouter();
  const locale = route.search.get('locale');
  return useCallback(
    (rest, query = {}) => {
      const search = new URLSearchParams({ ...(locale ? { locale } : {}), ...query }).toString();
      return `${route.base}${rest}${search ? `?${search}` : ''}`;
    },
    [route.base, locale],
  );
}

/** A link within the site, followed without reloading the page (a modified click opens it as the browser does). */
export function StoreLink({
  to,
  onClick,
  ...rest
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const { navigate } = useStoreRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || rest.target) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
