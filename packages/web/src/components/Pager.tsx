import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import './Pager.css';

export interface PagerProps {
  /** The navigation's name ("Pages of bookings"). */
  label: string;
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** Whether a page can be reached now (a list machine may refuse while it loads); within 1…pages by default. */
  canGo?: (page: number) => boolean;
  className?: string;
  /** Shown on a single page too (promo codes, DECISIONS 18). */
  always?: boolean;
}

/** Previous and next page of a list, with "Page n of m"; nothing when everything fits on one page (unless `always`). */
export function Pager({ label, page, pages, onChange, canGo, className, always = false }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1 && !always) return null;
  const can = canGo ?? ((p: number) => p >= 1 && p <= pages);
  return (
    <nav className={['pager', className ?? ''].filter(Boolean).join(' ')} aria-label={label}>
      <Button variant="secondary" isDisabled={!can(page - 1)} onPress={() => onChange(page - 1)}>
        <span aria-hidden="true">‹</span>{' '}
        <span className="visually-hidden-on-phone">{t('general.previous_page')}</span>
      </Button>
      <span className="pager__status" aria-current="page" aria-live="polite">
        {t('general.page_of', { page, pages })}
      </span>
      <Button variant="secondary" isDisabled={!can(page + 1)} onPress={() => onChange(page + 1)}>
        <span className="visually-hidden-on-phone">{t('general.next_page')}</span>{' '}
        <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
}
