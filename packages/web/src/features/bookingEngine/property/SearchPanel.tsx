import type { Occupancy } from '@tern/core/bookingEngine';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import type { DayReason } from '../../../components/Calendar';
import { DateRangePicker, type IsoRange } from '../../../components/DateRangePicker';
import { OccupancyPicker } from '../search/OccupancyPicker';

export interface SearchPanelProps {
  dates: IsoRange | null;
  onDatesChange: (range: IsoRange | null) => void;
  occupancy: Occupancy;
  onOccupancyChange: (value: Occupancy) => void;
  onSearch: () => void;
  today: string;
  unavailableReason?: DayReason;
  /** "Best price for your stay", hidden when the best offer has errors. */
  bestOffer?: string | null;
  missingDates?: boolean;
}

/** The sticky search section of the property page (document 1 §2): dates, guests, search. */
export function SearchPanel({
  dates,
  onDatesChange,
  occupancy,
  onOccupancyChange,
  onSearch,
  today,
  unavailableReason,
  bestOffer,
  missingDates,
}: SearchPanelProps) {
  const { t } = useTranslation();
  return (
    <section className="search-panel" aria-labelledby="search-panel-heading">
      <h2 id="search-panel-heading" className="search-panel__heading">
        {t('hotel_page.search_panel')}
      </h2>
      <form
        className="search-panel__form"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch();
        }}
        noValidate
      >
        <DateRangePicker
          label={t('search_form.dates')}
          calendarLabel={t('search_form.calendar')}
          value={dates}
          minValue={today}
          onChange={onDatesChange}
          unavailableReason={unavailableReason}
          errorMessage={missingDates ? t('search_form.select_dates') : null}
          visibleMonths={2}
        />
        <OccupancyPicker value={occupancy} onChange={onOccupancyChange} showLabel />
        <Button type="submit" variant="secondary">
          {t('hotel_page.search')}
        </Button>
      </form>
      {bestOffer ? <p className="search-panel__best">{bestOffer}</p> : null}
    </section>
  );
}
