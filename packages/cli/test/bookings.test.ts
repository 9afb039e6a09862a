import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays, todayIso } from '@tern/core/dates';
import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, removeTempDirs, runCli, tempConfigDir } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern bookings …` against the real server: bookings are made through the SDK, then listed and changed.

let server: TestServer;
let agentDir: string;
let api: TernClient;

beforeAll(async () => {
  server = await startTestServer();
  agentDir = await signedIn('agent');
  const reply = await server.client().auth.signIn({
    body: { session: { email: demoEmail('agent'), password: PASSWORD, rememberMe: false } },
  });
  if (reply.type !== 'session') throw new Error('the agent got a code');
  api = server.client(reply.token);
});
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

async function signedIn(login: string): Promise<string> {
  const configDir = await tempConfigDir();
  const result = await runCli(
    ['login', '--api-url', server.url, '--email', demoEmail(login), '--password-stdin'],
    { configDir, stdin: `${PASSWORD}\n` },
  );
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return configDir;
}

const tern = (argv: string[], configDir = agentDir) => runCli(argv, { configDir });

/** Two rooms of a free-cancellation rate at a Reykjavik hotel, booked with `reference`. */
async function bookTwoRooms(offset: number, reference: string) {
  const checkinDate = addDays(todayIso(Date.now()), offset);
  const checkoutDate = addDays(checkinDate, 2);
  const list = await api.engine.search({
    params: { kind: 'accommodations' },
    query: { checkinDate, checkoutDate, filter: { city: 'Reykjavik' } },
  });
  for (const property of list.items) {
    const units = await api.engine.listWithRates({
      params: { kind: 'accommodations', id: property.id },
      query: { checkinDate, checkoutDate, currency: 'EUR', withVirtualRatePlans: false },
    });
    for (const unit of units.items) {
      const rate = unit.ratePlans.find(
        (r) =>
          r.unavailableReason === null &&
          r.availability >= 2 &&
          r.cancellationPolicy?.cancellationPolicyLogic === 'free',
      );
      if (!rate) continue;
      const room = { ratePlanId: rate.id, roomTypeCode: unit.id, occupancy: rate.occupancy, guests: [] };
      return api.engine.createBooking({
        params: { kind: 'accommodations', id: property.id },
        body: {
          booking: {
            currency: 'EUR',
            arrivalDate: checkinDate,
            departureDate: checkoutDate,
            customer: { name: 'Anna', surname: 'Jónsdóttir', mail: 'anna@example.com' },
            externalReference: reference,
            rooms: [room, room],
            policyAccepted: true,
          },
        },
      });
    }
  }
  throw new Error('nothing bookable with free cancellation');
}

describe('tern bookings', () => {
  it('lists with filters (table and --json) and shows one by its number', async () => {
    const booked = await bookTwoRooms(50, 'CLI-LIST');
    const table = await tern(['bookings', 'list', '--reference', 'CLI-LIST']);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(booked.reservationId);
    // The status and the days as the flags take them and the JSON has them.
    expect(table.stdout).toMatch(/BOOKED BY[\s\S]* new\n/);
    expect(table.stdout).toContain(
      `${addDays(todayIso(Date.now()), 50)} to ${addDays(todayIso(Date.now()), 52)}`,
    );
    const json = await tern(['bookings', 'list', '--reference', 'CLI-LIST', '--json']);
    const reply = JSON.parse(json.stdout);
    expect(reply.meta.total).toBe(1);
    expect(reply.items[0]).toMatchObject({ reservationId: booked.reservationId, changeable: true });
    const shown = await tern(['bookings', 'show', booked.reservationId]);
    expect(shown.stdout).toMatch(/Changes\s+allowed/);
    expect(shown.stdout).toContain('Anna Jónsdóttir');
    const all = await tern(['bookings', 'list', '--all', '--json']);
    expect(JSON.parse(all.stdout).items.length).toBeGreaterThanOrEqual(1);
    const history = await tern(['bookings', 'history', booked.reservationId]);
    expect(history.stdout).toMatch(/WHEN\s+WHAT\s+WHO[\s\S]*created/);
    const events = JSON.parse((await tern(['bookings', 'history', booked.reservationId, '--json'])).stdout);
    expect(events.items.map((e: { action: string }) => e.action)).toEqual(['created']);
  });

  it('changes guests (flags and CSV), removes a room keeping one, sets the special request, and cancels', async () => {
    const booked = await bookTwoRooms(55, 'CLI-CHANGE');
    const record = JSON.parse((await tern(['bookings', 'show', booked.bookingId, '--json'])).stdout);
    const [first, second] = record.units.map((u: { id: string }) => u.id);
    const guests = await tern([
      'bookings',
      'guests',
      booked.reservationId,
      '--room',
      first,
      '--guest',
      'Ada María,King Lovelace,GB',
      '--json',
    ]);
    expect(guests.code).toBe(0);
    // The same syntax as `book stay --guest`: names of several words stay whole.
    expect(JSON.parse(guests.stdout).units[0].guests).toEqual([
      { name: 'Ada María', surname: 'King Lovelace', nationality: 'GB' },
    ]);
    const csv = join(agentDir, 'guests.csv');
    await writeFile(
      csv,
      `room,name,surname,nationality\r\n${first},"Grace ""Amazing""",Hopper,us\r\n${second},"Anna, Jr.",de la Cruz,\r\n`,
    );
    const fromCsv = JSON.parse(
      (await tern(['bookings', 'guests', booked.bookingId, '--csv', csv, '--json'])).stdout,
    );
    expect(fromCsv.units[0].guests).toEqual([
      { name: 'Grace "Amazing"', surname: 'Hopper', nationality: 'US' },
    ]);
    expect(fromCsv.units[1].guests).toEqual([{ name: 'Anna, Jr.', surname: 'de la Cruz', nationality: '' }]);
    await writeFile(csv, `${second},,,\n`);
    const nameless = JSON.parse(
      (await tern(['bookings', 'guests', booked.bookingId, '--csv', csv, '--json'])).stdout,
    );
    expect(nameless.units[1].guests).toEqual([{ name: 'No Name', surname: '', nationality: '' }]);
    await writeFile(csv, `${first},"Grace,Hopper\n`);
    const broken = await tern(['bookings', 'guests', booked.bookingId, '--csv', csv]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`${csv}: not valid CSV`);
    // Removing rooms cannot be undone: without a terminal it needs --yes, and says so.
    const unconfirmedRemoval = await tern(['bookings', 'remove-units', booked.bookingId, '--unit', second]);
    expect(unconfirmedRemoval.code).toBe(1);
    expect(unconfirmedRemoval.stderr).toContain('Pass --yes');
    const kept = JSON.parse((await tern(['bookings', 'show', booked.bookingId, '--json'])).stdout);
    expect(kept.units).toHaveLength(2);
    const removed = await tern(['bookings', 'remove-units', booked.bookingId, '--unit', second, '--yes']);
    expect(removed.code).toBe(0);
    const last = await tern(['bookings', 'remove-units', booked.bookingId, '--unit', first, '--yes']);
    expect(last).toMatchObject({ code: 1 });
    expect(last.stderr).toContain('at least one room');
    const request = await tern([
      'bookings',
      'special-request',
      booked.bookingId,
      '--text',
      'Late arrival',
      '--json',
    ]);
    expect(JSON.parse(request.stdout).specialRequest).toBe('Late arrival');
    const unconfirmed = await tern(['bookings', 'cancel', booked.reservationId]);
    expect(unconfirmed).toMatchObject({ code: 1 });
    expect(unconfirmed.stderr).toContain('--yes');
    const cancelled = await tern(['bookings', 'cancel', booked.reservationId, '--yes']);
    expect(cancelled).toMatchObject({ code: 0, stdout: `Cancelled: ${booked.reservationId}\n` });
    const again = await tern(['bookings', 'cancel', booked.reservationId, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('cancelled');
  });

  it('lets a supplier read but not cancel, and refuses bad flags', async () => {
    const booked = await bookTwoRooms(60, 'CLI-SUPPLIER');
    const record = JSON.parse((await tern(['bookings', 'show', booked.bookingId, '--json'])).stdout);
    const owner = (
      await api.engine.info({ params: { kind: 'accommodations', id: record.propertyChannelId } })
    ).email;
    expect(owner).toBeTruthy();
    const hotelier = await signedIn('hotelier');
    const seen = await tern(['bookings', 'list', '--all', '--json'], hotelier);
    const mine = JSON.parse(seen.stdout).items as { reservationId: string; changeable: boolean }[];
    for (const b of mine) expect(b.changeable).toBe(false);
    expect((await tern(['bookings', 'cancel', booked.reservationId, '--yes'], hotelier)).code).toBe(1);
    // A bad flag value is a usage error: exit 2.
    expect((await tern(['bookings', 'list', '--from', '2026-13-40'])).code).toBe(2);
    expect((await tern(['bookings', 'list', '--term', 'x'.repeat(53)])).code).toBe(2);
    expect((await tern(['bookings', 'guests', booked.bookingId])).stderr).toContain('--room');
  });
});
