import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

/** Previous and next page of a contracts list; hidden when everything fits on one page. */
export function Pager({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="contracts__pages" aria-label={t('contracts.pages')}>
      <Button variant="secondary" isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
        {t('contracts.previous')}
      </Button>
      <span aria-live="polite">{t('contracts.page_of', { page, pages })}</span>
      <Button variant="secondary" isDisabled={page >= pages} onPress={() => onChange(page + 1)}>
        {t('contracts.next')}
      </Button>
    </nav>
  );
}
