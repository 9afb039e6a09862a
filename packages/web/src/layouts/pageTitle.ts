import { pageTitleKey, titleKeys } from '@tern/core/navigation';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document's title for the page at `pathname` (core's title keys). */
export function usePageTitle(pathname: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    const key = pageTitleKey(pathname);
    document.title =
      key === titleKeys.product ? t('general.product_name') : t('page_titles.title_suffix', { page: t(key) });
  }, [pathname, t]);
}
