import { managedProperties } from '@tern/core/auth';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useSignedInSession } from '../../session/SessionContext';
import { useManagesSelectedProperty } from '../../session/useManagesSelectedProperty';
import { SettingsFrame } from '../settings/SettingsFrame';
import { UsersPanel } from './UsersPanel';
import './admin.css';

/**
 * `/settings/admin` (document 2 §2 managers' tab): a manager of the selected property manages its users — the
 * same list and drawers as the admin's, 50 a page; the form offers only properties the manager manages. Staff
 * who are not managers see that the tab is not theirs (and the API refuses them).
 */
export function ManagersPage() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const { property } = useSelectedProperty();
  const managed = managedProperties(user.ternHotels).map((p) => ({ id: p.id, name: p.name }));
  const isManager = useManagesSelectedProperty() && property !== null;
  return (
    <SettingsFrame>
      <div className="page admin">
        <div className="page__header">
          <PageHeading>{t('admin.managers.heading')}</PageHeading>
        </div>
        {property && isManager ? (
          <>
            <p>{t('admin.managers.intro', { property: property.name })}</p>
            <UsersPanel
              key={property.id}
              scope={{
                kind: 'manager',
                propertyId: property.id,
                managed: managed.length ? managed : [{ id: property.id, name: property.name }],
              }}
            />
          </>
        ) : (
          <EmptyState title={t('admin.managers.not_manager')}>
            <p>{t('admin.managers.not_manager_text')}</p>
          </EmptyState>
        )}
      </div>
    </SettingsFrame>
  );
}
