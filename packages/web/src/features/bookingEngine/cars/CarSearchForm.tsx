import { driverAgeOptions, type RentalProblem, timeOptions } from '@tern/core/bookingEngine';
import { failureFor } from '@tern/core/errorWords';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ComboBox } from '../../../components/ComboBox';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { Select } from '../../../components/Select';
import { useErrorText } from '../../errors/useErrorText';
import { useCountryField } from '../checkout/useCountryField';
import { PlaceField } from '../search/PlaceField';
import { useSearchForm } from '../search/useSearchForm';

/**
 * The car search form (document 1 §2, §5) on core's search form machine: pick-up place, dates with
 * 30-minute times (10:00 by default), driver age (30–60 as one option) and nationality (IS by default). A rental
 * core's rules refuse (over 90 days, a time off the half hour) is named beside its field and not searched.
 */
export function CarSearchForm({ query = '', compact }: { query?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { snapshot, send, today } = useSearchForm('vehicle', query);
  const { params, place, text, needsDates, rentalProblems } = snapshot.context;
  const errorText = useErrorText();
  const problemOf = (fields: RentalProblem['field'][]) => {
    const problem = rentalProblems.find((p) => fields.includes(p.field));
    return problem ? errorText(failureFor(problem.code, problem.params)) : null;
  };
  const country = useCountryField(params.driverCountry ?? '', (code) =>
    send({ type: 'driver.change', driverCountry: code || undefined }),
  );
  const times = timeOptions().map((time) => ({ id: time, label: time }));
  const ageOptions = driverAgeOptions();
  const age = params.driverAge ?? 30;
  const dates =
    params.pickupDate && params.dropoffDate ? { start: params.pickupDate, end: params.dropoffDate } : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit' });
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
        value={{ place, text }}
        onChange={(next) =>
          send(
            next.place
              ? { type: 'place.choose', place: next.place }
              : { type: 'text.change', text: next.text },
          )
        }
      />
      <DateRangePicker
        className="search-form__dates"
        label={t('search_form.rental_dates')}
        calendarLabel={t('search_form.calendar')}
        value={dates}
        minValue={today}
        onChange={(range) =>
          send({ type: 'dates.change', start: range?.start ?? null, end: range?.end ?? null })
        }
        errorMessage={needsDates ? t('search_form.select_dates') : problemOf(['pickupDate', 'dropoffDate'])}
        visibleMonths={2}
      />
      <Select
        className="search-form__time"
        label={t('search_form.pickup_time')}
        options={times}
        selectedKey={params.pickupTime ?? '10:00'}
        onSelectionChange={(pickupTime) => send({ type: 'times.change', pickupTime })}
        errorMessage={problemOf(['pickupTime'])}
      />
      <Select
        className="search-form__time"
        label={t('search_form.dropoff_time')}
        options={times}
        selectedKey={params.dropoffTime ?? '10:00'}
        onSelectionChange={(dropoffTime) => send({ type: 'times.change', dropoffTime })}
        errorMessage={problemOf(['dropoffTime'])}
      />
      <Select
        className="search-form__age"
        label={t('search_form.driver_age')}
        options={ageOptions.map((o) => ({
          id: String(o.value),
          label:
            o.from === o.to ? String(o.from) : t('search_form.driver_age_group', { from: o.from, to: o.to }),
        }))}
        selectedKey={String(ageOptions.find((o) => age >= o.from && age <= o.to)?.value ?? 30)}
        onSelectionChange={(key) => send({ type: 'driver.change', driverAge: Number(key) })}
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
    </form>
  );
}
