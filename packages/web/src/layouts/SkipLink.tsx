import { useTranslation } from 'react-i18next';

export const MAIN_ID = 'main';

/** The first thing a keyboard user reaches: jumps past the header to the page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {t('layout.skip_to_content')}
    </a>
  );
}
