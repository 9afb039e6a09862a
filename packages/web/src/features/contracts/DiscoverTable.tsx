import { contractLabel, discoverActions } from '@tern/core';
import type { DiscoverRow, Role } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

export interface DiscoverTableProps {
  items: DiscoverRow[];
  role: Role;
  busyId: string | null;
  busy: boolean;
  onRequest: (row: DiscoverRow) => void;
  onPropose: (row: DiscoverRow) => void;
}

/**
 * The reseller's discover list (document 1 §2, §6, R137): properties to work with; without a contract the
 * reseller asks for one or proposes terms, with one its label shows.
 */
export function DiscoverTable({ items, role, busyId, busy, onRequest, onPropose }: DiscoverTableProps) {
  const { t } = useTranslation();
  return (
    <div className="contracts__table-wrap">
      <table className="contracts__table stacked-table">
        <caption className="visually-hidden">{t('contracts.tabs.discover')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('contracts.columns.property')}</th>
            <th scope="col">{t('contracts.columns.place')}</th>
            <th scope="col">{t('contracts.columns.type')}</th>
            <th scope="col">{t('contracts.columns.contract')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => {
            const actions = discoverActions(row);
            const rowBusy = busyId === row.propertyId;
            return (
              <tr key={row.id} aria-busy={rowBusy || undefined}>
                <th scope="row" data-label={t('contracts.columns.property')}>
                  {row.name}
                </th>
                <td data-label={t('contracts.columns.place')}>
                  {[row.city, row.country].filter(Boolean).join(', ')}
                </td>
                <td data-label={t('contracts.columns.type')}>{t(`contracts.type.${row.propertyType}`)}</td>
                <td data-label={t('contracts.columns.contract')}>
                  <div className="contracts__actions">
                    {row.contract ? (
                      <span className={`contract-label contract-label--${contractLabel(row.contract, role)}`}>
                        {t(`contracts.label.${contractLabel(row.contract, role)}`)}
                      </span>
                    ) : null}
                    {actions.includes('request') ? (
                      <Button
                        variant="secondary"
                        isDisabled={busy && !rowBusy}
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
