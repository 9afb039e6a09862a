import type { AvailabilityRow, BulkRowsBody, RateRow, RestrictionsPatch } from '@tern/sdk';
import { parse } from 'csv-parse/sync';
import { readInputFile } from '../../bookingEngine/orderFile.js';
import { UserError } from '../../errors.js';
import { checkedRateRow, checkedRows, occupancyRatesOf } from './rules.js';

// `tern inventory set --from-file FILE`: rows for the year-long bulk call, from NDJSON (one JSON object a line)
// or CSV (a header row naming the columns). A row with `ratePlanId` (or `plan`) sets that plan's night: `price`,
// the restrictions `stopSell`, `closedToArrival`, `closedToDeparture`, `minStayArrival`, `minStayThrough`,
// `maxStay` (a number, or empty/`none` for no maximum), and a manual per-person plan's `occupancyRates`
// (`2=95;3=none` as `--occupancy-rate` takes them, or in NDJSON an object `{"2": 95, "3": null}`); a row with
// `unitId` (or `unit`) and `availability` sets the unit's rooms in all that night. One row may do both. Each row
// is checked as the page checks an edit (the contract's schema, core's `validateBulkEdit`), named by its line.

type Fields = Record<string, unknown>;

const BOOLEAN = /^(true|yes|1)$/i;
const FALSE = /^(false|no|0)$/i;

function bool(v: unknown, where: string, key: string): boolean | undefined {
  if (v === undefined || v === '') return undefined;
  if (typeof v === 'boolean') return v;
  if (BOOLEAN.test(String(v))) return true;
  if (FALSE.test(String(v))) return false;
  throw new UserError(`${where}: ${key}: use true or false`, { code: 'invalid_input' });
}
function num(v: unknown): number | undefined {
  if (v === undefined || v === '' || v === null) return undefined;
  return typeof v === 'number' ? v : Number(v);
}

/** A row's rates by occupancy: `2=95;3=none` (or apart by spaces or commas), or an object of adults → rate or null. */
function occupancyRates(v: unknown, where: string): Record<string, number | null> | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const label = `${where}: occupancyRates`;
  if (typeof v === 'string') return occupancyRatesOf(v.trim().split(/[\s;,]+/), label);
  if (typeof v !== 'object' || Array.isArray(v))
    throw new UserError(`${label}: use adults=rate pairs (2=95;3=none) or an object {"2": 95, "3": null}`, {
      code: 'invalid_input',
    });
  // Keys and rates are checked with the contract's schema and core's rules, as the flag's.
  return Object.fromEntries(
    Object.entries(v).map(([adults, rate]) => [
      adults,
      rate === null || (typeof rate === 'string' && /^none$/i.test(rate)) ? null : (num(rate) as number),
    ]),
  );
}

/** One line's rows: a plan's night, a unit's night, or both. */
function rowsOf(f: Fields, where: string): { rate: RateRow | null; availability: AvailabilityRow | null } {
  const date = String(f.date ?? '');
  const planId = (f.ratePlanId ?? f.plan) as string | undefined;
  const unitId = (f.unitId ?? f.unit) as string | undefined;
  const nested = (f.restrictions ?? {}) as Fields;
  const pick = (key: string) => f[key] ?? nested[key];
  const maxStay = pick('maxStay');
  const restrictions: RestrictionsPatch = Object.fromEntries(
    Object.entries({
      stopSell: bool(pick('stopSell'), where, 'stopSell'),
      closedToArrival: bool(pick('closedToArrival'), where, 'closedToArrival'),
      closedToDeparture: bool(pick('closedToDeparture'), where, 'closedToDeparture'),
      minStayArrival: num(pick('minStayArrival')),
      minStayThrough: num(pick('minStayThrough')),
      maxStay: maxStay === null || /^none$/i.test(String(maxStay)) ? null : num(maxStay),
    }).filter(([, v]) => v !== undefined),
  );
  const price = num(f.price);
  const rates = occupancyRates(f.occupancyRates ?? f.occupancy_rates, where);
  const availability = num(f.availability);
  if (!planId && !(unitId && availability !== undefined))
    throw new UserError(`${where}: name a ratePlanId, or a unitId with its availability`, {
      code: 'invalid_input',
    });
  return {
    rate: planId
      ? {
          ratePlanId: planId,
          date,
          ...(price !== undefined ? { price } : {}),
          ...(Object.keys(restrictions).length ? { restrictions } : {}),
          ...(rates ? { occupancyRates: rates } : {}),
        }
      : null,
    availability: unitId && availability !== undefined ? { unitId, date, availability } : null,
  };
}

function objectsOf(text: string, file: string): { line: number; fields: Fields }[] {
  if (/\.csv$/i.test(file)) {
    let records: { record: Record<string, string>; info: { lines: number } }[];
    try {
      records = parse(text, { bom: true, columns: true, skip_empty_lines: true, trim: true, info: true });
    } catch (error) {
      throw new UserError(`${file}: not valid CSV (${(error as Error).message})`, { code: 'invalid_input' });
    }
    return records.map(({ record, info }) => ({ line: info.lines, fields: record }));
  }
  const out: { line: number; fields: Fields }[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    if (!raw.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new UserError(`${file} line ${i + 1}: not JSON`, { code: 'invalid_input' });
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new UserError(`${file} line ${i + 1}: use one JSON object a line`, { code: 'invalid_input' });
    out.push({ line: i + 1, fields: value as Fields });
  }
  return out;
}

/** The bulk call's body from a file, checked with the contract's schema; each refusal names its line. */
export async function readRowsFile(file: string): Promise<BulkRowsBody> {
  if (!/\.(csv|ndjson|jsonl)$/i.test(file))
    throw new UserError(`--from-file: use a .csv or .ndjson file`, { code: 'invalid_input' });
  const text = await readInputFile(file);
  const rows: RateRow[] = [];
  const availability: AvailabilityRow[] = [];
  const lines = { rows: [] as number[], availability: [] as number[] };
  for (const { line, fields } of objectsOf(text, file)) {
    const got = rowsOf(fields, `${file} line ${line}`);
    if (got.rate) {
      rows.push(got.rate);
      lines.rows.push(line);
    }
    if (got.availability) {
      availability.push(got.availability);
      lines.availability.push(line);
    }
  }
  const checked = checkedRows({ rows, availability }, (list, index) => {
    const line = lines[list as 'rows' | 'availability']?.[index];
    return line === undefined ? file : `${file} line ${line}`;
  });
  rows.forEach((row, i) => {
    checkedRateRow(row, `${file} line ${lines.rows[i]}`);
  });
  return checked;
}
