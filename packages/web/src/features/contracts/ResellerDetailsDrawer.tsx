import { errorMessage } from '@tern/core';
import { NotFoundError, type ResellerDetails } from '@tern/sdk';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Dialog';
import { Skeleton } from '../../components/Skeleton';
import { useServices } from '../../session/SessionContext';

export interface AgencyRef {
  id: string;
  name: string;
}

type Details =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; details: ResellerDetails | null };

const FIELDS = [
  ['name', 'name'],
  ['legal_name', 'legalName'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['address', 'address1'],
  ['city', 'city'],
  ['zip', 'zipCode'],
  ['country', 'country'],
  ['tax_id', 'taxId'],
  ['email_invoice', 'emailInvoice'],
] as const satisfies ReadonlyArray<readonly [string, keyof ResellerDetails]>;

/**
 * A supplier's view of an agency (document 1 §3 reseller details, §6; 560 px, R139), from the agency's
 * details call.
 */
export function ResellerDetailsDrawer({
  agency,
  onClose,
}: {
  agency: AgencyRef | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('contracts.reseller_details.title')}
      isOpen={agency !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="end"
    >
      {(close) =>
        agency ? (
          <div className="reseller-drawer stack">
            <AgencyDetails agency={agency} />
            <Button variant="secondary" onPress={close}>
              {t('contracts.reseller_details.close')}
            </Button>
          </div>
        ) : null
      }
    </Drawer>
  );
}

function AgencyDetails({ agency }: { agency: AgencyRef }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [state, setState] = useState<Details>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    client.contracts.resellerDetails({ params: { id: agency.id } }, { signal: controller.signal }).then(
      (details) => setState({ status: 'ready', details }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof NotFoundError) setState({ status: 'ready', details: null });
        else setState({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [client, agency]);
  if (state.status === 'loading')
    return (
      <div role="status" className="stack">
        <span className="visually-hidden">{t('contracts.reseller_details.loading')}</span>
        <Skeleton width="60%" />
        <Skeleton width="80%" />
        <Skeleton width="70%" />
      </div>
    );
  if (state.status === 'error')
    return (
      <Alert variant="error" title={t('general.error_message')}>
        {state.message || t('general.error_description')}
      </Alert>
    );
  const { details } = state;
  if (!details) return <Alert variant="warning">{t('contracts.reseller_details.not_found')}</Alert>;
  return (
    <dl className="contracts__facts">
      {FIELDS.map(([label, field]) => (
        <div key={field} className="contracts__fact">
          <dt>{t(`contracts.reseller_details.${label}`)}</dt>
          <dd>{String(details[field] || '—')}</dd>
        </div>
      ))}
    </dl>
  );
}
