import { validationWords } from '@tern/core/i18n';
import { type BulkEditField, validateBulkEdit } from '@tern/core/rates';
import {
  type BulkEditBody,
  type BulkRowsBody,
  bulkEditBody,
  bulkRowsBody,
  inventoryArea,
  type RateRow,
} from '@tern/sdk';
import type * as z from 'zod';
import { UserError } from '../../errors.js';
import type { InventoryGetFlags, InventorySetFlags } from './index.js';

// The flags checked before the call with the contract's own schemas and core's bulk edit rules
// (`validateBulkEdit`) — the very rules the server applies to the calendar page's requests — so a mistake is
// named by its flag without a round trip.

const FLAG: Record<string, string> = {
  from: '--from',
  to: '--to',
  weekdays: '--weekdays',
  unitIds: '--unit',
  ratePlanIds: '--plan',
  'changes.price.value': '--price/--increase/--decrease',
  'changes.availability': '--availability',
  'changes.restrictions.minStayArrival': '--min-stay',
  'changes.restrictions.minStayThrough': '--min-stay-through',
  'changes.restrictions.maxStay': '--max-stay',
  'changes.occupancyRates': '--occupancy-rate',
  changes:
    'a change (--price, --increase, --decrease, --availability, --stop-sell, --open, --cta, --ctd, --min-stay, --max-stay, --occupancy-rate)',
};

/** The flag of each field of core's bulk edit rules. */
const BULK_FLAG: Record<BulkEditField, string> = {
  from: '--from',
  to: '--to',
  changes: FLAG.changes!,
  availability: '--availability',
  price: '--price/--increase/--decrease',
  minStayArrival: '--min-stay',
  minStayThrough: '--min-stay-through',
  maxStay: '--max-stay',
  occupancyRates: '--occupancy-rate',
  stopSell: '--stop-sell/--open',
  closedToArrival: '--cta',
  closedToDeparture: '--ctd',
};

function refuse(error: z.ZodError, where = ''): never {
  const issue = error.issues[0]!;
  const path = issue.path.join('.');
  const flag = FLAG[path] ?? FLAG[issue.path.slice(0, 1).join('.')] ?? path;
  throw new UserError(`${where}${flag}: ${issue.message}`, { code: 'invalid_input' });
}

export function checkedQuery(flags: InventoryGetFlags) {
  const query = { from: flags.from, to: flags.to, unitIds: flags.unit, ratePlanIds: flags.plan };
  const parsed = inventoryArea.calendar.query!.safeParse(query);
  if (!parsed.success) refuse(parsed.error);
  return query;
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** `mon,tue` or `1,2` (Monday 1 … Sunday 7) as ISO weekday numbers. */
export function weekdaysOf(text: string): number[] {
  return text.split(',').map((part) => {
    const p = part.trim().toLowerCase();
    const n = /^\d$/.test(p) ? Number(p) : DAYS.indexOf(p.slice(0, 3)) + 1;
    if (n < 1 || n > 7)
      throw new UserError(`--weekdays: "${part}" is not a day: use mon,…,sun or 1–7`, {
        code: 'invalid_input',
      });
    return n;
  });
}

/** `10` or `10%`: an amount or a percentage. */
function move(text: string, direction: 'increase' | 'decrease') {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(text);
  if (!m)
    throw new UserError(`--${direction}: use an amount (10) or a percentage (10%)`, {
      code: 'invalid_input',
    });
  return { op: `${direction}_by_${m[2] ? 'percent' : 'amount'}` as const, value: Number(m[1]) };
}

/**
 * `--occupancy-rate 2=95` (repeated), or a file row's `occupancyRates` (`2=95;3=none`): adults → rate, `none`
 * removing one. `where` names the flag or the row in a refusal.
 */
export function occupancyRatesOf(
  texts: readonly string[],
  where = '--occupancy-rate',
): Record<string, number | null> {
  const rates: Record<string, number | null> = {};
  for (const text of texts) {
    const m = /^\s*(\d{1,2})\s*=\s*(none|\d+(?:\.\d+)?)\s*$/i.exec(text);
    if (!m)
      throw new UserError(`${where}: "${text}" is not adults=rate (2=95, or 2=none to remove)`, {
        code: 'invalid_input',
      });
    rates[String(Number(m[1]))] = /^none$/i.test(m[2]!) ? null : Number(m[2]);
  }
  return rates;
}

/** The page's rules (core's `validateBulkEdit`) for one file row's night of a plan, by the row's own words. */
export function checkedRateRow(row: RateRow, where: string): void {
  const errors = Object.entries(
    validateBulkEdit({
      from: row.date,
      to: row.date,
      changes: {
        ...(row.price !== undefined ? { price: { op: 'set' as const, value: row.price } } : {}),
        ...(row.restrictions ? { restrictions: row.restrictions } : {}),
        ...(row.occupancyRates ? { occupancyRates: row.occupancyRates } : {}),
      },
    }),
    // A row may change nothing but make the night (the server asks a new night for its price).
  ).filter(([field]) => field !== 'changes') as [BulkEditField, string][];
  const [field, key] = errors[0] ?? [];
  if (field && key)
    throw new UserError(`${where}: ${ROW_FIELD[field]}: ${validationWords(key)}`, { code: 'invalid_input' });
}

/** A file row's column of each field of core's bulk edit rules. */
const ROW_FIELD: Record<BulkEditField, string> = {
  from: 'date',
  to: 'date',
  changes: 'price',
  availability: 'availability',
  price: 'price',
  minStayArrival: 'minStayArrival',
  minStayThrough: 'minStayThrough',
  maxStay: 'maxStay',
  occupancyRates: 'occupancyRates',
  stopSell: 'stopSell',
  closedToArrival: 'closedToArrival',
  closedToDeparture: 'closedToDeparture',
};

/** The bulk edit the flags ask for, checked with the contract's schema. */
export function editOf(flags: InventorySetFlags): BulkEditBody {
  const prices = [
    flags.price !== undefined,
    flags.increase !== undefined,
    flags.decrease !== undefined,
  ].filter(Boolean);
  if (prices.length > 1)
    throw new UserError('Give one of --price, --increase and --decrease', { code: 'invalid_input' });
  if (flags.stopSell && flags.open)
    throw new UserError('Give --stop-sell or --open, not both', { code: 'invalid_input' });
  if (!flags.from || !flags.to)
    throw new UserError('Give --from and --to (or --from-file)', { code: 'invalid_input' });
  const maxStay =
    flags.maxStay === undefined ? undefined : /^none$/i.test(flags.maxStay) ? null : Number(flags.maxStay);
  const restrictions = Object.fromEntries(
    Object.entries({
      stopSell: flags.stopSell ? true : flags.open ? false : undefined,
      closedToArrival: flags.cta,
      closedToDeparture: flags.ctd,
      minStayArrival: flags.minStay,
      minStayThrough: flags.minStayThrough,
      maxStay,
    }).filter(([, v]) => v !== undefined),
  );
  const body: BulkEditBody = {
    from: flags.from,
    to: flags.to,
    ...(flags.weekdays ? { weekdays: weekdaysOf(flags.weekdays) } : {}),
    ...(flags.unit ? { unitIds: flags.unit } : {}),
    ...(flags.plan ? { ratePlanIds: flags.plan } : {}),
    changes: {
      ...(flags.price !== undefined ? { price: { op: 'set' as const, value: flags.price } } : {}),
      ...(flags.increase !== undefined ? { price: move(flags.increase, 'increase') } : {}),
      ...(flags.decrease !== undefined ? { price: move(flags.decrease, 'decrease') } : {}),
      ...(flags.availability !== undefined ? { availability: flags.availability } : {}),
      ...(Object.keys(restrictions).length ? { restrictions } : {}),
      ...(flags.occupancyRate?.length ? { occupancyRates: occupancyRatesOf(flags.occupancyRate) } : {}),
    },
    ...(flags.preview ? { preview: true } : {}),
  };
  const parsed = bulkEditBody.safeParse(body);
  if (!parsed.success) refuse(parsed.error);
  const errors = Object.entries(validateBulkEdit(parsed.data)) as [BulkEditField, string][];
  if (errors.some(([field]) => field === 'changes'))
    throw new UserError(`Say what to change: ${FLAG.changes}`, { code: 'invalid_input' });
  const [field, key] = errors[0] ?? [];
  if (field && key)
    throw new UserError(`${BULK_FLAG[field]}: ${validationWords(key)}`, { code: 'invalid_input' });
  return body;
}

/** The bulk rows of a file, checked with the contract's schema (the row is named by its line). */
export function checkedRows(
  body: BulkRowsBody,
  lineOf: (list: string, index: number) => string,
): BulkRowsBody {
  if ((body.rows?.length ?? 0) + (body.availability?.length ?? 0) === 0)
    throw new UserError('--from-file: the file has no rows', { code: 'invalid_input' });
  const parsed = bulkRowsBody.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [list, index, ...rest] = issue.path.map(String);
    const where = index !== undefined ? `${lineOf(list!, Number(index))}: ${rest.join('.') || list}` : list;
    throw new UserError(`${where}: ${issue.message}`, { code: 'invalid_input' });
  }
  return body;
}
