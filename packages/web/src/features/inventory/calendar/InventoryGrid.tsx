// biome-ignore-all lint/a11y/useSemanticElements: a virtualised editable calendar is an ARIA grid (APG): rows and cells are drawn where they scroll to, which a table's layout cannot do.
// biome-ignore-all lint/a11y/useFocusableInteractive: in an ARIA grid only the cells take focus (one tab stop, roving); rows and headers are its structure.
import type { Day } from '@tern/core/dates';
import {
  type KeyboardEvent,
  type UIEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarRow } from './CalendarRow';
import { type CalendarData, type CalendarWindow, type GridRow, monthAt, shiftMonth } from './calendarModel';
import { useFormats } from './gridFormats';
import {
  COL_WIDTH,
  columnsInView,
  DEFAULT_VIEW,
  HEAD_HEIGHT,
  labelWidthFor,
  OVERSCAN,
  ROW_HEIGHT,
} from './gridLayout';
import type { MonthStatus } from './useMonths';

export interface GridFocus {
  row: number;
  col: number;
}

export interface InventoryGridProps {
  window: CalendarWindow;
  rows: readonly GridRow[];
  data: CalendarData;
  /** `Months.versions`: which months' values changed. */
  versions: Readonly<Record<string, number>>;
  status: Readonly<Record<string, MonthStatus>>;
  today: Day;
  /** The months in view changed: load them, and the next two ahead (a page down may show parts of both). */
  onMonthsInView: (inView: CalendarWindow['months'], ahead: CalendarWindow['months']) => void;
  /** Enter (or a double click) on a cell: edit from there. */
  onEdit: (row: GridRow, day: Day) => void;
  /** The viewport's size before the first layout (jsdom has none): tests set it. */
  initialSize?: { width: number; height: number };
}

/** Where the keyboard moves the focus from `focus` (`null`: not a key the grid handles). */
export function moveFocus(
  key: string,
  modifiers: { ctrl: boolean },
  focus: GridFocus,
  rowCount: number,
  window: CalendarWindow,
): GridFocus | null {
  const lastCol = window.days.length - 1;
  const clampRow = (r: number) => Math.max(0, Math.min(rowCount - 1, r));
  const clampCol = (c: number) => Math.max(0, Math.min(lastCol, c));
  const month = monthAt(window, focus.col);
  switch (key) {
    case 'ArrowRight':
      return { ...focus, col: clampCol(focus.col + 1) };
    case 'ArrowLeft':
      return { ...focus, col: clampCol(focus.col - 1) };
    case 'ArrowDown':
      return { ...focus, row: clampRow(focus.row + 1) };
    case 'ArrowUp':
      return { ...focus, row: clampRow(focus.row - 1) };
    case 'Home':
      return modifiers.ctrl ? { row: 0, col: 0 } : { ...focus, col: month.start };
    case 'End':
      return modifiers.ctrl
        ? { row: rowCount - 1, col: lastCol }
        : { ...focus, col: month.start + month.length - 1 };
    case 'PageDown':
      return { ...focus, col: shiftMonth(window, focus.col, 1) };
    case 'PageUp':
      return { ...focus, col: shiftMonth(window, focus.col, -1) };
    default:
      return null;
  }
}

/**
 * The months the grid shows when it opens `width` px wide (scrolled to today's column): the calendar asks for them
 * in one call before the grid is drawn and measured.
 */
export function monthsAtOpen(window: CalendarWindow, today: Day, width: number): CalendarWindow['months'] {
  const todayCol = Math.max(0, window.days.indexOf(today));
  const { firstCol, endCol } = columnsInView(todayCol * COL_WIDTH, width, window.days.length - 1);
  const first = window.months.indexOf(monthAt(window, firstCol));
  const last = window.months.indexOf(monthAt(window, Math.max(firstCol, endCol)));
  return window.months.slice(first, last + 1);
}

const range = (first: number, last: number) =>
  Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);

/**
 * The inventory calendar: days across (a year), units and rate plans down, an ARIA grid with one tab stop (the
 * focused cell). Only the rows and columns in view are drawn (and a few beyond), so a year scrolls smoothly;
 * the month titles and row titles stay in place. Keys: arrows move a cell, Home/End to the month's first or last
 * day (with Ctrl: the grid's first or last cell), PageUp/PageDown a month back or on, Enter or F2 edits from the
 * focused cell.
 */
export function InventoryGrid({
  window,
  rows,
  data,
  versions,
  status,
  today,
  onMonthsInView,
  onEdit,
  initialSize,
}: InventoryGridProps) {
  const { t } = useTranslation();
  const formats = useFormats(data.structure?.currency ?? '');
  const scroller = useRef<HTMLDivElement>(null);
  const todayCol = Math.max(0, window.days.indexOf(today));
  const [focus, setFocus] = useState<GridFocus>({ row: 0, col: todayCol });
  const [view, setView] = useState({
    left: todayCol * COL_WIDTH,
    top: 0,
    width: initialSize?.width ?? DEFAULT_VIEW.width,
    height: initialSize?.height ?? DEFAULT_VIEW.height,
  });
  // Whether the viewport was measured: the cells are drawn once its size is known (before the first paint), not
  // first for a guessed size and then again.
  const [sized, setSized] = useState(initialSize !== undefined);
  const moved = useRef(false);
  const frame = useRef<number | null>(null);
  const labelWidth = labelWidthFor(view.width);

  // Start at today's column; follow the viewport's size.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollLeft = todayCol * COL_WIDTH;
    const measure = () => {
      setView((v) => {
        const next = {
          left: el.scrollLeft,
          top: el.scrollTop,
          width: el.clientWidth || v.width,
          height: el.clientHeight || v.height,
        };
        const same = (Object.keys(next) as (keyof typeof next)[]).every((k) => next[k] === v[k]);
        return same ? v : next;
      });
      setSized(true);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [todayCol]);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setView((v) => ({ ...v, left: el.scrollLeft, top: el.scrollTop }));
    });
  }, []);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const lastCol = window.days.length - 1;
  const { firstCol, endCol } = columnsInView(view.left, view.width, lastCol);
  const firstRow = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const endRow = Math.min(
    rows.length - 1,
    Math.ceil((view.top + view.height - HEAD_HEIGHT) / ROW_HEIGHT) + OVERSCAN,
  );

  // The months in view, and the two after (paging on finds them loaded).
  const firstMonth = window.months.indexOf(monthAt(window, firstCol));
  const lastMonth = window.months.indexOf(monthAt(window, endCol));
  useEffect(() => {
    onMonthsInView(
      window.months.slice(firstMonth, lastMonth + 1),
      window.months.slice(lastMonth + 1, lastMonth + 3),
    );
  }, [firstMonth, lastMonth, window, onMonthsInView]);

  const cols = useMemo(() => {
    const list = range(firstCol, endCol);
    // The focused cell stays drawn, so that the focus is never lost by scrolling.
    if (focus.col < firstCol || focus.col > endCol) list.push(focus.col);
    return list;
  }, [firstCol, endCol, focus.col]);
  const rowIndexes = useMemo(() => {
    if (!sized) return [];
    const list = range(firstRow, endRow);
    if (rows.length && (focus.row < firstRow || focus.row > endRow)) list.push(focus.row);
    return list;
  }, [sized, firstRow, endRow, focus.row, rows.length]);

  const monthState = useCallback((col: number) => status[monthAt(window, col).key]?.state, [status, window]);
  const version = useMemo(
    () =>
      [...new Set(cols.map((col) => monthAt(window, col).key))]
        .map((key) => `${key}:${status[key]?.state ?? '-'}:${versions[key] ?? 0}`)
        .join(','),
    [cols, window, status, versions],
  );

  /** Scrolls the least that shows the cell beside the sticky titles. */
  const reveal = (next: GridFocus) => {
    const el = scroller.current;
    if (!el) return;
    const width = el.clientWidth || view.width;
    const height = el.clientHeight || view.height;
    const x = next.col * COL_WIDTH;
    const y = next.row * ROW_HEIGHT;
    if (x < el.scrollLeft) el.scrollLeft = x;
    else if (x + COL_WIDTH > el.scrollLeft + width - labelWidth)
      el.scrollLeft = x + COL_WIDTH - (width - labelWidth);
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + ROW_HEIGHT > el.scrollTop + height - HEAD_HEIGHT)
      el.scrollTop = y + ROW_HEIGHT - (height - HEAD_HEIGHT);
    setView((v) => ({ ...v, left: el.scrollLeft, top: el.scrollTop }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!rows.length) return;
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      onEdit(rows[focus.row]!, window.days[focus.col]!);
      return;
    }
    const next = moveFocus(event.key, { ctrl: event.ctrlKey || event.metaKey }, focus, rows.length, window);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setFocus(next);
    reveal(next);
  };

  // Focus follows the keyboard onto the cell just drawn.
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    scroller.current
      ?.querySelector<HTMLElement>(`[data-cell="${focus.row}:${focus.col}"]`)
      ?.focus({ preventScroll: true });
  }, [focus]);

  const cellAt = (target: EventTarget): GridFocus | null => {
    const cell = (target as HTMLElement).closest?.('[data-cell]');
    const [row, col] = (cell?.getAttribute('data-cell') ?? '').split(':').map(Number);
    return cell && Number.isInteger(row) && Number.isInteger(col) ? { row: row!, col: col! } : null;
  };

  const width = labelWidth + window.days.length * COL_WIDTH;
  const headCols = sized ? cols.filter((c) => c >= firstCol && c <= endCol) : [];
  const visibleFirst = Math.ceil(view.left / COL_WIDTH);
  return (
    <div
      ref={scroller}
      role="grid"
      tabIndex={-1}
      aria-label={t('inventory.grid_label')}
      aria-rowcount={rows.length + 1}
      aria-colcount={window.days.length + 1}
      aria-describedby="inventory-keys"
      className="inv-grid"
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const at = cellAt(event.target);
        if (at && (at.row !== focus.row || at.col !== focus.col)) setFocus(at);
      }}
      onDoubleClick={(event) => {
        const at = cellAt(event.target);
        if (at) onEdit(rows[at.row]!, window.days[at.col]!);
      }}
    >
      <div className="inv-grid__canvas" style={{ width, height: HEAD_HEIGHT + rows.length * ROW_HEIGHT }}>
        <div role="rowgroup" className="inv-grid__head" style={{ width }}>
          <div role="row" aria-rowindex={1} className="inv-row inv-row--head" style={{ width }}>
            <div
              role="columnheader"
              aria-colindex={1}
              className="inv-row__label inv-corner"
              style={{ width: labelWidth }}
            >
              {t('inventory.rooms_and_rates')}
            </div>
            {headCols.map((col) => {
              const day = window.days[col]!;
              const month = monthAt(window, col);
              const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
              return (
                <div
                  key={col}
                  role="columnheader"
                  aria-colindex={col + 2}
                  aria-label={formats.full(day)}
                  className={`inv-head${weekend ? ' inv-head--weekend' : ''}${day === today ? ' inv-head--today' : ''}`}
                  style={{ left: labelWidth + col * COL_WIDTH }}
                >
                  <span className="inv-head__month" aria-hidden="true">
                    {col === month.start || col === visibleFirst ? formats.month(day) : ''}
                  </span>
                  <span aria-hidden="true">
                    {formats.weekday(day)} {formats.day(day)}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
        <div role="rowgroup">
          {rowIndexes.map((index) => (
            <CalendarRow
              key={rows[index]!.key}
              row={rows[index]!}
              index={index}
              cols={cols}
              days={window.days}
              data={data}
              monthState={monthState}
              version={version}
              focusCol={focus.row === index ? focus.col : null}
              today={today}
              formats={formats}
              width={width}
              labelWidth={labelWidth}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
