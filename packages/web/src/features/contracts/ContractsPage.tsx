import type { ContractRecord, DiscoverRow, ResellerDetails, TernClient } from '@tern/sdk';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Dialog, Drawer } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { Link } from '../../components/Link';
import { PageHeading } from '../../components/PageHeading';
import { Select } from '../../components/Select';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { TextField } from '../../components/TextField';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices, useSession } from '../../session/SessionContext';
import './contracts.css';

// `/contracts` (document 1 §2, §4, §5): resellers discover properties and answer or end contracts; suppliers
// propose to agencies and answer requests for the selected property. The server decides who may do what;
// the buttons only offer what it would allow.

type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: T[] };

function useList<T>(load: (client: TernClient) => Promise<T[]>, deps: unknown[]) {
  const { client } = useServices();
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` are the caller's inputs of `load`.
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load(client)
      .then((items) => live && setState({ status: 'ready', items }))
      .catch(
        (e: unknown) =>
          live && setState({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
  }, [client, version, ...deps]);
  return { state, reload: useCallback(() => setVersion((v) => v + 1), []) };
}

const messageOf = (e: unknown) =>
  e instanceof Error ? ((e as { serverMessage?: string }).serverMessage ?? e.message) : String(e);

function Listing<T>({
  state,
  empty,
  children,
}: {
  state: Load<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <p role="status">{t('contracts.loading')}</p>;
  if (state.status === 'error')
    return (
      <Alert variant="error" title={t('general.error_message')}>
        {state.message}
      </Alert>
    );
  if (state.items.length === 0) return <EmptyState title={empty} />;
  return <>{children(state.items)}</>;
}

function modifierText(c: Pick<ContractRecord, 'modifierLogic' | 'modifierAmount'>) {
  const sign = c.modifierLogic.startsWith('increase') ? '+' : '−';
  return `${sign}${c.modifierAmount}${c.modifierLogic.endsWith('percent') ? ' %' : ''}`;
}

export function ContractsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { property } = useSelectedProperty();
  const reseller = session?.userRole === 'reseller';
  const [tab, setTab] = useState(reseller ? 'discover' : 'active');
  const [error, setError] = useState<string | null>(null);
  const [requesting, setRequesting] = useState<DiscoverRow | null>(null);
  const [proposing, setProposing] = useState(false);
  const propertyId = reseller ? undefined : property?.id;
  const listOf = (status: 'active' | 'pending') => (client: TernClient) =>
    client.contracts
      .list({ query: { status, limit: 100, ...(propertyId ? { propertyId } : {}) } })
      .then((r) => r.items);
  const active = useList<ContractRecord>(listOf('active'), ['active', propertyId]);
  const pending = useList<ContractRecord>(listOf('pending'), ['pending', propertyId]);
  const discover = useList<DiscoverRow>(
    (client) =>
      reseller
        ? client.contracts.discover({ query: { limit: 100 } }).then((r) => r.items)
        : Promise.resolve([]),
    [reseller],
  );
  const { client } = useServices();
  const reloadAll = () => {
    active.reload();
    pending.reload();
    discover.reload();
  };
  const act = async (id: string, action: 'approve' | 'decline' | 'cancel' | 'terminate') => {
    setError(null);
    try {
      await client.contracts[action]({ params: { id }, body: {} });
      reloadAll();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const mine = (c: ContractRecord) => c.initiator === (reseller ? 'reseller' : 'supplier');

  const contractTable = (items: ContractRecord[], kind: 'active' | 'pending') => (
    <table className="contracts__table">
      <caption className="visually-hidden">{t(`contracts.tabs.${kind}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{reseller ? t('contracts.columns.property') : t('contracts.columns.agency')}</th>
          <th scope="col">{t('contracts.columns.type')}</th>
          <th scope="col">{t('contracts.columns.modifier')}</th>
          <th scope="col">{t('contracts.columns.proposed_by')}</th>
          <th scope="col">{t('contracts.columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((c) => (
          <tr key={c.id}>
            <td>{reseller ? c.ternHotelName : c.agentName}</td>
            <td>{t(`contracts.type.${c.propertyType}`)}</td>
            <td>{modifierText(c)}</td>
            <td>{t(`contracts.initiator.${c.initiator}`)}</td>
            <td className="contracts__actions">
              {kind === 'active' ? (
                <>
                  {reseller ? (
                    <Link
                      href={
                        c.propertyType === 'vehicle'
                          ? '/search_cars'
                          : `/property/${encodeURIComponent(c.channelId)}?type=accommodation&adults=2&children=0`
                      }
                    >
                      {t('contracts.book')}
                    </Link>
                  ) : null}
                  <Button variant="secondary" onPress={() => act(c.id, 'terminate')}>
                    {t('contracts.terminate')}
                  </Button>
                </>
              ) : mine(c) ? (
                <Button variant="secondary" onPress={() => act(c.id, 'cancel')}>
                  {t('contracts.withdraw')}
                </Button>
              ) : (
                <>
                  <Button onPress={() => act(c.id, 'approve')}>{t('contracts.accept')}</Button>
                  <Button variant="secondary" onPress={() => act(c.id, 'decline')}>
                    {t('contracts.decline')}
                  </Button>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <div className="page">
      <div className="page__header">
        <PageHeading>{t('contracts.heading')}</PageHeading>
        {!reseller && property ? (
          <Button onPress={() => setProposing(true)}>{t('contracts.propose')}</Button>
        ) : null}
      </div>
      {error ? (
        <Alert variant="error" title={t('general.error_message')}>
          {error}
        </Alert>
      ) : null}
      <Tabs selectedKey={tab} onSelectionChange={setTab}>
        <TabList label={t('contracts.heading')}>
          {reseller ? <Tab id="discover">{t('contracts.tabs.discover')}</Tab> : null}
          <Tab id="active">{t('contracts.tabs.active')}</Tab>
          <Tab id="pending">{t('contracts.tabs.pending')}</Tab>
        </TabList>
        {reseller ? (
          <TabPanel id="discover">
            <Listing state={discover.state} empty={t('contracts.empty_discover')}>
              {(items) => (
                <table className="contracts__table">
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
                    {items.map((d) => (
                      <tr key={d.id}>
                        <td>{d.name}</td>
                        <td>
                          {d.city}, {d.country}
                        </td>
                        <td>{t(`contracts.type.${d.propertyType}`)}</td>
                        <td>
                          {d.contract ? (
                            t(`contracts.status.${d.contract.status}`)
                          ) : (
                            <Button
                              variant="secondary"
                              onPress={() => setRequesting(d)}
                              aria-label={t('contracts.request_named', { name: d.name })}
                            >
                              {t('contracts.request')}
                            </Button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Listing>
          </TabPanel>
        ) : null}
        <TabPanel id="active">
          <Listing state={active.state} empty={t('contracts.empty_active')}>
            {(items) => contractTable(items, 'active')}
          </Listing>
        </TabPanel>
        <TabPanel id="pending">
          <Listing state={pending.state} empty={t('contracts.empty_pending')}>
            {(items) => contractTable(items, 'pending')}
          </Listing>
        </TabPanel>
      </Tabs>
      <RequestDialog row={requesting} onClose={() => setRequesting(null)} onDone={reloadAll} />
      {!reseller && property ? (
        <ProposeDrawer
          isOpen={proposing}
          propertyId={property.id}
          propertyType={property.propertyType}
          onClose={() => setProposing(false)}
          onDone={reloadAll}
        />
      ) : null}
    </div>
  );
}

function RequestDialog({
  row,
  onClose,
  onDone,
}: {
  row: DiscoverRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      title={row ? t('contracts.request_title', { name: row.name }) : ''}
      isOpen={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {(close) => (
        <div className="stack">
          <TextField label={t('contracts.message')} value={message} onChange={setMessage} maxLength={2000} />
          {error ? <Alert variant="error">{error}</Alert> : null}
          <Button
            onPress={async () => {
              try {
                await client.contracts.request({
                  body: { propertyId: row!.propertyId, requestMessage: message },
                });
                setMessage('');
                onDone();
                close();
              } catch (e) {
                setError(messageOf(e));
              }
            }}
          >
            {t('contracts.send_request')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}

const LOGICS = [
  'increase_by_percent',
  'decrease_by_percent',
  'increase_by_amount',
  'decrease_by_amount',
] as const;

function ProposeDrawer({
  isOpen,
  propertyId,
  propertyType,
  onClose,
  onDone,
}: {
  isOpen: boolean;
  propertyId: string;
  propertyType: 'accommodation' | 'vehicle';
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [agencies, setAgencies] = useState<ResellerDetails[]>([]);
  const [plans, setPlans] = useState<{ id: string; label: string }[]>([]);
  const [agency, setAgency] = useState('');
  const [logic, setLogic] = useState<(typeof LOGICS)[number]>('increase_by_percent');
  const [amount, setAmount] = useState('0');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!isOpen) return;
    client.contracts.resellers({ query: { limit: 1000 } }).then(
      (r) => setAgencies(r.items),
      (e) => setError(messageOf(e)),
    );
    client.engine
      .unitRates({
        params: { kind: propertyType === 'vehicle' ? 'vehicles' : 'accommodations', id: propertyId },
      })
      .then(
        (r) => {
          const all = r.items.flatMap((u) =>
            u.ratePlans.map((p) => ({ id: p.id, label: `${u.title} — ${p.title}` })),
          );
          setPlans(all);
          setChosen(new Set(all.map((p) => p.id)));
        },
        (e) => setError(messageOf(e)),
      );
  }, [isOpen, client, propertyId, propertyType]);
  const amountNumber = Number(amount);
  const amountError = !Number.isFinite(amountNumber) || amountNumber < 0 ? t('contracts.amount_error') : null;
  const plansError =
    propertyType === 'accommodation' && chosen.size === 0 ? t('contracts.plans_error') : null;
  return (
    <Drawer
      title={t('contracts.propose_title')}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="end"
    >
      {(close) => (
        <div className="stack contracts__drawer">
          <Select
            label={t('contracts.agency')}
            options={agencies.map((a) => ({ id: a.id, label: a.name }))}
            selectedKey={agency || null}
            onSelectionChange={setAgency}
          />
          <Select
            label={t('contracts.modifier_type')}
            options={LOGICS.map((l) => ({ id: l, label: t(`contracts.logic.${l}`) }))}
            selectedKey={logic}
            onSelectionChange={(v) => setLogic(v as (typeof LOGICS)[number])}
          />
          <TextField
            label={t('contracts.amount')}
            value={amount}
            onChange={setAmount}
            inputMode="numeric"
            errorMessage={amountError}
          />
          <fieldset className="contracts__plans">
            <legend>{t('contracts.plans')}</legend>
            <Checkbox
              isSelected={plans.length > 0 && chosen.size === plans.length}
              onChange={(all) => setChosen(new Set(all ? plans.map((p) => p.id) : []))}
            >
              {t('contracts.select_all')}
            </Checkbox>
            {plans.map((p) => (
              <Checkbox
                key={p.id}
                isSelected={chosen.has(p.id)}
                onChange={(on) =>
                  setChosen((prev) => {
                    const next = new Set(prev);
                    if (on) next.add(p.id);
                    else next.delete(p.id);
                    return next;
                  })
                }
              >
                {p.label}
              </Checkbox>
            ))}
            {plansError ? <p className="field__error">{plansError}</p> : null}
          </fieldset>
          {error ? <Alert variant="error">{error}</Alert> : null}
          <Button
            isDisabled={!agency || Boolean(amountError) || Boolean(plansError)}
            onPress={async () => {
              setError(null);
              try {
                await client.contracts.create({
                  body: {
                    propertyId,
                    propertyType,
                    agentId: agency,
                    contract: {
                      modifierLogic: logic,
                      modifierAmount: amountNumber,
                      ratePlanIds: [...chosen],
                    },
                  },
                });
                onDone();
                close();
              } catch (e) {
                setError(messageOf(e));
              }
            }}
          >
            {t('contracts.send_proposal')}
          </Button>
        </div>
      )}
    </Drawer>
  );
}
