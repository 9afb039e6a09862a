import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays, todayIso } from '@tern/core/dates';
import type { UnitWithRates } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineKey } from '../src/bookingEngine/batch.js';
import { canonicalJson } from '../src/keys.js';
import { progressBar } from '../src/ui/progress.js';
import { demoEmail, PASSWORD, removeTempDirs, runCli, tempConfigDir } from './helpers/cli.js';
import { openNights } from './helpers/openNights.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern book stay --from-file orders.ndjson|.csv` against the real server: many bookings, one a line, and a
// second run that replays what the first booked (the server's `idempotent-replayed` reply) instead of booking
// it twice.

let server: TestServer;
let agent: string;
let property: string;
let rateId: string;
const checkin = addDays(todayIso(Date.now()), 70);
const checkout = addDays(checkin, 2);

beforeAll(async () => {
  server = await startTestServer();
  agent = await tempConfigDir();
  const login = await runCli(
    ['login', '--api-url', server.url, '--email', demoEmail('agent'), '--password-stdin'],
    { configDir: agent, stdin: `${PASSWORD}\n` },
  );
  expect(login.code).toBe(0);
  const found = await tern(['search', 'stays', '--title', 'Harbour View', '--json']);
  property = JSON.parse(found.stdout).items[0].id;
  // Open on the test's nights whatever the demo world sells then.
  await openNights(server.url, property, checkin, 2);
  const rates = await tern([
    'property',
    'rates',
    property,
    '--checkin',
    checkin,
    '--checkout',
    checkout,
    '--json',
  ]);
  const units = JSON.parse(rates.stdout).units as UnitWithRates[];
  const rate = units
    .flatMap((u) => u.ratePlans)
    .find(
      (r) =>
        r.unavailableReason === null &&
        r.availability >= 4 &&
        r.occupancy.adults === 2 &&
        r.cancellationPolicy?.guaranteePaymentPolicy === 'none',
    );
  if (!rate) throw new Error('no rate without a card with 4 rooms left');
  rateId = rate.id;
});
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const tern = (argv: string[]) => runCli(argv, { configDir: agent });

const order = (surname: string, reference: string) => ({
  property,
  checkin,
  checkout,
  currency: 'EUR',
  rooms: [{ rate: rateId, count: 1, guests: [{ name: 'Anna María', surname, nationality: 'IS' }] }],
  customer: { name: 'Anna María', surname, email: `${surname.toLowerCase()}@example.com` },
  reference,
  acceptPolicies: true,
});

async function bookingsWithReference(reference: string): Promise<number> {
  const list = await tern(['bookings', 'list', '--reference', reference, '--json']);
  return JSON.parse(list.stdout).meta.total;
}

describe('tern book stay --from-file FILE.ndjson', () => {
  it('books each line, reports each, and a second run replays instead of booking twice', async () => {
    const file = join(agent, 'orders.ndjson');
    const lines = [
      JSON.stringify(order('Jónsdóttir', 'BATCH-1')),
      '',
      JSON.stringify({ ...order('Nope', 'BATCH-X'), rooms: [{ rate: 'no-such-rate', count: 1 }] }),
      '{ not json',
      JSON.stringify(order('Sigurðardóttir', 'BATCH-2')),
    ];
    await writeFile(file, `${lines.join('\n')}\n`);

    const first = await tern(['book', 'stay', '--from-file', file, '--json']);
    expect(first.code).toBe(1);
    const one = JSON.parse(first.stdout);
    expect(one.summary).toEqual({ lines: 4, booked: 2, replayed: 0, failed: 2 });
    expect(one.results.map((r: { line: number; outcome: string }) => [r.line, r.outcome])).toEqual([
      [1, 'booked'],
      [3, 'failed'],
      [4, 'failed'],
      [5, 'booked'],
    ]);
    expect(one.results[0]).toMatchObject({ currency: 'EUR', checkinDate: checkin, checkoutDate: checkout });
    expect(one.results[0].idempotencyKey).toBe(lineKey(canonicalJson(JSON.parse(lines[0]!)), 0));
    expect(one.results[1].error.message).toContain('no rate no-such-rate');
    expect(one.results[2].error.message).toContain('line 4');
    expect(first.stderr).toContain('2 of 4 lines');

    // Run again: the booked lines are replayed (same bookings), the broken ones fail again, nothing is doubled.
    const second = await tern(['book', 'stay', '--from-file', file]);
    expect(second.code).toBe(1);
    expect(second.stdout).toContain(`line 1: replayed ${one.results[0].reservationId}`);
    expect(second.stdout).toContain(`line 5: replayed ${one.results[3].reservationId}`);
    expect(second.stdout).toMatch(/LINES\s+BOOKED\s+REPLAYED\s+FAILED\n4\s+0\s+2\s+2\n/);
    expect(await bookingsWithReference('BATCH-1')).toBe(1);
    expect(await bookingsWithReference('BATCH-2')).toBe(1);

    // The key is the line's content, not its place: the failed lines deleted and the rest moved and rewritten
    // with its keys in another order, both replay.
    const reordered = (text: string) =>
      JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(text)).reverse()));
    await writeFile(file, `\n${lines[4]}\n\n${reordered(lines[0]!)}\n`);
    const moved = JSON.parse((await tern(['book', 'stay', '--from-file', file, '--json'])).stdout);
    expect(moved.summary).toEqual({ lines: 2, booked: 0, replayed: 2, failed: 0 });
    expect(await bookingsWithReference('BATCH-1')).toBe(1);
    expect(await bookingsWithReference('BATCH-2')).toBe(1);

    // A line said twice is booked twice (its second occurrence has a key of its own), and named in a warning.
    await writeFile(file, `${lines[0]}\n${lines[4]}\n${lines[0]}\n`);
    const twice = await tern(['book', 'stay', '--from-file', file, '--json']);
    expect(twice.code).toBe(0);
    expect(JSON.parse(twice.stdout).summary).toEqual({ lines: 3, booked: 1, replayed: 2, failed: 0 });
    expect(twice.stderr).toContain(`${file} line 3 is the same as line 1: each is booked`);
    expect(await bookingsWithReference('BATCH-1')).toBe(2);
  });

  it('replays a booking of its key after it took the last rooms, instead of calling the rerun sold out', async () => {
    // A night of its own: every room of the rate's unit that is left, booked in one call with the user's key.
    const night = addDays(checkin, 40);
    await openNights(server.url, property, night, 1, { rooms: 3 });
    const stay = ['--checkin', night, '--checkout', addDays(night, 1)];
    const units = JSON.parse((await tern(['property', 'rates', property, ...stay, '--json'])).stdout)
      .units as UnitWithRates[];
    const unit = units.find((u) => u.ratePlans.some((r) => r.id === rateId))!;
    const left = unit.availability;
    expect(left).toBeGreaterThan(0);
    const book = (key?: string) =>
      tern([
        'book',
        'stay',
        property,
        ...stay,
        '--room',
        `${rateId}:${left}`,
        '--surname',
        'Lastroom',
        '--email',
        'lastroom@example.com',
        '--reference',
        'LAST-ROOMS',
        '--accept-policies',
        ...(key ? ['--idempotency-key', key] : []),
        '--json',
      ]);
    const first = await book('last-rooms-1');
    expect(first.stderr).toBe('');
    const booked = JSON.parse(first.stdout);
    const rerun = await book('last-rooms-1');
    expect(rerun.stderr).toBe('');
    expect(rerun.code).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ reservationId: booked.reservationId });
    expect(await bookingsWithReference('LAST-ROOMS')).toBe(1);
    // Without a key it is a new booking, which the terminal can refuse before any call: none left.
    const fresh = await book();
    expect(fresh.code).not.toBe(0);
    expect(fresh.stderr).toContain('cannot be booked for these dates: sold out');
    // A new key is a new booking: the server refuses it.
    const other = await book('last-rooms-2');
    expect(other.code).not.toBe(0);
    expect(await bookingsWithReference('LAST-ROOMS')).toBe(1);
  });

  it('a booked file with lines reordered, deleted and repeated, run again, books one per line and occurrence', async () => {
    // A seeded shuffle: the same runs every time, and each run checked against the model of what must exist.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const distinct = ['P-1', 'P-2', 'P-3', 'P-4'].map((ref) => JSON.stringify(order('Property', ref)));
    const file = join(agent, 'property.ndjson');
    const made = new Set<string>(); // content + occurrence, as the keys are
    let text = distinct;
    for (let run = 0; run < 6; run++) {
      const lines = [...text];
      if (run > 0) {
        // Reorder, delete one, repeat one.
        lines.sort(() => random() - 0.5);
        if (lines.length > 2) lines.splice(Math.floor(random() * lines.length), 1);
        lines.push(distinct[Math.floor(random() * distinct.length)]!);
      }
      text = lines;
      await writeFile(file, `${lines.join('\n')}\n`);
      const result = await tern(['book', 'stay', '--from-file', file, '--json']);
      expect(result.code, result.stderr).toBe(0);
      const seen = new Map<string, number>();
      for (const line of lines) {
        const n = seen.get(line) ?? 0;
        seen.set(line, n + 1);
        made.add(`${line}#${n}`);
      }
      const total = (
        await Promise.all(['P-1', 'P-2', 'P-3', 'P-4'].map((ref) => bookingsWithReference(ref)))
      ).reduce((a, b) => a + b, 0);
      expect(total).toBe(made.size);
    }
  });

  it('reads CSV with a header, quoted fields and guests apart by ";", and exits 0 when all are booked', async () => {
    const file = join(agent, 'orders.csv');
    await writeFile(
      file,
      [
        'property,checkin,checkout,currency,room,guests,name,surname,email,reference,acceptPolicies',
        `${property},${checkin},${checkout},EUR,${rateId}:1,"Anna María,de la Cruz,ES;Jón,Jónsson",Anna María,de la Cruz,anna@example.com,BATCH-CSV,true`,
      ].join('\r\n'),
    );
    const first = JSON.parse((await tern(['book', 'stay', '--from-file', file, '--json'])).stdout);
    expect(first.summary).toEqual({ lines: 1, booked: 1, replayed: 0, failed: 0 });
    const shown = JSON.parse(
      (await tern(['bookings', 'show', first.results[0].reservationId, '--json'])).stdout,
    );
    expect(shown.units[0].guests).toEqual([
      { name: 'Anna María', surname: 'de la Cruz', nationality: 'ES' },
      { name: 'Jón', surname: 'Jónsson', nationality: '' },
    ]);
    const again = await tern(['book', 'stay', '--from-file', file]);
    expect(again.code).toBe(0);
    // One key for the whole file would book one line and replay it for the others: refused.
    const oneKey = await tern(['book', 'stay', '--from-file', file, '--idempotency-key', 'k-1']);
    expect(oneKey.code).toBe(2);
    expect(oneKey.stderr).toContain('--idempotency-key: a batch books each line with its own key');
    expect(again.stdout).toContain(`line 2: replayed ${first.results[0].reservationId}`);
  });

  it('draws its progress as a bar', () => {
    expect(progressBar(0, 4, 8)).toBe('[--------] 0/4');
    expect(progressBar(3, 4, 8)).toBe('[######--] 3/4');
    expect(progressBar(4, 4, 8)).toBe('[########] 4/4');
  });
});
