import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';

/** The public gift campaign page before campaigns exist (a later issue). */
export function CampaignClosedPage() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <PageHeading className="visually-hidden">{t('page_titles.product')}</PageHeading>
      <EmptyState title={t('campaign.closed_title')}>
        <p>{t('campaign.closed_text')}</p>
      </EmptyState>
    </div>
  );
}
