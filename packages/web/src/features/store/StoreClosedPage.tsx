import { useRouterState } from '@tanstack/react-router';
import { matchRoute } from '@tern/core/navigation';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';

/** The gift store's pages before the store exists (a later issue): an honest closed sign, no products. */
export function StoreClosedPage() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const slug = matchRoute(pathname)?.params.selectedProperty ?? '';
  return (
    <div className="stack">
      <PageHeading className="visually-hidden">{t('page_titles.gift_cards')}</PageHeading>
      <EmptyState title={t('store.closed_title')}>
        <p>{t('store.closed_text', { slug })}</p>
      </EmptyState>
    </div>
  );
}
