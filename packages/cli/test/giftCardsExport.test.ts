import { access, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TernClient } from '@tern/sdk';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../src/commands/giftCards/liability.js';
import { Collector, demoEmail, PASSWORD, removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern gift-cards export` streams the server's export of the filtered list to a file (complete or not at all)
// or stdout; `tern gift-cards liability` prints the ledger as a table or JSON lines, as the API has it.

let server: TestServer;
let api: TernClient;
let propertyId: string;
let configDir: string;
let dir: string;
let typeId: string;
let codes: string[];

beforeAll(async () => {
  server = await startTestServer();
  const reply = await server.client().auth.signIn({
    body: { session: { email: demoEmail('hotelier'), password: PASSWORD, rememberMe: false } },
  });
  if (reply.type !== 'session') throw new Error('the hotelier got a code');
  api = server.client(reply.token);
  propertyId = (await api.auth.currentUser()).ternHotels[0]!.id;
  configDir = await signedInAt(server.url, 'hotelier');
  dir = await mkdtemp(join(tmpdir(), 'tern-gift-export-'));
  // The demo hotel's store (a type's stores must be the property's).
  const store = (await api.stores.list({ query: { propertyId } })).items[0]!.id;
  typeId = (
    await api.giftCards.createType({
      body: {
        propertyId,
        giftcardType: 2,
        title: 'Export day',
        description: '<p>x</p>',
        price: 90,
        limit: 10,
        storeIds: [store],
        publish: true,
      },
    })
  ).id;
  const issued = await api.giftCards.issue({
    params: { id: typeId },
    body: {
      propertyId,
      netPrice: 75,
      recipients: [
        { rowKey: 'a', name: '=HYPERLINK("x")', email: 'a@example.com' },
        { rowKey: 'b', name: 'Bea', email: 'b@example.com' },
        { rowKey: 'c', name: 'Cy', email: 'c@example.com' },
      ],
    },
  });
  codes = issued.cards.map((c) => c.generatedId);
  await api.giftCards.markUsed({
    params: { id: issued.cards[1]!.id },
    body: { propertyId, notes: 'Stayed' },
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const tern = (argv: string[]) => runCli([...argv, '--api-url', server.url], { configDir });
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('tern gift-cards export', () => {
  it('writes the filtered list as CSV to a file, all of it or nothing', async () => {
    const out = join(dir, 'cards.csv');
    const done = await tern([
      'gift-cards',
      'export',
      '--property',
      propertyId,
      '--type',
      typeId,
      '--format',
      'csv',
      '--order-by',
      'code',
      '--asc',
      '--out',
      out,
      '--json',
    ]);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    const text = await readFile(out, 'utf8');
    expect(JSON.parse(done.stdout)).toEqual({ file: out, format: 'csv', bytes: Buffer.byteLength(text) });
    expect(await exists(`${out}.part`)).toBe(false);
    const rows = parse(text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(3);
    const codeColumn = Object.keys(rows[0]!).find((k) => rows.every((r) => codes.includes(r[k]!)))!;
    expect(rows.map((r) => r[codeColumn])).toEqual([...codes].sort());
    // The server's neutralising reaches the file as it was sent.
    expect(text).toContain(`'=HYPERLINK`);
  });

  it('streams to stdout with the filters; XLSX to a file; refusals leave no file', async () => {
    const used = await tern([
      'gift-cards',
      'export',
      '--property',
      propertyId,
      '--type',
      typeId,
      '--used',
      '--format',
      'csv',
    ]);
    expect(used.code).toBe(0);
    expect(used.stdout).toContain(codes[1]!);
    expect(used.stdout).not.toContain(codes[0]!);
    expect(used.stdout).not.toContain(codes[2]!);

    const xlsx = join(dir, 'cards.xlsx');
    const done = await tern([
      'gift-cards',
      'export',
      '--property',
      propertyId,
      '--type',
      typeId,
      '--unused',
      '--format',
      'xlsx',
      '--out',
      xlsx,
    ]);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^Wrote .*cards\.xlsx \(\d+(\.\d)? (B|kB)\)\.\n$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    const cells = book.worksheets[0]!.getSheetValues().flat().map(String);
    expect(cells).toContain(codes[0]!);
    expect(cells).toContain(codes[2]!);
    expect(cells).not.toContain(codes[1]!);

    const wrongFormat = await tern(['gift-cards', 'export', '--property', propertyId, '--format', 'pdf']);
    expect(wrongFormat.code).not.toBe(0);
    expect(wrongFormat.stderr).toMatch(/csv, xlsx/);
    const rivalOut = join(dir, 'rival.csv');
    const foreign = await tern([
      'gift-cards',
      'export',
      '--property',
      '00000000-0000-4000-8000-000000000000',
      '--format',
      'csv',
      '--out',
      rivalOut,
    ]);
    expect(foreign.code).not.toBe(0);
    expect(foreign.stderr).toMatch(/not found|no such/i);
    expect(await exists(rivalOut)).toBe(false);
    expect(await exists(`${rivalOut}.part`)).toBe(false);
    const tty = await runCli(
      ['gift-cards', 'export', '--property', propertyId, '--format', 'xlsx', '--api-url', server.url],
      { configDir, stdout: new Collector(true) },
    );
    expect(tty.code).not.toBe(0);
    expect(tty.stderr).toMatch(/--out FILE/);
  });
});

describe('tern gift-cards liability', () => {
  it('prints the API’s ledger as JSON lines, one per property and month, and as a table', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const from = addMonths(month, -2);
    const lines = await tern([
      'gift-cards',
      'liability',
      '--property',
      propertyId,
      '--from',
      from,
      '--to',
      month,
      '--json',
    ]);
    expect(lines.code).toBe(0);
    const rows = lines.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const report = await api.giftCards.liability({ query: { propertyId, from, to: month } });
    expect(rows).toEqual(
      report.months.map((m) => ({
        propertyId,
        property: expect.any(String),
        currency: report.currency,
        ...m,
      })),
    );
    expect(rows.map((r) => r.month)).toEqual([from, addMonths(month, -1), month]);
    // The cards issued here are in this month's sold and outstanding (one of them used).
    const last = rows.at(-1)!;
    expect(last.sold.count).toBeGreaterThanOrEqual(3);
    expect(last.redeemed.count).toBeGreaterThanOrEqual(1);

    const table = await tern(['gift-cards', 'liability', '--property', propertyId]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/MONTH\s+SOLD\s+REDEEMED\s+EXPIRED\s+CANCELLED\s+OUTSTANDING/);
    // Twelve months by default, ending with the property's current one.
    expect(table.stdout.match(/^\d{4}-\d\d\s/gm)).toHaveLength(12);

    const all = await tern(['gift-cards', 'liability', '--json', '--from', month, '--to', month]);
    const properties = (await api.auth.currentUser()).ternHotels.map((p) => p.id);
    expect(
      all.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).propertyId),
    ).toEqual(properties);
    const bad = await tern(['gift-cards', 'liability', '--from', '2025-13']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/YYYY-MM/);
  });

  it('computes the default months across a year', () => {
    expect(addMonths('2025-03', -11)).toBe('2024-04');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2025-01', -1)).toBe('2024-12');
  });
});
