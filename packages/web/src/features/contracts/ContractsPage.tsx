import { type ContractTab, contractSideOf } from '@tern/core/contracts';
import type { ContractRecord } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useSignedInSession } from '../../session/SessionContext';
import { KitTable, type ListTab, TabbedListPage } from '../lists/ListPage';
import { useReload } from '../lists/useListKit';
import { ContractDrawer } from './ContractDrawer';
import { useContractColumns } from './contractColumns';
import { useDiscoverColumns } from './discoverColumns';
import { RequestDialog } from './RequestDialog';
import { ResellerDetailsDrawer } from './ResellerDetailsDrawer';
import { CONTRACT_LISTS, useContractLists } from './useContractLists';
import { useContractsPage } from './useContractsPage';
import './contracts.css';

/**
 * `/contracts` (document 1 §2, §4–§6; screens 19–22): a reseller discovers properties, asks for contracts or
 * proposes terms, and answers or ends contracts; a supplier proposes to agencies for the selected property and
 * answers them. Core decides the tabs, labels and actions; the page's state is core's `contractsPageMachine`
 * (the dialogs, the notice, the contract actions as its child) and the list kit's (tabs sharing one search box);
 * the lists reload after every change (R132).
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const { userRole: role } = useSignedInSession();
  const { property } = useSelectedProperty();
  const side = contractSideOf(role);
  const lists = useContractLists(role, side === 'supplier' ? (property?.id ?? null) : null);
  const { page, actions, send } = useContractsPage(role, useReload(CONTRACT_LISTS));
  const { confirming, requesting, proposing, agency, created } = page.context;
  const { busyId, notice, error } = actions.context;
  const contractColumns = useContractColumns({
    role,
    busyId,
    canAct: (contract, action) => actions.can({ type: 'act', contract, action }),
    onAct: (contract, action) => send({ type: 'act', contract, action }),
    onOpenAgency: (contract) =>
      send({ type: 'agency.open', agency: { id: contract.agentId, name: contract.agentName } }),
  });
  const discoverColumns = useDiscoverColumns({
    role,
    busyId,
    canRequest: (row) => actions.can({ type: 'request', propertyId: row.propertyId, message: '' }),
    busy: actions.hasTag('busy'),
    onRequest: (row) => send({ type: 'request.open', row }),
    onPropose: (row) =>
      send({
        type: 'propose.open',
        target: {
          side: 'reseller',
          propertyId: row.propertyId,
          propertyType: row.propertyType,
          name: row.name,
        },
      }),
  });
  const counterpart = (contract: ContractRecord) =>
    side === 'reseller' ? contract.ternHotelName : contract.agentName;
  const shownNotice = notice ?? (created ? 'contracts.created_successfully' : null);
  // A supplier proposes for the selected property, when the machine takes a proposal from this viewer.
  const proposal = property
    ? { side: 'supplier' as const, propertyId: property.id, propertyType: property.propertyType }
    : null;
  const pagesLabel = t('contracts.pages');
  const contractsTab = (kind: Exclude<ContractTab, 'discover'>): ListTab<ContractTab> => ({
    id: kind,
    title: t(`contracts.tabs.${kind}`),
    list: (
      <KitTable
        kit={lists[kind]}
        table={{
          label: t(`contracts.tabs.${kind}`),
          columns: contractColumns,
          rowKey: (contract) => contract.id,
          emptyState: (
            <EmptyState title={t(`contracts.empty_${kind}`)}>{t('contracts.empty_text')}</EmptyState>
          ),
          pagesLabel,
        }}
      />
    ),
  });
  const tabs: ListTab<ContractTab>[] = [
    ...(role === 'reseller'
      ? [
          {
            id: 'discover' as const,
            title: t('contracts.tabs.discover'),
            list: (
              <KitTable
                kit={lists.discover}
                table={{
                  label: t('contracts.tabs.discover'),
                  columns: discoverColumns,
                  rowKey: (row) => row.id,
                  emptyState: <EmptyState title={t('contracts.empty_discover')} />,
                  pagesLabel,
                }}
              />
            ),
          },
        ]
      : []),
    contractsTab('active'),
    contractsTab('pending'),
  ];

  return (
    <TabbedListPage
      heading={t('contracts.heading')}
      actions={
        proposal && page.can({ type: 'propose.open', target: proposal }) ? (
          <Button onPress={() => send({ type: 'propose.open', target: proposal })}>
            {t('contracts.propose')}
          </Button>
        ) : null
      }
      notices={
        shownNotice ? (
          <Alert
            variant="success"
            title={t(shownNotice)}
            action={
              <Button variant="quiet" onPress={() => send({ type: 'notice.dismiss' })}>
                {t('contracts.dismiss')}
              </Button>
            }
          />
        ) : null
      }
      search={t(side === 'reseller' ? 'contracts.search_reseller' : 'contracts.search_supplier')}
      state={lists.tabs}
      tabsLabel={t('contracts.heading')}
      tabs={tabs}
      // A refused request shows in its dialog.
      failure={requesting ? null : error}
    >
      <AlertDialog
        title={
          confirming
            ? t(`contracts.confirm.${confirming.action}_title`, { name: counterpart(confirming.contract) })
            : ''
        }
        isOpen={confirming !== null}
        onOpenChange={(open) => {
          if (!open) send({ type: 'close' });
        }}
        variant="error"
        destructive
        confirmLabel={confirming ? t(`contracts.${confirming.action}`) : ''}
        cancelLabel={t('contracts.confirm.keep')}
        // The dialog closes first: the answer carries what it asked about.
        onConfirm={() => {
          if (confirming) send({ type: 'act', ...confirming, confirmed: true });
        }}
      >
        {confirming ? t(`contracts.confirm.${confirming.action}_text`) : null}
      </AlertDialog>
      <RequestDialog
        row={requesting}
        canSend={(message) =>
          requesting !== null && actions.can({ type: 'request', propertyId: requesting.propertyId, message })
        }
        busy={actions.hasTag('busy')}
        error={requesting ? error : null}
        onSend={(message) => send({ type: 'request.send', message })}
        onClose={() => send({ type: 'close' })}
      />
      <ContractDrawer
        target={proposing}
        onClose={() => send({ type: 'close' })}
        onCreated={() => {
          send({ type: 'proposal.created' });
          void lists.active.reload();
        }}
      />
      <ResellerDetailsDrawer agency={agency} onClose={() => send({ type: 'close' })} />
    </TabbedListPage>
  );
}
