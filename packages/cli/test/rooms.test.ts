import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { type ServerWithAgent, serverWithAgent, signedIn } from './helpers/world.js';

// `tern rooms …` and `tern rate-plans …`: a property's staff manage units and rate plans from the
// terminal; core's unit and plan rules name a wrong flag before any call.

const world: ServerWithAgent = serverWithAgent();
let configDir: string;
let at: string[];
const tern = (argv: string[]) => runCli([...argv, ...at], { configDir });
const json = async (argv: string[]) => {
  const result = await tern([...argv, '--json']);
  if (result.code !== 0) throw new Error(`${argv.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout);
};

beforeAll(async () => {
  configDir = await signedIn(world.server, 'hotelier');
  const me = JSON.parse((await runCli(['whoami', '--json'], { configDir })).stdout);
  at = ['--property', me.ternHotels[0].id];
});

describe('tern rooms and tern rate-plans', () => {
  it('creates, lists, updates and deletes a unit and its plan', async () => {
    const unit = await json([
      'rooms',
      'create',
      '--title',
      'CLI suite',
      '--rooms',
      '3',
      '--adults',
      '3',
      '--children',
      '1',
    ]);
    expect(unit).toMatchObject({
      title: 'CLI suite',
      countOfRooms: 3,
      occAdults: 3,
      occChildren: 1,
      roomKind: 'room',
    });
    const listed = await tern(['rooms', 'list']);
    expect(listed.stdout).toMatch(new RegExp(`${unit.id}\\s+CLI suite\\s+room\\s+3\\s+3\\s+1\\s+0\\s+0`));

    const updated = await json(['rooms', 'update', unit.id, '--rooms', '5', '--description', 'Sea view']);
    expect(updated).toMatchObject({ id: unit.id, title: 'CLI suite', countOfRooms: 5, occAdults: 3 });
    expect(updated.content.description).toBe('Sea view');

    const plan = await json([
      'rate-plans',
      'create',
      '--unit',
      unit.id,
      '--title',
      'CLI flexible',
      '--rate',
      '180',
      '--meal',
      'breakfast',
      '--min-stay',
      '2',
    ]);
    expect(plan).toMatchObject({
      unitId: unit.id,
      title: 'CLI flexible',
      mealType: 'breakfast',
      sellMode: 'per_room',
    });
    expect(plan.options).toEqual([expect.objectContaining({ occupancy: 3, rate: 180, isPrimary: true })]);
    expect(plan.minStayArrival).toEqual([2, 2, 2, 2, 2, 2, 2]);
    const plans = await json(['rate-plans', 'list', '--unit', unit.id]);
    expect(plans.items.map((p: { id: string }) => p.id)).toEqual([plan.id]);

    const repriced = await json(['rate-plans', 'update', plan.id, '--rate', '200']);
    expect(repriced).toMatchObject({ id: plan.id, title: 'CLI flexible', mealType: 'breakfast' });
    expect(repriced.options[0].rate).toBe(200);
    expect(repriced.minStayArrival).toEqual([2, 2, 2, 2, 2, 2, 2]);

    const unasked = await tern(['rate-plans', 'delete', plan.id]);
    expect(unasked.code).not.toBe(0);
    expect(unasked.stderr).toContain('Pass --yes');
    expect((await tern(['rate-plans', 'delete', plan.id, '--yes'])).code).toBe(0);
    expect((await json(['rate-plans', 'list', '--unit', unit.id])).items).toEqual([]);
    expect((await tern(['rooms', 'delete', unit.id, '--yes'])).code).toBe(0);
    const after = await json(['rooms', 'list']);
    expect(after.items.map((u: { id: string }) => u.id)).not.toContain(unit.id);
  });

  it('names a wrong flag before any call', async () => {
    const before = (await json(['rooms', 'list'])).items.length;
    const noTitle = await tern(['rooms', 'create', '--rooms', '2']);
    expect(noTitle.code).not.toBe(0);
    expect(noTitle.stderr).toMatch(/^Error: --title: /);
    const tooMany = await tern([
      'rooms',
      'create',
      '--title',
      'X',
      '--adults',
      '1',
      '--default-occupancy',
      '4',
    ]);
    expect(tooMany.stderr).toMatch(/^Error: --default-occupancy: /);
    expect((await json(['rooms', 'list'])).items.length).toBe(before);

    const unit = await json(['rooms', 'create', '--title', 'CLI rules']);
    const noRate = await tern(['rate-plans', 'create', '--unit', unit.id, '--title', 'No rate']);
    expect(noRate.stderr).toMatch(/^Error: --rate: /);
    const badMeal = await tern([
      'rate-plans',
      'create',
      '--unit',
      unit.id,
      '--title',
      'Meal',
      '--rate',
      '10',
      '--meal',
      'feast',
    ]);
    expect(badMeal.stderr).toMatch(/^Error: --meal: /);
    expect((await json(['rate-plans', 'list', '--unit', unit.id])).items).toEqual([]);
  });
});
