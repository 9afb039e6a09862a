import { useTranslation } from 'react-i18next';
import { useStore } from '../context';

/** The store's terms and conditions (document 3 §2.1, screen 61): its plain text, line by line. */
export function TermsPage() {
  const { t } = useTranslation();
  const { storefront } = useStore();
  const lines = storefront.settings.termsAndConditions.split(/\r?\n/);
  const hasTerms = lines.some((line) => line.trim() !== '');
  return (
    <section aria-labelledby="terms-title" className="store-terms">
      <h1 id="terms-title">{t('terms.title')}</h1>
      {hasTerms ? (
        lines.map((line, index) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: the text's lines, in their order, never reordered.
          line.trim() === '' ? <br key={index} /> : <p key={index}>{line}</p>,
        )
      ) : (
        <p>{t('terms.none')}</p>
      )}
    </section>
  );
}
