import type { CalendarDate } from '@internationalized/date';
import { type ReactNode, useEffect, useState } from 'react';
import {
  Button,
  DateInput,
  DateSegment,
  Dialog,
  Group,
  I18nProvider,
  Label,
  Popover,
  DateRangePicker as RACDateRangePicker,
  type RangeValue,
} from 'react-aria-components';
import { type DayReason, RangeCalendar, toCalendarDate } from './Calendar';
import { FieldHelp } from './FieldHelp';
import { PHONE_MAX_WIDTH, useViewportWidth } from './useViewportWidth';
import './DateRangePicker.css';
import './Field.css';

export interface IsoRange {
  start: string;
  end: string;
}

export interface DateRangePickerProps {
  label: string;
  /** `YYYY-MM-DD` ends; `null` while not chosen. */
  value: IsoRange | null;
  onChange: (range: IsoRange | null) => void;
  /** The first day that can be picked (`YYYY-MM-DD`, today: past days are disabled). */
  minValue?: string;
  unavailableReason?: DayReason;
  description?: ReactNode;
  errorMessage?: string | null;
  calendarLabel: string;
  hideLabel?: boolean;
  isDisabled?: boolean;
  className?: string;
  visibleMonths?: 1 | 2;
  /** The form's names of the two days (hidden inputs carry them: a form frame's summary finds the field by them). */
  startName?: string;
  endName?: string;
}

/**
 * A date range typed as DD/MM/YYYY (the documents' UI format, through the en-GB locale) or picked in a
 * calendar popover. Values in and out are `YYYY-MM-DD` strings; `unavailableReason` judges a check-in day
 * and a check-out day (given its check-in) apart, and the rules that clear a range (a closed night inside a
 * typed one) belong to the caller, which gets every change.
 */
export function DateRangePicker({
  label,
  value,
  onChange,
  minValue,
  unavailableReason,
  description,
  errorMessage,
  calendarLabel,
  hideLabel,
  isDisabled,
  className,
  visibleMonths = 1,
  startName,
  endName,
}: DateRangePickerProps) {
  const start = toCalendarDate(value?.start);
  const end = toCalendarDate(value?.end);
  // A phone shows one month: two stacked do not fit its popover.
  const phone = useViewportWidth() <= PHONE_MAX_WIDTH;
  // What the fields show: the value, or the range being typed. A year typed digit by digit passes through
  // 0002, 0020…: only whole ranges go to `onChange`, and the value coming back replaces the draft.
  const [draft, setDraft] = useState<RangeValue<CalendarDate> | null>(start && end ? { start, end } : null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the value's two days are what matter.
  useEffect(() => {
    setDraft(start && end ? { start, end } : null);
  }, [value?.start, value?.end]);
  return (
    <I18nProvider locale="en-GB">
      <RACDateRangePicker<CalendarDate>
        className={['field', 'date-range', className ?? ''].filter(Boolean).join(' ')}
        value={draft}
        onChange={(next) => {
          setDraft(next);
          if (!next?.start || !next.end) onChange(null);
          else if (next.start.year >= 1000 && next.end.year >= 1000)
            onChange({ start: next.start.toString(), end: next.end.toString() });
        }}
        minValue={toCalendarDate(minValue) ?? undefined}
        // The picker checks the days of a whole range: its check-in as one, its check-out after that check-in.
        isDateUnavailable={
          unavailableReason
            ? (date) => {
                const day = date.toString();
                const checkIn = draft?.start && day > draft.start.toString() ? draft.start.toString() : null;
                return unavailableReason(day, checkIn) !== null;
              }
            : undefined
        }
        isInvalid={Boolean(errorMessage)}
        validationBehavior="aria"
        isDisabled={isDisabled}
        startName={startName}
        endName={endName}
        shouldForceLeadingZeros
      >
        <Label className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</Label>
        <Group className="field__control date-range__group">
          <DaySegments slot="start" />
          <span aria-hidden="true" className="date-range__dash">
            –
          </span>
          <DaySegments slot="end" />
          <CalendarButton label={calendarLabel} />
        </Group>
        <CalendarFieldEnd calendarLabel={calendarLabel} description={description} errorMessage={errorMessage}>
          <RangeCalendar
            unavailableReason={unavailableReason}
            selected={value}
            visibleMonths={phone ? 1 : visibleMonths}
          />
        </CalendarFieldEnd>
      </RACDateRangePicker>
    </I18nProvider>
  );
}

/** A day's DD/MM/YYYY segments: a range's `start` or `end`, or a `DateField`'s one day. */
export function DaySegments({ slot }: { slot?: 'start' | 'end' }) {
  return (
    <DateInput slot={slot} className="date-range__input">
      {(segment) => <DateSegment segment={segment} className="date-range__segment" />}
    </DateInput>
  );
}

/** The button at a date field's end that opens its calendar, named by `label`. */
export function CalendarButton({ label }: { label: string }) {
  return (
    <Button className="field__addon date-range__button" aria-label={label}>
      <CalendarIcon />
    </Button>
  );
}

/** What follows a date field's box: its description, its error, and its calendar (`children`) in a popover. */
export function CalendarFieldEnd({
  calendarLabel,
  description,
  errorMessage,
  children,
}: {
  calendarLabel: string;
  description?: ReactNode;
  errorMessage?: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="date-range__popover" placement="bottom start">
        <Dialog className="date-range__dialog" aria-label={calendarLabel}>
          {children}
        </Dialog>
      </Popover>
    </>
  );
}

function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
