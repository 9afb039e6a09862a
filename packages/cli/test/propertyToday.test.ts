import { addDays, todayIn } from '@tern/core/dates';
import type { VehicleOffer } from '@tern/sdk';
import { type RunningServer, shiftedClock, silentLogger, startServer } from '@tern/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, removeTempDirs, runCli, tempConfigDir } from './helpers/cli.js';
import { openNights } from './helpers/openNights.js';

// The CLI checks a stay's (and a rental's) days against the property's today in its time zone — the today the
// server judges them by — not the terminal's. At 11:30 UTC it is already tomorrow at UTC+14
// (Pacific/Kiritimati) and still yesterday at UTC−12 (Etc/GMT+12). The same cases as the server's
// propertyToday.test.ts: the CLI refuses (with its own message, before any booking call) what the server
// refuses, and accepts what it accepts.

let server: RunningServer;
const clock = shiftedClock();
let agent: string;
let harbourView: string;
let utcDay: string;
const now = () => clock.now().getTime();

beforeAll(async () => {
  server = await startServer({
    port: 0,
    data: ':memory:',
    quiet: true,
    demo: true,
    sandbox: true,
    passwordCost: 10,
    clock,
    logger: silentLogger,
  });
  // Move the clock on to the next 11:30 UTC.
  const target = clock.now();
  target.setUTCHours(11, 30, 0, 0);
  if (target <= clock.now()) target.setUTCDate(target.getUTCDate() + 1);
  clock.advance(target.getTime() - now());
  utcDay = todayIn('UTC', now());
  // The stays below need Harbour View open on their nights whatever the demo world sells that day.
  const harbour = await server.db.one<{ id: string }>(
    "select id from properties where title = 'Harbour View Hotel'",
  );
  await openNights(server.url, harbour!.id, utcDay, 5, { now });
  agent = await tempConfigDir();
  const login = await tern(['login', '--email', demoEmail('agent'), '--password-stdin'], `${PASSWORD}\n`);
  expect(login.code).toBe(0);
  const found = await tern(['search', 'stays', '--title', 'Harbour View', '--json']);
  harbourView = JSON.parse(found.stdout).items[0].id;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

/** `tern …` as the agent, on the server's clock. */
const tern = (argv: string[], stdin?: string) =>
  runCli([...argv, '--api-url', server.url], {
    configDir: agent,
    now,
    ...(stdin === undefined ? {} : { stdin }),
  });

const setZone = (id: string, timeZone: string) =>
  server.db.query('update properties set timezone = $1 where id = $2', [timeZone, id]);

const refusal = (flag: string, today: string) =>
  `Error: ${flag}: use a day from today (${today}) on, as YYYY-MM-DD\n`;

describe("tern property rates: the check-in against the property's today", () => {
  it.each([
    // zone, check-in (days from the UTC day), accepted
    ['UTC', -1, false],
    ['UTC', 0, true],
    ['Etc/GMT+12', -1, true], // still yesterday there
    ['Etc/GMT+12', -2, false],
    ['Pacific/Kiritimati', 0, false], // already tomorrow there
    ['Pacific/Kiritimati', 1, true],
  ])('in %s a check-in %i days from the UTC day is accepted: %s', async (zone, offset, accepted) => {
    await setZone(harbourView, zone);
    const checkin = addDays(utcDay, offset);
    const result = await tern([
      'property',
      'rates',
      harbourView,
      '--checkin',
      checkin,
      '--checkout',
      addDays(checkin, 2),
      '--json',
    ]);
    if (accepted) {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ checkinDate: checkin, units: expect.any(Array) });
    } else {
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(refusal('--checkin', todayIn(zone, now())));
    }
  });
});

describe("tern book stay: the check-in against the property's today", () => {
  it('refuses the UTC day where the property is already a day ahead, and books the next', async () => {
    await setZone(harbourView, 'Pacific/Kiritimati');
    const rateOn = async (checkin: string) => {
      await setZone(harbourView, 'UTC');
      const rates = await tern([
        'property',
        'rates',
        harbourView,
        '--checkin',
        checkin,
        '--checkout',
        addDays(checkin, 2),
        '--json',
      ]);
      await setZone(harbourView, 'Pacific/Kiritimati');
      const units = JSON.parse(rates.stdout).units as {
        ratePlans: { id: string; unavailableReason: string | null; cancellationPolicy: unknown }[];
      }[];
      return units
        .flatMap((u) => u.ratePlans)
        .find(
          (r) =>
            r.unavailableReason === null &&
            (r.cancellationPolicy as { guaranteePaymentPolicy?: string } | null)?.guaranteePaymentPolicy ===
              'none',
        )!.id;
    };
    const book = (checkin: string, rate: string) =>
      tern([
        'book',
        'stay',
        harbourView,
        '--checkin',
        checkin,
        '--checkout',
        addDays(checkin, 2),
        '--room',
        rate,
        '--surname',
        'Tabuaki',
        '--email',
        'tabuaki@example.com',
        '--country',
        'ki',
        '--city',
        'London',
        '--accept-policies',
        '--json',
      ]);
    const today = await book(utcDay, await rateOn(utcDay));
    expect(today.code).toBe(2);
    expect(today.stderr).toBe(refusal('--checkin', addDays(utcDay, 1)));
    const tomorrow = addDays(utcDay, 1);
    const booked = await book(tomorrow, await rateOn(tomorrow));
    expect(booked.stderr).toBe('');
    expect(JSON.parse(booked.stdout)).toMatchObject({
      reservationId: expect.stringMatching(/^TRN-/),
      checkinDate: tomorrow,
    });
    // The contact's country and city went through core's checkout into the booking.
    const row = await server.db.one<{ customer: unknown }>(
      'select customer from bookings where reservation_id = $1',
      [JSON.parse(booked.stdout).reservationId],
    );
    const customer = typeof row?.customer === 'string' ? JSON.parse(row.customer) : row?.customer;
    expect(customer).toMatchObject({ surname: 'Tabuaki', country: 'KI', city: 'London' });
  });
});

describe("tern book car: the pick-up against the station's today", () => {
  it('refuses the UTC day where the station is already a day ahead, and books it where it is not', async () => {
    const search = await tern([
      'search',
      'cars',
      '--pickup-date',
      utcDay,
      '--dropoff-date',
      addDays(utcDay, 3),
      '--json',
    ]);
    expect(search.code).toBe(0);
    const { queryId, results } = JSON.parse(search.stdout) as { queryId: string; results: VehicleOffer[] };
    const offer = results.find((o) => o.cancellationPolicy?.guaranteePaymentPolicy === 'none');
    expect(offer).toBeDefined();
    const book = () =>
      tern([
        'book',
        'car',
        '--offer',
        offer!.id,
        '--query',
        queryId,
        '--first-name',
        'Jón',
        '--last-name',
        'Jónsson',
        '--email',
        'jon.driver@example.com',
        '--phone',
        '+354 555 1234',
        '--accept-policies',
        '--json',
      ]);
    await setZone(offer!.stationChannelId, 'Pacific/Kiritimati');
    const refused = await book();
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(refusal('--pickup-date', addDays(utcDay, 1)));
    await setZone(offer!.stationChannelId, 'Etc/GMT+12');
    const booked = await book();
    expect(booked.stderr).toBe('');
    expect(JSON.parse(booked.stdout)).toMatchObject({ pickupDate: utcDay });
  });
});
