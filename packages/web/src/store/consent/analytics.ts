import { ANALYTICS_CURRENCY } from '@tern/core/store';

// The store's analytics (document 3 §1, §9; M39): the store's Google Analytics tag, loaded only once the visitor
// has agreed to tracking (`ConsentBanner`), never before. Nothing of it is in the store's own bundle but these
// few lines: the tag is Google's script, fetched from its origin, which the store page's Content-Security-Policy
// allows (the server's `STORE_ANALYTICS_ORIGINS`).

/** Where Google's tag is fetched from. */
export const ANALYTICS_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Loads the tag for `trackingId` once per page; the analytics currency is ISK (document 3 §9). */
export function loadAnalytics(trackingId: string): void {
  const id = trackingId.trim();
  if (id === '' || document.querySelector('script[data-store-analytics]')) return;
  window.dataLayer = window.dataLayer ?? [];
  // Google's tag reads its commands from `dataLayer` as `arguments` objects.
  function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: the tag's own protocol
    window.dataLayer?.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', id, { currency: ANALYTICS_CURRENCY });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${ANALYTICS_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
  script.dataset.storeAnalytics = '';
  document.head.append(script);
}
