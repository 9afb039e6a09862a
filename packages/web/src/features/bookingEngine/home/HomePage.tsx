import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred } from '../../../components/deferred';
import { PageHeading } from '../../../components/PageHeading';
import { Skeleton } from '../../../components/Skeleton';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/Tabs';
import { StaySearchForm } from '../search/StaySearchForm';
import { useFlags } from '../useFlags';
import '../booking.css';

/** The cars form, a chunk of its own: fetched when its tab is first shown (a grey form meanwhile). */
export const CarSearchForm = deferred<object>(
  () => import('../cars/CarSearchForm').then((m) => m.CarSearchForm),
  () => (
    <div className="search-form search-form--cars" aria-busy="true">
      <Skeleton height="4.25rem" width="100%" />
    </div>
  ),
  'CarSearchForm',
);

/**
 * `/`, the reseller's home (document 1 §2, DECISIONS 6): the main search form, for stays and — when the
 * agency rents cars — for cars, each on core's search form machine (2 adults to start, DECISIONS 7).
 */
export function HomePage() {
  const { t } = useTranslation();
  const { carRentalFeature } = useFlags();
  const [tab, setTab] = useState('stays');
  return (
    <div className="page home">
      <div className="home__hero">
        <PageHeading>{t('search_form.heading')}</PageHeading>
        <p className="muted">{t('search_form.intro')}</p>
      </div>
      <div className="card home__card">
        {carRentalFeature ? (
          <Tabs selectedKey={tab} onSelectionChange={setTab}>
            <TabList label={t('search_form.tabs_label')}>
              <Tab id="stays">{t('search_form.stays')}</Tab>
              <Tab id="cars">{t('search_form.cars')}</Tab>
            </TabList>
            <TabPanel id="stays">
              <StaySearchForm />
            </TabPanel>
            <TabPanel id="cars">
              <CarSearchForm />
            </TabPanel>
          </Tabs>
        ) : (
          <StaySearchForm />
        )}
      </div>
    </div>
  );
}
