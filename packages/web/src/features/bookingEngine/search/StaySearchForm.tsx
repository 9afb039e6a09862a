import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { CurrencySelect, DateRangePicker, OccupancyPicker, PlaceField } from './deferredFields';
import { useSearchForm } from './useSearchForm';

/**
 * The main search form for stays (document 1 §2) on core's search form machine: destination, dates,
 * occupancy and currency. The button opens the property page when a property was chosen, otherwise the
 * search page; both dates are needed.
 */
export function StaySearchForm({ query = '' }: { query?: string }) {
  const { t } = useTranslation();
  const { snapshot, send, today } = useSearchForm('accommodation', query);
  const { params, place, text, needsDates } = snapshot.context;
  const dates =
    params.checkinDate && params.checkoutDate
      ? { start: params.checkinDate, end: params.checkoutDate }
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit' });
  }

  return (
    <form className="search-form" onSubmit={submit} noValidate aria-label={t('search_form.stays')}>
      <PlaceField
        kind="accommodations"
        className="search-form__place"
        label={t('search_form.destination')}
        placeholder={t('search_form.destination_placeholder')}
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
        label={t('search_form.dates')}
        calendarLabel={t('search_form.calendar')}
        value={dates}
        minValue={today}
        onChange={(range) =>
          send({ type: 'dates.change', start: range?.start ?? null, end: range?.end ?? null })
        }
        errorMessage={needsDates ? t('search_form.select_dates') : null}
        visibleMonths={2}
      />
      <OccupancyPicker
        className="search-form__occupancy"
        value={{ adults: params.adults, children: params.children, childrenAge: params.childrenAge }}
        onChange={(next) => send({ type: 'occupancy.change', ...next })}
        showLabel
      />
      <CurrencySelect
        className="search-form__currency"
        value={params.currency}
        onChange={(currency) => send({ type: 'currency.change', currency })}
      />
      <Button type="submit" className="search-form__submit">
        {t('search_form.search')}
      </Button>
    </form>
  );
}
