/**
 * Size check of the web app's first load (outside the test suite): builds the app with Vite into a temporary
 * folder (or reads a build given as `--dist DIR` that `helpers/build.ts` made: Vite's manifest and the chunk of
 * each module), and sums, gzipped, the JavaScript a page needs before it can draw: the static-import closure of
 * the entry plus the closures of the chunks holding the modules the page waits for — its screen, the router for every page but the sign-in
 * page, the app's frame for pages drawn in it, the booking flow's strings for the frame's pages but the search
 * pages (below). Baseline, measured in the same run: all the app's
 * JavaScript, gzipped (what every page loaded before the routes were split).
 *
 * What a page fetches after it has drawn is not counted: the parts `components/deferred.tsx` draws as
 * placeholders first (the search form's pickers, the map, the header's menus, the toasts), Leaflet, the router
 * on the sign-in page (it takes over at the first navigation, `app/FirstLoad.tsx`), and the SDK. The SDK's
 * chunk (`app/client.ts`: the contract, zod, ky) is loaded by a page's first call, and no page waits for one
 * before it draws: the sign-in page's first call is the sign-in itself; a signed-in page opened with a stored
 * session waits for the server's word on the token, asked with a plain request in the entry
 * (`session/restore.ts`, `fetchTokenCheck`), and draws with the user stored at sign-in, which the SDK then reads
 * again (`services.ts`, `refreshRestored`). A page's own calls (the search's results) show their loading state
 * meanwhile.
 *
 * Targets (issue 23 §6): the sign-in page (/login) at most 110 KB, the reseller's search page (/search) at most 165 KB;
 * (issue 24) the public gift store's page, its own entry store.html, at most 70 KB.
 * Prints MET or MISSED for each; exits non-zero when one is missed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtApp } from './helpers/build.js';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * A page, the source modules of the lazy chunks it waits for before drawing (its screen from router/screens.ts,
 * the router, the app's frame from layouts/RootLayout.tsx for pages drawn in it), and its budget in KB gzipped.
 */
interface Target {
  name: string;
  path: string;
  /** The page's HTML entry: the staff app's (`index.html`, the default) or the gift store's (`store.html`). */
  entry?: string;
  modules: string[];
  budgetKb: number | null;
}

const appFrame = 'src/layouts/AppLayout.tsx';
/**
 * The router's chunk (`app/FirstLoad.tsx`): every page waits for it but the sign-in page, which a signed-out
 * visitor sees drawn without it (the router loads after the first paint, for the first navigation).
 */
const router = 'src/app/routed.ts';
/**
 * The booking engine's strings past the search (`layouts/BookingFlowStrings.tsx`): every page of the app's frame
 * waits for them but the stay search pages (home and search).
 */
const bookingFlow = 'src/i18n/bookingFlowPart.ts';
const targets: Target[] = [
  { name: 'sign-in page', path: '/login', modules: ['src/features/auth/LoginPage.tsx'], budgetKb: 110 },
  // The public gift store's own entry (store.html): its store page is drawn by the entry itself; a card's
  // page, the cart and the cart's machine load after (issue 24: at most 70 KB).
  { name: 'gift store page', path: '/{storeSlug}', entry: 'store.html', modules: [], budgetKb: 70 },
  // Issue 25's public pages, drawn by the same entry (its 70 KB above) with the lazy chunks each waits for: shown
  // without a budget of their own (docs/decisions.md "The public pages' first load": XState alone is 12.5 KB).
  {
    name: 'gift campaign page (in Icelandic, its default)',
    path: '/gift-campaign/{id}',
    entry: 'store.html',
    modules: ['src/campaign/CampaignApp.tsx', 'src/campaign/i18n/is.ts'],
    budgetKb: null,
  },
  {
    name: 'redemption pages (use a gift card, its booking)',
    path: '/{storeSlug}/useGiftCard',
    entry: 'store.html',
    modules: ['src/store/redeem/RedeemPage.tsx'],
    budgetKb: null,
  },
  {
    name: 'gift card stay cancel page',
    path: '/{storeSlug}/cancelGiftCard',
    entry: 'store.html',
    modules: ['src/store/redeem/CancelPage.tsx'],
    budgetKb: null,
  },
  {
    name: 'reseller search page',
    path: '/search',
    modules: ['src/features/bookingEngine/search/SearchPage.tsx', appFrame, router],
    budgetKb: 165,
  },
  // Shown for comparison, without a budget of their own.
  {
    name: 'reseller home',
    path: '/',
    modules: ['src/features/bookingEngine/home/HomePage.tsx', appFrame, router],
    budgetKb: null,
  },
  {
    name: 'bookings list',
    path: '/bookings',
    modules: ['src/features/bookings/BookingsPage.tsx', appFrame, router, bookingFlow],
    budgetKb: null,
  },
];

const { dist, cleanup } = await builtApp();

try {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  /** The chunk's file and the files of everything it imports statically, transitively. */
  const closure = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  };
  const total = (files: Iterable<string>) =>
    [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + sizeOf(f), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  const chunkOf = JSON.parse(readFileSync(join(dist, '.vite', 'modules.json'), 'utf8')) as Record<
    string,
    string
  >;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const allJs = new Set(Object.values(manifest).map((chunk) => chunk.file));
  const baseline = total(allJs);

  console.log(`baseline: all JavaScript of the app, gzipped: ${kb(baseline)} in ${allJs.size} files`);
  for (const [entryKey] of entries)
    console.log(`entry (static closure of ${entryKey}): ${kb(total(closure(entryKey)))}`);
  let missed = 0;
  for (const target of targets) {
    const files = closure(target.entry ?? 'index.html');
    for (const module of target.modules) {
      // The chunk the module went into (its own, or its page family's), and that chunk's static closure.
      const chunkKey = keyOfFile.get(chunkOf[module] ?? '');
      if (!chunkKey) throw new Error(`${target.path}: ${module} is in no chunk`);
      closure(chunkKey, files);
    }
    const size = total(files);
    const share = `${((size / baseline) * 100).toFixed(0)}% of the baseline`;
    if (target.budgetKb === null) {
      console.log(`${target.name} (${target.path}): ${kb(size)} (${share}; no budget)`);
      continue;
    }
    const met = size <= target.budgetKb * 1024;
    if (!met) missed++;
    console.log(
      `${target.name} (${target.path}): ${kb(size)} first-load JS, gzipped; budget ${target.budgetKb} KB; ${share} — ${met ? 'MET' : 'MISSED'}`,
    );
  }
  process.exitCode = missed ? 1 : 0;
} finally {
  cleanup();
}
