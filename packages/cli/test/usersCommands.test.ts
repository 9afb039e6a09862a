import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern admin users edit|reset|password|history` and `tern users edit|reset|password --property ID`: what the web's
// user rows offer, from the terminal, with the server's `may` said before any call.

let server: TestServer;
let admin: string;
let hotelier: string;
let harbour: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAt(server.url, 'admin');
  hotelier = await signedInAt(server.url, 'hotelier');
  harbour = (await server.db.one<{ id: string }>("select id from properties where key = 'harbour-view'"))!.id;
});
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const tern = (configDir: string, argv: string[], stdin?: string) =>
  runCli([...argv, '--api-url', server.url], { configDir, ...(stdin === undefined ? {} : { stdin }) });
const resetMails = async (email: string) =>
  (await server.client().mail.list({ query: { to: email, kind: 'password_reset', limit: 50 } })).meta.total;

describe('tern admin users edit|reset|password|history', () => {
  it('renames, mails a reset link, sets a one-time password, and reads the history in words', async () => {
    const agent2 = demoEmail('agent2');
    const edited = await tern(admin, ['admin', 'users', 'edit', agent2, '--name', 'Agent Two', '--json']);
    expect(edited.stderr).toBe('');
    expect(JSON.parse(edited.stdout)).toMatchObject({ email: agent2, name: 'Agent Two' });

    const before = await resetMails(agent2);
    const reset = await tern(admin, ['admin', 'users', 'reset', agent2]);
    expect(reset.stdout).toBe(
      `A link to choose a new password was sent to ${agent2} (it works for an hour).\n`,
    );
    expect(await resetMails(agent2)).toBe(before + 1);

    const set = await tern(admin, ['admin', 'users', 'password', agent2, '--password-stdin'], 'one-time-1\n');
    expect(set.stderr).toBe('');
    expect(set.stdout).toContain('It works once');
    const signIn = await server.client().auth.signIn({
      body: { session: { email: agent2, password: 'one-time-1', rememberMe: false } },
    });
    expect(signIn).toMatchObject({ type: 'session', purpose: 'password_change' });

    const history = await tern(admin, ['admin', 'users', 'history', agent2]);
    expect(history.stderr).toBe('');
    expect(history.stdout).toMatch(/^WHEN\s+WHAT\s+FROM$/m);
    expect(history.stdout).toContain('sent Agent Two a link to choose a new password');
    expect(history.stdout).toContain('set a one-time password for Agent Two');
    expect(history.stdout).not.toContain('send_reset_link');
  });

  it('says what to change, and refuses one’s own password here', async () => {
    const nothing = await tern(admin, ['admin', 'users', 'edit', demoEmail('agent')]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Say what changes');
    const own = await tern(
      admin,
      ['admin', 'users', 'password', demoEmail('admin'), '--password-stdin'],
      'x-1234567\n',
    );
    expect(own.code).toBe(1);
    expect(own.stderr).toContain('You may not set the password of');
  });
});

describe('tern users edit|reset|password --property ID (a manager)', () => {
  it('offers them for a user wholly the manager’s, and refuses them before any call beyond her reach', async () => {
    const staff = demoEmail('staff');
    const before = await resetMails(staff);
    const reset = await tern(hotelier, ['users', 'reset', staff, '--property', harbour]);
    expect(reset.stderr).toBe('');
    expect(await resetMails(staff)).toBe(before + 1);
    const edited = await tern(hotelier, [
      'users',
      'edit',
      staff,
      '--property',
      harbour,
      '--no-notifications',
      '--json',
    ]);
    expect(edited.stderr).toBe('');
    expect(JSON.parse(edited.stdout)).toMatchObject({ email: staff, sendBookingNotificationEmail: false });
    // A user who also manages another company's hotel is the admin's: refused with the rule's words, nothing sent.
    const alfama = (await server.db.one<{ id: string }>(
      "select id from properties where key = 'casa-alfama'",
    ))!.id;
    const double = `double.${Date.now()}@example.com`;
    const added = await tern(
      admin,
      ['admin', 'users', 'add', '--email', double, '--name', 'Double', '--password-stdin'].concat([
        '--property',
        harbour,
        '--property',
        `${alfama}:manager`,
      ]),
      'given-123\n',
    );
    expect(added.stderr).toBe('');
    for (const argv of [
      ['users', 'reset', double, '--property', harbour],
      ['users', 'edit', double, '--property', harbour, '--name', 'Mine now'],
    ]) {
      const refused = await tern(hotelier, argv);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/You may not (send a reset link to|change) Double/);
    }
    expect(await resetMails(double)).toBe(0);
  });
});
