import type { StoreLocale } from '@tern/sdk/contract';
import { STORE_LOCALES } from './i18n';

/**
 * The store's language (document 3 §1): the URL's `?locale=xx`, else the browser's language prefix (`de-AT` →
 * de), else English; a store of an Icelandic-only property speaks Icelandic whatever is asked, with no menu.
 * The locale rides in the query, not a path prefix: `/is` or `/de` could be a store's slug.
 */
export function resolveStoreLocale(input: {
  query: string | null;
  browser: readonly string[];
  icelandicOnly: boolean;
}): StoreLocale {
  if (input.icelandicOnly) return 'is';
  const known = (tag: string | null | undefined): StoreLocale | undefined => {
    const prefix = tag?.toLowerCase().split('-')[0];
    return STORE_LOCALES.find((locale) => locale === prefix);
  };
  return known(input.query) ?? input.browser.map(known).find(Boolean) ?? 'en';
}
