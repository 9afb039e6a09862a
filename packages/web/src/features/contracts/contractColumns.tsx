import {
  type ContractAction,
  contractActions,
  contractBookLink,
  contractLabel,
  modifierText,
} from '@tern/core/contracts';
import { deviceTimeZone } from '@tern/core/dates';
import { formatInstantDay } from '@tern/core/format';
import type { ContractRecord, Role } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Link } from '../../components/Link';
import type { TableColumn } from '../../components/Table';

const ACTION_LABEL: Record<ContractAction, string> = {
  approve: 'contracts.accept',
  decline: 'contracts.decline',
  cancel: 'contracts.withdraw',
  terminate: 'contracts.terminate',
};

/** The viewer's day of a moment (`DD/MM/YYYY`). */
const dayOf = (iso: string) => formatInstantDay(iso, deviceTimeZone());

export interface ContractColumnsProps {
  role: Role;
  /** The row being acted on. */
  busyId: string | null;
  /** Whether the contract actions machine takes this action now (`snapshot.can`). */
  canAct: (contract: ContractRecord, action: ContractAction) => boolean;
  onAct: (contract: ContractRecord, action: ContractAction) => void;
  /** A supplier opens the agency's details. */
  onOpenAgency: (contract: ContractRecord) => void;
}

/**
 * The columns of the active and pending contracts (document 1 §2, §4): the other side — the property for a
 * reseller, the agency for a supplier or an admin, who also sees the property —, the terms, the label for the
 * viewer (R130) and the viewer's actions (R131), each enabled when the actions machine takes it.
 */
export function useContractColumns({
  role,
  busyId,
  canAct,
  onAct,
  onOpenAgency,
}: ContractColumnsProps): TableColumn<ContractRecord>[] {
  const { t } = useTranslation();
  const reseller = role === 'reseller';
  return [
    reseller
      ? {
          id: 'property',
          label: t('contracts.columns.property'),
          isRowHeader: true,
          render: (contract) => contract.ternHotelName,
        }
      : {
          id: 'agency',
          label: t('contracts.columns.agency'),
          isRowHeader: true,
          render: (contract) => (
            <Button variant="link" onPress={() => onOpenAgency(contract)}>
              {contract.agentName}
            </Button>
          ),
        },
    // An admin sees every supplier's contracts: which property each one is for.
    ...(role === 'admin'
      ? [
          {
            id: 'property',
            label: t('contracts.columns.property'),
            render: (contract: ContractRecord) => contract.ternHotelName,
          },
        ]
      : []),
    {
      id: 'type',
      label: t('contracts.columns.type'),
      render: (contract) => t(`contracts.type.${contract.propertyType}`),
    },
    {
      id: 'modifier',
      label: t('contracts.columns.modifier'),
      nowrap: true,
      render: (contract) => <span className="contracts__number">{modifierText(contract)}</span>,
    },
    {
      id: 'status',
      label: t('contracts.columns.status'),
      render: (contract) => (
        <span className={`contract-label contract-label--${contractLabel(contract, role)}`}>
          {t(`contracts.label.${contractLabel(contract, role)}`)}
        </span>
      ),
    },
    { id: 'created', label: t('contracts.columns.created'), nowrap: true, render: (c) => dayOf(c.createdAt) },
    { id: 'updated', label: t('contracts.columns.updated'), nowrap: true, render: (c) => dayOf(c.updatedAt) },
    {
      id: 'actions',
      label: t('contracts.columns.actions'),
      hideLabelOnPhone: true,
      render: (contract) => {
        const book = contractBookLink(contract, role);
        const rowBusy = busyId === contract.id;
        return (
          <div className="contracts__actions" aria-busy={rowBusy || undefined}>
            {book ? (
              <Link variant="button" href={book}>
                {t('contracts.book')}
              </Link>
            ) : null}
            {contractActions(contract, role).map((action) => (
              <Button
                key={action}
                // Accepting is the next step; the rest are asked again in a red confirmation.
                variant={action === 'approve' ? 'primary' : 'secondary'}
                isDisabled={!rowBusy && !canAct(contract, action)}
                isPending={rowBusy}
                onPress={() => onAct(contract, action)}
              >
                {t(ACTION_LABEL[action])}
              </Button>
            ))}
          </div>
        );
      },
    },
  ];
}
