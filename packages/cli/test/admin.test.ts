import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern admin …` (the admin page from a script) and `tern users …` (a manager's users of a property).

let server: TestServer;
let admin: string;
let at: string[];
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAt(server.url, 'admin');
  at = ['--api-url', server.url];
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

/** A property of the hotelier's, by name (from `tern whoami`). */
const propertyId = async (name: string) => {
  const hotelier = await signedInAt(server.url, 'hotelier');
  const me = JSON.parse((await runCli(['whoami', ...at, '--json'], { configDir: hotelier })).stdout) as {
    ternHotels: { id: string; name: string }[];
  };
  return me.ternHotels.find((p) => p.name === name)!.id;
};

describe('tern admin', () => {
  it('lists, adds, blocks and unblocks users (the block asks first; --yes without a terminal)', async () => {
    const list = await runCli(['admin', 'users', 'list', '--search', 'hotelier', ...at, '--json'], {
      configDir: admin,
    });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).items.map((u: { email: string }) => u.email)).toContain(
      'hotelier@demo.tern.test',
    );
    const harbour = await propertyId('Harbour View Hotel');
    const added = await runCli(
      [
        'admin',
        'users',
        'add',
        '--email',
        'cli.person@example.com',
        '--name',
        'Cli Person',
        '--property',
        `${harbour}:manager`,
        '--password-stdin',
        ...at,
        '--json',
      ],
      { configDir: admin, stdin: 'secret-1\n' },
    );
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      email: 'cli.person@example.com',
      role: 'supplier',
      ternHotels: [{ role: 'manager' }],
    });
    // The server's refusal comes as it came: the e-mail is taken.
    const again = await runCli(
      [
        'admin',
        'users',
        'add',
        '--email',
        'cli.person@example.com',
        '--name',
        'Cli Person',
        '--password-stdin',
      ].concat(at, ['--json']),
      { configDir: admin, stdin: 'secret-1\n' },
    );
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout).error).toMatchObject({ status: 409, code: 'email_taken' });
    const ask = await runCli(['admin', 'users', 'block', 'cli.person@example.com', ...at], {
      configDir: admin,
    });
    expect(ask.code).toBe(1);
    expect(ask.stderr).toContain('--yes');
    const blocked = await runCli(['admin', 'users', 'block', 'cli.person@example.com', '--yes', ...at], {
      configDir: admin,
    });
    expect(blocked.code).toBe(0);
    expect(blocked.stdout).toContain('Cli Person is blocked');
    const hidden = await runCli(['admin', 'users', 'list', '--search', 'cli.person', ...at, '--json'], {
      configDir: admin,
    });
    expect(JSON.parse(hidden.stdout).items).toEqual([]);
    const all = await runCli(['admin', 'users', 'list', '--search', 'cli.person', '--all', ...at], {
      configDir: admin,
    });
    expect(all.stdout).toMatch(/cli\.person@example\.com\s+Cli Person\s+blocked/);
    expect(
      (
        await runCli(['admin', 'users', 'unblock', 'cli.person@example.com', '--yes', ...at], {
          configDir: admin,
        })
      ).code,
    ).toBe(0);
  });

  it('checks flags with core’s rules before calling', async () => {
    const bad = await runCli(
      ['admin', 'users', 'add', '--email', 'nope', '--name', 'X', '--password-stdin', ...at],
      {
        configDir: admin,
        stdin: 'secret-1\n',
      },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--email: enter an e-mail address such as name@example.com');
    const twice = await runCli(
      ['admin', 'users', 'add', '--email', 'twice@example.com', '--name', 'Twice', '--password-stdin'].concat(
        ['--property', 'p1', '--property', 'p1:manager'],
        at,
      ),
      { configDir: admin, stdin: 'secret-1\n' },
    );
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('--property: this property is already in the list');
    const short = await runCli(
      ['admin', 'users', 'add', '--email', 'short@example.com', '--name', 'Short', '--password-stdin', ...at],
      { configDir: admin, stdin: 'abc\n' },
    );
    expect(short.stderr).toContain('--password-stdin: use at least 6 characters');
    const phone = await runCli(
      [
        'admin',
        'resellers',
        'add',
        '--name',
        'Fjord',
        '--email',
        'a@b.no',
        '--phone',
        'call me',
        '--country',
        'NO',
        ...at,
      ],
      {
        configDir: admin,
      },
    );
    expect(phone.stderr).toContain('--phone: use digits only');
    const pms = await runCli(
      [
        'admin',
        'properties',
        'add',
        '--name',
        'Lodge',
        '--email',
        'a@b.is',
        '--pms',
        'opera',
        '--type',
        'lodge',
        '--channex-id',
        'c1',
        ...at,
      ],
      { configDir: admin },
    );
    expect(pms.code).toBe(2);
    expect(pms.stderr).toContain('--pms');
  });

  it('adds resellers and properties, turns lock overrides on and off, and a store to Icelandic only', async () => {
    const reseller = await runCli(
      [
        'admin',
        'resellers',
        'add',
        '--name',
        'Fjord CLI',
        '--email',
        'desk@fjordcli.no',
        '--phone',
        '+47 22 00',
        '--country',
        'NO',
        '--external-id',
        'FJ-CLI',
        ...at,
        '--json',
      ],
      { configDir: admin },
    );
    expect(reseller.code).toBe(0);
    const { id } = JSON.parse(reseller.stdout) as { id: string };
    const on = await runCli(['admin', 'resellers', 'lock-override', id, 'on', ...at, '--json'], {
      configDir: admin,
    });
    expect(JSON.parse(on.stdout)).toMatchObject({ lockOverride: true });
    const listed = await runCli(['admin', 'resellers', 'list', '--search', 'FJ-CLI', ...at], {
      configDir: admin,
    });
    expect(listed.stdout).toMatch(/Fjord CLI\s+desk@fjordcli\.no\s+FJ-CLI\s+override on/);
    const property = await runCli(
      [
        'admin',
        'properties',
        'add',
        '--name',
        'CLI Lodge',
        '--email',
        'stay@clilodge.is',
        '--pms',
        'beds_24',
        '--type',
        'lodge',
        '--channex-id',
        'chx-9999',
        '--timezone',
        'Atlantic/Reykjavik',
        '--store-icelandic-only',
        ...at,
        '--json',
      ],
      { configDir: admin },
    );
    expect(property.code).toBe(0);
    expect(JSON.parse(property.stdout)).toMatchObject({
      propertyType: 'lodge',
      channexPropertyId: expect.stringMatching(/9999$/),
      storeIcelandicOnly: true,
    });
    const propertyId = JSON.parse(property.stdout).id as string;
    const everyLanguage = await runCli(['admin', 'properties', 'icelandic-only', propertyId, 'off', ...at], {
      configDir: admin,
    });
    expect(everyLanguage.stdout).toBe('CLI Lodge’s gift store is in every language.\n');
    const again = await runCli(['admin', 'properties', 'icelandic-only', propertyId, 'on', ...at, '--json'], {
      configDir: admin,
    });
    // The switch alone changes: the property's other fields stay as they were.
    expect(JSON.parse(again.stdout)).toMatchObject({
      storeIcelandicOnly: true,
      name: 'CLI Lodge',
      timezone: 'Atlantic/Reykjavik',
      channexPropertyId: expect.stringMatching(/9999$/),
    });
    const wrong = await runCli(
      ['admin', 'properties', 'lock-override', JSON.parse(property.stdout).id, 'maybe', ...at],
      { configDir: admin },
    );
    expect(wrong.code).toBe(2);
  });

  it('is the admin’s: a hotelier is refused', async () => {
    const hotelier = await signedInAt(server.url, 'hotelier');
    const refused = await runCli(['admin', 'users', 'list', ...at, '--json'], { configDir: hotelier });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error.status).toBe(403);
  });
});

describe('tern users (a manager’s)', () => {
  it('lists and adds the property’s users; staff are refused', async () => {
    const harbour = await propertyId('Harbour View Hotel');
    const hotelier = await signedInAt(server.url, 'hotelier');
    const list = await runCli(['users', 'list', '--property', harbour, ...at], { configDir: hotelier });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('staff@demo.tern.test');
    const added = await runCli(
      [
        'users',
        'add',
        '--property',
        harbour,
        '--email',
        'porter.cli@example.com',
        '--name',
        'Porter',
        '--password-stdin',
        ...at,
        '--json',
      ],
      { configDir: hotelier, stdin: 'secret-1\n' },
    );
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout).ternHotels).toMatchObject([{ propertyId: harbour, role: 'user' }]);
    const staff = await signedInAt(server.url, 'staff');
    const refused = await runCli(['users', 'list', '--property', harbour, ...at, '--json'], {
      configDir: staff,
    });
    expect(refused.code).toBe(1);
    // Staff see their property: they are told only its managers may (403 managers_only), not that it is not there.
    expect(JSON.parse(refused.stdout).error).toMatchObject({ status: 403, code: 'managers_only' });
  });

  it('refuses before any call to block a user beyond the manager’s reach; a one-time password is not kept by login', async () => {
    const harbour = await propertyId('Harbour View Hotel');
    const hotelier2 = await signedInAt(server.url, 'hotelier2');
    const them = JSON.parse((await runCli(['whoami', ...at, '--json'], { configDir: hotelier2 })).stdout) as {
      ternHotels: { id: string; name: string }[];
    };
    const alfama = them.ternHotels.find((p) => p.name === 'Casa do Alfama')!.id;
    // Added by the admin: a user of Harbour View who manages another company's hotel.
    const added = await runCli(
      ['admin', 'users', 'add', '--email', 'double.cli@example.com', '--name', 'Double']
        .concat(['--property', `${harbour}:user`, '--property', `${alfama}:manager`, '--password-stdin'])
        .concat(at),
      { configDir: admin, stdin: 'given-1\n' },
    );
    expect(added.code).toBe(0);
    const hotelier = await signedInAt(server.url, 'hotelier');
    const block = await runCli(
      ['users', 'block', 'double.cli@example.com', '--property', harbour, '--yes', ...at, '--json'],
      { configDir: hotelier },
    );
    expect(block.code).toBe(1);
    expect(JSON.parse(block.stdout).error).toMatchObject({
      code: 'user_beyond_reach',
      message: expect.stringContaining('Only an admin may change this user’s account'),
    });

    // The admin chose the password: it works once, and `tern login` says where to change it.
    const login = await runCli(['login', '--email', 'double.cli@example.com', '--password-stdin', ...at], {
      configDir: await signedInAt(server.url, 'agent'),
      stdin: 'given-1\n',
    });
    expect(login.code).toBe(1);
    expect(login.stderr).toContain('was set by an admin or manager and works once');
    expect(login.stderr).toContain('/changePassword');
  });
});
