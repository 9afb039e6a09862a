import type { StoreLocale } from '@tern/sdk/contract';
import { STORE_LOCALES } from '@tern/sdk/limits';
import { createInstance, type Messages, type Translator } from '../../i18n/translator';
import { en, type StoreMessages } from './en';

export { STORE_LOCALES };

/**
 * Each language but English is its own chunk, loaded when a visitor speaks it: the first load carries English
 * (the fallback of every key) and, for another language, only that one.
 */
const loaders: Partial<Record<Exclude<StoreLocale, 'en'>, () => Promise<StoreMessages>>> = {};

/** The store's translator, English loaded, in `locale` once `loadLocale` has brought its words. */
export function createStoreI18n(): Translator {
  return createInstance({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: { ...en } } } });
}

/** Loads a language's words (once) and switches the translator to it. */
export async function loadLocale(i18n: Translator, locale: StoreLocale): Promise<void> {
  if (locale !== 'en' && Object.keys(i18n.getResourceBundle(locale)).length === 0) {
    const load = loaders[locale];
    if (load) i18n.addResourceBundle(locale, 'translation', (await load()) as unknown as Messages);
  }
  i18n.language = locale;
}
