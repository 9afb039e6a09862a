import type { StoreLocale } from '@tern/sdk/contract';
import { STORE_LOCALES } from '@tern/sdk/limits';
import { createInstance, type Messages, type Translator } from '../../i18n/translator';
import { en, type StoreMessages } from './en';

export { STORE_LOCALES };

/** Each language by its own name (the language menu shows them so in every language). */
export const LANGUAGE_NAMES: Readonly<Record<StoreLocale, string>> = {
  en: 'English',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  de: 'Deutsch',
  fr: 'Français',
  el: 'Ελληνικά',
  is: 'Íslenska',
};

/**
 * Each language but English is its own chunk, loaded when a visitor speaks it: the first load carries English
 * (the fallback of every key) and, for another language, only that one.
 */
const loaders: Record<Exclude<StoreLocale, 'en'>, () => Promise<StoreMessages>> = {
  es: () => import('./es').then((m) => m.es),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  el: () => import('./el').then((m) => m.el),
  is: () => import('./is').then((m) => m.is),
};

/** The store's translator, English loaded, in `locale` once `loadLocale` has brought its words. */
export function createStoreI18n(): Translator {
  return createInstance({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: { ...en } } } });
}

/** Loads a language's words (once) and switches the translator to it. */
export async function loadLocale(i18n: Translator, locale: StoreLocale): Promise<void> {
  if (locale !== 'en' && Object.keys(i18n.getResourceBundle(locale)).length === 0) {
    i18n.addResourceBundle(locale, 'translation', (await loaders[locale]()) as unknown as Messages);
  }
  i18n.language = locale;
}
