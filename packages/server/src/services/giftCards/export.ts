import type { EventEmitter } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { todayIn } from '@tern/core/dates';
import type { GiftCardExportFormat, giftCardsExportQuery } from '@tern/sdk';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { GIFT_CARD_ORDER, giftCardFilter } from './cards.js';

// The orders list as a file (document 3 §2.3 export menu, §7 `exportFormat`): the list's filters and order, all
// pages. Rows are read in keyset pages (`(sort key, id)` after the last row sent) and written as the client
// reads, so 100,000 cards never sit in memory; XLSX through exceljs' streaming WorkbookWriter, CSV through
// csv-stringify. A text cell that a spreadsheet would take for a formula is prefixed with an apostrophe.

type ExportQuery = z.output<typeof giftCardsExportQuery>;

/** Rows read from the database at a time. */
export const EXPORT_PAGE_ROWS = 1000;

/** The columns, in order: header and the row's field. */
const COLUMNS = [
  ['Code', 'code'],
  ['Title', 'title'],
  ['Kind', 'kind'],
  ['Recipient', 'name'],
  ['E-mail', 'email'],
  ['Buyer', 'buyer_name'],
  ['Buyer e-mail', 'buyer_email'],
  ['Sold', 'sold'],
  ['Expires', 'expiration_date'],
  ['Status', 'status'],
  ['Delivery', 'delivery'],
  ['Delivered', 'delivered'],
  ['Price', 'price'],
  ['Net price', 'net_price'],
  ['Source', 'source_of_sale'],
  ['Notes', 'notes'],
] as const;

interface ExportRow {
  sort_key: string;
  id: string;
  code: string;
  title: string;
  kind: string;
  name: string;
  email: string;
  buyer_name: string | null;
  buyer_email: string | null;
  sold: string;
  expiration_date: string;
  status: string;
  delivery: string;
  delivered: string;
  price: string;
  net_price: string;
  source_of_sale: string;
  notes: string;
}

/** A text a spreadsheet would run as a formula (= + - @, tab, CR first) gets a leading apostrophe. */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const SORT_KEY: Record<ExportQuery['orderBy'], string> = {
  code: 'c.generated_id',
  expiration: `to_char(c.expiration_date, 'YYYY-MM-DD')`,
  created_at: `to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
};
const SORT_CAST: Record<ExportQuery['orderBy'], string> = {
  code: '::text',
  expiration: '::date',
  created_at: `::timestamp at time zone 'UTC'`,
};

/** The export's rows, a keyset page at a time, in the list's order. */
export async function* exportRows(
  db: Db,
  property: OwnedProperty,
  query: ExportQuery,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<ExportRow[]> {
  // The list's filters (one function), then the property's zone for the sold column.
  const filter = giftCardFilter(property, query);
  const zone = filter.param(property.timezone);
  const { conditions: where, params } = filter;
  const desc = query.orderDirection !== 'asc';
  const column = GIFT_CARD_ORDER[query.orderBy];
  let after: { key: string; id: string } | null = null;
  for (;;) {
    const conditions = [...where];
    const values = [...params];
    if (after) {
      values.push(after.key, after.id);
      const k = `$${values.length - 1}${SORT_CAST[query.orderBy]}`;
      conditions.push(`(${column}, c.id) ${desc ? '<' : '>'} (${k}, $${values.length}::uuid)`);
    }
    values.push(pageRows);
    // The column and direction come from the contract's enums, never from the caller's text.
    const rows: ExportRow[] = await db.query<ExportRow>(
      `select ${SORT_KEY[query.orderBy]} as sort_key, c.id, c.generated_id as code, c.title, c.kind, c.name,
              c.email, c.buyer_name, c.buyer_email,
              to_char(c.created_at at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as sold,
              to_char(c.expiration_date, 'YYYY-MM-DD') as expiration_date,
              case when c.booked then 'used' else 'unused' end as status,
              case when c.send_by_letter then 'letter' else 'email' end as delivery,
              case when c.delivered then 'yes' else 'no' end as delivered,
              c.price::text as price, c.net_price::text as net_price, c.source_of_sale, c.notes
         from gift_cards c
        where ${conditions.join(' and ')}
        order by ${column} ${desc ? 'desc' : 'asc'}, c.id ${desc ? 'desc' : 'asc'}
        limit $${values.length}`,
      values,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageRows) return;
    const last = rows.at(-1)!;
    after = { key: last.sort_key, id: last.id };
  }
}

/** One row's cells: texts neutralised, prices as numbers. */
function cellsOf(row: ExportRow): (string | number)[] {
  return COLUMNS.map(([, field]) => {
    const value = row[field];
    if (field === 'price' || field === 'net_price') return Number(value);
    return neutralise(value ?? '');
  });
}

const CONTENT_TYPE: Record<GiftCardExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The CSV, a page of rows per chunk (a UTF-8 byte-order mark first, for spreadsheets). */
async function* csvChunks(pages: AsyncGenerator<ExportRow[]>): AsyncGenerator<string> {
  yield `\ufeff${stringify([COLUMNS.map(([header]) => header)])}`;
  for await (const rows of pages) yield stringify(rows.map(cellsOf));
}

/** A writable stream's state, as Node's streams and their `readable-stream` copies keep it. */
type Inlet = EventEmitter & { _writableState?: { needDrain?: boolean } };

/**
 * Where exceljs' worksheet writer sends the sheet's XML: the writer keeps it in a buffer of its own that writes on
 * into the zip whatever the zip has taken (it ignores backpressure), through the PassThrough archiver pipes it
 * into. That stream needing a drain means the zip (held by the response) has not taken the rows written so far.
 * Internals of exceljs 4 and archiver 5: `null` if they change, and the export then waits for the response alone
 * (test/giftCardsExportStream.test.ts fails then).
 */
function sheetInlet(sheet: unknown): Inlet | null {
  const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  const first = Array.isArray(pipes) ? (pipes[0] as Inlet | undefined) : undefined;
  return first && typeof first.once === 'function' && first._writableState ? first : null;
}

/**
 * The XLSX through exceljs' streaming writer. After each page the writer waits until the zip has taken it and the
 * response has room: the rows in flight stay about a page, and a client that stops reading stops the reading of
 * the database. The event loop turns after each page: on PGlite a query answers without it turning, and the zip
 * (archiver, zlib) moves only when it does.
 */
function xlsxStream(pages: AsyncGenerator<ExportRow[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Gift cards');
  sheet.columns = COLUMNS.map(([header, key]) => ({ header, key }));
  /** Resolves on the stream's 'drain', or when the response is closed. */
  const drained = (stream: EventEmitter) =>
    new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        out.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      out.on('close', done);
    });
  const inlet = sheetInlet(sheet);
  void (async () => {
    try {
      for await (const rows of pages) {
        if (out.destroyed) return;
        for (const row of rows) sheet.addRow(cellsOf(row)).commit();
        await new Promise((resolve) => setImmediate(resolve));
        while (!out.destroyed && inlet?._writableState?.needDrain) await drained(inlet);
        if (!out.destroyed && out.writableNeedDrain) await drained(out);
      }
      if (out.destroyed) return;
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/** The file's name: the orders of the property's today, e.g. `gift-cards-2026-11-24.xlsx`. */
export function exportFileName(property: OwnedProperty, format: GiftCardExportFormat, now: Date): string {
  return `gift-cards-${todayIn(property.timezone, now)}.${format}`;
}

/** `pages` again, its first page (already read) first. */
async function* startingWith(
  first: IteratorResult<ExportRow[]>,
  pages: AsyncGenerator<ExportRow[]>,
): AsyncGenerator<ExportRow[]> {
  if (first.done) return;
  yield first.value;
  yield* pages;
}

/**
 * The download: streamed, with its type and file name. The first page is read before the reply starts, so a query
 * that fails does so before the first byte, as an error reply with its status and code — never a 200 whose file
 * stops part way (the input itself was checked by the contract before this runs).
 */
export async function exportGiftCards(
  db: Db,
  property: OwnedProperty,
  query: ExportQuery,
  now: Date,
): Promise<Response> {
  const rest = exportRows(db, property, query);
  const pages = startingWith(await rest.next(), rest);
  const body =
    query.exportFormat === 'csv' ? Readable.from(csvChunks(pages), { objectMode: false }) : xlsxStream(pages);
  const name = exportFileName(property, query.exportFormat, now);
  return new Response(Readable.toWeb(body) as ReadableStream, {
    status: 200,
    headers: {
      'content-type': CONTENT_TYPE[query.exportFormat],
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
