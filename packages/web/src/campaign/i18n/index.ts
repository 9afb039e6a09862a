import type { StoreLocale } from '@tern/sdk/contract';
import { createInstance, type Messages, type Translator } from '../../i18n/translator';
import { type CampaignMessages, en } from './en';

/** Each language but English is its own chunk, loaded for a visitor who reads it (design §9: Icelandic first). */
export const campaignLoaders: Record<Exclude<StoreLocale, 'en'>, () => Promise<CampaignMessages>> = {
  is: () => import('./is').then((m) => m.is),
  es: () => import('./es').then((m) => m.es),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  el: () => import('./el').then((m) => m.el),
};

/** The campaign page's translator in `locale`, English the fallback of every key. */
export async function campaignI18n(locale: StoreLocale): Promise<Translator> {
  const i18n = createInstance({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: { ...en } } },
  });
  if (locale !== 'en')
    i18n.addResourceBundle(locale, 'translation', (await campaignLoaders[locale]()) as unknown as Messages);
  i18n.language = locale;
  return i18n;
}
