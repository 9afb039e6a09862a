import { DIRECTORY_PAGE, loadAllPages } from '@tern/sdk';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboBox, type ComboBoxItem } from '../../components/ComboBox';
import { useApiQuery } from '../../data/useApiQuery';

type Directory = { status: 'loading' | 'ready' | 'failed'; items: ComboBoxItem[] };

/** The filters chosen from a list: an agency (suppliers, admins), a property or one of the agency's agents (resellers). */
export type DirectoryKind = 'reseller' | 'supplier' | 'booker';

/** Every page of a directory, 1000 at a time (document 1 §7, §9: suppliers and agents 1000 a page). */
function useDirectory(kind: DirectoryKind): Directory {
  const query = useApiQuery(['contracts.directory', kind], (client, signal): Promise<ComboBoxItem[]> => {
    const options = { signal };
    const every = <T,>(page: (query: { page: number; limit: number }) => Promise<{ items: T[] }>) =>
      loadAllPages((n, limit) => page({ page: n, limit }), DIRECTORY_PAGE);
    return kind === 'reseller'
      ? every((query) => client.contracts.resellers({ query }, options)).then((items) =>
          items.map((a) => ({ id: a.id, label: a.name })),
        )
      : kind === 'supplier'
        ? every((query) => client.contracts.discover({ query }, options)).then((items) =>
            items.map((p) => ({ id: p.propertyId, label: `${p.name}, ${p.city}` })),
          )
        : every((query) => client.contracts.agents({ query }, options)).then((items) =>
            items.map((a) => ({ id: a.id, label: `${a.name} (${a.email})` })),
          );
  });
  if (query.isPending) return { status: 'loading', items: NONE };
  if (query.isError) return { status: 'failed', items: NONE };
  return { status: 'ready', items: query.data };
}

const NONE: ComboBoxItem[] = [];

/** A filter chosen from a directory: type to narrow it, pick one; emptying the field drops the filter. */
export function DirectoryField({
  kind,
  value,
  onChange,
}: {
  kind: DirectoryKind;
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const directory = useDirectory(kind);
  const nameOf = (id: string) => directory.items.find((a) => a.id === id)?.label ?? '';
  const [input, setInput] = useState<string | null>(null);
  const shown = input ?? nameOf(value);
  const items = useMemo(() => {
    const term = (input ?? '').trim().toLowerCase();
    return term ? directory.items.filter((a) => a.label.toLowerCase().includes(term)) : directory.items;
  }, [input, directory.items]);
  return (
    <ComboBox
      label={t(`bookings.filters.${kind}`)}
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
      isLoading={directory.status === 'loading'}
      loadingLabel={t(`bookings.filters.${kind}_loading`)}
      emptyText={t(`bookings.filters.${kind}_none`)}
      description={directory.status === 'failed' ? t(`bookings.filters.${kind}_failed`) : undefined}
    />
  );
}
