import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboBox, type ComboBoxItem } from '../../components/ComboBox';
import { useServices } from '../../session/SessionContext';

type Agencies = { status: 'loading' | 'ready' | 'failed'; items: ComboBoxItem[] };

/** The agencies a supplier or an admin may filter by: one page of 1000 (document 1 §7, §9). */
function useAgencies(): Agencies {
  const { client } = useServices();
  const [agencies, setAgencies] = useState<Agencies>({ status: 'loading', items: [] });
  useEffect(() => {
    const controller = new AbortController();
    client.contracts
      .resellers({ query: { page: 1, limit: 1000 } }, { signal: controller.signal })
      .then((reply) =>
        setAgencies({ status: 'ready', items: reply.items.map((a) => ({ id: a.id, label: a.name })) }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setAgencies({ status: 'failed', items: [] });
      });
    return () => controller.abort();
  }, [client]);
  return agencies;
}

/** The reseller filter: type to narrow the agencies, pick one; emptying the field drops the filter. */
export function AgencyField({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const agencies = useAgencies();
  const nameOf = (id: string) => agencies.items.find((a) => a.id === id)?.label ?? '';
  const [input, setInput] = useState<string | null>(null);
  const shown = input ?? nameOf(value);
  const items = useMemo(() => {
    const term = (input ?? '').trim().toLowerCase();
    return term ? agencies.items.filter((a) => a.label.toLowerCase().includes(term)) : agencies.items;
  }, [input, agencies.items]);
  return (
    <ComboBox
      label={t('bookings.filters.reseller')}
      items={items}
      inputValue={shown}
      onInputChange={(text) => {
        setInput(text);
        if (text.trim() === '') onChange('');
      }}
      selectedKey={value || null}
      onSelectionChange={(key) => {
        setInput(null);
        if (key !== null) onChange(key);
      }}
      menuTrigger="focus"
      isLoading={agencies.status === 'loading'}
      loadingLabel={t('bookings.filters.reseller_loading')}
      emptyText={t('bookings.filters.reseller_none')}
      description={agencies.status === 'failed' ? t('bookings.filters.reseller_failed') : undefined}
    />
  );
}
