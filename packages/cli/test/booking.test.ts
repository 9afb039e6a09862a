import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays, todayIso } from '@tern/core/dates';
import { engineArea, type UnitWithRates } from '@tern/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { Collector, FakeTtyStdin, mask, runCli, shown, tempConfigDir, tick, until } from './helpers/cli.js';
import { openNights } from './helpers/openNights.js';
import type { TestServer } from './helpers/server.js';
import { bookableWithoutCard, harbourViewId, serverWithAgent, stayRates } from './helpers/world.js';

// `tern search stays`, `tern property show|rates` and `tern book stay` against the real server (the demo world).

let server: TestServer;
let agent: string;
let harbourView: string;
const checkin = addDays(todayIso(Date.now()), 45);
const checkout = addDays(checkin, 3);

const world = serverWithAgent();
beforeAll(async () => {
  ({ server, agent } = world);
  harbourView = await harbourViewId(agent);
  // The stays the tests book and read are open whatever the demo world sells on these days (rooms free, no
  // restriction): the stay, and the JSON file's one five nights longer.
  await openNights(server.url, harbourView, checkin, 8);
});

const tern = (argv: string[], configDir = agent) => runCli(argv, { configDir });

/** Prices change with the dates the test runs on: masked like ids. */
const maskPrices = (text: string) =>
  mask(text)
    .replace(/\b[A-Z]{3} [\d,]+\.\d\d\b/g, '<price>')
    .replace(/"(offer|totalPrice)": [\d.]+/g, '"$1": <amount>')
    .replace(/"total": [\d.]+(?=,\s*"currency")/g, '"total": <amount>');

/** The first rate of the property that can be booked for the stay without a card. */
async function freeRate(): Promise<{ unit: UnitWithRates; rateId: string }> {
  for (const unit of await stayRates(agent, harbourView, { checkin, checkout })) {
    const rate = unit.ratePlans.find(bookableWithoutCard);
    if (rate) return { unit, rateId: rate.id };
  }
  throw new Error('no bookable rate without a card on the nights opened for the test');
}

describe('tern search stays', () => {
  it('prints a table of the properties for the filters, with their best offer', async () => {
    const result = await tern([
      'search',
      'stays',
      '--city',
      'Reykjavik',
      '--country',
      'IS',
      '--checkin',
      checkin,
      '--checkout',
      checkout,
      '--adults',
      '2',
      '--currency',
      'EUR',
      '--limit',
      '3',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(maskPrices(result.stdout)).toMatchInlineSnapshot(`
      "ID                                    NAME                    CITY       COUNTRY  STARS  CONTRACT  NIGHTS  BEST OFFER
      <id>  Grandi Loft Hostel      Reykjavik  IS       ★★     −ISK 500  3       <price>
      <id>  Harbour View Hotel      Reykjavik  IS       ★★★★   +10 %     3       <price>
      <id>  Hotel Norðurljós & Spa  Reykjavik  IS       ★★★★   −5 %      3       <price>
      3 of 6; --page 2 for more. Then: \`tern property show ID\`.
      "
    `);
  });

  it('prints the SDK list with --json', async () => {
    const result = await tern([
      'search',
      'stays',
      '--title',
      'harbour',
      '--checkin',
      checkin,
      '--checkout',
      checkout,
      '--adults',
      '2',
      '--children',
      '1',
      '--child-ages',
      '7',
      '--currency',
      'EUR',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const { items, meta } = JSON.parse(result.stdout);
    const brief = items.map(
      ({ id, title, city, country, currency, contract, bestOffer }: Record<string, never>) => ({
        id,
        title,
        city,
        country,
        currency,
        contract,
        bestOffer,
      }),
    );
    expect(maskPrices(JSON.stringify({ items: brief, meta }, null, 2))).toMatchInlineSnapshot(`
      "{
        "items": [
          {
            "id": "<id>",
            "title": "Harbour View Hotel",
            "city": "Reykjavik",
            "country": "IS",
            "currency": "ISK",
            "contract": {
              "id": "<id>",
              "modifierLogic": "increase_by_percent",
              "modifierAmount": 10
            },
            "bestOffer": {
              "offer": <amount>,
              "currency": "EUR",
              "nights": 3,
              "errors": []
            }
          }
        ],
        "meta": {
          "page": 1,
          "limit": 20,
          "total": 1
        }
      }"
    `);
  });

  it('filters by map bounds, and --discover adds properties without a contract', async () => {
    const inside = await tern(['search', 'stays', '--bounds', '64.0,-22.1,64.3,-21.7', '--json']);
    const cities = new Set(JSON.parse(inside.stdout).items.map((p: { city: string }) => p.city));
    expect([...cities]).toEqual(['Reykjavik']);
    const mine = JSON.parse((await tern(['search', 'stays', '--limit', '100', '--json'])).stdout);
    const all = JSON.parse(
      (await tern(['search', 'stays', '--discover', '--limit', '100', '--json'])).stdout,
    );
    expect(all.meta.total).toBeGreaterThan(mine.meta.total);
    expect(mine.items.every((p: { contract: unknown }) => p.contract !== null)).toBe(true);
    expect(all.items.some((p: { contract: unknown }) => p.contract === null)).toBe(true);
  });

  it('refuses bad flags with exit 2 (usage), naming each', async () => {
    const result = await tern([
      'search',
      'stays',
      '--adults',
      '0',
      '--checkin',
      checkout,
      '--checkout',
      checkin,
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Error: --checkout: use a day after --checkin, as YYYY-MM-DD; --adults: use a whole number from 1 to 30\n`,
    );
    const json = await tern(['search', 'stays', '--currency', 'XYZ', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).error).toMatchObject({
      kind: 'user',
      code: 'invalid_input',
      fields: [{ field: '--currency' }],
    });
  });

  it('needs a session', async () => {
    const result = await runCli(['search', 'stays', '--api-url', server.url], {
      configDir: await tempConfigDir(),
    });
    expect(result).toMatchObject({ code: 1, stderr: 'Error: Not signed in: run `tern login`\n' });
  });
});

describe('tern property', () => {
  it('shows the property page', async () => {
    const result = await tern(['property', 'show', harbourView]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Name          Harbour View Hotel');
    expect(result.stdout).toContain('Contract      +10 %');
    expect(result.stdout).toMatch(/Cancellation {2}.*no card needed/);
    expect(result.stdout).toContain(`tern property rates ${harbourView} --checkin`);
    const json = JSON.parse((await tern(['property', 'show', harbourView, '--json'])).stdout);
    expect(json).toMatchObject({ id: harbourView, title: 'Harbour View Hotel', kind: 'accommodation' });
  });

  it('says when there is no such property', async () => {
    const result = await tern(['property', 'show', '00000000-0000-4000-8000-000000000000']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: .+\n$/);
  });

  it('lists the units with their rate offers for a stay', async () => {
    const result = await tern([
      'property',
      'rates',
      harbourView,
      '--checkin',
      checkin,
      '--checkout',
      checkout,
      '--currency',
      'EUR',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${checkin} to ${checkout}, 3 nights, prices in EUR for one room.`);
    expect(result.stdout).toMatch(/Standard Double Room {2}\(unit <?[\w-]+>?; sleeps \d; \d+ free\)/);
    expect(result.stdout).toMatch(/~2-0-0 +Flexible with breakfast +2 ad +breakfast +EUR [\d,.]+/);
    const json = JSON.parse(
      (await tern(['property', 'rates', harbourView, '--checkin', checkin, '--checkout', checkout, '--json']))
        .stdout,
    );
    expect(json).toMatchObject({ checkinDate: checkin, checkoutDate: checkout, currency: 'USD', nights: 3 });
    expect(json.units.length).toBeGreaterThan(0);
  });

  it('needs both days for rates', async () => {
    const result = await tern(['property', 'rates', harbourView, '--checkin', checkin]);
    expect(result).toMatchObject({
      code: 2,
      stderr: 'Error: --checkout: the departure day is needed, as YYYY-MM-DD\n',
    });
  });
});

describe('tern book stay (flags, no terminal)', () => {
  const contact = ['--name', 'Anna', '--surname', 'Jónsdóttir', '--email', 'anna@example.com'];

  it('books by flags and prints the booking number; the same idempotency key returns the same booking', async () => {
    const { unit, rateId } = await freeRate();
    const argv = [
      'book',
      'stay',
      harbourView,
      '--checkin',
      checkin,
      '--checkout',
      checkout,
      '--currency',
      'EUR',
      '--room',
      `${rateId}:2`,
      '--guest',
      'Anna,Jónsdóttir,IS',
      '--guest',
      'Jón,Jónsson,IS',
      ...contact,
      '--reference',
      'AG-1001',
      '--accept-policies',
      '--idempotency-key',
      'cli-test-booking-1',
    ];
    const first = await tern(argv);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const number = /^Booked: (TRN-[A-Z0-9]{8})\n/.exec(first.stdout)?.[1];
    expect(number).toBeDefined();
    expect(maskPrices(first.stdout).replaceAll(number!, '<number>')).toBe(
      [
        'Booked: <number>',
        'Booking number  <number>',
        'Booking id      <id>',
        'Status          new',
        'Total           <price>',
        'Property        <id>',
        `Stay            ${checkin} to ${checkout} (3 nights)`,
        `Rooms           2 × ${unit.title}, Flexible with breakfast (<price> each)`,
        '',
      ].join('\n'),
    );

    const again = await tern([...argv, '--json']);
    expect(again.code).toBe(0);
    const replayed = JSON.parse(again.stdout);
    expect(replayed).toMatchObject({ reservationId: number, status: 'new', currency: 'EUR' });
    const masked = maskPrices(mask(again.stdout))
      .replaceAll(number!, '<number>')
      .replace(checkin, '<checkin>')
      .replace(checkout, '<checkout>');
    expect(masked).toMatchInlineSnapshot(`
      "{
        "uniqueId": "<id>",
        "bookingId": "<id>",
        "reservationId": "<number>",
        "status": "new",
        "total": <amount>,
        "currency": "EUR",
        "checkinDate": "<checkin>",
        "checkoutDate": "<checkout>"
      }
      "
    `);

    // Without the key, the same flags make a second booking.
    const other = await tern(argv.slice(0, -2));
    expect(other.code).toBe(0);
    expect(other.stdout).not.toContain(number!);

    // The guest's confirmation is in the outbox.
    const mail = await tern(['mail', 'list', '--to', 'anna@example.com', '--json']);
    expect(JSON.parse(mail.stdout).items.some((m: { text: string }) => m.text.includes(number!))).toBe(true);
  });

  it('books from a JSON file, flags winning', async () => {
    const { rateId } = await freeRate();
    const file = join(await tempConfigDir(), 'booking.json');
    await writeFile(
      file,
      JSON.stringify({
        property: harbourView,
        checkin,
        checkout: addDays(checkout, 5),
        currency: 'USD',
        rooms: [
          { rate: rateId, count: 1, guests: [{ name: 'Ada', surname: 'Lovelace', nationality: 'GB' }] },
        ],
        customer: { name: 'Ada', surname: 'Lovelace', email: 'ada@example.com' },
        acceptPolicies: true,
      }),
    );
    const result = await tern(['book', 'stay', '--from-file', file, '--checkout', checkout, '--json']);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({
      reservationId: expect.stringMatching(/^TRN-/),
      currency: 'USD',
    });
  });

  it('refuses what cannot be booked with a clear message (exit 2 for a flag tern refuses, 1 for the server’s refusal)', async () => {
    const { rateId } = await freeRate();
    const base = ['book', 'stay', harbourView, '--checkin', checkin, '--checkout', checkout];
    expect(await tern([...base, '--room', rateId, ...contact])).toMatchObject({
      code: 2,
      stderr: 'Error: --accept-policies: read the rates’ policies (`tern property rates`) and accept them\n',
    });
    expect(await tern([...base, '--room', 'nope~2-0-0', ...contact, '--accept-policies'])).toMatchObject({
      code: 2,
      stderr: 'Error: --room: no rate nope~2-0-0 for these dates (see `tern property rates`)\n',
    });
    expect(await tern([...base, '--room', rateId, '--accept-policies'])).toMatchObject({
      code: 2,
      stderr:
        'Error: --surname: the guest’s surname is needed; --email: an e-mail for the confirmation is needed\n',
    });
    expect(
      await tern(['book', 'stay', harbourView, '--room', rateId, ...contact, '--accept-policies']),
    ).toMatchObject({
      code: 2,
      stderr:
        'Error: --checkin: the arrival day is needed, as YYYY-MM-DD; --checkout: the departure day is needed, as YYYY-MM-DD\n',
    });
    expect(await tern(['book', 'stay', '--room', rateId])).toMatchObject({
      code: 2,
      stderr: 'Error: Name the property: `tern book stay ID …` (or "property" in the --from-file JSON)\n',
    });
  });

  it('refuses a rate that needs a card without --card-token, and books it with a token from the card vault', async () => {
    const rates = JSON.parse(
      (await tern(['property', 'rates', harbourView, '--checkin', checkin, '--checkout', checkout, '--json']))
        .stdout,
    ).units as UnitWithRates[];
    const prepaid = rates
      .flatMap((u) => u.ratePlans)
      .find((r) => r.unavailableReason === null && r.cancellationPolicy?.guaranteePaymentPolicy !== 'none');
    expect(prepaid).toBeDefined();
    const argv = [
      'book',
      'stay',
      harbourView,
      '--checkin',
      checkin,
      '--checkout',
      checkout,
      '--room',
      prepaid!.id,
      ...contact,
      '--accept-policies',
    ];
    const refused = await tern([...argv, '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error).toMatchObject({ code: 'card_needed' });
    expect(refused.stderr).toBe(
      'Error: A rate you chose needs a card, and a card cannot be typed into a terminal: book it in the web app, or pass --card-token TOKEN (a token from the card vault)\n',
    );

    // The vault page would do this in the browser: the card goes to the vault, a token comes back.
    const form = await server
      .client(await tokenOf(agent))
      .call(engineArea.cardCaptureFormUrl, { params: { kind: 'accommodations', id: harbourView } });
    const vault = form.cardCaptureFormUrl.replace(/\/card-form.*$/, '');
    const card = (await (
      await fetch(`${vault}/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          number: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: 2031,
          cvc: '123',
          holder: 'Anna J',
        }),
      })
    ).json()) as { token: string };
    const booked = await tern([...argv, '--card-token', card.token]);
    expect(booked.stderr).toBe('');
    expect(booked.stdout).toMatch(/^Booked: TRN-/);
  });
});

async function tokenOf(configDir: string): Promise<string> {
  return JSON.parse(await readFile(join(configDir, 'config.json'), 'utf8')).token;
}

describe('tern book stay on a terminal', () => {
  it('books through the Ink wizard: the stay, a room, the contact, then y', async () => {
    const { rateId } = await freeRate();
    const units = await stayRates(agent, harbourView, { checkin, checkout, currency: 'EUR' });
    const row = units.flatMap((u) => u.ratePlans).findIndex((r) => r.id === rateId);
    const tty = new FakeTtyStdin();
    const screen = new Collector(true);
    const running = runCli(
      ['book', 'stay', harbourView, '--checkin', checkin, '--checkout', checkout, '--currency', 'EUR'],
      { configDir: agent, isTTY: true, tty, stdout: screen },
    );
    const type = async (...keys: string[]) => {
      for (const key of keys) {
        tty.write(key);
        await tick(20);
      }
    };
    // Each step's keys wait for its screen: on a busy machine the rates render well after they arrive.
    await shown(screen, 'Tab: switch field');
    // The stay is filled from the flags: Enter through its four fields loads the rates.
    await type('\r', '\r', '\r', '\r');
    await shown(screen, 'Enter: continue · Esc: back');
    // No room chosen: the booking flow keeps the rooms open.
    await type('\r');
    await shown(screen, 'Choose at least one room');
    await type(...Array(row).fill('\u001b[B'), '\u001b[C', '\r');
    await shown(screen, 'Esc: back to the rooms');
    // Back to the rooms and on again: the room chosen is still chosen.
    const before = screen.text.length;
    await type('\u001b');
    await until(
      () => screen.text.slice(before).includes('Enter: continue · Esc: back'),
      () => screen.text.slice(-1500),
    );
    await tick(100);
    await type('\r');
    await until(
      () => screen.text.slice(before).includes('Esc: back to the rooms'),
      () => screen.text.slice(-1500),
    );
    // Core's checkout rules check the contact (the web's words): a wrong e-mail keeps the form, focused on it.
    await type('Anna', '\r', 'Jónsdóttir', '\r', 'anna.wizard', '\r', '\r');
    await shown(screen, 'Enter an e-mail address such as name@example.com');
    await type(...Array('anna.wizard'.length).fill('\u007f'), 'anna.wizard@example.com', '\r', '\r');
    await shown(screen, 'Accept the policy and book?');
    expect(screen.text).toContain('For: Anna Jónsdóttir <anna.wizard@example.com>');
    await type('y');
    const result = await running;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // What was booked is one room of the rate on the row chosen (the screens before it list every rate).
    const booked = result.stdout.slice(result.stdout.indexOf('Booked: '));
    expect(booked).toMatch(/^Booked: TRN-[A-Z0-9]{8}\nBooking number {2}TRN-/);
    const unit = units.find((u) => u.ratePlans.some((r) => r.id === rateId))!;
    const rate = unit.ratePlans.find((r) => r.id === rateId)!;
    expect(booked).toContain(`Rooms           1 × ${unit.title}, ${rate.title} (`);
    const mail = await tern(['mail', 'list', '--to', 'anna.wizard@example.com', '--json']);
    expect(JSON.parse(mail.stdout).meta.total).toBeGreaterThan(0);
  });
});
