import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';
import { MAIN_ID, SkipLink } from './SkipLink';
import './layouts.css';

/** The public gift campaign's frame (document 3 §10): a header with a logo and a 'powered by' label. */
export function CampaignLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public-layout">
      <SkipLink />
      <header className="public-layout__header">
        <div className="public-layout__bar">
          <Logo />
          <span className="public-layout__powered">{t('layout.powered_by')}</span>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="public-layout__main">
        {children}
      </main>
    </div>
  );
}
