import { BOOKINGS_SEARCH_DEBOUNCE_MS } from '@tern/core/bookings';
import { type ContractAction, type ContractTab, contractSideOf, contractTabs } from '@tern/core/contracts';
import { type ContractRecord, type DiscoverRow, SEARCH_TERM_MAX } from '@tern/sdk';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { PageHeading } from '../../components/PageHeading';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { TextField } from '../../components/TextField';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useSignedInSession } from '../../session/SessionContext';
import { ContractDrawer, type ContractTarget } from './ContractDrawer';
import { ContractsTable } from './ContractsTable';
import { DiscoverTable } from './DiscoverTable';
import { ListStates } from './ListStates';
import { RequestDialog } from './RequestDialog';
import { type AgencyRef, ResellerDetailsDrawer } from './ResellerDetailsDrawer';
import { useContractActions } from './useContractActions';
import { useContractLists } from './useContractLists';
import './contracts.css';
import { useErrorText } from '../errors/useErrorText';

type Confirming = { contract: ContractRecord; action: Extract<ContractAction, 'decline' | 'terminate'> };

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
  const [tab, setTab] = useState<ContractTab>(tabs[0]!);
  // The search box narrows every list, 500 ms after the last key (as the bookings search does).
  const [termDraft, setTermDraft] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(termDraft.trim()), BOOKINGS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [termDraft]);
  const lists = useContractLists(role, side === 'supplier' ? (property?.id ?? null) : null, term);
  const { snapshot, send } = useContractActions(role, lists.reload);
  const { busyId, notice, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [requesting, setRequesting] = useState<DiscoverRow | null>(null);
  const [proposing, setProposing] = useState<ContractTarget | null>(null);
  const [agency, setAgency] = useState<AgencyRef | null>(null);
  const [created, setCreated] = useState(false);

  // The request dialog closes once the machine says the request went through.
  useEffect(() => {
    if (notice === 'contracts.requested_successfully') setRequesting(null);
  }, [notice]);

  const act = (contract: ContractRecord, action: ContractAction) => {
    if (action === 'decline' || action === 'terminate') setConfirming({ contract, action });
    else {
      setCreated(false);
      send({ type: 'act', contract, action });
    }
  };
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
              setProposing({ side: 'supplier', propertyId: property.id, propertyType: property.propertyType })
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
            <Button
              variant="quiet"
              onPress={() => {
                setCreated(false);
                send({ type: 'notice.dismiss' });
              }}
            >
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
          value={termDraft}
          onChange={setTermDraft}
          maxLength={SEARCH_TERM_MAX}
        />
      </div>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as ContractTab)}>
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
                  onRequest={(row) => {
                    send({ type: 'notice.dismiss' });
                    setRequesting(row);
                  }}
                  onPropose={(row) =>
                    setProposing({
                      side: 'reseller',
                      propertyId: row.propertyId,
                      propertyType: row.propertyType,
                      name: row.name,
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
                  onOpenAgency={(contract) => setAgency({ id: contract.agentId, name: contract.agentName })}
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
          if (!open) setConfirming(null);
        }}
        variant="error"
        destructive
        confirmLabel={confirming ? t(`contracts.${confirming.action}`) : ''}
        cancelLabel={t('contracts.confirm.keep')}
        onConfirm={() => {
          if (!confirming) return;
          setCreated(false);
          send({ type: 'act', contract: confirming.contract, action: confirming.action });
        }}
      >
        {confirming ? t(`contracts.confirm.${confirming.action}_text`) : null}
      </AlertDialog>
      <RequestDialog
        row={requesting}
        busy={busy}
        error={requesting && error ? errorText(error) : null}
        onSend={(message) => {
          if (requesting) send({ type: 'request', propertyId: requesting.propertyId, message });
        }}
        onClose={() => setRequesting(null)}
      />
      <ContractDrawer
        target={proposing}
        onClose={() => setProposing(null)}
        onCreated={() => {
          setProposing(null);
          send({ type: 'notice.dismiss' });
          setCreated(true);
          lists.reload();
        }}
      />
      <ResellerDetailsDrawer agency={agency} onClose={() => setAgency(null)} />
    </div>
  );
}
