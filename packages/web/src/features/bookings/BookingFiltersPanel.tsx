import {
  type BookingFilters,
  bookingFiltersFor,
  emptyBookingFilters,
  type QuickRange,
  quickRange,
  quickRanges,
  validateBookingFilters,
} from '@tern/core/bookings';
import type { Role } from '@tern/sdk';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { DateRangePicker } from '../../components/DateRangePicker';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { DirectoryField } from './DirectoryField';

/** Filters the panel offers: the role's (R113), the free text aside (it has its own box). */
const offered = (role: Role) => bookingFiltersFor(role).filter((key) => key !== 'term');

type PanelFilters = Omit<BookingFilters, 'term'>;
const withoutTerm = ({ term: _term, ...rest }: BookingFilters): PanelFilters => rest;

export interface BookingFiltersPanelProps {
  id: string;
  role: Role;
  /** The filters the list shows now. */
  filters: BookingFilters;
  today: string;
  onApply: (filters: PanelFilters) => void;
  onClear: () => void;
}

/**
 * The advanced search (document 1 §2, §5, §9; R113): the role's filters, date ranges with the quick ranges
 * past month, this month and next month, Apply and Clear. The fields are a draft until applied.
 */
export function BookingFiltersPanel({
  id,
  role,
  filters,
  today,
  onApply,
  onClear,
}: BookingFiltersPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PanelFilters>(() => withoutTerm(filters));
  const applied = JSON.stringify(withoutTerm(filters));
  // Applied or cleared (here or from the address): the draft starts again from the list's filters.
  useEffect(() => setDraft(JSON.parse(applied) as PanelFilters), [applied]);
  const [checked, setChecked] = useState(false);
  const errors = checked ? validateBookingFilters({ ...draft, term: '' }) : {};
  const fields = new Set(offered(role));
  const set = (patch: Partial<PanelFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const error = (key: keyof BookingFilters) => {
    const problem = errors[key];
    return problem ? t(`bookings.filters.errors.${problem}`) : null;
  };
  // The one-of filters' choices besides "any": status (R114's words) and source.
  const choices = {
    status: [
      { id: 'new', label: t('bookings.status.active') },
      { id: 'modified', label: t('bookings.status.modified') },
      { id: 'canceled', label: t('bookings.status.canceled') },
    ],
    source: [
      { id: 'engine', label: t('bookings.filters.sources.engine') },
      { id: 'gift_card', label: t('bookings.filters.sources.gift_card') },
    ],
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(validateBookingFilters({ ...draft, term: '' })).length > 0) return;
    onApply(draft);
  };
  return (
    <form id={id} className="booking-filters" aria-label={t('bookings.filters.heading')} onSubmit={submit}>
      <div className="booking-filters__grid">
        {fields.has('reservationId') ? (
          <TextField
            label={t('bookings.filters.reservation_id')}
            value={draft.reservationId}
            onChange={(reservationId) => set({ reservationId })}
            maxLength={64}
          />
        ) : null}
        {fields.has('reservationName') ? (
          <TextField
            label={t('bookings.filters.reservation_name')}
            value={draft.reservationName}
            onChange={(reservationName) => set({ reservationName })}
            maxLength={100}
          />
        ) : null}
        {fields.has('externalReferenceId') ? (
          <TextField
            label={t('bookings.filters.external_reference')}
            value={draft.externalReferenceId}
            onChange={(externalReferenceId) => set({ externalReferenceId })}
            maxLength={100}
          />
        ) : null}
        {fields.has('reseller') ? (
          <DirectoryField kind="reseller" value={draft.reseller} onChange={(reseller) => set({ reseller })} />
        ) : null}
        {fields.has('supplier') ? (
          <DirectoryField kind="supplier" value={draft.supplier} onChange={(supplier) => set({ supplier })} />
        ) : null}
        {fields.has('booker') ? (
          <DirectoryField kind="booker" value={draft.booker} onChange={(booker) => set({ booker })} />
        ) : null}
        {(['status', 'source'] as const).map((key) =>
          fields.has(key) ? (
            <Select
              key={key}
              label={t(`bookings.filters.${key}`)}
              options={[{ id: 'any', label: t(`bookings.filters.any_${key}`) }, ...choices[key]]}
              selectedKey={draft[key] || 'any'}
              onSelectionChange={(value) => set({ [key]: value === 'any' ? '' : value })}
            />
          ) : null,
        )}
      </div>
      {fields.has('dateFrom') ? (
        <DateRangeFilter
          label={t('bookings.filters.stay_dates')}
          from={draft.dateFrom}
          to={draft.dateTo}
          errorMessage={error('dateFrom') ?? error('dateTo')}
          today={today}
          onChange={(dateFrom, dateTo) => set({ dateFrom, dateTo })}
        />
      ) : null}
      {fields.has('bookedFrom') ? (
        <DateRangeFilter
          label={t('bookings.filters.booked_dates')}
          from={draft.bookedFrom}
          to={draft.bookedTo}
          errorMessage={error('bookedFrom') ?? error('bookedTo')}
          today={today}
          onChange={(bookedFrom, bookedTo) => set({ bookedFrom, bookedTo })}
        />
      ) : null}
      <div className="booking-filters__actions">
        <Button type="submit">{t('bookings.filters.apply')}</Button>
        <Button
          variant="secondary"
          onPress={() => {
            setChecked(false);
            setDraft(withoutTerm(emptyBookingFilters()));
            onClear();
          }}
        >
          {t('bookings.filters.clear')}
        </Button>
      </div>
    </form>
  );
}

/** A date range with the quick ranges under it (document 1 §9). */
function DateRangeFilter({
  label,
  from,
  to,
  errorMessage,
  today,
  onChange,
}: {
  label: string;
  from: string;
  to: string;
  errorMessage: string | null;
  today: string;
  onChange: (from: string, to: string) => void;
}) {
  const { t } = useTranslation();
  const pick = (range: QuickRange) => {
    const days = quickRange(range, today);
    onChange(days.from, days.to);
  };
  return (
    <div className="booking-filters__range">
      <DateRangePicker
        label={label}
        value={from && to ? { start: from, end: to } : null}
        onChange={(range) => onChange(range?.start ?? '', range?.end ?? '')}
        calendarLabel={t('bookings.filters.calendar', { field: label })}
        errorMessage={errorMessage}
      />
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form fieldset. */}
      <div
        className="booking-filters__quick"
        role="group"
        aria-label={t('bookings.filters.quick_for', { field: label })}
      >
        {quickRanges.map((range) => (
          <Button key={range} variant="link" onPress={() => pick(range)}>
            {t(`bookings.filters.quick.${range}`)}
          </Button>
        ))}
        {from || to ? (
          <Button variant="link" onPress={() => onChange('', '')}>
            {t('bookings.filters.any_dates')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
