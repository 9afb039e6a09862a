import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { type ServerWithAgent, serverWithAgent, signedIn } from './helpers/world.js';

// `tern promo-codes update|deactivate`: a property's staff change a code they made, by its code
// or id; only the flags given change, core's rules are checked before the call.

const world: ServerWithAgent = serverWithAgent();

async function hotelier(): Promise<{ configDir: string; at: string[] }> {
  const configDir = await signedIn(world.server, 'hotelier');
  const me = JSON.parse((await runCli(['whoami', '--json'], { configDir })).stdout);
  return { configDir, at: ['--property', me.ternHotels[0].id] };
}

describe('tern promo-codes update|deactivate', () => {
  it('changes only what the flags say, and deactivates', async () => {
    const { configDir, at } = await hotelier();
    const made = await runCli(
      [
        'promo-codes',
        'create',
        ...at,
        '--name',
        'Edit me',
        '--code',
        'EDITME',
        '--percent',
        '10',
        '--limit',
        '5',
        '--json',
      ],
      { configDir },
    );
    expect(made.code, made.stderr).toBe(0);
    const before = JSON.parse(made.stdout);
    expect(before.status).toBe('inactive');

    const updated = await runCli(
      ['promo-codes', 'update', 'editme', ...at, '--amount', '2500', '--no-limit', '--active', '--json'],
      { configDir },
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({
      id: before.id,
      name: 'Edit me',
      code: 'EDITME',
      codeType: 'fixed_amount',
      amount: 2500,
      usageLimit: null,
      status: 'active',
    });

    const renamed = await runCli(['promo-codes', 'update', before.id, ...at, '--name', 'Edited'], {
      configDir,
    });
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(renamed.stdout).toBe('Updated EDITME (Edited): 2500 off, active\n');

    const off = await runCli(['promo-codes', 'deactivate', 'EDITME', ...at, '--json'], { configDir });
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout)).toMatchObject({
      id: before.id,
      status: 'inactive',
      name: 'Edited',
      amount: 2500,
    });
    const again = await runCli(['promo-codes', 'deactivate', 'EDITME', ...at], { configDir });
    expect(again.stdout).toBe('EDITME was inactive already\n');
  });

  it('refuses a bad change before the call, and an unknown code', async () => {
    const { configDir, at } = await hotelier();
    const made = await runCli(
      ['promo-codes', 'create', ...at, '--name', 'Rules', '--code', 'RULES', '--amount', '100', '--json'],
      { configDir },
    );
    expect(made.code, made.stderr).toBe(0);
    const tooMuch = await runCli(['promo-codes', 'update', 'RULES', ...at, '--percent', '150'], {
      configDir,
    });
    expect(tooMuch.code).not.toBe(0);
    expect(tooMuch.stderr).toMatch(/^Error: --percent: /);
    const reversed = await runCli(
      ['promo-codes', 'update', 'RULES', ...at, '--from', '2099-02-10', '--to', '2099-02-01'],
      { configDir },
    );
    expect(reversed.code).not.toBe(0);
    expect(reversed.stderr).toMatch(/^Error: --to: /);
    const unknown = await runCli(['promo-codes', 'update', 'NO-SUCH-CODE', ...at, '--name', 'x y'], {
      configDir,
    });
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.stderr).toContain('No promo code NO-SUCH-CODE at this property');
    const listed = JSON.parse(
      (await runCli(['promo-codes', 'list', ...at, '--search', 'RULES', '--json'], { configDir })).stdout,
    );
    expect(listed.items[0]).toMatchObject({ code: 'RULES', amount: 100, codeType: 'fixed_amount' });
  });
});
