import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type ProxyOptions } from 'vite';
import { ariaLocalesOnly } from './vite/ariaLocales.ts';

/** The API the dev server forwards to (`npm run serve` at the repository root listens on 4000). */
const api = process.env.TERN_API_PROXY ?? 'http://127.0.0.1:4000';

/**
 * `/verify_reset_password_email` is both a page of this app and an API call (docs/decisions.md): a browser
 * navigation gets the app, the SDK's JSON request goes on to the API.
 */
const pageOrApi: ProxyOptions = {
  target: api,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
};

/**
 * Workspace packages resolve to their TypeScript sources: each export's `source` entry of their
 * package.json. This is the `source` condition applied to our own packages only — as a global
 * `resolve.conditions` entry it would also pick the `source` exports of react-aria-components,
 * react-aria and @internationalized/*, which point at files those packages do not ship.
 */
export function workspaceSources(names: string[] = ['@tern/core', '@tern/sdk']): Alias[] {
  return names.flatMap((name) => {
    const dir = new URL(`../../node_modules/${name}/`, import.meta.url);
    const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as {
      exports: Record<string, { source?: string }>;
    };
    return Object.entries(pkg.exports)
      .filter(([, target]) => typeof target === 'object' && target.source)
      .map(([sub, target]) => ({
        find: new RegExp(
          `^${name.replace('/', '\\/')}${sub === '.' ? '' : sub.slice(1).replace('/', '\\/')}$`,
        ),
        replacement: fileURLToPath(new URL(target.source!, dir)),
      }));
  });
}

/**
 * `i18next` and `react-i18next` resolve to Tern's own translator (`src/i18n/translator.ts`, `src/i18n/react.tsx`):
 * the part of their API the app uses, at a tenth of their 17 KB gzipped, which every page loaded first
 * (docs/decisions.md). The screens keep importing `useTranslation` from 'react-i18next'; tsconfig.json's
 * `paths` and the tests (vitest.config.ts) resolve the names the same way.
 */
export const translatorAliases: Alias[] = [
  { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/i18n/translator.ts', import.meta.url)) },
  { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/i18n/react.tsx', import.meta.url)) },
];

/** A module of the web app's `src`, by its path under it. */
const inSrc = (path: string) => new RegExp(`[\\\\/]packages[\\\\/]web[\\\\/]src[\\\\/]${path}`);

/**
 * Chunks by page family. Left to itself, Rolldown cuts one chunk per set of lazy routes that share a module:
 * 60 to 80 files for a cold load of a back-office page, which the browser fetches six at a time. Each group
 * takes the modules its test names and, with them, every dependency no earlier group took, so a page loads its
 * family's chunk plus the earlier families' chunks it shares code with, and never a later family's. Hence the
 * order: the sign-in page first and the reseller's search next (their first loads have budgets, bench/size.ts),
 * the frame around signed-in pages, the rest of the engine's pages, the UI controls and libraries the other
 * pages share, the SDK's small parts the pages import and its contract (loaded at the first call), the public
 * pages, the header's deferred parts, and the back office by area, whose pages may be large but must be few
 * files (bench/coldLoad.ts: at most 25 scripts).
 */
const pageFamilies = [
  {
    name: 'signIn',
    test: inSrc('features/auth/(LoginPage|CredentialsStep|OtpStep|ForgotStep|useSignIn|useFormFocus)'),
  },
  { name: 'appFrame', test: inSrc('layouts/AppLayout') },
  { name: 'routed', test: inSrc('app/routed') },
  { name: 'search', test: inSrc('features/bookingEngine/search/SearchPage') },
  { name: 'home', test: inSrc('features/bookingEngine/home/HomePage') },
  {
    name: 'controls',
    test: /[\\/](node_modules[\\/](?!leaflet|supercluster|kdbush|zod|ky)|packages[\\/]web[\\/]src[\\/](components|data)[\\/])/,
  },
  {
    name: 'sdkParts',
    test: /[\\/]packages[\\/]sdk[\\/]src[\\/](errors|errorCatalogue|pagination|days|case|sandboxPayments|contract[\\/](limits|facilities|timeZones\.gen))\.ts$/,
  },
  {
    name: 'sdk',
    test: /[\\/](packages[\\/]sdk[\\/]src|node_modules[\\/](zod|ky)|packages[\\/]web[\\/]src[\\/]app[\\/]client)[\\/.]/,
  },
  // What the back office shares with the engine's pages (the booking flow's strings every page of the frame
  // waits for, the bookings' policy text, driver and guest rules and fields): without it, a back-office page
  // loaded the whole engine chunk (property page, checkout, their machines: 25 KB gzipped) for them.
  {
    name: 'engineShared',
    test: /[\\/]packages[\\/](web[\\/]src[\\/](i18n[\\/]bookingFlowPart|features[\\/]bookingEngine[\\/](useToday|property[\\/]PolicyText|checkout[\\/](DriverForm|useCountryField)))|core[\\/]src[\\/]bookingEngine[\\/](contactRules|guests|payloads)\.ts$)/,
  },
  {
    name: 'engine',
    test: inSrc('(features/bookingEngine/|components/DateRangePicker)'),
  },
  {
    name: 'public',
    test: inSrc('(features/(auth|campaign|errors|privacy)/|layouts/CampaignLayout)'),
  },
  { name: 'frame', test: inSrc('(layouts/header/|components/Toast|session/serverRestore)') },
  { name: 'qa', test: inSrc('features/qa/') },
  // The back office's strings (`i18n/adminPart.ts` and its parts), which every back-office screen loads beside its
  // own chunk (router/screens.ts): a chunk of their own. With the bookings page's family, /inventory and every
  // other back-office page loaded the bookings page, its two machines and its billing parts for them.
  {
    name: 'adminStrings',
    test: inSrc(
      'i18n/(adminPart|admin|rates|inventory|giftCards|giftCardPdfs|stores|products|campaigns)\\.ts$',
    ),
  },
  { name: 'bookings', test: inSrc('features/(bookings|billing)/') },
  { name: 'inventory', test: inSrc('features/inventory/') },
  { name: 'giftCards', test: inSrc('features/giftCards/') },
  { name: 'backOffice', test: inSrc('features/') },
];

/** The public pages' own entries (the gift store, the hosted payment page): their HTML and their modules. */
const publicEntries = /[\\/]packages[\\/]web[\\/](src[\\/](store|payment)[\\/]|(store|payment)\.html)/;
/**
 * First-load modules a public entry may share with the staff app's (`publicShared` chunk), Vite's own
 * (the modulepreload polyfill every HTML entry starts with, the preload helper of lazy imports) included.
 */
const publicShared =
  /modulepreload-polyfill|preload-helper|[\\/](node_modules[\\/](react|react-dom|scheduler)[\\/]|packages[\\/]core[\\/]src[\\/](navigation|format|dates|internal)[\\/]|packages[\\/]core[\\/]src[\\/]store[\\/](cart|display|locale|words)\.ts$|packages[\\/]core[\\/]src[\\/]redemption[\\/]words\.ts$|packages[\\/]sdk[\\/]src[\\/](case|errors|errorCatalogue|contract[\\/](define|limits))\.ts$|packages[\\/]web[\\/]src[\\/]i18n[\\/](translator|react)\.tsx?$)/;

export default defineConfig({
  plugins: [react(), ariaLocalesOnly()],
  resolve: { alias: [...workspaceSources(), ...translatorAliases] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': api,
      '/auth': api,
      '/photos': api,
      '/verify_reset_password_email': pageOrApi,
    },
  },
  build: {
    rolldownOptions: {
      // Two pages: the staff app and the public gift store (`src/store/`), each its own first load.
      input: { main: 'index.html', store: 'store.html', payment: 'payment.html' },
      // Core's and the SDK's modules only declare (rules, route tables, machines built by
      // `setup().createMachine()`, the contract's schemas): none does anything on import. Saying so lets a
      // chunk take only the parts it uses, not the whole barrel — the sign-in page needs neither the checkout
      // machine nor, before its first call, the SDK's contract (app/lazyClient.ts).
      treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/](core|sdk)[\\/]src[\\/]/.test(id) },
      // What the entry imports statically goes out as one chunk (`shell`), not as the twenty small chunks
      // Rolldown cuts by which lazy chunks share a module: every page loads all of them anyway, and one file
      // compresses better (8 KB less gzipped on every page's first load).
      output: {
        codeSplitting: {
          groups: [
            // XState: in the staff app's and the payment page's first loads, in the store's only with its first
            // machine (the cart's), so a chunk of its own rather than a shell's — first, before the groups below
            // take it along with a module that imports it.
            { name: 'xstate', test: /[\\/]node_modules[\\/]xstate[\\/]/ },
            // Core's stand-in for an actor a host provides, and the two rules both the staff app and the store's checkout
            // use (an e-mail's shape, a failed call's unknown outcome): every machine's module imports the first, the
            // store's lazy pages all three, which would otherwise load the sign-in page's or the engine's chunk for them.
            {
              name: 'machineParts',
              test: /[\\/]packages[\\/]core[\\/]src[\\/]internal[\\/](notProvided|outcome|email)\.ts$/,
            },
            // The public pages' entries (store.html, payment.html) load what their own first loads share with the
            // staff app's — React, the translator, core's and the SDK's modules — as a chunk of its own
            // (`publicShared`), never the app's shell; their own modules stay in their entry's chunk.
            { name: 'publicShared', tags: ['$initial'], test: publicShared },
            // The hosted payment page's machine and card rules (core's M32): its own first load, not the staff shell's.
            {
              name: 'paymentPage',
              tags: ['$initial'],
              test: /[\\/]packages[\\/]core[\\/]src[\\/]store[\\/](paymentForm|paymentMachine)\.ts$/,
            },
            // The store's redemption pages (lazy): core's redemption rules and machines, and the country list the
            // booking checkout names nationalities with, in chunks of their own — else they went with a staff
            // page's family chunk, which loads the staff app's shell into the store.
            {
              name: 'redemption',
              test: /[\\/]packages[\\/]core[\\/]src[\\/]redemption[\\/](rules|redemptionMachine|cancelMachine|index)\.ts$/,
            },
            // The public campaign page's machine and its form rules (lazy in the store's entry): a chunk of their own,
            // else they went with the staff campaigns page's back-office chunk, which loaded the staff app's shell
            // (the page's first load was 525 KB gzipped).
            {
              name: 'campaignPage',
              test: /[\\/]packages[\\/]core[\\/]src[\\/]campaigns[\\/](publicMachine|forms)\.ts$/,
            },
            // The provider's signed return's field names (the store's confirmations, the payment page): alone, not
            // with the SDK's other small parts (time zones, facilities, the error catalogue: 9.6 KB gzipped).
            { name: 'paymentReturn', test: /[\\/]packages[\\/]sdk[\\/]src[\\/]sandboxPayments\.ts$/ },
            {
              name: 'countries',
              test: /[\\/]packages[\\/]web[\\/]src[\\/]features[\\/]bookingEngine[\\/]countries\.ts$/,
            },
            { name: 'shell', tags: ['$initial'], test: (id: string) => !publicEntries.test(id) },
            {
              name: 'router',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
            },
            ...pageFamilies,
          ],
        },
      },
    },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
