import { publicCampaignMachine } from '@tern/core/campaigns';
import { formatDayShortMonth } from '@tern/core/format';
import { matchRoute } from '@tern/core/navigation';
import { resolveStoreLocale } from '@tern/core/store';
import type { StoreLocale } from '@tern/sdk/contract';
import { useEffect, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { Translator } from '../i18n/translator';
import { useStartedActor } from '../store/checkout/useStartedActor';
import { type CampaignApi, createCampaignApi } from './api';
import { campaignI18n } from './i18n';
import { RecipientForm } from './RecipientForm';
import './campaign.css';

/**
 * The public gift campaign page, `/gift-campaign/{id}` (document 3 §2.3, §4, §8; screen 82; design §9): a lazy
 * chunk of the store's entry, in the campaign layout (the hotel's logo, "powered by Tern"). Its language is the
 * URL's `?locale=`, else the browser's, else Icelandic. Core's M29 drives it: the options, a choice ('Flott val!'
 * and the recipient form, which can go back to the list), the thank-you.
 */
export function CampaignApp({ api = createCampaignApi() }: { api?: CampaignApi }) {
  const [i18n, setI18n] = useState<{ translator: Translator; locale: StoreLocale } | null>(null);
  useEffect(() => {
    const { locale } = resolveStoreLocale({
      icelandicOnly: false,
      urlLocale: new URLSearchParams(window.location.search).get('locale'),
      browserLanguages: navigator.languages ?? [navigator.language],
      fallback: 'is',
    });
    void campaignI18n(locale).then((translator) => {
      document.documentElement.lang = locale;
      setI18n({ translator, locale });
    });
  }, []);
  const campaignId = matchRoute(window.location.pathname)?.params.giftCampaignId ?? '';
  if (!i18n) return null;
  return (
    <I18nextProvider i18n={i18n.translator}>
      <CampaignPage api={api} campaignId={campaignId} locale={i18n.locale} />
    </I18nextProvider>
  );
}

function CampaignPage({
  api,
  campaignId,
  locale,
}: {
  api: CampaignApi;
  campaignId: string;
  locale: StoreLocale;
}) {
  const { t } = useTranslation();
  const [snapshot, actor] = useStartedActor(() => ({
    machine: publicCampaignMachine.provide({
      actors: {
        loadCampaign: fromPromise(({ input, signal }) => api.campaign(input.campaignId, signal)),
        pick: fromPromise(({ input }) => api.pick(input.campaignId, input.body)),
      },
      actions: {
        scrollToTop: () => window.scrollTo(0, 0),
        logFailure: (_, { error }) => console.error('The gift campaign did not load', error),
      },
    }),
    input: { campaignId, locale },
  }));
  const { campaign, optionId, picked } = snapshot.context;
  const chosen = campaign?.options.find((o) => o.id === optionId) ?? null;
  const heading = useRef<HTMLHeadingElement>(null);
  // Each step's heading takes the focus, so a screen reader hears where the page went.
  const step = JSON.stringify(snapshot.value);
  useEffect(() => {
    if (step !== '"loading"') heading.current?.focus();
  }, [step]);
  const validUntil = (day: string) => t('campaign.valid_until', { date: formatDayShortMonth(day, locale) });
  return (
    <div className="campaign">
      <a className="store-skip" href="#main">
        {t('campaign.skip')}
      </a>
      <header className="campaign-header">
        {campaign?.logoUrl ? (
          <img src={campaign.logoUrl} alt={campaign.propertyTitle} className="campaign-header__logo" />
        ) : (
          <span className="campaign-header__title">{campaign?.propertyTitle ?? ''}</span>
        )}
        <span className="campaign-header__powered">{t('campaign.powered_by')}</span>
      </header>
      <main id="main" className="campaign-main">
        {snapshot.matches('loading') ? (
          <p role="status" className="campaign-spinner">
            {t('campaign.loading')}
          </p>
        ) : null}
        {snapshot.matches('loadError') ? (
          <div role="alert">
            <h1 ref={heading} tabIndex={-1}>
              {t('campaign.error_title')}
            </h1>
            <p>{t('campaign.load_failed')}</p>
            <button type="button" className="store-button" onClick={() => actor.send({ type: 'user.retry' })}>
              {t('campaign.try_again')}
            </button>
          </div>
        ) : null}
        {campaign && snapshot.matches('list') ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {campaign.name}
            </h1>
            <p className="campaign-description">{campaign.description}</p>
            <ul className="campaign-options" aria-label={t('campaign.options')}>
              {campaign.options.map((option) => (
                <li key={option.id} className="campaign-option">
                  {option.photoUrl ? (
                    <img src={option.photoUrl} alt="" className="campaign-option__photo" />
                  ) : null}
                  <h2 id={`option-${option.id}`}>{option.name}</h2>
                  <p>{option.description}</p>
                  <p className="campaign-option__valid">{validUntil(option.expirationDate)}</p>
                  {option.soldOut ? (
                    <p className="campaign-option__sold">{t('campaign.sold_out')}</p>
                  ) : (
                    <button
                      type="button"
                      className="store-button"
                      aria-describedby={`option-${option.id}`}
                      onClick={() => actor.send({ type: 'option.choose', optionId: option.id })}
                    >
                      {t('campaign.choose')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {chosen && (snapshot.matches('chosen') || snapshot.matches('submitting')) ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {t('campaign.chosen')}
            </h1>
            <section className="campaign-choice" aria-label={t('campaign.your_choice')}>
              {chosen.photoUrl ? (
                <img src={chosen.photoUrl} alt="" className="campaign-option__photo" />
              ) : null}
              <div>
                <h2>{chosen.name}</h2>
                <p>{chosen.description}</p>
                <p className="campaign-option__valid">{validUntil(chosen.expirationDate)}</p>
                <button
                  type="button"
                  className="store-button store-button--quiet"
                  onClick={() => actor.send({ type: 'choice.reset' })}
                >
                  {t('campaign.reset')}
                </button>
              </div>
            </section>
            <RecipientForm snapshot={snapshot} send={actor.send} />
          </>
        ) : null}
        {picked && snapshot.matches('done') ? (
          <div role="status">
            <h1 ref={heading} tabIndex={-1}>
              {t('campaign.thanks')}
            </h1>
            <p>{t('campaign.email_sent', { email: picked.email })}</p>
          </div>
        ) : null}
      </main>
    </div>
  );
}
