import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { type ServerWithAgent, serverWithAgent, signedIn } from './helpers/world.js';

// `tern gift-cards types create|publish|unpublish|duplicate`: a property's staff make and publish a
// type from the terminal; core's type form checks the flags before any call.

const world: ServerWithAgent = serverWithAgent();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let configDir: string;
let at: string[];
let store: string;
let plan: string;

beforeAll(async () => {
  configDir = await signedIn(world.server, 'hotelier');
  const me = JSON.parse((await runCli(['whoami', '--json'], { configDir })).stdout);
  at = ['--property', me.ternHotels[0].id];
  store = JSON.parse((await runCli(['stores', 'list', ...at, '--json'], { configDir })).stdout).items[0].id;
  const calendar = JSON.parse(
    (await runCli(['inventory', 'get', ...at, '--from', day(5), '--to', day(5), '--json'], { configDir }))
      .stdout,
  );
  const ratePlan = calendar.ratePlans[0];
  plan = `${ratePlan.unitId}:${ratePlan.id}`;
}, 120_000);

const types = (status: string) =>
  runCli(['gift-cards', 'types', ...at, '--status', status, '--json'], { configDir }).then(
    (r) => JSON.parse(r.stdout).items as { id: string; title: string; status: string }[],
  );

describe('tern gift-cards types create|publish|unpublish|duplicate', () => {
  it('creates a type from flags, publishes, duplicates and unpublishes it', async () => {
    const made = await runCli(
      [
        'gift-cards',
        'types',
        'create',
        ...at,
        '--title',
        'CLI two nights',
        '--description',
        'For two',
        '--price',
        '400',
        '--net-price',
        '350',
        '--limit',
        '20',
        '--store',
        store,
        '--plan',
        plan,
        '--nights',
        '2',
        '--json',
      ],
      { configDir },
    );
    expect(made.code, made.stderr).toBe(0);
    const type = JSON.parse(made.stdout);
    expect(type).toMatchObject({
      title: 'CLI two nights',
      status: 'created',
      price: 400,
      netPrice: 350,
      limit: 20,
    });
    expect(type.settings.lengthOfStay).toBe(2);
    expect((await types('created')).map((t) => t.id)).toContain(type.id);

    // --property after the subcommand is the subcommand's.
    const published = await runCli(['gift-cards', 'types', 'publish', type.id, ...at, '--json'], {
      configDir,
    });
    expect(published.code, published.stderr).toBe(0);
    expect(JSON.parse(published.stdout).status).toBe('published');

    const copy = await runCli(['gift-cards', 'types', 'duplicate', type.id, ...at], { configDir });
    expect(copy.code, copy.stderr).toBe(0);
    expect(copy.stdout).toMatch(/^Duplicated as +CLI two nights/);
    expect((await types('created')).filter((t) => t.title.startsWith('CLI two nights')).length).toBe(1);

    const archived = await runCli(['gift-cards', 'types', 'unpublish', type.id, ...at, '--json'], {
      configDir,
    });
    expect(archived.code, archived.stderr).toBe(0);
    expect(JSON.parse(archived.stdout).status).toBe('archived');
    const again = await runCli(['gift-cards', 'types', 'publish', type.id, ...at], { configDir });
    expect(again.code).toBe(1);
  });

  it('creates from a JSON file of the form, the flags winning, and publishes at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tern-types-'));
    const file = join(dir, 'type.json');
    await writeFile(
      file,
      JSON.stringify({
        giftcardType: 2,
        title: 'From a file',
        description: 'Spa',
        price: 90,
        limit: 5,
        storeIds: [store],
      }),
    );
    const made = await runCli(
      ['gift-cards', 'types', 'create', ...at, '--from-file', file, '--limit', '7', '--publish', '--json'],
      { configDir },
    );
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({
      title: 'From a file',
      limit: 7,
      status: 'published',
      giftcardType: 2,
    });

    await writeFile(file, JSON.stringify({ title: 'x', colour: 'red' }));
    const unknown = await runCli(['gift-cards', 'types', 'create', ...at, '--from-file', file], {
      configDir,
    });
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('unknown field colour');
  });

  it('names a missing or wrong flag before any call', async () => {
    const before = (await types('created')).length;
    const noStore = await runCli(
      [
        'gift-cards',
        'types',
        'create',
        ...at,
        '--title',
        'T',
        '--description',
        'D',
        '--price',
        '10',
        '--limit',
        '1',
        '--plan',
        plan,
      ],
      { configDir },
    );
    expect(noStore.code).not.toBe(0);
    expect(noStore.stderr).toMatch(/^Error: --store: /);
    const netTooHigh = await runCli(
      [
        'gift-cards',
        'types',
        'create',
        ...at,
        '--title',
        'T',
        '--description',
        'D',
        '--price',
        '10',
        '--net-price',
        '12',
        '--limit',
        '1',
        '--store',
        store,
        '--plan',
        plan,
      ],
      { configDir },
    );
    expect(netTooHigh.stderr).toMatch(/^Error: --net-price: /);
    const past = await runCli(
      [
        'gift-cards',
        'types',
        'create',
        ...at,
        '--title',
        'T',
        '--description',
        'D',
        '--price',
        '10',
        '--limit',
        '1',
        '--store',
        store,
        '--kind',
        'no-property',
        '--expires',
        '2020-01-01',
      ],
      { configDir },
    );
    expect(past.stderr).toMatch(/^Error: --expires: /);
    const badPlan = await runCli(['gift-cards', 'types', 'create', ...at, '--plan', 'just-one'], {
      configDir,
    });
    expect(badPlan).toMatchObject({ code: 2 });
    expect(badPlan.stderr).toContain('--plan just-one: use UNIT_ID:PLAN_ID');
    expect((await types('created')).length).toBe(before);
  });
});
