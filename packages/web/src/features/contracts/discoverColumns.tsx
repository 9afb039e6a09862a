import { contractLabel, discoverActions } from '@tern/core/contracts';
import type { DiscoverRow, Role } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import type { TableColumn } from '../../components/Table';

export interface DiscoverColumnsProps {
  role: Role;
  /** The property being asked for. */
  busyId: string | null;
  /** Whether the contract actions machine takes a request now, and whether it is busy (`snapshot.can`, its tag). */
  canRequest: (row: DiscoverRow) => boolean;
  busy: boolean;
  onRequest: (row: DiscoverRow) => void;
  onPropose: (row: DiscoverRow) => void;
}

/**
 * The columns of a reseller's discover list (document 1 §2, §6, R137): properties to work with; without a
 * contract the reseller asks for one or proposes terms, with one its label shows.
 */
export function useDiscoverColumns({
  role,
  busyId,
  canRequest,
  busy,
  onRequest,
  onPropose,
}: DiscoverColumnsProps): TableColumn<DiscoverRow>[] {
  const { t } = useTranslation();
  return [
    { id: 'property', label: t('contracts.columns.property'), isRowHeader: true, render: (row) => row.name },
    {
      id: 'place',
      label: t('contracts.columns.place'),
      render: (row) => [row.city, row.country].filter(Boolean).join(', '),
    },
    {
      id: 'type',
      label: t('contracts.columns.type'),
      render: (row) => t(`contracts.type.${row.propertyType}`),
    },
    {
      id: 'contract',
      label: t('contracts.columns.contract'),
      render: (row) => {
        const actions = discoverActions(row);
        const rowBusy = busyId === row.propertyId;
        return (
          <div className="contracts__actions" aria-busy={rowBusy || undefined}>
            {row.contract ? (
              <span className={`contract-label contract-label--${contractLabel(row.contract, role)}`}>
                {t(`contracts.label.${contractLabel(row.contract, role)}`)}
              </span>
            ) : null}
            {actions.includes('request') ? (
              <Button
                variant="secondary"
                isDisabled={!rowBusy && !canRequest(row)}
                isPending={rowBusy}
                aria-label={t('contracts.request_named', { name: row.name })}
                onPress={() => onRequest(row)}
              >
                {t('contracts.request')}
              </Button>
            ) : null}
            {actions.includes('propose') ? (
              <Button
                variant="secondary"
                isDisabled={busy}
                aria-label={t('contracts.propose_terms_named', { name: row.name })}
                onPress={() => onPropose(row)}
              >
                {t('contracts.propose_terms')}
              </Button>
            ) : null}
          </div>
        );
      },
    },
  ];
}
