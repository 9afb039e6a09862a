import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices, useSession } from '../../session/SessionContext';
import { openBillingPortal } from './billingPortal';

/**
 * The payment-lock banner (document 1 §6): a reseller whose agency, or a supplier whose selected property, is
 * locked for card payments sees it with a button to the subscription portal. Admins never see it.
 */
export function PaymentLockBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const { client } = useServices();
  const { property } = useSelectedProperty();
  const [error, setError] = useState<string | null>(null);
  if (!session || session.userRole === 'admin') return null;
  const locked =
    session.userRole === 'reseller' ? session.user.agent?.paymentLocked === true : property?.locked === true;
  if (!locked) return null;
  return (
    <Alert variant="error" title={t('payment_lock.title')}>
      <p>{t('payment_lock.text')}</p>
      <Button
        variant="secondary"
        onPress={() =>
          openBillingPortal(client, session, property).catch((e: unknown) =>
            setError(e instanceof Error ? e.message : String(e)),
          )
        }
      >
        {t('payment_lock.open_portal')}
      </Button>
      {error ? <p>{error}</p> : null}
    </Alert>
  );
}
