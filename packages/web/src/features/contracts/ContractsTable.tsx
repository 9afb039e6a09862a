import {
  type ContractAction,
  contractActions,
  contractBookLink,
  contractLabel,
  formatDay,
  modifierText,
  todayIso,
} from '@tern/core';
import type { ContractRecord, Role } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Link } from '../../components/Link';

const ACTION_LABEL: Record<ContractAction, string> = {
  approve: 'contracts.accept',
  decline: 'contracts.decline',
  cancel: 'contracts.withdraw',
  terminate: 'contracts.terminate',
};

/** The viewer's day of a moment (`DD/MM/YYYY`). */
const dayOf = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? formatDay(todayIso(ms)) : '—';
};

export interface ContractsTableProps {
  kind: 'active' | 'pending';
  items: ContractRecord[];
  role: Role;
  /** The row being acted on, and whether any action runs. */
  busyId: string | null;
  busy: boolean;
  onAct: (contract: ContractRecord, action: ContractAction) => void;
  /** A supplier opens the agency's details. */
  onOpenAgency: (contract: ContractRecord) => void;
}

/**
 * Active or pending contracts (document 1 §2, §4): the other side — the property for a reseller, the agency
 * for a supplier —, the terms, the label for the viewer (R130) and the viewer's actions (R131).
 */
export function ContractsTable({
  kind,
  items,
  role,
  busyId,
  busy,
  onAct,
  onOpenAgency,
}: ContractsTableProps) {
  const { t } = useTranslation();
  const reseller = role === 'reseller';
  const agencyOrProperty = reseller ? t('contracts.columns.property') : t('contracts.columns.agency');
  return (
    <div className="contracts__table-wrap">
      <table className="contracts__table stacked-table">
        <caption className="visually-hidden">{t(`contracts.tabs.${kind}`)}</caption>
        <thead>
          <tr>
            <th scope="col">{agencyOrProperty}</th>
            <th scope="col">{t('contracts.columns.type')}</th>
            <th scope="col">{t('contracts.columns.modifier')}</th>
            <th scope="col">{t('contracts.columns.status')}</th>
            <th scope="col">{t('contracts.columns.created')}</th>
            <th scope="col">{t('contracts.columns.updated')}</th>
            <th scope="col">{t('contracts.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((contract) => {
            const book = contractBookLink(contract, role);
            const rowBusy = busyId === contract.id;
            return (
              <tr key={contract.id} aria-busy={rowBusy || undefined}>
                <th scope="row" data-label={agencyOrProperty}>
                  {reseller ? (
                    contract.ternHotelName
                  ) : (
                    <Button variant="link" onPress={() => onOpenAgency(contract)}>
                      {contract.agentName}
                    </Button>
                  )}
                </th>
                <td data-label={t('contracts.columns.type')}>
                  {t(`contracts.type.${contract.propertyType}`)}
                </td>
                <td className="contracts__number" data-label={t('contracts.columns.modifier')}>
                  {modifierText(contract)}
                </td>
                <td data-label={t('contracts.columns.status')}>
                  <span className={`contract-label contract-label--${contractLabel(contract, role)}`}>
                    {t(`contracts.label.${contractLabel(contract, role)}`)}
                  </span>
                </td>
                <td data-label={t('contracts.columns.created')}>{dayOf(contract.createdAt)}</td>
                <td data-label={t('contracts.columns.updated')}>{dayOf(contract.updatedAt)}</td>
                <td>
                  <div className="contracts__actions">
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
                        isDisabled={busy && !rowBusy}
                        isPending={rowBusy}
                        onPress={() => onAct(contract, action)}
                      >
                        {t(ACTION_LABEL[action])}
                      </Button>
                    ))}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
