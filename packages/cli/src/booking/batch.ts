import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { UserError } from '../errors.js';
import { parseGuest } from './guests.js';
import { readInputFile } from './orderFile.js';
import { type FileOrder, orderOfJson } from './stayOrder.js';

/**
 * `tern book stay --from-file orders.ndjson` (or `.jsonl`, or `.csv`): many bookings, one a line. Each line is
 * the JSON of a single `--from-file` (NDJSON), or a CSV row under a header naming its columns. Each line's
 * Idempotency-Key is derived from its content and its line number, so running the same file again replays
 * what was booked instead of booking it twice, and books what failed.
 */

/** One line of a batch file: where it is, its key, and its order (or why it cannot be read). */
export interface BatchLine {
  /** The line number in the file, from 1 (a CSV row's first line). */
  line: number;
  idempotencyKey: string;
  order: FileOrder | null;
  problem: string | null;
}

export const isBatchFile = (file: string) => /\.(ndjson|jsonl|csv)$/i.test(file);

/** The key of a line: its own `idempotencyKey`, else a hash of the file's line number and text. */
export function lineKey(line: number, text: string): string {
  return `tern-batch-${createHash('sha256').update(`${line}\n${text}`).digest('hex').slice(0, 40)}`;
}

function read(line: number, text: string, json: () => Record<string, unknown>, file: string): BatchLine {
  const where = `${file} line ${line}`;
  try {
    const value = json();
    const order = orderOfJson(value, where);
    return { line, idempotencyKey: order.order.idempotencyKey ?? lineKey(line, text), order, problem: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const problem = message.startsWith(where) ? message : `${where}: ${message}`;
    return { line, idempotencyKey: lineKey(line, text), order: null, problem };
  }
}

function objectOf(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('use one JSON object a line');
  return value as Record<string, unknown>;
}

/** CSV columns: the file's keys, flat; `room` holds `RATE[:COUNT]`s apart by spaces, `guests` {@link parseGuest}s apart by `;`. */
const CUSTOMER = ['name', 'surname', 'email', 'phone', 'country', 'city', 'address', 'zipCode'];

function csvObject(row: Record<string, string>): { json: Record<string, unknown>; guests: string[] } {
  const json: Record<string, unknown> = { customer: {} };
  for (const [key, value] of Object.entries(row)) {
    if (value === '') continue;
    if (CUSTOMER.includes(key)) (json.customer as Record<string, string>)[key] = value;
    else if (key === 'acceptPolicies') json.acceptPolicies = /^(true|yes|1)$/i.test(value);
    else if (key === 'room')
      json.rooms = value
        .split(/\s+/)
        .filter(Boolean)
        .map((room) => {
          const [rate, count] = room.split(':');
          return { rate, count: count === undefined ? 1 : Number(count) };
        });
    else if (key !== 'guests') json[key] = value;
  }
  return { json, guests: (row.guests ?? '').split(';').filter((g) => g.trim()) };
}

/** The lines of a batch file, each with its key and its order or its problem. */
export async function readBatch(file: string): Promise<BatchLine[]> {
  const text = await readInputFile(file);
  if (/\.csv$/i.test(file)) return readCsv(text, file);
  const lines: BatchLine[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    if (!raw.trim()) continue;
    lines.push(read(i + 1, raw, () => objectOf(raw), file));
  }
  return lines;
}

function readCsv(text: string, file: string): BatchLine[] {
  let rows: { record: Record<string, string>; raw: string; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      columns: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      raw: true,
    });
  } catch (error) {
    throw new UserError(`${file}: not valid CSV (${(error as Error).message})`, { code: 'invalid_input' });
  }
  return rows.map(({ record, raw, info }) => {
    // `info.lines` is the line the row ends on; `raw` has the empty lines before it and its line break.
    const text = raw.replace(/^(\r?\n)+/, '').replace(/\r?\n$/, '');
    const line = info.lines - (text.match(/\n/g)?.length ?? 0);
    const { json, guests } = csvObject(record);
    const batchLine = read(line, text, () => json, file);
    if (batchLine.order) {
      const parsed = guests.map((g) => parseGuest(g));
      if (parsed.some((g) => g === null))
        return {
          ...batchLine,
          order: null,
          problem: `${file} line ${line}: guests: use NAME,SURNAME[,XX];…`,
        };
      batchLine.order.order.guests = parsed as NonNullable<(typeof parsed)[number]>[];
    }
    return batchLine;
  });
}
