import { addDays, type Day, isoWeekday, monthOf } from '@tern/core/dates';
import { formatDayShortMonth } from '@tern/core/format';
import { type ArrivalWindow, arrivalOpen, dayInStay, monthGrid, type Stay } from '@tern/core/redemption';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The redemption's date picker (document 3 §5 "Date picker (redemption)", R314; design §10): the store's own small
 * grid, a month at a time, Monday first. Each day is a button labelled with its full date (and "not available"
 * when it is past, closed for the card's rates or after its expiry: disabled); a tap picks the arrival and the
 * stay's nights show up to the departure. Arrow keys move a day or a week (into the next or previous month), Home
 * and End to the week's ends; one day of the grid is in the tab order (the picked one, else the first open).
 */
export function DateGrid({
  window: open,
  stay,
  locale,
  onPick,
  disabled,
}: {
  window: ArrivalWindow;
  stay: Stay | null;
  locale: string;
  onPick: (day: Day) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const start = stay?.arrival ?? open.firstArrival;
  const [focus, setFocus] = useState<Day>(start);
  const [moved, setMoved] = useState(false);
  const month = monthOf(focus);
  const weeks = monthGrid(focus);
  const buttons = useRef(new Map<Day, HTMLButtonElement>());
  // Keyboard moves take the focus with them (not on first draw: the page's heading has it).
  useEffect(() => {
    if (moved) buttons.current.get(focus)?.focus();
  }, [focus, moved]);

  const move = (to: Day) => {
    setMoved(true);
    setFocus(to);
  };
  const onKey = (event: KeyboardEvent, day: Day) => {
    const by = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    const weekday = isoWeekday(day) - 1;
    if (by !== undefined) move(addDays(day, by));
    else if (event.key === 'Home') move(addDays(day, -weekday));
    else if (event.key === 'End') move(addDays(day, 6 - weekday));
    else if (event.key === 'PageUp') move(addDays(day, -30));
    else if (event.key === 'PageDown') move(addDays(day, 30));
    else return;
    event.preventDefault();
  };
  const weekdays = t('redeem.weekdays').split(' ');
  const title = `${formatDayShortMonth(month.from, locale)} – ${formatDayShortMonth(month.to, locale)}`;
  return (
    <div className="redeem-grid">
      <div className="redeem-grid__head">
        <button
          type="button"
          className="store-button store-button--quiet"
          onClick={() => setFocus(monthOf(focus, -1).from)}
          disabled={month.from <= open.firstArrival}
        >
          {t('redeem.previous_month')}
        </button>
        <h3 id="redeem-grid-title" aria-live="polite">
          {title}
        </h3>
        <button
          type="button"
          className="store-button store-button--quiet"
          onClick={() => setFocus(monthOf(focus, 1).from)}
          disabled={month.to >= open.lastArrival}
        >
          {t('redeem.next_month')}
        </button>
      </div>
      <table aria-labelledby="redeem-grid-title">
        <thead>
          <tr>
            {weekdays.map((w) => (
              <th key={w} scope="col" abbr={w}>
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((day, i) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell's place in its week is its identity
                if (!day) return <td key={`blank-${i}`} />;
                const pickable = arrivalOpen(day, open);
                const label = formatDayShortMonth(day, locale);
                const role = stay?.arrival === day ? 'arrival' : stay?.departure === day ? 'departure' : null;
                return (
                  <td key={day}>
                    <button
                      type="button"
                      ref={(el) => {
                        if (el) buttons.current.set(day, el);
                        else buttons.current.delete(day);
                      }}
                      className={`redeem-day${dayInStay(day, stay) ? ' redeem-day--stay' : ''}${role ? ` redeem-day--${role}` : ''}`}
                      aria-label={[
                        label,
                        role ? t(`redeem.${role}`) : null,
                        pickable ? null : t('redeem.day_closed'),
                      ]
                        .filter(Boolean)
                        .join(', ')}
                      aria-pressed={stay?.arrival === day}
                      aria-disabled={!pickable || disabled ? true : undefined}
                      tabIndex={day === focus ? 0 : -1}
                      onKeyDown={(event) => onKey(event, day)}
                      onClick={() => {
                        setFocus(day);
                        if (pickable && !disabled) onPick(day);
                      }}
                    >
                      {Number(day.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
