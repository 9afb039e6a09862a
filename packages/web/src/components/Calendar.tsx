import { type CalendarDate, type DateValue, parseDate } from '@internationalized/date';
import { type ReactNode, useContext } from 'react';
import {
  Button,
  CalendarCell,
  type CalendarCellRenderProps,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  Calendar as RACCalendar,
  type CalendarProps as RACCalendarProps,
  RangeCalendar as RACRangeCalendar,
  type RangeCalendarProps as RACRangeCalendarProps,
  RangeCalendarStateContext,
} from 'react-aria-components';
import './Calendar.css';

/**
 * Why a day cannot be picked (a closed night, a day in the past); `null` when it can. `checkIn` is the day
 * already picked when this one would end the stay (a closed day may end a stay, not start one); `null` when
 * this day would start it. The reason is read out with the day, so a screen-reader user hears why the cell
 * is disabled.
 */
export type DayReason = (iso: string, checkIn: string | null) => string | null;

export interface RangeCalendarProps
  extends Omit<RACRangeCalendarProps<CalendarDate>, 'className' | 'isDateUnavailable' | 'children'> {
  /** Days that cannot be part of a stay, with the reason. */
  unavailableReason?: DayReason;
  /** The range chosen already (its check-out day is judged as one while no new range is started). */
  selected?: { start: string; end: string } | null;
  /** Two months side by side on wide screens (`DateRangePicker` asks for one on a phone). */
  visibleMonths?: 1 | 2;
}

/**
 * The check-in a day would be the check-out of: the first day picked when the day comes after it, else
 * (nothing picked yet) the chosen range's check-in for its own check-out day; `null` when the day would
 * start a stay.
 */
function checkInFor(
  day: string,
  anchor: DateValue | null | undefined,
  selected: RangeCalendarProps['selected'],
): string | null {
  if (anchor) return day > anchor.toString() ? anchor.toString() : null;
  return selected && day === selected.end ? selected.start : null;
}

/**
 * The month grid of a date range (document 1 §5 "date picker"): past days are outside `minValue`, closed
 * days come from `unavailableReason` and carry their reason for assistive technology. Once a check-in is
 * picked, the days after it are judged as check-out days: a closed day can end the stay, and the days past
 * a closed night are out of reach.
 */
export function RangeCalendar({
  unavailableReason,
  selected,
  visibleMonths = 1,
  ...props
}: RangeCalendarProps) {
  return (
    <RACRangeCalendar
      {...props}
      className="calendar"
      visibleDuration={{ months: visibleMonths }}
      isDateUnavailable={
        unavailableReason
          ? (date, anchor) => {
              const day = date.toString();
              return unavailableReason(day, checkInFor(day, anchor, selected)) !== null;
            }
          : undefined
      }
    >
      <Months
        count={visibleMonths}
        day={(date, { formattedDate, isUnavailable, isOutsideMonth }) => (
          <DayLabel
            day={date.toString()}
            formattedDate={formattedDate}
            unavailable={isUnavailable && !isOutsideMonth}
            unavailableReason={unavailableReason}
            selected={selected}
          />
        )}
      />
    </RACRangeCalendar>
  );
}

/** The heading with its previous and next buttons, and `count` month grids whose cells `day` draws. */
function Months({
  count,
  day,
}: {
  count: number;
  day: (date: CalendarDate, cell: CalendarCellRenderProps) => ReactNode;
}) {
  return (
    <>
      <header className="calendar__header">
        <Button slot="previous" className="calendar__nav">
          <span aria-hidden="true">‹</span>
        </Button>
        <Heading className="calendar__heading" />
        <Button slot="next" className="calendar__nav">
          <span aria-hidden="true">›</span>
        </Button>
      </header>
      <div className="calendar__months">
        {Array.from({ length: count }, (_, offset) => (
          <CalendarGrid
            // biome-ignore lint/suspicious/noArrayIndexKey: one grid per visible month, in order.
            key={offset}
            className="calendar__grid"
            offset={offset ? { months: offset } : undefined}
            weekdayStyle="short"
          >
            <CalendarGridHeader>
              {(weekday) => <CalendarHeaderCell className="calendar__weekday">{weekday}</CalendarHeaderCell>}
            </CalendarGridHeader>
            <CalendarGridBody>
              {(date) => (
                <CalendarCell date={date} className="calendar__cell">
                  {(cell) => day(date as CalendarDate, cell)}
                </CalendarCell>
              )}
            </CalendarGridBody>
          </CalendarGrid>
        ))}
      </div>
    </>
  );
}

/** The month grid of a single day (`DateField`'s popover): the days' numbers, nothing closed. */
export function DayCalendar(props: Omit<RACCalendarProps<CalendarDate>, 'className' | 'children'>) {
  return (
    <RACCalendar {...props} className="calendar">
      <Months count={1} day={(_, { formattedDate }) => formattedDate} />
    </RACCalendar>
  );
}

/** A day's number, with the reason it cannot be picked for screen readers (judged against the picked check-in). */
function DayLabel({
  day,
  formattedDate,
  unavailable,
  unavailableReason,
  selected,
}: {
  day: string;
  formattedDate: string;
  unavailable: boolean;
  unavailableReason: DayReason | undefined;
  selected: RangeCalendarProps['selected'];
}) {
  const anchor = useContext(RangeCalendarStateContext)?.anchorDate;
  const reason = unavailable ? unavailableReason?.(day, checkInFor(day, anchor, selected)) : null;
  return (
    <>
      <span aria-hidden={reason ? true : undefined}>{formattedDate}</span>
      {reason ? <span className="visually-hidden">{`${formattedDate}, ${reason}`}</span> : null}
    </>
  );
}

/** `YYYY-MM-DD` to a calendar date, or `null` for anything else. */
export function toCalendarDate(iso: string | null | undefined): CalendarDate | null {
  if (!iso) return null;
  try {
    return parseDate(iso);
  } catch {
    return null;
  }
}
