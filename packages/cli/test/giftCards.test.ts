import { execFile, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { GiftCard, TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueProgress } from '../src/commands/giftCards/issue.js';
import { readRecipients } from '../src/commands/giftCards/recipientsFile.js';
import { demoEmail, FakeTtyStdin, PASSWORD, removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern gift-cards`: a property's staff issue cards from a recipients file in batches — a rerun issues only
// what is missing — and list and mark them.

let server: TestServer;
let api: TernClient;
let propertyId: string;
let configDir: string;
let dir: string;
let token: string;
/** A gift-card store of the property (the demo hotel's). */
let store: string;

beforeAll(async () => {
  server = await startTestServer();
  const reply = await server.client().auth.signIn({
    body: { session: { email: demoEmail('hotelier'), password: PASSWORD, rememberMe: false } },
  });
  if (reply.type !== 'session') throw new Error('the hotelier got a code');
  token = reply.token;
  api = server.client(reply.token);
  propertyId = (await api.auth.currentUser()).ternHotels[0]!.id;
  configDir = await signedInAt(server.url, 'hotelier');
  // Read through the CLI (a process of its own): a call of this process would leave a kept-alive socket that the
  // killed-mid-way test's blocking bundle build lets the server close under the next call.
  const listed = await runCli(
    ['stores', 'list', '--api-url', server.url, '--property', propertyId, '--json'],
    {
      configDir,
    },
  );
  store = (JSON.parse(listed.stdout) as { items: { id: string }[] }).items[0]!.id;
  dir = await mkdtemp(join(tmpdir(), 'tern-gift-cards-'));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

/** A published no-property type with this stock. */
async function newType(limit: number): Promise<string> {
  const type = await api.giftCards.createType({
    body: {
      propertyId,
      giftcardType: 2,
      title: `Spa day ${limit}`,
      description: '<p>A day at the spa</p>',
      price: 120,
      limit,
      storeIds: [store],
      publish: true,
    },
  });
  return type.id;
}

let files = 0;
async function csv(text: string): Promise<string> {
  const file = join(dir, `recipients-${++files}.csv`);
  await writeFile(file, text);
  return file;
}
const rows = (n: number, from = 0) =>
  Array.from(
    { length: n },
    (_, i) => `Guest ${from + i},guest${from + i}@example.com,row ${from + i}\n`,
  ).join('');

/** Every card of a type, read through the API. */
async function cardsOf(typeId: string): Promise<GiftCard[]> {
  const all: GiftCard[] = [];
  for (let page = 1; ; page++) {
    const { items, meta } = await api.giftCards.list({
      query: { propertyId, giftCardTypeId: typeId, limit: 100, page },
    });
    all.push(...items);
    if (all.length >= meta.total || items.length === 0) return all;
  }
}
const stockOf = async (typeId: string) =>
  (await api.giftCards.getType({ params: { id: typeId }, query: { propertyId } })).stock;

const issue = (typeId: string, file: string, extra: string[] = [], fetch?: typeof globalThis.fetch) =>
  runCli(
    [
      'gift-cards',
      'issue',
      '--api-url',
      server.url,
      '--property',
      propertyId,
      '--type',
      typeId,
      '--recipients',
      file,
      ...extra,
    ],
    { configDir, ...(fetch ? { fetch } : {}) },
  );
const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the recipients file', () => {
  it('takes an optional header, names every bad row by its line, and keys equal rows apart', () => {
    const ok = readRecipients(
      'name,email,note\nAnna,anna@example.com\n\n"Bo, Jr.",BO@example.com,hi\nAnna,anna@example.com\n',
      'r.csv',
      'T',
    );
    expect(ok.map((r) => r.line)).toEqual([2, 4, 5]);
    expect(ok[1]!.recipient).toMatchObject({ name: 'Bo, Jr.', email: 'BO@example.com', note: 'hi' });
    expect(new Set(ok.map((r) => r.recipient.rowKey)).size).toBe(3);
    // The same rows give the same keys; another type, other keys.
    expect(readRecipients('Anna,anna@example.com\n', 'r.csv', 'T')[0]!.recipient.rowKey).toBe(
      ok[0]!.recipient.rowKey,
    );
    expect(readRecipients('Anna,anna@example.com\n', 'r.csv', 'U')[0]!.recipient.rowKey).not.toBe(
      ok[0]!.recipient.rowKey,
    );
    expect(() =>
      readRecipients(
        'Anna,anna@example.com\n,bo@example.com\nCy,not-an-email\nDi,di@example.com',
        'r.csv',
        'T',
      ),
    ).toThrow(/2 bad rows, nothing issued:\n {2}line 2: name: Required\n {2}line 3: e-mail: /);
  });
});

describe('the progress line', () => {
  it('shows the rate so far and the time left at that rate', () => {
    expect(issueProgress(500, 2000, 2000)).toBe(
      `[########----------------------] 500/2000  250 cards/s  ETA 6s`,
    );
    expect(issueProgress(1000, 100_000, 1000)).toMatch(/1000 cards\/s {2}ETA 1m39s$/);
    expect(issueProgress(0, 10, 0)).toMatch(/0\/10 {2}0 cards\/s {2}ETA …$/);
  });
});

describe('tern gift-cards issue', () => {
  it('issues a file in batches, one JSON line per card, and a rerun issues nothing new', async () => {
    const typeId = await newType(100);
    const file = await csv(`name,email,note\n${rows(25)}`);
    const first = await issue(typeId, file, ['--batch', '10', '--json']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = jsonLines(first.stdout);
    expect(lines).toHaveLength(26);
    expect(lines[0]).toMatchObject({ line: 2, name: 'Guest 0', email: 'guest0@example.com', notes: 'row 0' });
    expect(lines.at(-1)).toMatchObject({ summary: { rows: 25, issued: 25, alreadyIssued: 0, stock: 75 } });
    const codes = lines.slice(0, 25).map((l) => l.code);
    expect(new Set(codes).size).toBe(25);

    const again = await issue(typeId, file, ['--batch', '10', '--json']);
    expect(again.code).toBe(0);
    const replay = jsonLines(again.stdout);
    expect(replay.slice(0, 25).map((l) => l.code)).toEqual(codes);
    expect(replay.at(-1)).toMatchObject({ summary: { rows: 25, issued: 0, alreadyIssued: 25 } });
    // Other batches (other Idempotency-Keys) still issue nothing twice: the server keys each row.
    const other = await issue(typeId, file, ['--batch', '7']);
    expect(other.code).toBe(0);
    expect(other.stdout).toMatch(/ROWS\s+ISSUED NOW\s+ISSUED BEFORE\s+STOCK LEFT\n25\s+0\s+25\s+75/);
    expect(await cardsOf(typeId)).toHaveLength(25);
    expect(await stockOf(typeId)).toBe(75);
  });

  it('mails each card it issues unless --no-send-email: the ask is in each card’s history', async () => {
    const typeId = await newType(10);
    const asked = async (code: string) => {
      const card = (await cardsOf(typeId)).find((c) => c.generatedId === code)!;
      const { items } = await api.giftCards.history({ params: { id: card.id }, query: { propertyId } });
      return items.filter((e) => e.action === 'send_email').length;
    };
    const quiet = await issue(typeId, await csv(rows(1, 900)), ['--no-send-email', '--json']);
    expect(quiet.code).toBe(0);
    expect(await asked(String(jsonLines(quiet.stdout)[0]!.code))).toBe(0);
    const sent = await issue(typeId, await csv(rows(1, 901)), ['--json']);
    expect(sent.code).toBe(0);
    const code = String(jsonLines(sent.stdout)[0]!.code);
    expect(await asked(code)).toBe(1);

    // Sent again (confirmed), then read in the card's history, newest first.
    const at = ['--api-url', server.url, '--property', propertyId];
    const unconfirmed = await runCli(['gift-cards', 'send', code, ...at], { configDir });
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toMatch(/Pass --yes/);
    const again = await runCli(['gift-cards', 'send', code, '--yes', ...at], { configDir });
    expect(again).toMatchObject({ code: 0, stdout: `${code}: being sent to guest901@example.com\n` });
    expect(await asked(code)).toBe(2);
    const history = await runCli(['gift-cards', 'history', code, ...at], { configDir });
    expect(history.code).toBe(0);
    expect(history.stdout).toMatch(/^WHEN\s+WHAT\s+WHO\s+CHANGES\n/);
    expect(history.stdout).toMatch(/send_email\s+Helga Sigurðardóttir\s+email: "guest901@example.com"/);
  });

  it('draws a progress bar with rate and ETA on the stderr of a terminal, and none without one', async () => {
    const typeId = await newType(30);
    const file = await csv(rows(30));
    const args = ['gift-cards', 'issue', '--api-url', server.url, '--property', propertyId, '--type', typeId];
    const onTty = await runCli([...args, '--recipients', file, '--batch', '10'], {
      configDir,
      tty: new FakeTtyStdin(),
    });
    expect(onTty.code).toBe(0);
    expect(onTty.stderr).toContain(`[${'-'.repeat(30)}] 0/30`);
    expect(onTty.stderr).toMatch(/\[#{10}-{20}\] 10\/30 {2}\d+ cards\/s {2}ETA \d+s/);
    expect(onTty.stderr).toMatch(/\[#{30}\] 30\/30 {2}\d+ cards\/s {2}ETA 0s\n$/);
    expect(onTty.stdout).toMatch(/ROWS\s+ISSUED NOW\s+ISSUED BEFORE\s+STOCK LEFT\n30\s+30\s+0\s+0/);
    const plain = await issue(typeId, file);
    expect(plain).toMatchObject({ code: 0, stderr: '' });
  });

  it('refuses a file with a bad row before any call', async () => {
    const typeId = await newType(10);
    const file = await csv(`${rows(2)}Nobody,nobody-at-example\n${rows(1, 5)},\n`);
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const result = await issue(typeId, file, [], counting);
    expect(result.code).toBe(2);
    // The trailing `,` is a row of its own (line 5): empty cells.
    expect(result.stderr).toMatch(
      /2 bad rows, nothing issued:\n {2}line 3: e-mail: .*\n {2}line 5: name: Required; e-mail: Required\n/,
    );
    expect(calls).toBe(0);
    expect(await cardsOf(typeId)).toHaveLength(0);
  });

  it('never passes the stock: a file beyond it is refused before the first call, nothing issued', async () => {
    const typeId = await newType(12);
    let calls = 0;
    const counting: typeof globalThis.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/issue_cards')) calls++;
      return globalThis.fetch(input, init);
    };
    const result = await issue(typeId, await csv(rows(15)), ['--batch', '10'], counting);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /Out of stock: 15 row\(s\) of .* need a card and only 12 of this type are left — nothing was issued/,
    );
    expect(calls).toBe(0);
    expect(await cardsOf(typeId)).toHaveLength(0);
    // A rerun's rows that have their card need no stock: 10 issued, then the same 10 and 2 new fit the 2 left.
    expect((await issue(typeId, await csv(rows(10)))).code).toBe(0);
    const rerun = await issue(typeId, await csv(rows(12)), ['--json']);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout.trim().split('\n').at(-1)!)).toMatchObject({
      summary: { rows: 12, issued: 2, alreadyIssued: 10, stock: 0 },
    });
    // And 3 new rows for none left: refused up front, counting only the rows without a card.
    const over = await issue(typeId, await csv(rows(13)));
    expect(over.stderr).toMatch(
      /Out of stock: 1 row\(s\) of .* need a card and only 0 of this type are left/,
    );
    expect(await stockOf(typeId)).toBe(0);
  });

  it("refuses --expires before the property's today before the first call", async () => {
    const typeId = await newType(5);
    const result = await issue(typeId, await csv(rows(2)), ['--expires', '2020-01-01']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/--expires: use a day from today \(\d{4}-\d{2}-\d{2}\) on, as YYYY-MM-DD/);
    expect(await cardsOf(typeId)).toHaveLength(0);
  });

  it('cut off by the network after some batches, a rerun completes with no duplicates', async () => {
    const typeId = await newType(100);
    const file = await csv(rows(40));
    // The third batch reaches the server, but its reply is lost; every call after it fails.
    let issued = 0;
    const flaky: typeof fetch = async (input, init) => {
      // ky hands fetch a Request (of its own realm: no `instanceof`), a retry may hand another.
      const url = typeof input === 'object' && 'url' in input ? input.url : String(input);
      if (!url.includes('/issue_cards')) return fetch(input, init);
      issued++;
      if (issued <= 2) return fetch(input, init);
      if (issued === 3) await fetch(input, init);
      throw new TypeError('fetch failed');
    };
    const cut = await issue(typeId, file, ['--batch', '10'], flaky);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(
      /Stopped at lines 21–30: .* 20 of 40 rows have their card for sure; run the same/,
    );
    expect(await cardsOf(typeId)).toHaveLength(30);

    const rerun = await issue(typeId, file, ['--batch', '10', '--json']);
    expect(rerun.code).toBe(0);
    const lines = jsonLines(rerun.stdout);
    expect(lines.at(-1)).toMatchObject({ summary: { rows: 40, issued: 10, alreadyIssued: 30, stock: 60 } });
    const cards = await cardsOf(typeId);
    expect(cards).toHaveLength(40);
    expect(new Set(cards.map((c) => c.email)).size).toBe(40);
    expect(await stockOf(typeId)).toBe(60);
  });
});

describe('tern gift-cards issue --paid', () => {
  it('records the cards as paid: one purchase of the file, marked paid and issued; a cut run and its rerun keep one', async () => {
    const typeId = await newType(100);
    const file = await csv(rows(30, 500));
    let calls = 0;
    // The second batch's reply is lost: the run stops there, with 20 cards written.
    const flaky: typeof fetch = async (input, init) => {
      const url = typeof input === 'object' && 'url' in input ? input.url : String(input);
      if (!url.includes('/issue_cards')) return fetch(input, init);
      calls++;
      if (calls === 1) return fetch(input, init);
      if (calls === 2) await fetch(input, init);
      throw new TypeError('fetch failed');
    };
    const cut = await issue(typeId, file, ['--batch', '10', '--paid'], flaky);
    expect(cut.code).toBe(1);
    const purchases = async () =>
      (await api.giftCardPurchases.list({ query: { propertyId, limit: 100 } })).items.filter(
        (p) => p.giftCardTypeId === typeId,
      );
    const [partial, ...others] = await purchases();
    expect(others).toEqual([]);
    // Paid from its first batch, still being issued (not pending: "mark issued" would issue it again).
    expect(partial).toMatchObject({ status: 'paid', issuedStatus: 'queued', quantity: 30, recipients: 20 });

    const rerun = await issue(typeId, file, ['--batch', '10', '--paid', '--json']);
    expect(rerun.code).toBe(0);
    const lines = jsonLines(rerun.stdout);
    expect(lines.at(-1)).toMatchObject({
      summary: { rows: 30, issued: 10, alreadyIssued: 20, purchase: partial!.generatedId },
    });
    expect(lines.slice(0, 30).every((l) => l.purchase === partial!.generatedId)).toBe(true);
    const [done, ...more] = await purchases();
    expect(more).toEqual([]);
    expect(done).toMatchObject({
      id: partial!.id,
      status: 'paid',
      issuedStatus: 'issued',
      recipients: 30,
      totalAmount: 30 * done!.netPrice,
    });
    const cards = await cardsOf(typeId);
    expect(cards).toHaveLength(30);
    expect(cards.every((c) => c.purchaseGeneratedId === partial!.generatedId)).toBe(true);
    expect(await stockOf(typeId)).toBe(70);

    // Without --paid the cards belong to no purchase (as before).
    const plainType = await newType(5);
    const plain = await issue(plainType, await csv(rows(2, 900)), ['--json']);
    expect(plain.code).toBe(0);
    expect((await cardsOf(plainType)).every((c) => c.purchaseGeneratedId === null)).toBe(true);
  });
});

describe('tern gift-cards issue killed mid-way', () => {
  it.each([
    ['killed (SIGKILL)', 'SIGKILL'],
    ['interrupted (Ctrl+C: SIGINT)', 'SIGINT'],
  ] as const)(
    '%s after some batches, a rerun issues the rest and duplicates nothing',
    async (_, signal) => {
      const cli = fileURLToPath(new URL('..', import.meta.url));
      // Built without blocking this process, whose event loop serves the test server: a synchronous build of
      // seconds let the server's keep-alive timers fire late and reset the next call's reused connection.
      await promisify(execFile)(process.execPath, [`${cli}scripts/bundle.mjs`, '--if-stale']);
      const typeId = await newType(400);
      const file = await csv(rows(300));
      const child = spawn(
        process.execPath,
        [
          `${cli}bin/tern.js`,
          ...['gift-cards', 'issue', '--json', '--api-url', server.url, '--property', propertyId],
          ...['--type', typeId, '--recipients', file, '--batch', '5'],
        ],
        {
          env: { ...process.env, TERN_TOKEN: token, TERN_CONFIG_DIR: dir },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let printed = 0;
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
        child.on('close', (code, signal) => resolve({ code, signal }));
      });
      let sent = false;
      child.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString().split('\n').length - 1;
        if (printed >= 20 && !sent) {
          sent = true;
          child.kill(signal);
        }
      });
      const end = await ended;
      const before = (await cardsOf(typeId)).length;
      if (signal === 'SIGKILL') expect(end.signal).toBe('SIGKILL');
      else {
        // Ctrl+C: exit 130, and what is certain and how to finish are said first.
        expect(end.code).toBe(130);
        const told =
          /Interrupted: (\d+) of 300 rows have their card for sure .* run the same command again/.exec(
            stderr,
          );
        expect(told, stderr).not.toBeNull();
        expect(Number(told![1])).toBeGreaterThanOrEqual(20);
        expect(Number(told![1])).toBeLessThanOrEqual(before);
      }
      expect(before).toBeGreaterThanOrEqual(20);

      const rerun = await issue(typeId, file, ['--json']);
      expect(rerun.code).toBe(0);
      const summary = jsonLines(rerun.stdout).at(-1)!.summary as { issued: number; alreadyIssued: number };
      // The batch in flight at the kill may still have been committed by the server after `before` was read.
      expect(summary).toMatchObject({ rows: 300, stock: 100 });
      expect(summary.alreadyIssued).toBeGreaterThanOrEqual(before);
      expect(summary.issued + summary.alreadyIssued).toBe(300);
      expect(summary.issued).toBeGreaterThan(0);
      const cards = await cardsOf(typeId);
      expect(cards).toHaveLength(300);
      expect(new Set(cards.map((c) => c.email)).size).toBe(300);
    },
    60_000,
  );
});

describe('tern gift-cards list, mark-*, types', () => {
  it('lists, marks used with a note (confirmed), unused again, delivered', async () => {
    const typeId = await newType(5);
    // Not mailed: the mail's job would mark them delivered before mark-delivered does.
    const issued = await issue(typeId, await csv('Ada,ada@example.com\nBea,bea@example.com\n'), [
      '--json',
      '--no-send-email',
    ]);
    const code = jsonLines(issued.stdout)[0]!.code as string;
    const at = ['--api-url', server.url, '--property', propertyId];
    const tern = (argv: string[]) => runCli([...argv, ...at], { configDir });

    const types = await tern(['gift-cards', 'types']);
    expect(types.stdout).toMatch(new RegExp(`${typeId}\\s+Spa day 5\\s+ISK 120\\s+3/5\\s+published`));
    const list = await tern(['gift-cards', 'list', '--type', typeId, '--order-by', 'code', '--asc']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(`${code}\\s+Spa day 5\\s+Ada\\s+ada@example.com\\s+\\S+\\s+unused`),
    );
    expect(list.stdout).toMatch(/2 of 2\./);

    const unconfirmed = await tern(['gift-cards', 'mark-used', code.toLowerCase(), '--note', 'stayed']);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toMatch(/Pass --yes/);
    const noNote = await tern(['gift-cards', 'mark-used', code, '--note', ' ', '--yes']);
    expect(noNote).toMatchObject({ code: 2 });
    expect(noNote.stderr).toMatch(/a note is required/);
    const used = await tern(['gift-cards', 'mark-used', code, '--note', 'stayed', '--yes']);
    expect(used).toMatchObject({ code: 0, stdout: `${code}: used\n` });
    const twice = await tern(['gift-cards', 'mark-used', code, '--note', 'again', '--yes']);
    expect(twice.stderr).toMatch(/already used/);
    const usedOnly = await tern(['gift-cards', 'list', '--type', typeId, '--used', '--json']);
    expect(JSON.parse(usedOnly.stdout).items.map((c: GiftCard) => c.generatedId)).toEqual([code]);

    const unused = await tern(['gift-cards', 'mark-unused', code, '--note', 'by mistake', '--yes']);
    expect(unused).toMatchObject({ code: 0, stdout: `${code}: unused\n` });
    const delivered = await tern(['gift-cards', 'mark-delivered', code, '--yes', '--json']);
    expect(JSON.parse(delivered.stdout)).toMatchObject({ generatedId: code, delivered: true, booked: false });
    const missing = await tern(['gift-cards', 'mark-delivered', 'ZZZZZZZZZZZZ', '--yes']);
    expect(missing.stderr).toMatch(/No gift card ZZZZZZZZZZZZ/);
  });
});
