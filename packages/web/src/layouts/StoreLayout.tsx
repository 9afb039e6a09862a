import { useRouterState } from '@tanstack/react-router';
import { matchRoute } from '@tern/core/navigation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from './Logo';
import { MAIN_ID, SkipLink } from './SkipLink';
import './layouts.css';

/** The public gift store's frame (document 3 §2): the store's bar, the page, a footer. */
export function StoreLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const slug = matchRoute(pathname)?.params.selectedProperty;
  return (
    <div className="public-layout">
      <SkipLink />
      <header className="public-layout__header">
        <nav aria-label={t('store.nav_label')} className="public-layout__bar">
          <span className="public-layout__title">{slug ?? t('page_titles.gift_cards')}</span>
        </nav>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="public-layout__main">
        {children}
      </main>
      <footer className="public-layout__footer">
        <LogoMark /> <span>{t('layout.powered_by')}</span>
      </footer>
    </div>
  );
}
