import { ADMIN_PAGE_SIZE } from '@tern/sdk';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboBox } from '../../components/ComboBox';
import { useApiQuery } from '../../data/useApiQuery';
import { asSelectedProperty, useSelectedProperty } from '../../session/SelectedProperty';

/**
 * The admin's property switcher (document 2 §2: the admin can open any property's settings): a search over
 * every property (the admin's properties list), the choice remembered like anyone's.
 */
export function AdminPropertySwitcher({ className }: { className?: string | undefined }) {
  const { t } = useTranslation();
  const { property, selectProperty } = useSelectedProperty();
  const [input, setInput] = useState(property?.name ?? '');
  const [term, setTerm] = useState('');
  // The remembered property arrives after the first render: show its name once it does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another property arrives
  useEffect(() => {
    if (property) setInput(property.name);
  }, [property?.id]);
  useEffect(() => {
    // What was typed searches; showing the chosen name does not (the list stays as it was, and closed).
    const timer = setTimeout(() => {
      if (input !== property?.name) setTerm(input.trim());
    }, 300);
    return () => clearTimeout(timer);
  }, [input, property?.name]);
  const found = useApiQuery(['admin', 'switcher', term], (client, signal) =>
    client.admin.listProperties({ query: { q: term || undefined, perPage: ADMIN_PAGE_SIZE } }, { signal }),
  );
  const items = (found.data?.items ?? []).map((p) => ({ id: p.id, label: p.name }));
  if (property && !items.some((i) => i.id === property.id))
    items.unshift({ id: property.id, label: property.name });
  return (
    <ComboBox
      className={['property-switcher', className ?? ''].filter(Boolean).join(' ')}
      label={t('property_switcher.label')}
      hideLabel
      placeholder={t('property_switcher.search')}
      items={items}
      inputValue={input}
      onInputChange={setInput}
      selectedKey={property?.id ?? null}
      onSelectionChange={(id) => {
        const picked = found.data?.items.find((p) => p.id === id);
        if (!picked) return;
        setInput(picked.name);
        selectProperty(asSelectedProperty(picked));
      }}
      isLoading={found.isFetching}
      loadingLabel={t('general.loading')}
      menuTrigger="input"
    />
  );
}
