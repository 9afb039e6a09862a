import { BOOKINGS_PATH } from '@tern/core/navigation';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { rereadUser } from '../../app/services';
import { Select } from '../../components/Select';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices, useSession } from '../../session/SessionContext';

/** The admin's switcher searches every property: its own chunk, loaded for admins only. */
const AdminPropertySwitcher = lazy(() =>
  import('./AdminPropertySwitcher').then((m) => ({ default: m.AdminPropertySwitcher })),
);

/**
 * The property select for non-resellers (document 3 §10): switching remembers the choice, reloads the
 * user, and goes to bookings when the new property is locked. An admin searches every property instead
 * (document 2 §2: the admin opens any property's settings).
 */
export function PropertySwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const { property, properties, select } = useSelectedProperty();
  const session = useSession();
  if (session?.userRole === 'admin')
    return (
      <Suspense fallback={null}>
        <AdminPropertySwitcher className={className} />
      </Suspense>
    );
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
