import { giftCardsExportQuery } from '@tern/sdk';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.js';
import type { OwnedProperty } from '../src/http/ownership.js';
import { EXPORT_PAGE_ROWS, exportGiftCards } from '../src/services/giftCards/export.js';

// The export is streamed (document 3 §2.3: "streamed for 100,000 rows"): the server reads a keyset page of cards
// only when the client has taken what came before, so the rows held at once are a page or two whatever the
// number of cards, and a download the client drops stops reading. Proved here with a database that counts the
// pages asked of it (50 pages of 1,000 cards); giftCardsExport.test.ts exports 40,000 real cards.

const PAGES = 50;
/** Pages read ahead of a client that holds the first bytes, at most. */
const READ_AHEAD = { csv: 3, xlsx: 25 };
const property: OwnedProperty = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'accommodation',
  supplierId: '00000000-0000-4000-8000-000000000002',
  title: 'Harbour View',
  currency: 'ISK',
  timezone: 'Atlantic/Reykjavik',
  memberRole: 'manager',
};

/** A database of PAGES × 1,000 cards that counts the pages read. */
function pagedDb() {
  const state = { pages: 0 };
  const row = (n: number) => ({
    sort_key: `2026-01-01T00:00:${String(n).padStart(6, '0')}`,
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    code: `CODE${String(n).padStart(8, '0')}`,
    title: 'Bulk stay',
    kind: 'gift_card',
    name: n === 0 ? '=cmd|" /C calc"!A0' : `Guest ${n}`,
    email: `guest${n}@example.com`,
    buyer_name: null,
    buyer_email: null,
    sold: '2026-01-01 00:00',
    expiration_date: '2030-01-01',
    status: 'unused',
    delivery: 'email',
    delivered: 'no',
    price: '120',
    net_price: '100',
    source_of_sale: 'back_office',
    notes: '',
  });
  // Answered at once, without the event loop turning: as PGlite answers (a Postgres server's reply is I/O).
  const query = async () => {
    const page = state.pages++;
    if (page >= PAGES) return [];
    return Array.from({ length: EXPORT_PAGE_ROWS }, (_, i) => row(page * EXPORT_PAGE_ROWS + i));
  };
  const db = { kind: 'pglite', query } as unknown as Db;
  return { db, state };
}

const exportOf = (db: Db, exportFormat: 'csv' | 'xlsx') =>
  exportGiftCards(
    db,
    property,
    giftCardsExportQuery.parse({ propertyId: property.id, exportFormat }),
    new Date('2026-11-25T12:00:00Z'),
  );

/** Waits until the server reads no more pages (none for half a second, or 10 s at most); their number. */
async function steady(state: { pages: number }): Promise<number> {
  let last = -1;
  let still = 0;
  for (let i = 0; i < 100 && still < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    still = state.pages === last ? still + 1 : 0;
    last = state.pages;
  }
  return state.pages;
}

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, first: Uint8Array) {
  const chunks = [first];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

describe('the export stream', () => {
  it.each(['csv', 'xlsx'] as const)(
    '%s: reads a page only as the client takes the file, and all of it by the end',
    async (format) => {
      const { db, state } = pagedDb();
      const reader = (await exportOf(db, format)).body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      // The client holds the first bytes and reads no more: the server stops after the pages its stream buffers
      // hold (for XLSX the zip's deflate and the streams' high-water marks), at most half of the 50, and waits.
      const held = await steady(state);
      expect(held).toBeGreaterThanOrEqual(1);
      expect(held).toBeLessThanOrEqual(READ_AHEAD[format]);
      const file = await readAll(reader, first.value!);
      // Every page, then the empty one that ends it.
      expect(state.pages).toBe(PAGES + 1);
      if (format === 'csv') {
        const rows = parse(file.subarray(3).toString('utf8')) as string[][];
        expect(rows).toHaveLength(PAGES * EXPORT_PAGE_ROWS + 1);
        expect(rows[1]![3]).toBe(`'=cmd|" /C calc"!A0`);
        expect(rows.at(-1)![0]).toBe(`CODE${String(PAGES * EXPORT_PAGE_ROWS - 1).padStart(8, '0')}`);
      } else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file as unknown as ArrayBuffer);
        const sheet = workbook.getWorksheet('Gift cards')!;
        expect(sheet.rowCount).toBe(PAGES * EXPORT_PAGE_ROWS + 1);
        expect(sheet.getRow(2).getCell(4).value).toBe(`'=cmd|" /C calc"!A0`);
        expect(sheet.getRow(2).getCell(13).value).toBe(120);
      }
    },
    120_000,
  );

  it.each(['csv', 'xlsx'] as const)(
    '%s: a download the client drops stops reading the database',
    async (format) => {
      const { db, state } = pagedDb();
      const reader = (await exportOf(db, format)).body!.getReader();
      await reader.read();
      await reader.cancel();
      const after = await steady(state);
      expect(after).toBeLessThanOrEqual(READ_AHEAD[format]);
    },
  );
});
