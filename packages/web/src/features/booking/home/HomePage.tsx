import { useNavigate } from '@tanstack/react-router';
import { parseBookingQuery } from '@tern/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/PageHeading';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/Tabs';
import { CarSearchForm } from '../cars/CarSearchForm';
import { StaySearchForm } from '../search/StaySearchForm';
import { useFlags } from '../useFlags';
import { useToday } from '../useToday';
import '../booking.css';

/**
 * `/`, the reseller's home (document 1 §2, DECISIONS 6): the main search form, for stays and — when the
 * agency rents cars — for cars. The form starts at 2 adults (DECISIONS 7).
 */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = useToday();
  const { carRentalFeature } = useFlags();
  const [tab, setTab] = useState('stays');
  const initial = { ...parseBookingQuery('', today), adults: 2, children: 0, childrenAge: [] };
  const go = (href: string) => void navigate({ href });
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
              <StaySearchForm initial={initial} today={today} onSearch={go} />
            </TabPanel>
            <TabPanel id="cars">
              <CarSearchForm initial={{ ...initial, type: 'vehicle' }} today={today} onSearch={go} />
            </TabPanel>
          </Tabs>
        ) : (
          <StaySearchForm initial={initial} today={today} onSearch={go} />
        )}
      </div>
    </div>
  );
}
