import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Errors a person can act on. A flag or file tern refuses itself is a usage error (exit 2), every bad
// flag named at once in words; the server's refusals exit 1, its field errors named as the flags they came from.

let server: TestServer;
let at: string[];
beforeAll(async () => {
  server = await startTestServer();
  at = ['--api-url', server.url];
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const harbourOf = async (configDir: string) =>
  (
    JSON.parse((await runCli(['whoami', ...at, '--json'], { configDir })).stdout) as {
      ternHotels: { id: string; name: string }[];
    }
  ).ternHotels.find((p) => p.name === 'Harbour View Hotel')!.id;

describe('exit codes and words', () => {
  it('exits 2 for flags tern refuses itself, naming every one at once in words', async () => {
    const agent = await signedInAt(server.url, 'agent');
    // The two examples of the issue: a value core's rule refuses (once exit 1) and one commander's parser refuses.
    const adults = await runCli(['search', 'stays', '--adults', '0', ...at], { configDir: agent });
    expect(adults).toMatchObject({ code: 2, stderr: 'Error: --adults: use a whole number from 1 to 30\n' });
    const hotelier = await signedInAt(server.url, 'hotelier');
    const price = await runCli(['inventory', 'set', '--price', '-5', ...at], { configDir: hotelier });
    expect(price.code).toBe(2);
    expect(price.stderr).toContain('--price');

    const many = await runCli(
      [
        'search',
        'stays',
        '--adults',
        '0',
        '--currency',
        'XXX',
        '--checkin',
        '2026-13-45',
        '--checkout',
        '2026-12-01',
      ].concat(at, ['--json']),
      { configDir: agent },
    );
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('--checkin: "2026-13-45" is not a date: use YYYY-MM-DD');
    expect(many.stderr).toContain('--currency: use one of USD');
    expect(many.stderr).toContain('--adults: use a whole number from 1 to 30');
    // The check-out is a day: the check-in's mistake is not blamed on it.
    expect(many.stderr).not.toContain('--checkout');
    expect(JSON.parse(many.stdout).error).toMatchObject({
      code: 'invalid_input',
      fields: [{ field: '--currency' }, { field: '--checkin' }, { field: '--adults' }],
    });
  });

  it('refuses a reversed range before any call (exit 2), naming the later flag', async () => {
    const agent = await signedInAt(server.url, 'agent');
    const reversed = await runCli(
      [
        'bookings',
        'list',
        '--from',
        '2026-05-10',
        '--to',
        '2026-05-01',
        '--booked-from',
        '2026-02-01',
      ].concat(['--booked-to', '2026-01-01'], at),
      { configDir: agent },
    );
    expect(reversed).toMatchObject({
      code: 2,
      stderr:
        'Error: --to: 2026-05-01 is before --from 2026-05-10: use --from … --to in order; --booked-to: 2026-01-01 is before --booked-from 2026-02-01: use --booked-from … --booked-to in order\n',
    });
    const inOrder = await runCli(['bookings', 'list', '--from', '2026-05-01', '--to', '2026-05-01', ...at], {
      configDir: agent,
    });
    expect(inOrder.code).toBe(0);
    const hotelier = await signedInAt(server.url, 'hotelier');
    const months = await runCli(['gift-cards', 'liability', '--from', '2026-05', '--to', '2026-01', ...at], {
      configDir: hotelier,
    });
    expect(months).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--to: 2026-01 is before --from'),
    });
  });

  it('says the server’s field errors in words, named as the argument or flag (exit 1: the server refused)', async () => {
    const agent = await signedInAt(server.url, 'agent');
    const show = await runCli(['bookings', 'show', 'not-an-id', ...at, '--json'], { configDir: agent });
    expect(show.code).toBe(1);
    expect(show.stderr).toBe('Error: ID: not a valid id\n');
    expect(JSON.parse(show.stdout).error).toMatchObject({ code: 'invalid_input', status: 400 });
  });

  it('tells staff the truth: only the property’s managers may list its users (403, exit 1)', async () => {
    const staff = await signedInAt(server.url, 'staff');
    const harbour = await harbourOf(staff);
    const refused = await runCli(['users', 'list', '--property', harbour, ...at, '--json'], {
      configDir: staff,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('Error: Not allowed: Only a manager of this property may do that.\n');
    expect(JSON.parse(refused.stdout).error).toMatchObject({ code: 'managers_only', status: 403 });
  });
});

describe('admin adds are idempotent', () => {
  it('the same reseller added twice is one reseller; another external id is another', async () => {
    const admin = await signedInAt(server.url, 'admin');
    const add = (externalId: string) =>
      runCli(
        ['admin', 'resellers', 'add', '--name', 'Twice Travel', '--email', 'twice@example.com']
          .concat(['--phone', '3545550100', '--country', 'IS', '--external-id', externalId])
          .concat(at, ['--json']),
        { configDir: admin },
      );
    const first = await add('CRM-77');
    expect(first.code).toBe(0);
    const again = await add('CRM-77');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).id).toBe(JSON.parse(first.stdout).id);
    const other = await add('CRM-78');
    expect(JSON.parse(other.stdout).id).not.toBe(JSON.parse(first.stdout).id);
    const list = await runCli(['admin', 'resellers', 'list', '--search', 'Twice Travel', ...at, '--json'], {
      configDir: admin,
    });
    expect(JSON.parse(list.stdout).items).toHaveLength(2);
  });
});
