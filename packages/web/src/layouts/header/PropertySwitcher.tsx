import { BOOKINGS_PATH } from '@tern/core';
import { useTranslation } from 'react-i18next';
import { rereadUser } from '../../app/services';
import { Select } from '../../components/Select';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';

/**
 * The property select for non-resellers (document 3 §10): switching remembers the choice, reloads the
 * user, and goes to bookings when the new property is locked.
 */
export function PropertySwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const { property, properties, select } = useSelectedProperty();
  if (properties.length === 0) return null;
  const options = properties.map((p) => ({
    id: p.id,
    label: p.locked ? t('property_switcher.locked', { name: p.name }) : p.name,
  }));
  return (
    <Select
      className={['property-switcher', className ?? ''].filter(Boolean).join(' ')}
      label={t('property_switcher.label')}
      hideLabel
      options={options}
      selectedKey={property?.id ?? null}
      onSelectionChange={(id) => {
        if (id === property?.id) return;
        select(id);
        const next = properties.find((p) => p.id === id);
        if (next?.locked) services.navigate(BOOKINGS_PATH);
        rereadUser(services).catch(() => {});
      }}
    />
  );
}
