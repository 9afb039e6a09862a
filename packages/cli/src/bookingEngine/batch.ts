import { parse } from 'csv-parse/sync';
import { UserError } from '../errors.js';
import { canonicalJson, contentKey, Occurrences } from '../keys.js';
import { parseGuest } from './guests.js';
import { readInputFile } from './orderFile.js';
import { type FileOrder, orderOfJson } from './stayOrder.js';

/**
 * `tern book stay --from-file orders.ndjson` (or `.jsonl`, or `.csv`): many bookings, one a line. Each line is
 * the JSON of a single `--from-file` (NDJSON), or a CSV row under a header naming its columns. Each line's
 * Idempotency-Key is derived from its content (its JSON or its row, keys in any order) and its occurrence among
 * lines of the same content — never its line number — so running the same file again, or with lines deleted,
 * moved, sorted or added, replays what was booked instead of booking it twice, and books what failed.
 */

/** One line of a batch file: where it is, its key, and its order (or why it cannot be read). */
export interface BatchLine {
  /** The line number in the file, from 1 (a CSV row's first line). */
  line: number;
  idempotencyKey: string;
  order: FileOrder | null;
  problem: string | null;
  /** The line of an earlier line of the same content (each is booked: the warning names both), or `null`. */
  repeats: number | null;
}

export const isBatchFile = (file: string) => /\.(ndjson|jsonl|csv)$/i.test(file);

/** The key of a line without its own `idempotencyKey`: a hash of its content and its occurrence among equals. */
export function lineKey(content: string, occurrence: number): string {
  return contentKey('tern-batch', [content], occurrence);
}

/**
 * A line read: its content (canonical JSON of what it says, or its text when it cannot be read) counted among the
 * file's lines of the same content, for its key and the repeat warning.
 */
function read(
  line: number,
  text: string,
  json: () => Record<string, unknown>,
  file: string,
  seen: Occurrences,
  /** What the line says, when it is not the object `json` gives (a CSV row's cells, its guests included). */
  said?: unknown,
): BatchLine {
  const where = `${file} line ${line}`;
  let value: Record<string, unknown> | null = null;
  try {
    value = json();
  } catch {
    // Told below, with the line's key from its text.
  }
  const content = value === null ? text.trim() : canonicalJson(said ?? value);
  const { occurrence, repeats } = seen.next(content, line);
  const key = lineKey(content, occurrence);
  try {
    const order = orderOfJson(value ?? json(), where);
    return { line, idempotencyKey: order.order.idempotencyKey ?? key, order, problem: null, repeats };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const problem = message.startsWith(where) ? message : `${where}: ${message}`;
    return { line, idempotencyKey: key, order: null, problem, repeats };
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
  const seen = new Occurrences();
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    if (!raw.trim()) continue;
    lines.push(read(i + 1, raw, () => objectOf(raw), file, seen));
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
  const seen = new Occurrences();
  return rows.map(({ record, raw, info }) => {
    // `info.lines` is the line the row ends on; `raw` has the empty lines before it and its line break.
    const text = raw.replace(/^(\r?\n)+/, '').replace(/\r?\n$/, '');
    const line = info.lines - (text.match(/\n/g)?.length ?? 0);
    const { json, guests } = csvObject(record);
    const batchLine = read(line, text, () => json, file, seen, record);
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
