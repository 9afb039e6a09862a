import {
  type BookingParams,
  carSearchDefaults,
  driverAgeOptions,
  searchTarget,
  timeOptions,
} from '@tern/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ComboBox } from '../../../components/ComboBox';
import { DateRangePicker, type IsoRange } from '../../../components/DateRangePicker';
import { Select } from '../../../components/Select';
import { useCountryField } from '../checkout/useCountryField';
import { type PlaceChoice, PlaceField } from '../search/PlaceField';

export interface CarSearchFormProps {
  initial: BookingParams;
  today: string;
  onSearch: (href: string) => void;
  /** A compact bar above results instead of the home page's form. */
  compact?: boolean;
}

/**
 * The car search form (document 1 §2, §5): pick-up place, dates with 30-minute times (10:00 by default),
 * driver age (30–60 as one option) and nationality (IS by default).
 */
export function CarSearchForm({ initial, today, onSearch, compact }: CarSearchFormProps) {
  const { t } = useTranslation();
  const defaults = carSearchDefaults(today);
  const [place, setPlace] = useState<PlaceChoice>({ place: null, text: initial.city ?? initial.title ?? '' });
  const [dates, setDates] = useState<IsoRange | null>({
    start: initial.pickupDate ?? defaults.pickupDate,
    end: initial.dropoffDate ?? defaults.dropoffDate,
  });
  const [pickupTime, setPickupTime] = useState(initial.pickupTime ?? defaults.pickupTime);
  const [dropoffTime, setDropoffTime] = useState(initial.dropoffTime ?? defaults.dropoffTime);
  const ageOptions = driverAgeOptions();
  const initialAge = initial.driverAge ?? defaults.driverAge;
  const [driverAge, setDriverAge] = useState(
    ageOptions.find((o) => initialAge >= o.from && initialAge <= o.to)?.value ?? defaults.driverAge,
  );
  const [driverCountry, setDriverCountry] = useState(initial.driverCountry ?? defaults.driverCountry);
  const country = useCountryField(driverCountry, setDriverCountry);
  const [missingDates, setMissingDates] = useState(false);
  const times = timeOptions().map((time) => ({ id: time, label: time }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dates) {
      setMissingDates(true);
      return;
    }
    const params: BookingParams = {
      ...initial,
      type: 'vehicle',
      checkinDate: null,
      checkoutDate: null,
      pickupDate: dates.start,
      dropoffDate: dates.end,
      pickupTime,
      dropoffTime,
      driverAge,
      driverCountry: driverCountry || defaults.driverCountry,
    };
    onSearch(searchTarget(params, place.place, place.text));
  }

  return (
    <form
      className={`search-form search-form--cars${compact ? ' search-form--compact' : ''}`}
      onSubmit={submit}
      noValidate
      aria-label={t('search_form.cars')}
    >
      <PlaceField
        kind="vehicles"
        className="search-form__place"
        label={t('search_form.pickup_place')}
        placeholder={t('search_form.pickup_placeholder')}
        value={place}
        onChange={setPlace}
      />
      <DateRangePicker
        className="search-form__dates"
        label={t('search_form.rental_dates')}
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
      <Select
        className="search-form__time"
        label={t('search_form.pickup_time')}
        options={times}
        selectedKey={pickupTime}
        onSelectionChange={setPickupTime}
      />
      <Select
        className="search-form__time"
        label={t('search_form.dropoff_time')}
        options={times}
        selectedKey={dropoffTime}
        onSelectionChange={setDropoffTime}
      />
      <Select
        className="search-form__age"
        label={t('search_form.driver_age')}
        options={ageOptions.map((o) => ({
          id: String(o.value),
          label:
            o.from === o.to ? String(o.from) : t('search_form.driver_age_group', { from: o.from, to: o.to }),
        }))}
        selectedKey={String(driverAge)}
        onSelectionChange={(key) => setDriverAge(Number(key))}
      />
      <ComboBox
        className="search-form__country"
        label={t('search_form.driver_country')}
        menuTrigger="focus"
        {...country}
      />
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
