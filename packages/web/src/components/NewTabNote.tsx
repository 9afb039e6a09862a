import { useTranslation } from 'react-i18next';

/** After a link's words: " (opens in a new tab)", for screen readers only. */
export function NewTabNote() {
  const { t } = useTranslation();
  return (
    <>
      {' '}
      <span className="visually-hidden">{t('navigation.opens_new_tab')}</span>
    </>
  );
}
