import type { StoreLocale } from '@tern/sdk';
import { STORE_LOCALES } from '@tern/sdk/limits';

// The store's language and analytics consent (document 3 §1, §9; M39). Pure functions, no machine: the locale is
// decided once at entry from what the page already knows, and the consent is one stored record; neither waits on
// anything or has a state to move through (the machine catalogue says so too).

export const isStoreLocale = (value: unknown): value is StoreLocale =>
  typeof value === 'string' && (STORE_LOCALES as readonly string[]).includes(value);

export interface StoreLocaleChoice {
  locale: StoreLocale;
  /** Whether the visitor gets a language menu (not in a store that speaks Icelandic only). */
  menu: boolean;
}

/**
 * The store's language (M39): an Icelandic-only store → `is` with no menu; else the URL's locale if the store
 * speaks it; else the first browser language whose prefix it speaks (`de-AT` → `de`); else `fallback` (`en`).
 */
export function resolveStoreLocale(args: {
  icelandicOnly: boolean;
  urlLocale?: string | null;
  browserLanguages?: readonly string[];
  /** The language when neither says one the store speaks (`en`; a gift campaign's page: `is`, design §9). */
  fallback?: StoreLocale;
}): StoreLocaleChoice {
  if (args.icelandicOnly) return { locale: 'is', menu: false };
  const url = args.urlLocale?.trim().toLowerCase();
  if (isStoreLocale(url)) return { locale: url, menu: true };
  for (const language of args.browserLanguages ?? []) {
    const prefix = language.trim().toLowerCase().split(/[-_]/)[0];
    if (isStoreLocale(prefix)) return { locale: prefix, menu: true };
  }
  return { locale: args.fallback ?? 'en', menu: true };
}

/** Where the store keeps the visitor's analytics consent (document 3 §1: a stored record with a tracking flag). */
export const CONSENT_STORAGE_KEY = 'tern.store.consent';

export interface ConsentRecord {
  tracking: boolean;
  /** ISO instant of the choice. */
  decidedAt: string;
}

export const consentRecord = (tracking: boolean, now: Date): string =>
  JSON.stringify({ tracking, decidedAt: now.toISOString() } satisfies ConsentRecord);

/** The stored consent, or `null` when none was given or the record is not one (then the banner asks again). */
export function parseConsent(text: string | null | undefined): ConsentRecord | null {
  try {
    const value = JSON.parse(text ?? '') as Partial<ConsentRecord> | null;
    if (value && typeof value.tracking === 'boolean' && typeof value.decidedAt === 'string')
      return { tracking: value.tracking, decidedAt: value.decidedAt };
  } catch {
    // not a record: asked again
  }
  return null;
}

/** Analytics run only with a stored consent whose tracking flag is set, for a store with an analytics id. */
export const trackingAllowed = (consent: ConsentRecord | null, gaTrackingId: string): boolean =>
  consent?.tracking === true && gaTrackingId.trim() !== '';

/** The analytics currency (document 3 §9): always ISK. */
export const ANALYTICS_CURRENCY = 'ISK';
