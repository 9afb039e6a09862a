import type { CalendarDate } from '@internationalized/date';
import { type Day, parseDay } from '@tern/core/dates';
import { type ReactNode, useState } from 'react';
import { DatePicker, Group, I18nProvider, Label } from 'react-aria-components';
import { DayCalendar, toCalendarDate } from './Calendar';
import { CalendarButton, CalendarFieldEnd, DaySegments } from './DateRangePicker';
import './DateRangePicker.css';
import './Field.css';

export interface DateFieldProps {
  label: string;
  /** A `YYYY-MM-DD` day; `null` while none is chosen (or the typed one is not whole yet). */
  value: Day | null;
  onChange: (day: Day | null) => void;
  /** Names the button that opens the calendar ("Choose the last day"). */
  calendarLabel: string;
  description?: ReactNode;
  errorMessage?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** The form's name of the field (a hidden input carries the day; a form's error summary finds it by name). */
  name?: string;
}

/**
 * A day typed as DD/MM/YYYY (what core's `formatDay` shows, through the en-GB locale) or picked in a calendar
 * popover. What goes up is a day core's `parseDay` accepts, or `null` while the day typed is not whole: a year
 * typed digit by digit passes through 0002, 0020… and stays in the field until it is.
 */
export function DateField({
  label,
  value,
  onChange,
  calendarLabel,
  description,
  errorMessage,
  isRequired,
  isDisabled,
  name,
}: DateFieldProps) {
  const [draft, setDraft] = useState<CalendarDate | null>(() => toCalendarDate(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // A value from outside (a reset, a saved form) replaces what is typed.
    setShown(value);
    if (draft?.toString() !== value) setDraft(toCalendarDate(value));
  }
  return (
    <I18nProvider locale="en-GB">
      <DatePicker<CalendarDate>
        className="field date-range"
        name={name}
        value={draft}
        onChange={(next) => {
          setDraft(next);
          const day = next && next.year >= 1000 ? parseDay(next.toString()) : null;
          setShown(day);
          onChange(day);
        }}
        isInvalid={Boolean(errorMessage)}
        validationBehavior="aria"
        isRequired={isRequired}
        isDisabled={isDisabled}
        shouldForceLeadingZeros
      >
        <Label className="field__label">{label}</Label>
        <Group className="field__control date-range__group">
          <DaySegments />
          <CalendarButton label={calendarLabel} />
        </Group>
        <CalendarFieldEnd calendarLabel={calendarLabel} description={description} errorMessage={errorMessage}>
          <DayCalendar />
        </CalendarFieldEnd>
      </DatePicker>
    </I18nProvider>
  );
}
