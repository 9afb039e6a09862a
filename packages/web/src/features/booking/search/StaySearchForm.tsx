import { type BookingParams, searchTarget } from '@tern/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { DateRangePicker, type IsoRange } from '../../../components/DateRangePicker';
import { CurrencySelect } from './CurrencySelect';
import { OccupancyPicker } from './OccupancyPicker';
import { type PlaceChoice, PlaceField } from './PlaceField';

export interface StaySearchFormProps {
  initial: BookingParams;
  today: string;
  onSearch: (href: string) => void;
}

/**
 * The main search form for stays (document 1 §2): destination, dates, occupancy and currency. The button
 * opens the property page when a property was chosen, otherwise the search page; both dates are needed.
 */
export function StaySearchForm({ initial, today, onSearch }: StaySearchFormProps) {
  const { t } = useTranslation();
  const [place, setPlace] = useState<PlaceChoice>({
    place: null,
    text: initial.title ?? initial.city ?? '',
  });
  const [dates, setDates] = useState<IsoRange | null>(
    initial.checkinDate && initial.checkoutDate
      ? { start: initial.checkinDate, end: initial.checkoutDate }
      : null,
  );
  const [occupancy, setOccupancy] = useState({
    adults: initial.adults,
    children: initial.children,
    childrenAge: initial.childrenAge,
  });
  const [currency, setCurrency] = useState(initial.currency);
  const [missingDates, setMissingDates] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dates) {
      setMissingDates(true);
      return;
    }
    const params: BookingParams = {
      ...initial,
      type: 'accommodation',
      currency,
      checkinDate: dates.start,
      checkoutDate: dates.end,
      ...occupancy,
    };
    onSearch(searchTarget(params, place.place, place.text));
  }

  return (
    <form className="search-form" onSubmit={submit} noValidate aria-label={t('search_form.stays')}>
      <PlaceField
        kind="accommodations"
        className="search-form__place"
        label={t('search_form.destination')}
        placeholder={t('search_form.destination_placeholder')}
        value={place}
        onChange={setPlace}
      />
      <DateRangePicker
        className="search-form__dates"
        label={t('search_form.dates')}
        calendarLabel={t('search_form.calendar')}
        value={dates}
        minValue={today}
        onChange={(range) => {
          setDates(range);
          if (range) setMissingDates(false);
        }}
        errorMessage={missingDates ? t('search_form.select_dates') : null}
        visibleMonths={2}
      />
      <OccupancyPicker
        className="search-form__occupancy"
        value={occupancy}
        onChange={setOccupancy}
        showLabel
      />
      <CurrencySelect className="search-form__currency" value={currency} onChange={setCurrency} />
      <Button type="submit" className="search-form__submit">
        {t('search_form.search')}
      </Button>
      {missingDates ? (
        <div className="search-form__alert">
          <Alert variant="error">{t('search_form.select_dates')}</Alert>
        </div>
      ) : null}
    </form>
  );
}
