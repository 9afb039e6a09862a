import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { InventoryCalendar } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, signedInAt, tempConfigDir } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern inventory get|set|undo`: a property's staff read and change the calendar from a script, with the same
// rules as the calendar page (the contract's schemas) checked before the call.

let server: TestServer;
let propertyId: string;
let configDir: string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const at = () => ['--api-url', server.url, '--property', propertyId];

beforeAll(async () => {
  server = await startTestServer();
  const reply = await fetch(`${server.url}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      session: { email: 'hotelier@demo.tern.test', password: 'tern-demo-1', remember_me: false },
    }),
  });
  const session = (await reply.json()) as {
    data: { attributes: { user: { tern_hotels: { id: string }[] } } };
  };
  propertyId = session.data.attributes.user.tern_hotels[0]!.id;
  configDir = await signedInAt(server.url, 'hotelier');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

async function calendar(from: string, to: string): Promise<InventoryCalendar> {
  const got = await runCli(['inventory', 'get', ...at(), '--from', from, '--to', to, '--json'], {
    configDir,
  });
  expect(got.code, got.stderr).toBe(0);
  return JSON.parse(got.stdout) as InventoryCalendar;
}

describe('tern inventory', () => {
  it('reads the calendar as a table or JSON', async () => {
    const cal = await calendar(day(10), day(12));
    expect(cal.units.length).toBeGreaterThan(0);
    expect(cal.units[0]!.nights).toHaveLength(3);
    const text = await runCli(['inventory', 'get', ...at(), '--from', day(10), '--to', day(12)], {
      configDir,
    });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/NIGHT\s+UNIT\s+TOTAL\s+BOOKED\s+FREE/);
    expect(text.stdout).toContain(cal.units[0]!.title);
    // The ids `--unit` and `--plan` take, each plan under its unit.
    const unit = cal.units[0]!;
    expect(text.stdout).toMatch(new RegExp(`^unit\\s+${unit.id}\\s+${unit.title}$`, 'm'));
    for (const plan of cal.ratePlans.filter((p) => p.unitId === unit.id))
      expect(text.stdout).toMatch(new RegExp(`^plan\\s+${plan.id}\\s+${plan.title} · `, 'm'));
  });

  it('tells same-named plans apart by their unit, and by their ids when that is not enough', async () => {
    const { calendarText } = await import('../src/commands/inventory/get.js');
    const nights = [
      {
        date: '2030-01-01',
        price: 100,
        byOccupancy: [100],
        sold: 0,
        maxSellLeft: null,
        stopSell: false,
        closedToArrival: false,
        closedToDeparture: false,
        minStayArrival: 1,
        minStayThrough: 1,
        maxStay: null,
      },
    ];
    const plan = (id: string, unitId: string) => ({
      id,
      unitId,
      title: 'Flexible',
      sellMode: 'per_room' as const,
      maxAdults: 2,
      rateMode: 'manual' as const,
      maxSell: null,
      parentRatePlanId: null,
      inherited: [],
      nights,
    });
    const text = calendarText({
      propertyId: 'p',
      from: '2030-01-01',
      to: '2030-01-01',
      currency: 'EUR',
      units: [
        { id: 'u1', title: 'Double', count: 2, nights: [] },
        { id: 'u2', title: 'Twin', count: 2, nights: [] },
      ],
      ratePlans: [plan('aaaaaaaa-1', 'u1'), plan('bbbbbbbb-2', 'u1'), plan('cccccccc-3', 'u2')],
    });
    expect(text).toContain('2030-01-01  Flexible · Double #aaaaaaaa');
    expect(text).toContain('2030-01-01  Flexible · Double #bbbbbbbb');
    expect(text).toContain('2030-01-01  Flexible · Twin  ');
  });

  it('previews, applies and undoes a bulk edit over weekdays', async () => {
    const before = await calendar(day(120), day(133));
    const plan = before.ratePlans[0]!;
    const flags = ['--from', day(120), '--to', day(133), '--weekdays', 'sat,sun', '--plan', plan.id];
    const preview = await runCli(
      ['inventory', 'set', ...at(), ...flags, '--increase', '10%', '--cta', '--preview', '--json'],
      {
        configDir,
      },
    );
    expect(preview.code, preview.stderr).toBe(0);
    const seen = JSON.parse(preview.stdout);
    expect(seen).toMatchObject({ preview: true, changeSetId: null, summary: { rates: 4 } });
    expect(await calendar(day(120), day(133))).toEqual(before);
    const applied = await runCli(['inventory', 'set', ...at(), ...flags, '--increase', '10%', '--cta'], {
      configDir,
    });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Changed 0 availability nights, 4 rate nights');
    const after = await calendar(day(120), day(133));
    expect(after.ratePlans[0]!.nights.filter((n) => n.closedToArrival).length).toBeGreaterThanOrEqual(4);
    const undone = await runCli(['inventory', 'undo', ...at()], { configDir });
    expect(undone.code, undone.stderr).toBe(0);
    expect(await calendar(day(120), day(133))).toEqual(before);
  });

  it('sets availability, refusing less than what is booked', async () => {
    const cal = await calendar(day(30), day(31));
    const unit = cal.units[0]!;
    const set = await runCli(
      [
        'inventory',
        'set',
        ...at(),
        '--from',
        day(30),
        '--to',
        day(31),
        '--unit',
        unit.id,
        '--availability',
        '9',
        '--json',
      ],
      { configDir },
    );
    expect(set.code, set.stderr).toBe(0);
    expect(
      (await calendar(day(30), day(31))).units.find((u) => u.id === unit.id)!.nights.map((n) => n.total),
    ).toEqual([9, 9]);
  });

  it('names the flag that is wrong before calling', async () => {
    const base = ['inventory', 'set', ...at(), '--from', day(5), '--to', day(6)];
    const both = await runCli([...base, '--price', '100', '--increase', '5'], { configDir });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('one of --price, --increase and --decrease');
    const nothing = await runCli(base, { configDir });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('a change');
    const weekdays = await runCli([...base, '--weekdays', 'funday', '--stop-sell'], { configDir });
    expect(weekdays.stderr).toContain('--weekdays');
    const past = await runCli(
      ['inventory', 'set', ...at(), '--from', day(-2), '--to', day(1), '--stop-sell'],
      {
        configDir,
      },
    );
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('--from: past nights cannot change');
    const long = await runCli(['inventory', 'get', ...at(), '--from', day(1), '--to', day(500)], {
      configDir,
    });
    expect(long.code).toBe(1);
    const backwards = await runCli(['inventory', 'get', ...at(), '--from', day(9), '--to', day(1)], {
      configDir,
    });
    expect(backwards.stderr).toContain('--to: The range ends before it starts');
  });

  it('takes a manual per-person plan’s rates by occupancy, named by its flag when wrong', async () => {
    const base = ['inventory', 'set', ...at(), '--from', day(5), '--to', day(6)];
    const bad = await runCli([...base, '--occupancy-rate', 'two=95'], { configDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--occupancy-rate: "two=95" is not adults=rate');
    const zero = await runCli([...base, '--occupancy-rate', '0=95'], { configDir });
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--occupancy-rate');
    // The demo's plans sell per room: the server refuses rates by occupancy for them (400 on the field).
    const plan = (await calendar(day(5), day(5))).ratePlans.find((p) => p.sellMode === 'per_room')!;
    const perRoom = await runCli(
      [...base, '--plan', plan.id, '--occupancy-rate', '2=95', '--occupancy-rate', '1=none'],
      {
        configDir,
      },
    );
    expect(perRoom.code).toBe(1);
    expect(perRoom.stderr).toContain('--occupancy-rate: ');
  });

  it('checks core’s bulk edit rules before calling', async () => {
    const base = ['inventory', 'set', ...at(), '--from', day(5), '--to', day(6)];
    const over = await runCli([...base, '--decrease', '150%'], { configDir });
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('--price/--increase/--decrease: At most 100 %');
    const stays = await runCli([...base, '--min-stay', '4', '--max-stay', '2'], { configDir });
    expect(stays.code).toBe(2);
    expect(stays.stderr).toContain('--max-stay: The maximum stay is below the minimum');
  });

  it('changes once for a set or an undo run again with the same --idempotency-key', async () => {
    const before = await calendar(day(150), day(151));
    const plan = before.ratePlans[0]!;
    const prices = async () =>
      (await calendar(day(150), day(151))).ratePlans
        .find((p) => p.id === plan.id)!
        .nights.map((n) => n.price);
    const raise = [
      'inventory',
      'set',
      ...at(),
      '--from',
      day(150),
      '--to',
      day(151),
      '--plan',
      plan.id,
      '--price',
      '100',
      '--idempotency-key',
      'cli-set-once',
    ];
    for (let run = 0; run < 2; run++) {
      const set = await runCli(raise, { configDir });
      expect(set.code, set.stderr).toBe(0);
    }
    const up = ['inventory', 'set', ...at(), '--from', day(150), '--to', day(151), '--plan', plan.id];
    const key = (k: string) => ['--idempotency-key', k];
    for (let run = 0; run < 2; run++)
      expect((await runCli([...up, '--increase', '10%', ...key('cli-raise-once')], { configDir })).code).toBe(
        0,
      );
    expect(await prices()).toEqual([110, 110]);
    // The same key for another change is refused: nothing changes.
    const reused = await runCli([...up, '--increase', '20%', ...key('cli-raise-once')], { configDir });
    expect(reused.code).toBe(1);
    expect(await prices()).toEqual([110, 110]);
    for (let run = 0; run < 2; run++) {
      const undo = await runCli(['inventory', 'undo', ...at(), ...key('cli-undo-once')], { configDir });
      expect(undo.code, undo.stderr).toBe(0);
    }
    // The undo took back the "+10%" only, once.
    expect(await prices()).toEqual([100, 100]);
    const file = await runCli(['inventory', 'set', ...at(), '--from-file', 'rows.csv', ...key('k')], {
      configDir,
    });
    expect(file.stderr).toContain('--idempotency-key goes with a bulk edit');
  });

  it('saves many rows from a CSV or NDJSON file in one call, and names a bad line', async () => {
    const cal = await calendar(day(200), day(201));
    const plan = cal.ratePlans[0]!;
    const unit = cal.units[0]!;
    const dir = await tempConfigDir();
    const csv = join(dir, 'rows.csv');
    await writeFile(
      csv,
      `date,ratePlanId,price,stopSell,minStayArrival,unitId,availability\n${day(200)},${plan.id},123,true,2,${unit.id},6\n${day(201)},${plan.id},124,false,,,\n`,
    );
    const saved = await runCli(['inventory', 'set', ...at(), '--from-file', csv, '--json'], { configDir });
    expect(saved.code, saved.stderr).toBe(0);
    expect(JSON.parse(saved.stdout).summary).toMatchObject({ availability: 1, rates: 2 });
    const after = await calendar(day(200), day(201));
    expect(after.ratePlans[0]!.nights.map((n) => [n.price, n.stopSell])).toEqual([
      [123, true],
      [124, false],
    ]);
    expect(after.ratePlans[0]!.nights[0]!.minStayArrival).toBe(2);
    expect(after.units[0]!.nights[0]!.total).toBe(6);

    const ndjson = join(dir, 'rows.ndjson');
    await writeFile(
      ndjson,
      `${JSON.stringify({ ratePlanId: plan.id, date: day(202), price: 99 })}\n${JSON.stringify({ ratePlanId: plan.id, date: day(203), price: -5 })}\n`,
    );
    const bad = await runCli(['inventory', 'set', ...at(), '--from-file', ndjson], { configDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('line 2: price');
    const mixed = await runCli(['inventory', 'set', ...at(), '--from-file', ndjson, '--price', '5'], {
      configDir,
    });
    expect(mixed.stderr).toContain('leave out --price');
  });

  it('takes a manual per-person plan’s rates by occupancy in file rows, checked as the flag and the page check them', async () => {
    const token = await signIn('hotelier');
    const client = server.client(token);
    const unit = await client.roomsAndRates.createUnit({
      body: {
        propertyId,
        title: 'CLI Loft',
        countOfRooms: 2,
        occAdults: 3,
        occChildren: 0,
        occInfants: 0,
        defaultOccupancy: 2,
        content: { description: 'Rates by occupancy from a file.' },
        facilities: [],
      },
    });
    const option = (occupancy: number, rate: number | null, isPrimary = false) => ({
      occupancy,
      rate,
      isPrimary,
      derivedOption: { rate: [] },
    });
    const plan = await client.roomsAndRates.createRatePlan({
      body: {
        propertyId,
        unitId: unit.id,
        title: 'CLI per person',
        childrenFee: 0,
        sellMode: 'per_person',
        rateMode: 'manual',
        primaryOccupancy: 2,
        options: [option(3, 260), option(2, 200, true), option(1, 150)],
      } as never,
    });
    const dir = await tempConfigDir();
    const ndjson = join(dir, 'occupancy.ndjson');
    await writeFile(
      ndjson,
      `${JSON.stringify({ ratePlanId: plan.id, date: day(220), occupancyRates: { '1': 140, '3': 280 } })}\n`,
    );
    const csv = join(dir, 'occupancy.csv');
    await writeFile(csv, `date,ratePlanId,price,occupancyRates\n${day(221)},${plan.id},210,1=130;3=none\n`);
    for (const file of [ndjson, csv]) {
      const saved = await runCli(['inventory', 'set', ...at(), '--from-file', file, '--json'], { configDir });
      expect(saved.code, saved.stderr).toBe(0);
      expect(JSON.parse(saved.stdout).summary).toMatchObject({ rates: 1 });
    }
    const nights = (await calendar(day(220), day(221))).ratePlans.find((p) => p.id === plan.id)!.nights;
    expect(nights.map((n) => n.occupancyRates)).toEqual([{ '1': 140, '3': 280 }, { '1': 130 }]);
    // As the engine sells them: 1 adult 140, 2 the night's price, 3 the stored rate (or the option's).
    expect(nights[0]!.byOccupancy).toEqual([140, 200, 280]);
    expect(nights[1]!.byOccupancy).toEqual([130, 210, 260]);

    // Refused before the call, named by line and column: the flag's syntax, the contract's schema, core's rules.
    const refusals: [string, string, string][] = [
      [
        'syntax',
        `date,ratePlanId,occupancyRates\n${day(222)},${plan.id},two=95\n`,
        'line 2: occupancyRates: "two=95" is not adults=rate',
      ],
      [
        'occupancy 0',
        `${JSON.stringify({ ratePlanId: plan.id, date: day(222), occupancyRates: { '0': 95 } })}\n`,
        'line 1: occupancyRates',
      ],
      [
        'a negative rate',
        `${JSON.stringify({ ratePlanId: plan.id, date: day(222), occupancyRates: { '2': -5 } })}\n`,
        'line 1: occupancyRates',
      ],
      [
        'rates as a list',
        `${JSON.stringify({ ratePlanId: plan.id, date: day(222), occupancyRates: [95] })}\n`,
        'line 1: occupancyRates: use adults=rate pairs',
      ],
      [
        'max stay below min stay',
        `${JSON.stringify({ ratePlanId: plan.id, date: day(222), minStayArrival: 3, maxStay: 2 })}\n`,
        'line 1: maxStay:',
      ],
    ];
    for (const [name, text, words] of refusals) {
      const file = join(dir, text.startsWith('date,') ? 'bad.csv' : 'bad.ndjson');
      await writeFile(file, text);
      const bad = await runCli(['inventory', 'set', ...at(), '--from-file', file], { configDir });
      expect(bad.code, name).toBe(2);
      expect(bad.stderr, name).toContain(words);
    }
    // A per-room plan takes no rates by occupancy: the server refuses the row (400 on its field).
    const perRoom = (await calendar(day(222), day(222))).ratePlans.find((p) => p.sellMode === 'per_room')!;
    const room = join(dir, 'room.ndjson');
    await writeFile(
      room,
      `${JSON.stringify({ ratePlanId: perRoom.id, date: day(222), occupancyRates: { '2': 95 } })}\n`,
    );
    const refused = await runCli(['inventory', 'set', ...at(), '--from-file', room], { configDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('row 1, occupancyRates: ');
    const mixed = await runCli(
      ['inventory', 'set', ...at(), '--from-file', room, '--occupancy-rate', '2=5'],
      {
        configDir,
      },
    );
    expect(mixed.stderr).toContain('leave out --occupancy-rate');
  });
});

async function signIn(login: string): Promise<string> {
  const reply = await fetch(`${server.url}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session: { email: `${login}@demo.tern.test`, password: 'tern-demo-1' } }),
  });
  return ((await reply.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}
