import { ADMIN_PAGE_SIZE } from '@tern/sdk';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboBox } from '../../components/ComboBox';
import { useApiQuery } from '../../data/useApiQuery';
import { ADMIN_KEY } from './adminLists';

interface Picked {
  id: string;
  name: string;
}

/**
 * A searchable picker over one of the admin's lists (resellers or properties): typing searches the server
 * (the list's own search), the choice is the row's id. `selected` names the current choice.
 */
function AdminPicker({
  kind,
  label,
  selected,
  onChange,
  isDisabled,
  errorMessage,
  hideLabel,
  name,
}: {
  kind: 'resellers' | 'properties';
  label: string;
  selected: Picked | null;
  onChange: (picked: Picked | null) => void;
  isDisabled?: boolean;
  errorMessage?: string | null;
  hideLabel?: boolean;
  /** The form's name of the field. */
  name?: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState(selected?.name ?? '');
  const [term, setTerm] = useState('');
  useEffect(() => {
    // What was typed searches; showing the chosen name does not (the list stays as it was, and closed).
    const timer = setTimeout(() => {
      if (input !== selected?.name) setTerm(input.trim());
    }, 300);
    return () => clearTimeout(timer);
  }, [input, selected?.name]);
  const options = useApiQuery([ADMIN_KEY, 'picker', kind, term], async (client, signal) => {
    const query = { q: term || undefined, perPage: ADMIN_PAGE_SIZE };
    const page =
      kind === 'resellers'
        ? await client.admin.listResellers({ query }, { signal })
        : await client.admin.listProperties({ query }, { signal });
    return page.items.map((item) => ({ id: item.id, label: item.name }));
  });
  const items = options.data ?? [];
  const withSelected =
    selected && !items.some((i) => i.id === selected.id)
      ? [{ id: selected.id, label: selected.name }, ...items]
      : items;
  return (
    <ComboBox
      label={label}
      hideLabel={hideLabel ?? false}
      items={withSelected}
      inputValue={input}
      onInputChange={setInput}
      selectedKey={selected?.id ?? null}
      onSelectionChange={(key) => {
        const item = withSelected.find((i) => i.id === key);
        setInput(item?.label ?? '');
        onChange(item ? { id: item.id, name: item.label } : null);
      }}
      isLoading={options.isFetching}
      loadingLabel={t('admin.loading')}
      emptyText={t('properties.no_search_results')}
      menuTrigger="input"
      isDisabled={isDisabled ?? false}
      errorMessage={errorMessage ?? null}
      name={name}
    />
  );
}

export const ResellerPicker = (props: Omit<Parameters<typeof AdminPicker>[0], 'kind'>) => (
  <AdminPicker kind="resellers" {...props} />
);
export const PropertyPicker = (props: Omit<Parameters<typeof AdminPicker>[0], 'kind'>) => (
  <AdminPicker kind="properties" {...props} />
);
