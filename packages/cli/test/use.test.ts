import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { DEMO_MANAGERS, type ServerWithAgent, serverWithAgent, signedIn } from './helpers/world.js';

// `--property` left out: `tern use PROPERTY`'s default for the API, else the user's only property,
// else a usage error that says how to name one. Who manages one property and who several is asked of the server.

const world: ServerWithAgent = serverWithAgent();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function managerWith(count: 'one' | 'several'): Promise<{ configDir: string; ids: string[] }> {
  for (const login of DEMO_MANAGERS) {
    const configDir = await signedIn(world.server, login);
    const me = JSON.parse((await runCli(['whoami', '--json'], { configDir })).stdout);
    const ids = (me.ternHotels as { id: string }[]).map((p) => p.id);
    if (count === 'one' ? ids.length === 1 : ids.length > 1) return { configDir, ids };
  }
  throw new Error(`no demo manager with ${count} properties`);
}

/** `inventory get` for a few nights, as JSON (its units name the property). */
async function inventory(configDir: string, property?: string) {
  const flags = property ? ['--property', property] : [];
  return runCli(['inventory', 'get', ...flags, '--from', day(10), '--to', day(11), '--json'], { configDir });
}

describe('the default property', () => {
  it("is the user's only property when they have one", async () => {
    const { configDir, ids } = await managerWith('one');
    const named = await inventory(configDir, ids[0]);
    expect(named.code, named.stderr).toBe(0);
    const defaulted = await inventory(configDir);
    expect(defaulted.stderr).toBe('');
    expect(JSON.parse(defaulted.stdout)).toEqual(JSON.parse(named.stdout));
  });

  it('must be named, or set with `tern use`, by a user with several', async () => {
    const { configDir, ids } = await managerWith('several');
    const unnamed = await inventory(configDir);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toBe(
      'Error: Name the property: --property ID (`tern whoami` lists yours; `tern use ID` sets a default)\n',
    );
    expect(JSON.parse(unnamed.stdout).error.code).toBe('usage');

    const none = await runCli(['use'], { configDir });
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('No default property for');

    const set = await runCli(['use', ids[1]!], { configDir });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(ids[1]);
    const shown = JSON.parse((await runCli(['use', '--json'], { configDir })).stdout);
    expect(shown).toEqual({ apiUrl: world.server.url, property: ids[1] });
    const stored = JSON.parse(await readFile(join(configDir, 'config.json'), 'utf8'));
    expect(stored.defaultProperties).toEqual({ [world.server.url]: ids[1] });

    // `tern whoami` says which one the hotel commands take.
    const me = JSON.parse((await runCli(['whoami', '--json'], { configDir })).stdout);
    const chosen = (me.ternHotels as { id: string; name: string }[]).find((p) => p.id === ids[1])!;
    expect((await runCli(['whoami'], { configDir })).stdout).toMatch(
      new RegExp(`^Default property +${chosen.name} +${ids[1]}$`, 'm'),
    );

    const defaulted = await inventory(configDir);
    expect(defaulted.stderr).toBe('');
    expect(JSON.parse(defaulted.stdout)).toEqual(JSON.parse((await inventory(configDir, ids[1])).stdout));
    // The flag still wins over the default.
    const other = await inventory(configDir, ids[0]);
    expect(JSON.parse(other.stdout)).toEqual(JSON.parse((await inventory(configDir, ids[0])).stdout));
    expect(JSON.parse(other.stdout)).not.toEqual(JSON.parse(defaulted.stdout));

    // Another API has no default of this one's.
    const elsewhere = await runCli(['use', '--json', '--api-url', 'http://127.0.0.1:1'], { configDir });
    expect(JSON.parse(elsewhere.stdout).property).toBeNull();

    const cleared = await runCli(['use', '--clear'], { configDir });
    expect(cleared.code).toBe(0);
    expect((await runCli(['whoami'], { configDir })).stdout).not.toContain('Default property');
    expect((await inventory(configDir)).code).toBe(2);
    expect(
      JSON.parse(await readFile(join(configDir, 'config.json'), 'utf8')).defaultProperties,
    ).toBeUndefined();
  });

  it('is one of the signed-in user’s properties', async () => {
    const { configDir } = await managerWith('one');
    const other = await managerWith('several');
    const refused = await runCli(['use', other.ids[0]!], { configDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`You do not work at property ${other.ids[0]}`);
    expect(JSON.parse((await runCli(['use', '--json'], { configDir })).stdout).property).toBeNull();
    const both = await runCli(['use', other.ids[0]!, '--clear'], { configDir });
    expect(both.code).toBe(2);
  });
});
