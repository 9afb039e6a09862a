// The calendar-day rule with nothing else in its module (no zod, no contract): core imports it through
// `@tern/sdk/days`, so a page that checks a day does not load the contract.

const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is a calendar day as Tern writes one: `YYYY-MM-DD`, a day that exists (not `2031-02-29`), in the
 * years 0001 to 9999 (PostgreSQL has no year 0: `0000-01-01` is refused by its `date`). The one rule for days at
 * every edge: the contract's `isoDate`, core's `isDay`/`parseDay` (the web's date inputs, the CLI's flags).
 */
export function isCalendarDay(value: unknown): value is string {
  const parts = typeof value === 'string' ? DAY_SHAPE.exec(value) : null;
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
