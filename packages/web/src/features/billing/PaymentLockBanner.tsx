import { paymentLockMachine } from '@tern/core/billing';
import type { Role } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices, useSession } from '../../session/SessionContext';
import { openBlankTab, portalUrl, showPortal } from './billingPortal';
import { usePaymentLocked } from './usePaymentLocked';
import './billing.css';
import { useErrorText } from '../errors/useErrorText';

/**
 * The payment-lock banner (document 1 §6, M11), driven by core's `paymentLockMachine`: a reseller whose
 * agency, or a supplier whose selected property, is locked for card payments sees it with a button to the
 * subscription portal. Admins never see it (the machine's `isPaymentLocked`).
 */
export function PaymentLockBanner() {
  const session = useSession();
  const { property } = useSelectedProperty();
  const locked = usePaymentLocked();
  if (!session) return null;
  return <LockBanner role={session.userRole} locked={locked} propertyId={property?.id ?? null} />;
}

function LockBanner({
  role,
  locked,
  propertyId,
}: {
  role: Role;
  locked: boolean;
  propertyId: string | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  // The tab opened by the click, waiting for the portal's address.
  const tab = useRef<Window | null>(null);
  const logic = useMemo(
    () =>
      paymentLockMachine.provide({
        actors: {
          portalSession: fromPromise(async ({ input }) => {
            try {
              return { url: await portalUrl(client, input.role, input.propertyId) };
            } catch (error) {
              tab.current?.close();
              tab.current = null;
              throw error;
            }
          }),
        },
        actions: {
          openPortal: (_, { url }: { url: string }) => {
            showPortal(tab.current, url);
            tab.current = null;
          },
        },
      }),
    [client],
  );
  const [snapshot, send] = useMachine(logic, { input: { role, locked, propertyId } });
  useEffect(() => send({ type: 'lock.change', locked, propertyId }), [send, locked, propertyId]);
  if (snapshot.matches('unlocked')) return null;
  const busy = snapshot.hasTag('busy');
  return (
    <div className="payment-lock">
      <Alert variant="error" title={t('payment_lock.title')}>
        <p>{t('payment_lock.text')}</p>
        <Button
          variant="secondary"
          isPending={busy}
          onPress={() => {
            if (busy) return;
            tab.current = openBlankTab();
            send({ type: 'portal.open' });
          }}
        >
          {t('payment_lock.open_portal')}
        </Button>
        {snapshot.matches('portalError') ? (
          <p className="payment-lock__error">
            {t('general.stripe_cutomer_portal_error_message')}: {errorText(snapshot.context.error)}
          </p>
        ) : null}
      </Alert>
    </div>
  );
}
