import { carSearchDefaults } from '@tern/core/bookingEngine';
import { addDays, todayIn, todayIso } from '@tern/core/dates';
import type { VehicleOffer } from '@tern/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Collector,
  demoEmail,
  FakeTtyStdin,
  mask,
  PASSWORD,
  runCli,
  shown,
  tempConfigDir,
  tick,
  until,
} from './helpers/cli.js';
import type { TestServer } from './helpers/server.js';
import { FAST_POLL_MS, fastProviders, serverWithAgent } from './helpers/world.js';

// `tern places`, `tern search cars` and `tern book car` against the real server and its simulated providers.

let server: TestServer;
let agent: string;

const world = serverWithAgent();
beforeAll(() => {
  ({ server, agent } = world);
});

/** A command under `fastProviders`, with the number of its polls. */
async function withFastProviders<T>(run: (fetch: typeof globalThis.fetch) => Promise<T>) {
  const fast = fastProviders(server);
  const result = await run(fast.fetch);
  return { ...result, polls: fast.polls() };
}

/** `tern …` as the agent, counting the calls made to the query_results endpoint. */
const tern = (argv: string[]) =>
  withFastProviders((watched) => runCli(argv, { configDir: agent, fetch: watched, pollMs: FAST_POLL_MS }));

const maskPrices = (text: string) => mask(text).replace(/\b[A-Z]{3} [\d,]+\.\d\d\b/g, '<price>');

const driver = [
  '--first-name',
  'Jón',
  '--last-name',
  'Jónsson',
  '--email',
  'jon.driver@example.com',
  '--phone',
  '+354 555 1234',
];

/** The offers of a search with the default days, as `--json` gives them. */
async function offers(): Promise<{ queryId: string; results: VehicleOffer[] }> {
  const result = await tern(['search', 'cars', '--json']);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
}

describe('tern places', () => {
  it('lists car destinations for a term, and stay destinations with --stays', async () => {
    const cars = await tern(['places', 'kef']);
    expect(cars.code).toBe(0);
    expect(mask(cars.stdout)).toMatchInlineSnapshot(`
      "ID                                    KIND      NAME                                     CITY      COUNTRY  COUNT
      city:IS:Keflavik                      city      Keflavik                                 Keflavik  IS       1
      <id>  property  Northwind Car Rental – Keflavík Airport  Keflavik  IS       1
      Search there with \`tern search cars --city CITY --country CODE\`.
      "
    `);
    const stays = await tern(['places', 'reyk', '--stays', '--json']);
    expect(JSON.parse(stays.stdout).items[0]).toMatchObject({
      kind: 'city',
      title: 'Reykjavik',
      country: 'IS',
    });
  });
});

describe('tern search cars', () => {
  it('polls the query until every provider answered, then prints the offers', async () => {
    const result = await tern(['search', 'cars', '--city', 'Reykjavik']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // The providers answer some seconds after the query: at least one poll came back unfinished.
    expect(result.polls).toBeGreaterThanOrEqual(2);
    const lines = maskPrices(result.stdout).split('\n');
    expect(lines[0]).toMatch(
      /^OFFER +CAR +ACRISS +SEATS +DOORS +BAGS +GEAR +STATION +PROVIDER +DAYS +PRICE$/,
    );
    expect(
      lines
        .slice(1, -2)
        .every((l) =>
          /^<id>~\w+ +.+ +[A-Z]{4} +\d +\d +\dL \dS +(manual|automatic) +.+Reykjav.+ +\d+ +<price>$/.test(l),
        ),
    ).toBe(true);
    expect(lines.at(-2)).toMatch(
      /^\d+ offers, \d{4}-\d\d-\d\d 10:00 to \d{4}-\d\d-\d\d 10:00\. Book one with `tern book car --offer OFFER --query <id> …`/,
    );
  });

  it('prints the query and the results with --json, silently', async () => {
    const result = await tern([
      'search',
      'cars',
      '--pickup-time',
      '09:00',
      '--dropoff-time',
      '11:30',
      '--driver-age',
      '25',
      '--json',
    ]);
    expect(result.stderr).toBe('');
    const reply = JSON.parse(result.stdout);
    expect(reply.finished).toBe(true);
    expect(reply.providers.every((p: { finished: boolean }) => p.finished)).toBe(true);
    expect(reply.results.length).toBeGreaterThan(0);
    const { pickupDate, dropoffDate, ...query } = reply.query;
    expect(query).toMatchInlineSnapshot(`
      {
        "currency": "USD",
        "driverAge": 25,
        "driverCountry": "IS",
        "dropoffTime": "11:30",
        "filter": {},
        "pickupTime": "09:00",
      }
    `);
    // Charged days: the day difference, plus one as the drop-off is later in the day (core's rule).
    const days = (Date.parse(dropoffDate) - Date.parse(pickupDate)) / 86_400_000 + 1;
    expect(reply.results.every((o: VehicleOffer) => o.days === days)).toBe(true);
    const first = reply.results[0] as VehicleOffer;
    expect(mask(JSON.stringify(Object.keys(first)))).toMatchInlineSnapshot(
      `"["id","vehicleChannelId","stationChannelId","stationTitle","station","provider","make","model","imageUrl","acrissCode","seats","doors","largeSuitcasesCapacity","smallSuitcasesCapacity","transmission","fuel","airConditioning","days","ratePlans","cancellationPolicy","availability"]"`,
    );
  });

  it('refuses bad flags with exit 2 (usage)', async () => {
    const result = await tern(['search', 'cars', '--driver-age', '17', '--driver-country', 'Iceland']);
    expect(result).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'Error: --driver-age: use a whole number from 18 to 99; --driver-country: use a two-letter country code (e.g. IS)\n',
    });
    expect(result.polls).toBe(0);
  });
});

describe('tern book car (flags, no terminal)', () => {
  it('books an offer that needs no card and prints the booking number; the same key returns the same booking', async () => {
    const { queryId, results } = await offers();
    const offer = results.find((o) => (o.cancellationPolicy?.guaranteePaymentPolicy ?? 'none') === 'none');
    expect(offer).toBeDefined();
    // The search's days said (the offers' search took core's defaults), so a new search finds the offer again.
    const days = carSearchDefaults(todayIn('UTC', Date.now()));
    const argv = [
      'book',
      'car',
      '--offer',
      offer!.id,
      '--pickup-date',
      days.pickupDate,
      '--dropoff-date',
      days.dropoffDate,
      ...driver,
      '--accept-policies',
      '--idempotency-key',
      'cli-car-1',
    ];
    const first = await tern(argv);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const number = /^Booked: (TRN-[A-Z0-9]{8})\n/.exec(first.stdout)?.[1];
    expect(number).toBeDefined();
    expect(first.stdout).toContain(
      `Car             ${offer!.make} ${offer!.model} (${offer!.acrissCode}), ${offer!.provider}`,
    );
    expect(first.stdout).toContain('Driver          Jón Jónsson <jon.driver@example.com>');

    // The retry names the search instead of searching again, and gets the first booking back.
    const again = await tern([...argv, '--query', queryId, '--json']);
    expect(again.polls).toBe(1);
    expect(JSON.parse(again.stdout)).toMatchObject({ reservationId: number, status: 'new' });
  });

  it('books what the named query asked for (its days, times and currency), and says so in the JSON', async () => {
    const pickupDate = addDays(todayIso(Date.now()), 40);
    const dropoffDate = addDays(pickupDate, 3);
    const search = await tern([
      'search',
      'cars',
      '--pickup-date',
      pickupDate,
      '--dropoff-date',
      dropoffDate,
      '--pickup-time',
      '09:00',
      '--currency',
      'EUR',
      '--json',
    ]);
    expect(search.code).toBe(0);
    const { queryId, results } = JSON.parse(search.stdout) as { queryId: string; results: VehicleOffer[] };
    const [offer, other] = results.filter(
      (o) => (o.cancellationPolicy?.guaranteePaymentPolicy ?? 'none') === 'none',
    ) as [VehicleOffer, VehicleOffer];
    const argv = ['book', 'car', '--offer', offer.id, '--query', queryId, ...driver, '--accept-policies'];
    const booked = await tern([...argv, '--json']);
    expect(booked.stderr).toBe('');
    expect(booked.code).toBe(0);
    const reply = JSON.parse(booked.stdout);
    expect(reply).toMatchObject({
      currency: 'EUR',
      pickupDate,
      pickupTime: '09:00',
      dropoffDate,
      dropoffTime: '10:00',
    });
    const record = JSON.parse((await tern(['bookings', 'show', reply.reservationId, '--json'])).stdout);
    expect(record).toMatchObject({ arrivalDate: pickupDate, departureDate: dropoffDate });
    expect(record.price.currency).toBe('EUR');
    // A flag that contradicts the search is refused by name, never booked.
    const contradicting = await tern([...argv, '--currency', 'USD']);
    expect(contradicting.code).toBe(2);
    expect(contradicting.stderr).toContain(`--currency: the search ${queryId} was for EUR`);
    // A search this config did not make: its days are not guessed from the defaults.
    const elsewhere = await tempConfigDir();
    await runCli(['login', '--api-url', server.url, '--email', demoEmail('agent'), '--password-stdin'], {
      configDir: elsewhere,
      stdin: `${PASSWORD}\n`,
    });
    const unknown = await runCli([...argv, '--json'], { configDir: elsewhere });
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout).error.code).toBe('query_unknown');
    const withDays = await runCli(
      [
        ...argv.map((a) => (a === offer.id ? other.id : a)),
        '--pickup-date',
        pickupDate,
        '--dropoff-date',
        dropoffDate,
        '--pickup-time',
        '09:00',
        '--json',
      ],
      { configDir: elsewhere },
    );
    expect(withDays.code).toBe(0);
    expect(JSON.parse(withDays.stdout)).toMatchObject({ currency: 'EUR', pickupDate, dropoffDate });
  });

  it('refuses an offer that needs a card without --card-token', async () => {
    const { queryId, results } = await offers();
    const offer = results.find((o) => (o.cancellationPolicy?.guaranteePaymentPolicy ?? 'none') !== 'none');
    expect(offer).toBeDefined();
    const result = await tern([
      'book',
      'car',
      '--offer',
      offer!.id,
      '--query',
      queryId,
      ...driver,
      '--accept-policies',
      '--json',
    ]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).error).toMatchObject({ kind: 'user', code: 'card_needed' });
    expect(result.stderr).toContain('book it in the web app, or pass --card-token TOKEN');
  });

  it('refuses missing driver fields before searching, and an unknown offer after', async () => {
    const missing = await tern(['book', 'car', '--offer', 'x~y', '--first-name', 'Jón', '--email', 'jon@']);
    expect(missing).toMatchObject({
      code: 2,
      polls: 0,
      stderr:
        'Error: --last-name: the driver’s last name is needed; --email: use an e-mail address such as name@example.com; --phone: the driver’s phone number is needed; --accept-policies: read the car’s cancellation policy and accept it; --query: name the search the offer came from (--query QUERY_ID of `tern search cars`), or give its --pickup-date and --dropoff-date\n',
    });
    // Without the search or the rental's days, no default days are booked.
    const noDays = await tern(['book', 'car', '--offer', 'x~y', ...driver, '--accept-policies']);
    expect(noDays).toMatchObject({ code: 2, polls: 0 });
    expect(noDays.stderr).toContain('--query: name the search the offer came from');
    const pickup = addDays(todayIso(Date.now()), 30);
    const days = ['--pickup-date', pickup, '--dropoff-date', addDays(pickup, 3)];
    const unknown = await tern(['book', 'car', '--offer', 'x~y', ...days, ...driver, '--accept-policies']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /^Error: No offer x~y for these dates, times, driver and place: choose one from `tern search cars`/,
    );
  });
});

describe('tern book car on a terminal', () => {
  it('books through the Ink wizard: the search, an offer, the driver, then y', async () => {
    const { results } = await offers();
    const row = results.findIndex((o) => (o.cancellationPolicy?.guaranteePaymentPolicy ?? 'none') === 'none');
    expect(row).toBeGreaterThanOrEqual(0);
    const tty = new FakeTtyStdin();
    const screen = new Collector(true);
    const running = withFastProviders((watched) =>
      runCli(['book', 'car'], {
        configDir: agent,
        isTTY: true,
        tty,
        stdout: screen,
        fetch: watched,
        pollMs: FAST_POLL_MS,
      }),
    );
    const type = async (...keys: string[]) => {
      for (const key of keys) {
        tty.write(key);
        await tick(20);
      }
    };
    // Each step's keys wait for its screen: on a busy machine the offers render well after the last poll.
    await shown(screen, 'Enter: book this one');
    await type(...Array(row).fill('\u001b[B'), '\r');
    await shown(screen, 'Esc: back to the offers');
    // Back to the offers (the booking flow's car search) and on again with the same offer.
    const before = screen.text.length;
    await type('\u001b');
    await until(
      () => screen.text.slice(before).includes('Enter: book this one'),
      () => screen.text.slice(-1500),
    );
    await tick(100);
    await type('\r');
    await until(
      () => screen.text.slice(before).includes('Esc: back to the offers'),
      () => screen.text.slice(-1500),
    );
    // Core's checkout rules check the driver (the web's words): a wrong e-mail keeps the form, focused on it.
    await type('Jón', '\r', 'Jónsson', '\r', 'jon.wizard', '\r', '+354 555 1234', '\r');
    await shown(screen, 'Enter an e-mail address such as name@example.com');
    await type(...Array('jon.wizard'.length).fill('\u007f'), 'jon.wizard@example.com', '\r', '\r');
    await shown(screen, 'Accept the policy and book?');
    expect(screen.text).toContain('Driver: Jón Jónsson <jon.wizard@example.com>');
    await type('y');
    const result = await running;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // What was booked is the offer on the row chosen (the screens before it list every offer).
    const booked = result.stdout.slice(result.stdout.indexOf('Booked: '));
    expect(booked).toMatch(/^Booked: TRN-[A-Z0-9]{8}\nBooking number {2}TRN-/);
    const offer = results[row]!;
    expect(booked).toContain(
      `Car             ${offer.make} ${offer.model} (${offer.acrissCode}), ${offer.provider}`,
    );
  });
});
