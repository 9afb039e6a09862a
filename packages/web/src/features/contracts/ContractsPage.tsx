import { type ContractAction, type ContractTab, contractSideOf, contractTabs } from '@tern/core/contracts';
import { type ContractRecord, SEARCH_TERM_MAX } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { PageHeading } from '../../components/PageHeading';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { TextField } from '../../components/TextField';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useSignedInSession } from '../../session/SessionContext';
import { ContractDrawer } from './ContractDrawer';
import { ContractsTable } from './ContractsTable';
import { DiscoverTable } from './DiscoverTable';
import { ListStates } from './ListStates';
import { RequestDialog } from './RequestDialog';
import { ResellerDetailsDrawer } from './ResellerDetailsDrawer';
import { useContractLists } from './useContractLists';
import { useContractsPage } from './useContractsPage';
import './contracts.css';
import { useErrorText } from '../errors/useErrorText';

/**
 * `/contracts` (document 1 §2, §4–§6; screens 19–22): a reseller discovers properties, asks for contracts or
 * proposes terms, and answers or ends contracts; a supplier proposes to agencies for the selected property and
 * answers them. Core decides the tabs, labels and actions; the lists reload after every change (R132).
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { userRole: role } = useSignedInSession();
  const { property } = useSelectedProperty();
  const side = contractSideOf(role);
  const tabs = contractTabs(role);
  const { page, actions, send } = useContractsPage(role);
  const { tab, search, term, dialog, created } = page.context;
  const lists = useContractLists(role, side === 'supplier' ? (property?.id ?? null) : null, term);
  const { busyId, notice, error } = actions.context;
  const busy = actions.hasTag('busy');
  const requesting = dialog?.kind === 'request' ? dialog.row : null;
  const confirming = dialog?.kind === 'confirm' ? dialog : null;

  const act = (contract: ContractRecord, action: ContractAction) => send({ type: 'act', contract, action });
  const counterpart = (contract: ContractRecord) =>
    side === 'reseller' ? contract.ternHotelName : contract.agentName;
  const shownNotice = notice ?? (created ? 'contracts.created_successfully' : null);
  const canPropose = side === 'supplier' && role !== 'admin' && property !== null;

  return (
    <div className="page contracts">
      <div className="page__header">
        <PageHeading>{t('contracts.heading')}</PageHeading>
        {canPropose ? (
          <Button
            onPress={() =>
              send({
                type: 'propose.open',
                target: { side: 'supplier', propertyId: property.id, propertyType: property.propertyType },
              })
            }
          >
            {t('contracts.propose')}
          </Button>
        ) : null}
      </div>
      {shownNotice ? (
        <Alert
          variant="success"
          title={t(shownNotice)}
          action={
            <Button variant="quiet" onPress={() => send({ type: 'notice.dismiss' })}>
              {t('contracts.dismiss')}
            </Button>
          }
        />
      ) : null}
      {error && !requesting ? (
        <Alert variant="error" title={t('general.error_message')}>
          {errorText(error)}
        </Alert>
      ) : null}
      <div className="contracts__search">
        <TextField
          label={t(side === 'reseller' ? 'contracts.search_reseller' : 'contracts.search_supplier')}
          type="search"
          value={search}
          onChange={(value) => send({ type: 'search.change', value })}
          maxLength={SEARCH_TERM_MAX}
        />
      </div>
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => send({ type: 'tab.select', tab: key as ContractTab })}
      >
        <TabList label={t('contracts.heading')}>
          {tabs.map((id) => (
            <Tab key={id} id={id}>
              {t(`contracts.tabs.${id}`)}
            </Tab>
          ))}
        </TabList>
        {tabs.includes('discover') ? (
          <TabPanel id="discover">
            <ListStates list={lists.discover} empty={t('contracts.empty_discover')}>
              {(items) => (
                <DiscoverTable
                  items={items}
                  role={role}
                  busyId={busyId}
                  busy={busy}
                  onRequest={(row) => send({ type: 'request.open', row })}
                  onPropose={(row) =>
                    send({
                      type: 'propose.open',
                      target: {
                        side: 'reseller',
                        propertyId: row.propertyId,
                        propertyType: row.propertyType,
                        name: row.name,
                      },
                    })
                  }
                />
              )}
            </ListStates>
          </TabPanel>
        ) : null}
        {(['active', 'pending'] as const).map((kind) => (
          <TabPanel key={kind} id={kind}>
            <ListStates
              list={lists[kind]}
              empty={t(`contracts.empty_${kind}`)}
              emptyText={t('contracts.empty_text')}
            >
              {(items) => (
                <ContractsTable
                  kind={kind}
                  items={items}
                  role={role}
                  busyId={busyId}
                  busy={busy}
                  onAct={act}
                  onOpenAgency={(contract) =>
                    send({ type: 'agency.open', agency: { id: contract.agentId, name: contract.agentName } })
                  }
                />
              )}
            </ListStates>
          </TabPanel>
        ))}
      </Tabs>
      <AlertDialog
        title={
          confirming
            ? t(`contracts.confirm.${confirming.action}_title`, { name: counterpart(confirming.contract) })
            : ''
        }
        isOpen={confirming !== null}
        onOpenChange={(open) => {
          if (!open) send({ type: 'dialog.close' });
        }}
        variant="error"
        destructive
        confirmLabel={confirming ? t(`contracts.${confirming.action}`) : ''}
        cancelLabel={t('contracts.confirm.keep')}
        onConfirm={() => {
          if (confirming)
            send({ type: 'act', contract: confirming.contract, action: confirming.action, confirmed: true });
        }}
      >
        {confirming ? t(`contracts.confirm.${confirming.action}_text`) : null}
      </AlertDialog>
      <RequestDialog
        row={requesting}
        busy={busy}
        error={requesting && error ? errorText(error) : null}
        onSend={(message) => send({ type: 'request.send', message })}
        onClose={() => send({ type: 'dialog.close' })}
      />
      <ContractDrawer
        target={dialog?.kind === 'propose' ? dialog.target : null}
        onClose={() => send({ type: 'dialog.close' })}
        onCreated={() => {
          send({ type: 'proposal.created' });
          void lists.reload();
        }}
      />
      <ResellerDetailsDrawer
        agency={dialog?.kind === 'agency' ? dialog.agency : null}
        onClose={() => send({ type: 'dialog.close' })}
      />
    </div>
  );
}
