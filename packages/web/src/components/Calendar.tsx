import { type CalendarDate, parseDate } from '@internationalized/date';
import {
  Button,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  RangeCalendar as RACRangeCalendar,
  type RangeCalendarProps as RACRangeCalendarProps,
} from 'react-aria-components';
import './Calendar.css';

/**
 * Why a day cannot be picked (a closed night, a day in the past); `null` when it can. The reason is read
 * out with the day, so a screen-reader user hears why the cell is disabled.
 */
export type DayReason = (iso: string) => string | null;

export interface RangeCalendarProps
  extends Omit<RACRangeCalendarProps<CalendarDate>, 'className' | 'isDateUnavailable' | 'children'> {
  /** Days that cannot be part of a stay, with the reason. */
  unavailableReason?: DayReason;
  /** Two months side by side on wide screens (one on a phone: CSS hides nothing, the grid wraps). */
  visibleMonths?: 1 | 2;
}

/**
 * The month grid of a date range (document 1 §5 "date picker"): past days are outside `minValue`, closed
 * days come from `unavailableReason` and carry their reason for assistive technology.
 */
export function RangeCalendar({ unavailableReason, visibleMonths = 1, ...props }: RangeCalendarProps) {
  return (
    <RACRangeCalendar
      {...props}
      className="calendar"
      visibleDuration={{ months: visibleMonths }}
      isDateUnavailable={
        unavailableReason ? (date) => unavailableReason(date.toString()) !== null : undefined
      }
    >
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
        {Array.from({ length: visibleMonths }, (_, offset) => (
          <CalendarGrid
            // biome-ignore lint/suspicious/noArrayIndexKey: one grid per visible month, in order.
            key={offset}
            className="calendar__grid"
            offset={offset ? { months: offset } : undefined}
            weekdayStyle="short"
          >
            <CalendarGridHeader>
              {(day) => <CalendarHeaderCell className="calendar__weekday">{day}</CalendarHeaderCell>}
            </CalendarGridHeader>
            <CalendarGridBody>
              {(date) => (
                <CalendarCell date={date} className="calendar__cell">
                  {({ formattedDate, isUnavailable, isOutsideMonth }) => {
                    const reason =
                      isUnavailable && !isOutsideMonth ? unavailableReason?.(date.toString()) : null;
                    return (
                      <>
                        <span aria-hidden={reason ? true : undefined}>{formattedDate}</span>
                        {reason ? (
                          <span className="visually-hidden">{`${formattedDate}, ${reason}`}</span>
                        ) : null}
                      </>
                    );
                  }}
                </CalendarCell>
              )}
            </CalendarGridBody>
          </CalendarGrid>
        ))}
      </div>
    </RACRangeCalendar>
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
