import type { TernClient } from '@tern/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CalendarData, type CalendarMonth, EMPTY_DATA, mergeCalendar } from './calendarModel';

/** The prefix of the Performance API measures the calendar records: one per month, from its call to its drawing. */
export const MONTH_MEASURE = 'inventory-month';
/**
 * And how long a month that came into view waited for its values (0 when it had them already: the month after
 * those in view is loaded ahead).
 */
export const WAIT_MEASURE = 'inventory-month-wait';
/** How long the next month's call waits at most for the month before to be drawn. */
const DRAW_WAIT_MS = 200;

/** The `YYYY-MM` keys of the months from `from` to `to` (days). */
export function monthKeys(from: string, to: string): string[] {
  const keys: string[] = [];
  if (to < from) return keys;
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (let key = from.slice(0, 7); key <= last; ) {
    keys.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    key = `${year}-${String(month).padStart(2, '0')}`;
  }
  return keys;
}

/** Months in runs of consecutive ones (`CalendarMonth.start` is a day index: a run's next starts where it ends). */
export function contiguous(months: readonly CalendarMonth[]): CalendarMonth[][] {
  const runs: CalendarMonth[][] = [];
  for (const month of months) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && last.start + last.length === month.start) run.push(month);
    else runs.push([month]);
  }
  return runs;
}

export type MonthStatus = { state: 'loading' } | { state: 'ready' } | { state: 'error'; error: unknown };

export interface Months {
  data: CalendarData;
  /** How often each month's values changed (`YYYY-MM` → count): rows redraw only for the months they show. */
  versions: Readonly<Record<string, number>>;
  status: Readonly<Record<string, MonthStatus>>;
  /**
   * Loads the months not loaded yet (and retries those that failed): those in view first, then `ahead` once they
   * are painted.
   */
  ensure: (inView: readonly CalendarMonth[], ahead?: readonly CalendarMonth[]) => void;
  /** Loads the months again (after a save or an undo), keeping what is shown until the replies come. */
  reload: (months: readonly CalendarMonth[]) => Promise<void>;
  /** Adds a reply fetched elsewhere (the bulk edit's preview reads its range afresh). */
  merge: (reply: Parameters<typeof mergeCalendar>[1], narrowed: boolean) => void;
}

/**
 * The calendar's months, loaded by `inventory.calendar` calls when they first come into view (the months in view
 * together, in one call; each month ahead alone). Each month's load
 * is measured with the Performance API (`inventory-month:YYYY-MM`, from the call to the frame after the month
 * is drawn), which the browser test reads against the 100 ms target.
 */
export function useMonths(client: TernClient, propertyId: string): Months {
  const [data, setData] = useState<CalendarData>(EMPTY_DATA);
  const [versions, setVersions] = useState<Record<string, number>>({});
  const touched = useCallback((from: string, to: string) => {
    setVersions((current) => {
      const next = { ...current };
      for (const key of monthKeys(from, to)) next[key] = (next[key] ?? 0) + 1;
      return next;
    });
  }, []);
  const [status, setStatus] = useState<Record<string, MonthStatus>>({});
  const statusRef = useRef(status);
  statusRef.current = status;
  // A newer load of a month wins over an older one still under way.
  const generation = useRef(new Map<string, number>());
  const drawn = useRef<string[]>([]);

  // Loads contiguous months with one call (the months in view when the page opens come together, and are drawn
  // together); each month is marked and measured on its own.
  const load = useCallback(
    async (group: readonly CalendarMonth[]): Promise<boolean> => {
      const marks = group.map((month) => {
        const gen = (generation.current.get(month.key) ?? 0) + 1;
        generation.current.set(month.key, gen);
        const mark = `${MONTH_MEASURE}-start:${month.key}:${gen}`;
        performance.mark(mark);
        return { month, gen, mark };
      });
      const current = () => marks.filter((m) => generation.current.get(m.month.key) === m.gen);
      try {
        const reply = await client.inventory.calendar({
          params: { propertyId },
          query: { from: group[0]!.from, to: group.at(-1)!.to },
        });
        const live = current();
        if (!live.length) return false;
        drawn.current.push(...live.map((m) => m.mark));
        setData((data) => mergeCalendar(data, reply));
        touched(group[0]!.from, group.at(-1)!.to);
        setStatus((status) => {
          const next = { ...status };
          for (const { month } of live) next[month.key] = { state: 'ready' };
          return next;
        });
        return true;
      } catch (error) {
        const live = current();
        if (!live.length) return false;
        setStatus((status) => {
          const next = { ...status };
          for (const { month } of live) next[month.key] = { state: 'error', error };
          return next;
        });
        return false;
      }
    },
    [client, propertyId, touched],
  );

  // Called at the frame after the months loaded so far were drawn.
  const onDrawn = useRef<(() => void)[]>([]);
  const whenDrawn = useCallback(
    () =>
      new Promise<void>((resolve) => {
        onDrawn.current.push(resolve);
        // A frame that never comes (a hidden tab draws none) holds the queue this long at most.
        setTimeout(resolve, DRAW_WAIT_MS);
      }),
    [],
  );

  // Calls run one after another, in the order asked (the months in view first, together, then each month ahead):
  // the server answers each alone, a month in view never waits behind a prefetch asked after it, and the next call
  // starts once the months before are drawn (their drawing is not the next call's wait).
  const queue = useRef<(readonly CalendarMonth[])[]>([]);
  const running = useRef(false);
  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let group = queue.current.shift(); group; group = queue.current.shift())
        if (await load(group)) await whenDrawn();
    } finally {
      running.current = false;
    }
  }, [load, whenDrawn]);

  // When each month first came into view, while it had no values yet (for `WAIT_MEASURE`).
  const waiting = useRef(new Map<string, number>());
  const seen = useRef(new Set<string>());
  const ensure = useCallback<Months['ensure']>(
    (inView, ahead = []) => {
      for (const m of inView) {
        if (seen.current.has(m.key)) continue;
        seen.current.add(m.key);
        const now = performance.now();
        if (statusRef.current[m.key]?.state === 'ready')
          performance.measure(`${WAIT_MEASURE}:${m.key}`, { start: now, end: now });
        else waiting.current.set(m.key, now);
      }
      const wanted = (months: readonly CalendarMonth[]) =>
        months.filter((m) => {
          const s = statusRef.current[m.key];
          return !s || s.state === 'error';
        });
      const now = wanted(inView);
      const later = wanted(ahead).filter((m) => !now.includes(m));
      if (!now.length && !later.length) return;
      const next = { ...statusRef.current };
      for (const m of [...now, ...later]) next[m.key] = { state: 'loading' };
      statusRef.current = next;
      setStatus(next);
      if (now.length) {
        queue.current.push(...contiguous(now));
        void drain();
      }
      // The months ahead once what is in view is painted: a prefetch does not hold up the drawing of a scroll.
      if (later.length)
        requestAnimationFrame(() =>
          setTimeout(() => {
            queue.current.push(...later.map((m) => [m]));
            void drain();
          }, 0),
        );
    },
    [drain],
  );

  const reload = useCallback(
    async (months: readonly CalendarMonth[]) => {
      await Promise.all(months.map((m) => load([m])));
    },
    [load],
  );

  const merge = useCallback<Months['merge']>(
    (reply, narrowed) => {
      setData((current) => mergeCalendar(current, reply, narrowed));
      touched(reply.from, reply.to);
    },
    [touched],
  );

  // After a month's reply is drawn: measure at the next frame (the browser has laid out and painted it).
  const frame = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each commit of new data, which is when a month was drawn.
  useEffect(() => {
    if (!drawn.current.length || frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const now = performance.now();
      for (const mark of drawn.current.splice(0)) {
        const name = mark.replace(`${MONTH_MEASURE}-start`, MONTH_MEASURE).replace(/:\d+$/, '');
        try {
          performance.measure(name, mark);
        } catch {
          // The mark was cleared (a test's fake timers): nothing to measure.
        }
        const key = name.slice(MONTH_MEASURE.length + 1);
        const since = waiting.current.get(key);
        if (since === undefined) continue;
        waiting.current.delete(key);
        performance.measure(`${WAIT_MEASURE}:${key}`, { start: since, end: now });
      }
      for (const resolve of onDrawn.current.splice(0)) resolve();
    });
  }, [data]);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  return { data, versions, status, ensure, reload, merge };
}
