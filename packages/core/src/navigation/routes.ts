/**
 * The app's routes as data (documents 1 §2, 2 §2, 3 §2 and §10; DECISIONS 4–6): pattern, guard, title key,
 * feature flag and layout. The web app's router, the guards and the menu read this table; none repeats it.
 */

/** The settings page `/settings` and unknown settings pages open (document 2 §2). */
export const SETTINGS_DEFAULT_PATH = '/settings/property-details';

/** Who may open a route (document 3 §10). */
export type GuardKind = 'public' | 'signedIn' | 'reseller' | 'supplierOrAdmin' | 'admin';

/** The frame a page is drawn in: the signed-in app, a bare page, the gift store, or the campaign page. */
export type Layout = 'app' | 'bare' | 'store' | 'campaign';

/** What a route does when its feature flag is off: send the user elsewhere, or draw a placeholder. */
export type RouteFeature =
  | { flag: 'searchPageIsActive'; whenOff: 'redirect'; to: string }
  | { flag: 'searchPageIsActive'; whenOff: 'placeholder' };

export interface RouteDef {
  id: string;
  /** Path with `:param` segments, matched whole (no prefixes). */
  pattern: string;
  guard: GuardKind;
  /** Page title message key; for property pages the fallback shown while the property loads. */
  titleKey: string;
  /** Property, checkout and confirmation show the property title once it is loaded. */
  titleFromProperty?: true;
  feature?: RouteFeature;
  /** Where a signed-in user goes instead (login → bookings; reset link → change password). */
  signedInRedirect?: string;
  layout: Layout;
  /** Legacy store routes show the same page as this route id. */
  aliasOf?: string;
  /**
   * A QA tool (the machine visualizer): besides its guard's users, every signed-in user may open it when the
   * `qaTools` flag is on (a development build, or a server in sandbox mode).
   */
  qaTool?: true;
}

export const titleKeys = {
  login: 'page_titles.login',
  profile: 'page_titles.profile',
  settings: 'page_titles.settings',
  contracts: 'page_titles.contracts',
  inventory: 'page_titles.inventory',
  admin: 'page_titles.admin',
  apiKeys: 'page_titles.api_keys',
  changePassword: 'page_titles.change_password',
  tokenVerification: 'page_titles.token_verification',
  search: 'page_titles.search',
  bookings: 'page_titles.bookings',
  loading: 'page_titles.loading',
  notFound: 'page_titles.not_found',
  giftCards: 'page_titles.gift_cards',
  product: 'page_titles.product',
} as const;

const T = titleKeys;

const appRoutes: RouteDef[] = [
  // Document 1: booking engine, bookings, contracts, login.
  {
    id: 'home',
    pattern: '/',
    guard: 'reseller',
    titleKey: T.search,
    feature: { flag: 'searchPageIsActive', whenOff: 'redirect', to: '/bookings' },
    layout: 'app',
  },
  {
    id: 'search',
    pattern: '/search',
    guard: 'reseller',
    titleKey: T.search,
    feature: { flag: 'searchPageIsActive', whenOff: 'redirect', to: '/' },
    layout: 'app',
  },
  {
    id: 'searchCars',
    pattern: '/search_cars',
    guard: 'reseller',
    titleKey: T.search,
    feature: { flag: 'searchPageIsActive', whenOff: 'placeholder' },
    layout: 'app',
  },
  {
    id: 'property',
    pattern: '/property/:channelId',
    guard: 'reseller',
    titleKey: T.loading,
    titleFromProperty: true,
    layout: 'app',
  },
  {
    id: 'checkout',
    pattern: '/property/:channelId/booking_info',
    guard: 'reseller',
    titleKey: T.loading,
    titleFromProperty: true,
    layout: 'app',
  },
  {
    id: 'confirmation',
    pattern: '/property/:channelId/confirmation/:bookingId',
    guard: 'reseller',
    titleKey: T.loading,
    titleFromProperty: true,
    layout: 'app',
  },
  { id: 'notFound', pattern: '/404', guard: 'public', titleKey: T.notFound, layout: 'bare' },
  {
    id: 'login',
    pattern: '/login',
    guard: 'public',
    titleKey: T.login,
    signedInRedirect: '/bookings',
    layout: 'bare',
  },
  { id: 'bookings', pattern: '/bookings', guard: 'signedIn', titleKey: T.bookings, layout: 'app' },
  { id: 'profile', pattern: '/profile', guard: 'signedIn', titleKey: T.profile, layout: 'app' },
  { id: 'contracts', pattern: '/contracts', guard: 'signedIn', titleKey: T.contracts, layout: 'app' },
  {
    id: 'changePassword',
    pattern: '/changePassword',
    guard: 'signedIn',
    titleKey: T.changePassword,
    layout: 'app',
  },
  {
    id: 'verifyResetPasswordEmail',
    pattern: '/verify_reset_password_email',
    guard: 'public',
    titleKey: T.tokenVerification,
    signedInRedirect: '/changePassword',
    layout: 'bare',
  },
  // Document 2: back office.
  // `/settings` and an unknown settings page open the default one (document 2 §2).
  {
    id: 'settings',
    pattern: '/settings',
    guard: 'supplierOrAdmin',
    titleKey: T.settings,
    layout: 'app',
    signedInRedirect: SETTINGS_DEFAULT_PATH,
  },
  {
    id: 'settings/unknown',
    pattern: '/settings/:page',
    guard: 'supplierOrAdmin',
    titleKey: T.settings,
    layout: 'app',
    signedInRedirect: SETTINGS_DEFAULT_PATH,
  },
  ...[
    'property-details',
    'photos',
    'rooms-and-rates',
    'policies',
    'stores',
    'payment-providers',
    'admin',
  ].map(
    (page): RouteDef => ({
      id: `settings/${page}`,
      pattern: `/settings/${page}`,
      guard: 'supplierOrAdmin',
      titleKey: T.settings,
      layout: 'app',
    }),
  ),
  { id: 'admin', pattern: '/admin', guard: 'admin', titleKey: T.admin, layout: 'app' },
  { id: 'apiKeys', pattern: '/api_keys', guard: 'reseller', titleKey: T.apiKeys, layout: 'app' },
  // The QA machine visualizer: every core machine as a statechart. Admins only; not in the menu.
  {
    id: 'qaMachines',
    pattern: '/qa/machines',
    guard: 'admin',
    qaTool: true,
    titleKey: T.admin,
    layout: 'app',
  },
  { id: 'inventory', pattern: '/inventory', guard: 'supplierOrAdmin', titleKey: T.inventory, layout: 'app' },
  // The inventory page's frame: Tern's own calendar, opened with a one-time token (its credential, so
  // the route itself is public), drawn without the app's frame.
  {
    id: 'inventoryCalendar',
    pattern: '/inventory/calendar',
    guard: 'public',
    titleKey: T.inventory,
    layout: 'bare',
  },
  { id: 'promocodes', pattern: '/promocodes', guard: 'supplierOrAdmin', titleKey: T.product, layout: 'app' },
  { id: 'products', pattern: '/products', guard: 'supplierOrAdmin', titleKey: T.product, layout: 'app' },
  // Document 3: staff gift-card and campaign screens.
  { id: 'orders', pattern: '/orders', guard: 'signedIn', titleKey: T.product, layout: 'app' },
  { id: 'giftCards', pattern: '/gift-cards', guard: 'signedIn', titleKey: T.product, layout: 'app' },
  { id: 'purchases', pattern: '/purchases', guard: 'signedIn', titleKey: T.product, layout: 'app' },
  { id: 'giftCampaigns', pattern: '/gift-campaigns', guard: 'signedIn', titleKey: T.product, layout: 'app' },
  {
    id: 'giftCampaign',
    pattern: '/gift-campaign/:giftCampaignId',
    guard: 'public',
    titleKey: T.product,
    layout: 'campaign',
  },
];

/** Store pages, relative to the store slug (document 3 §2.1). Literal segments win over `:giftCardId`. */
const storePages: Array<[id: string, rest: string]> = [
  ['store', ''],
  ['storeCart', '/cart'],
  ['storeCheckout', '/checkout'],
  ['storePayment', '/payment'],
  /** Also the purchase status return page (its route is not given). */
  ['storeConfirmation', '/confirmation'],
  ['storeTerms', '/terms'],
  ['storeUseGiftCard', '/useGiftCard'],
  ['storeCancelGiftCard', '/cancelGiftCard'],
  ['storeBooking', '/booking/:giftCardNumber'],
  ['storeBookingCheckout', '/booking/:giftCardNumber/checkout'],
  ['storeBookingConfirmation', '/booking/:giftCardNumber/confirmation'],
  /** The multi-property card's property choice; the documents give no path, this one is proposed. */
  ['storeProperties', '/:giftCardId/properties'],
  ['storeGiftCard', '/:giftCardId'],
];

const storeRoute = (id: string, pattern: string, aliasOf?: string): RouteDef => ({
  id,
  pattern,
  guard: 'public',
  titleKey: T.giftCards,
  layout: 'store',
  ...(aliasOf ? { aliasOf } : {}),
});

const LEGACY_STORE_PREFIX = '/giftcards/store';

const storeRoutes: RouteDef[] = [
  ...storePages.map(([id, rest]) => storeRoute(id, `/:selectedProperty${rest}`)),
  ...storePages.map(([id, rest]) =>
    storeRoute(`legacy.${id}`, `${LEGACY_STORE_PREFIX}/:selectedProperty${rest}`, id),
  ),
  storeRoute(
    'legacy.storeCheckoutReceiver',
    `${LEGACY_STORE_PREFIX}/:selectedProperty/checkout/:receiver`,
    'storeCheckout',
  ),
];

/** Every route of the three documents. */
export const routes: readonly RouteDef[] = [...appRoutes, ...storeRoutes];

export const routesById: ReadonlyMap<string, RouteDef> = new Map(routes.map((r) => [r.id, r]));

/**
 * First segments of the paths the server serves itself (the API, sign-in, the built app's files, photos, the
 * simulated billing portal and Stripe onboarding pages): a store slug may not take them either. The server's test
 * (`test/reservedSlugs.test.ts`) checks every route it registers against this list.
 */
export const SERVER_SEGMENTS: readonly string[] = ['api', 'auth', 'assets', 'photos', 'billing', 'stripe'];

/** First path segments of the app's own routes: a store slug cannot be one of them. */
export const reservedSegments: ReadonlySet<string> = new Set([
  ...SERVER_SEGMENTS,
  ...routes.map((r) => r.pattern.split('/')[1] ?? '').filter((s) => s !== '' && !s.startsWith(':')),
]);

/**
 * The store's own page words (`cart`, `terms`, `checkout`…): `/cart` is a visitor who lost the store's slug,
 * not a store called "cart".
 */
const storePageWords: ReadonlySet<string> = new Set(
  storePages.map(([, rest]) => rest.split('/')[1] ?? '').filter((s) => s !== '' && !s.startsWith(':')),
);

/**
 * The one list of words a store slug cannot be (a store lives at `/{slug}`, document 3 §2.1), lower case: the
 * server's paths, the app's own first segments, and the store's page words (`booking`, `cart`…). The store form,
 * the server's store save and the web router all ask `isReservedStoreSlug`, which adds typos of the longer ones.
 */
export const RESERVED_STORE_SLUGS: ReadonlySet<string> = new Set(
  [...reservedSegments, ...storePageWords].map((word) => word.toLowerCase()),
);

/** A store slug's shape (document 2 §7: letters, digits and hyphens only). */
const SLUG = /^[A-Za-z0-9-]+$/;

/** At most one letter added, dropped, changed or two swapped (`bookngs`, `lgoin`), ignoring case. */
function isOneEditAway(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  return (
    swapped ||
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i)
  );
}

/** Words long enough that one edit away is a typo, not another word. */
const TYPO_MIN_LENGTH = 5;

/**
 * Whether a store slug would collide with an app route (`settings`, `login`, `giftcards`…), a store page's own
 * word (`cart`, `terms`), or be a typo of an app route (`bookngs`, `Login`): each of those paths is a 404, never
 * a store.
 */
export function isReservedStoreSlug(slug: string): boolean {
  const lower = slug.toLowerCase();
  if (RESERVED_STORE_SLUGS.has(lower)) return true;
  for (const reserved of RESERVED_STORE_SLUGS) {
    if (reserved.length >= TYPO_MIN_LENGTH && isOneEditAway(lower, reserved)) return true;
  }
  return false;
}

/**
 * Whether a path segment can be a store's slug. Whether a store has that slug cannot be known yet (the API has
 * no store lookup; the store is a later issue), so this is the shape of a real slug, minus reserved words.
 */
export function isStoreSlug(segment: string): boolean {
  return SLUG.test(segment) && !isReservedStoreSlug(segment);
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** The path without query, hash and a trailing slash. */
export function normalizePathname(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (path.length > 1 && path.endsWith('/')) return path.slice(0, -1);
  return path;
}

function segmentsOf(path: string): string[] {
  return path === '/' ? [] : path.slice(1).split('/');
}

const compiled = routes.map((route) => ({ route, segments: segmentsOf(route.pattern) }));

function matchOne(segments: string[], patternSegments: string[]): Record<string, string> | null {
  if (segments.length !== patternSegments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, pattern] of patternSegments.entries()) {
    const segment = segments[i]!;
    if (!pattern.startsWith(':')) {
      if (segment !== pattern) return null;
      continue;
    }
    if (i === 0 && reservedSegments.has(segment)) return null;
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (pattern === ':selectedProperty' && !isStoreSlug(value)) return null;
    params[pattern.slice(1)] = value;
  }
  return params;
}

/** Literal segments beat parameters, position by position from the left. */
function isMoreSpecific(a: string[], b: string[]): boolean {
  for (const [i, segment] of a.entries()) {
    const aLiteral = !segment.startsWith(':');
    const bLiteral = !(b[i] ?? ':').startsWith(':');
    if (aLiteral !== bLiteral) return aLiteral;
  }
  return false;
}

/** The route a pathname shows, with its decoded parameters, or null for an unknown path. */
export function matchRoute(pathname: string): RouteMatch | null {
  const path = normalizePathname(pathname);
  if (!path.startsWith('/')) return null;
  const segments = segmentsOf(path);
  if (segments.some((s) => s === '')) return null;
  let best: { match: RouteMatch; segments: string[] } | null = null;
  for (const candidate of compiled) {
    const params = matchOne(segments, candidate.segments);
    if (!params) continue;
    if (!best || isMoreSpecific(candidate.segments, best.segments)) {
      best = { match: { route: candidate.route, params }, segments: candidate.segments };
    }
  }
  return best?.match ?? null;
}

/**
 * The title message key of a page (document 3 §10). Property pages return the loading text; they show the
 * property title once it is loaded (`titleFromProperty`). An unknown path shows the 404 page's title.
 */
export function pageTitleKey(pathname: string): string {
  return matchRoute(pathname)?.route.titleKey ?? titleKeys.notFound;
}
