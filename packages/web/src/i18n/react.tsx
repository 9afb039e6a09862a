import { createContext, type ReactNode, useContext } from 'react';
import { type TFunction, Translator } from './translator';

/**
 * The React side of Tern's translator, under the names react-i18next exports (the web's build, tests and type
 * check resolve `react-i18next` here, docs/decisions.md): `<I18nextProvider i18n>` and `useTranslation()`.
 */

const TranslatorContext = createContext<Translator | null>(null);

/** The instance components use without a provider (react-i18next's `initReactI18next` does the same). */
let fallback: Translator | null = null;

export function setDefaultTranslator(instance: Translator): void {
  fallback = instance;
}

export function I18nextProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

/** Without any instance, keys are shown as they are (react-i18next's behaviour before `init`). */
let empty: Translator | null = null;

/**
 * The translator's `t` (the same function on every render) and the instance. Parts of the catalogue added
 * later do not redraw anything: `useCatalogue` adds them before the screens that show them render.
 */
export function useTranslation(): { t: TFunction; i18n: Translator; ready: boolean } {
  const provided = useContext(TranslatorContext) ?? fallback;
  empty ??= new Translator();
  const instance = provided ?? empty;
  return { t: instance.t, i18n: instance, ready: provided !== null };
}
