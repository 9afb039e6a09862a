import { RESELLER_DETAILS_DRAWER_WIDTH } from '@tern/core/contracts';
import { NotFoundError, type ResellerDetails } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { ErrorState } from '../../components/ErrorState';
import { Skeleton } from '../../components/Skeleton';
import { useApiQuery } from '../../data/useApiQuery';
import { useErrorText } from '../errors/useErrorText';

export interface AgencyRef {
  id: string;
  name: string;
}

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
      width={`${RESELLER_DETAILS_DRAWER_WIDTH}px`}
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
  const errorText = useErrorText();
  // An agency the API does not know (404) is `null`: the drawer says so instead of failing.
  const state = useApiQuery(['contracts.resellerDetails', agency.id], (client, signal) =>
    client.contracts
      .resellerDetails({ params: { id: agency.id } }, { signal })
      .catch((error: unknown): ResellerDetails | null => {
        if (error instanceof NotFoundError) return null;
        throw error;
      }),
  );
  if (state.isPending)
    return (
      <div role="status" className="stack">
        <span className="visually-hidden">{t('contracts.reseller_details.loading')}</span>
        <Skeleton width="60%" />
        <Skeleton width="80%" />
        <Skeleton width="70%" />
      </div>
    );
  if (state.isError)
    return (
      <ErrorState onRetry={() => void state.refetch()}>
        {errorText(state.error) || t('general.error_description')}
      </ErrorState>
    );
  const details = state.data;
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
