import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { PropertiesPanel } from './PropertiesPanel';
import { ResellersPanel } from './ResellersPanel';
import { UsersPanel } from './UsersPanel';
import './admin.css';

const TABS = ['users', 'resellers', 'properties'] as const;
type AdminTab = (typeof TABS)[number];

/**
 * `/admin` (document 2 §2 admin page, admins only — the route guard and the API both say so): the Users tab
 * (the default), Resellers and Properties, each a searchable list of 50 a page with its drawers.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AdminTab>('users');
  return (
    <div className="page admin">
      <div className="page__header">
        <PageHeading>{t('admin.heading')}</PageHeading>
      </div>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as AdminTab)}>
        <TabList label={t('admin.heading')}>
          {TABS.map((id) => (
            <Tab key={id} id={id}>
              {t(`admin.tabs.${id}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="users">
          <UsersPanel scope={{ kind: 'admin' }} />
        </TabPanel>
        <TabPanel id="resellers">
          <ResellersPanel />
        </TabPanel>
        <TabPanel id="properties">
          <PropertiesPanel />
        </TabPanel>
      </Tabs>
    </div>
  );
}
