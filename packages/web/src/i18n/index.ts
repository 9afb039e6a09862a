import { en } from './en';
import { setDefaultTranslator, useTranslation } from './react';
import { createInstance, type i18n, type Messages } from './translator';

/**
 * One translator for the app (`translator.ts`, with i18next's API); English only for now (the store's eight
 * languages come later). It starts with the shared catalogue (`en.ts`: sign-in, navigation, titles, the frame);
 * the larger parts of the screens come with their chunks (`useCatalogue`): the booking engine's strings with the
 * app frame, the back office's with its screens.
 */
export function createI18n(language = 'en'): i18n {
  // The messages are copied in: parts are merged into the instance's store, never into the shared module.
  const instance = createInstance({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: { ...en } } },
  });
  for (const [lng, words] of apiErrors) instance.addResourceBundle(lng, 'translation', { api_errors: words });
  instances.add(new WeakRef(instance));
  setDefaultTranslator(instance);
  return instance;
}

/** The API's error words by language, once given (`app/errorWords.ts`, with the SDK's chunk). */
const apiErrors = new Map<string, Messages>();
const instances = new Set<WeakRef<i18n>>();

/**
 * Gives every translator, made or to be made, the API's error words (`api_errors.<code>`) of a language. They
 * come with the SDK's chunk, not in the first load: a refusal comes only after a call, and a call loads the SDK.
 */
export function provideApiErrors(language: string, words: Messages): void {
  apiErrors.set(language, words);
  for (const ref of instances) {
    const instance = ref.deref();
    if (instance) instance.addResourceBundle(language, 'translation', { api_errors: words });
    else instances.delete(ref);
  }
}

/** A part of a language's catalogue, loaded with the screens that show it. */
export interface CataloguePart {
  language: string;
  messages: Record<string, unknown>;
}

const added = new WeakMap<i18n, Set<CataloguePart>>();

/**
 * Adds the part to the instance once. Parts hold their own top-level sections (`catalogue.test.ts` checks that
 * none is defined twice), so the merge only adds sections.
 */
export function addCatalogue(instance: i18n, part: CataloguePart): void {
  const parts = added.get(instance) ?? new Set<CataloguePart>();
  added.set(instance, parts);
  if (parts.has(part)) return;
  parts.add(part);
  instance.addResourceBundle(part.language, 'translation', part.messages as Messages);
}

/**
 * Makes the parts' messages available to this component and everything below it, before they render (a
 * screen's chunk imports its part statically, so the strings arrive with the code that shows them).
 */
export function useCatalogue(...parts: CataloguePart[]): void {
  const { i18n } = useTranslation();
  for (const part of parts) addCatalogue(i18n, part);
}
