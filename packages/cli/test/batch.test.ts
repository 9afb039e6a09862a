import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays, todayIso } from '@tern/core';
import type { UnitWithRates } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineKey } from '../src/booking/batch.js';
import { progressBar } from '../src/ui/progress.js';
import { demoEmail, PASSWORD, removeTempDirs, runCli, tempConfigDir } from './helpers/cli.js';
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
    expect(one.results[0].idempotencyKey).toBe(lineKey(1, lines[0]!));
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

    // The same content on another line is another booking (the key hashes the line number too).
    await writeFile(file, `\n${lines[0]}\n`);
    const moved = JSON.parse((await tern(['book', 'stay', '--from-file', file, '--json'])).stdout);
    expect(moved.summary).toMatchObject({ booked: 1, replayed: 0 });
    expect(await bookingsWithReference('BATCH-1')).toBe(2);
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
    expect(oneKey.code).toBe(1);
    expect(oneKey.stderr).toContain('--idempotency-key: a batch books each line with its own key');
    expect(again.stdout).toContain(`line 2: replayed ${first.results[0].reservationId}`);
  });

  it('draws its progress as a bar', () => {
    expect(progressBar(0, 4, 8)).toBe('[--------] 0/4');
    expect(progressBar(3, 4, 8)).toBe('[######--] 3/4');
    expect(progressBar(4, 4, 8)).toBe('[########] 4/4');
  });
});
