// biome-ignore-all lint/a11y/useSemanticElements: a virtualised editable calendar is an ARIA grid (APG): rows and cells are drawn where they scroll to, which a table's layout cannot do.
// biome-ignore-all lint/a11y/useFocusableInteractive: in an ARIA grid only the cells take focus (one tab stop, roving); rows and headers are its structure.
import { type Day, isPastDay } from '@tern/core/dates';
import { memo } from 'react';
import { type CalendarData, cellValue, type GridRow, isInherited } from './calendarModel';
import type { Formats } from './gridFormats';
import { COL_WIDTH, HEAD_HEIGHT, ROW_HEIGHT } from './gridLayout';
import type { MonthStatus } from './useMonths';

type CellState = MonthStatus['state'] | undefined;

interface CellProps {
  kind: GridRow['kind'];
  /** The row's words (`unit · plan · row`), and whether its values are the parent plan's. */
  rowName: string;
  inherited: boolean;
  index: number;
  col: number;
  day: Day;
  left: number;
  /** `undefined` while its month loads (`state` says whether it failed). */
  value: number | boolean | null | undefined;
  state: CellState;
  past: boolean;
  focused: boolean;
  formats: Formats;
}

/**
 * One cell. Its props are plain values, so a cell is drawn again only when what it shows changed: scrolling
 * draws the new columns only, and a month's values the cells of that month only.
 */
const Cell = memo(function Cell({
  kind,
  rowName,
  inherited,
  index,
  col,
  day,
  left,
  value,
  state,
  past,
  focused,
  formats,
}: CellProps) {
  const words =
    value !== undefined
      ? formats.cellText(kind, value)
      : state === 'error'
        ? { text: '!', spoken: formats.failed }
        : { text: '', spoken: formats.loading };
  let classes = 'inv-cell';
  if (past) classes += ' inv-cell--past';
  if (value === true) classes += ' inv-cell--on';
  if (value === null && kind !== 'maxStay') classes += ' inv-cell--empty';
  if ((kind === 'free' || kind === 'maxSellLeft') && value === 0) classes += ' inv-cell--zero';
  if (inherited) classes += ' inv-cell--inherited';
  if (value === undefined) classes += state === 'error' ? ' inv-cell--error' : ' inv-cell--loading';
  return (
    <div
      role="gridcell"
      aria-colindex={col + 2}
      aria-busy={value === undefined && state !== 'error' ? true : undefined}
      aria-label={`${formats.full(day)}, ${rowName}: ${words.spoken}${inherited ? ` (${formats.inherited})` : ''}`}
      tabIndex={focused ? 0 : -1}
      data-cell={`${index}:${col}`}
      data-day={day}
      className={classes}
      style={{ left }}
    >
      {words.text}
    </div>
  );
});

export interface CalendarRowProps {
  row: GridRow;
  index: number;
  cols: readonly number[];
  days: readonly Day[];
  data: CalendarData;
  monthState: (col: number) => CellState;
  /** The state and values' version of the months the row draws: it redraws when they change, not for others. */
  version: string;
  focusCol: number | null;
  today: Day;
  formats: Formats;
  width: number;
  labelWidth: number;
}

/** One row of the grid: its title, sticky at the left, and the cells of the columns drawn. */
export const CalendarRow = memo(
  function CalendarRow({
    row,
    index,
    cols,
    days,
    data,
    monthState,
    focusCol,
    today,
    formats,
    width,
    labelWidth,
  }: CalendarRowProps) {
    const inherited = isInherited(row);
    const rowName = formats.rowName(row);
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        className={`inv-row inv-row--${row.plan ? 'plan' : 'unit'}${row.first ? ' inv-row--first' : ''}`}
        style={{ top: HEAD_HEIGHT + index * ROW_HEIGHT, width }}
      >
        <div
          role="rowheader"
          aria-colindex={1}
          className="inv-row__label"
          title={rowName}
          style={{ width: labelWidth }}
        >
          {row.first ? (
            <span className="inv-row__title">{row.plan ? row.plan.title : row.unit.title}</span>
          ) : null}
          <span className="inv-row__kind">
            <span className="visually-hidden">
              {[row.unit.title, row.plan?.title].filter(Boolean).join(' · ')}
              {' · '}
            </span>
            {formats.rowLabel(row)}
          </span>
        </div>
        {cols.map((col) => {
          const day = days[col]!;
          const value = cellValue(row, day, data);
          return (
            <Cell
              key={col}
              kind={row.kind}
              rowName={rowName}
              inherited={inherited}
              index={index}
              col={col}
              day={day}
              left={labelWidth + col * COL_WIDTH}
              value={value}
              state={value === undefined ? monthState(col) : 'ready'}
              past={isPastDay(day, today)}
              focused={focusCol === col}
              formats={formats}
            />
          );
        })}
      </div>
    );
  },
  // `data` and `monthState` change with every month loaded; `version` says when this row's months did.
  (before, after) =>
    (Object.keys(after) as (keyof CalendarRowProps)[]).every(
      (key) => key === 'data' || key === 'monthState' || before[key] === after[key],
    ),
);
