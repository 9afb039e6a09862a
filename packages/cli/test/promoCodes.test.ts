import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern promo-codes`: a property's staff list and add promo codes from a script.

let server: TestServer;
let propertyId: string;
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
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

describe('tern promo-codes', () => {
  it('adds codes and lists them with their status', async () => {
    const configDir = await signedInAt(server.url, 'hotelier');
    const at = ['--api-url', server.url, '--property', propertyId];
    const made = await runCli(
      [
        'promo-codes',
        'create',
        ...at,
        '--name',
        'Winter sale',
        '--code',
        'WINTER',
        '--percent',
        '15',
        '--limit',
        '100',
        '--active',
        '--json',
      ],
      { configDir },
    );
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({
      code: 'WINTER',
      codeType: 'percentage',
      amount: 15,
      status: 'active',
    });
    const later = await runCli(
      [
        'promo-codes',
        'create',
        ...at,
        '--name',
        'Spring',
        '--code',
        'SPRING',
        '--amount',
        '5000',
        '--from',
        '2099-03-01',
        '--active',
      ],
      {
        configDir,
      },
    );
    expect(later.code).toBe(0);
    const list = await runCli(['promo-codes', 'list', ...at], { configDir });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/WINTER\s+Winter sale\s+15%\s+0\/100\s+always\s+active/);
    expect(list.stdout).toMatch(/SPRING\s+Spring\s+5000\s+0\s+2099-03-01–…\s+upcoming/);
  });

  it('says what is wrong before calling, and passes the server’s refusals on', async () => {
    const configDir = await signedInAt(server.url, 'hotelier');
    const at = ['--api-url', server.url, '--property', propertyId];
    const both = await runCli(
      ['promo-codes', 'create', ...at, '--name', 'X y', '--code', 'XY', '--percent', '5', '--amount', '5'],
      { configDir },
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('either --percent N or --amount N');
    const over = await runCli(
      ['promo-codes', 'create', ...at, '--name', 'Big', '--code', 'BIG', '--percent', '150'],
      { configDir },
    );
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('--percent: at most 100');
    const past = await runCli(
      [
        'promo-codes',
        'create',
        ...at,
        '--name',
        'Old',
        '--code',
        'OLD',
        '--percent',
        '5',
        '--from',
        '2020-01-01',
      ],
      { configDir },
    );
    expect(past.stderr).toContain('--from: the range cannot begin before today');
    const backwards = await runCli(
      [
        'promo-codes',
        'create',
        ...at,
        '--name',
        'Back',
        '--code',
        'BACK',
        '--percent',
        '5',
        '--from',
        '2099-05-01',
        '--to',
        '2099-04-01',
        '--json',
      ],
      { configDir },
    );
    expect(backwards.code).toBe(2);
    expect(JSON.parse(backwards.stdout).error).toMatchObject({ code: 'invalid_input' });
    expect(backwards.stderr).toContain('--to: the range ends before it starts');
    await runCli(['promo-codes', 'create', ...at, '--name', 'Dup', '--code', 'DUP', '--percent', '5'], {
      configDir,
    });
    const dup = await runCli(
      ['promo-codes', 'create', ...at, '--name', 'Dup', '--code', 'dup', '--percent', '5', '--json'],
      { configDir },
    );
    expect(dup.code).toBe(1);
    expect(JSON.parse(dup.stdout).error).toMatchObject({ code: 'promo_code_taken' });
    const agent = await signedInAt(server.url, 'agent');
    const refused = await runCli(['promo-codes', 'list', ...at], { configDir: agent });
    expect(refused.code).toBe(1);
  });
});
