import { useTranslation } from 'react-i18next';

/** Billing's warning dot (document 3 §10): a payment method is missing. Named for screen readers. */
export function WarningDot() {
  const { t } = useTranslation();
  return <span className="warning-dot" role="img" aria-label={t('navigation.billing_warning')} />;
}
