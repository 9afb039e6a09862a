import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/PageHeading';
import { SettingsFrame } from '../SettingsFrame';

/** `/settings/rooms-and-rates` (document 2 §2): the selected property's units and their rate plans. */
export function RoomsAndRatesPage() {
  const { t } = useTranslation();
  return (
    <SettingsFrame>
      <div className="page admin stack">
        <PageHeading>{t('rooms_and_rates.heading')}</PageHeading>
      </div>
    </SettingsFrame>
  );
}
