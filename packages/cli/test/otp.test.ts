import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Collector,
  demoEmail,
  FakeTtyStdin,
  mask,
  PASSWORD,
  removeTempDirs,
  runCli,
  shown,
  tempConfigDir,
  tick,
} from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const OTP = demoEmail('otp');

async function readConfig(dir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(dir, 'config.json'), 'utf8'));
}

const login = (configDir: string, ...extra: string[]) =>
  runCli(['login', '--api-url', server.url, '--email', OTP, '--password-stdin', ...extra], {
    configDir,
    stdin: `${PASSWORD}\n`,
  });

/** The code in the newest one-time-code mail, read the way a user would: `tern mail list`, then `tern mail show`. */
async function codeFromOutbox(configDir: string): Promise<string> {
  const list = await runCli(
    ['mail', 'list', '--json', '--api-url', server.url, '--to', OTP, '--kind', 'otp_code'],
    {
      configDir,
    },
  );
  expect(list.code).toBe(0);
  const newest = JSON.parse(list.stdout).items[0];
  const show = await runCli(['mail', 'show', newest.id, '--api-url', server.url], { configDir });
  expect(show.code).toBe(0);
  const code = /sign-in code is (\d{6})/.exec(show.stdout)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

describe('tern login with a one-time code', () => {
  it('asks to rerun with --otp, then signs in with the code from the outbox and trusts the device', async () => {
    const configDir = await tempConfigDir();
    const first = await runCli(
      ['login', '--json', '--api-url', server.url, '--email', OTP, '--password-stdin'],
      { configDir, stdin: PASSWORD },
    );
    expect(first.code).toBe(1);
    expect(first.stderr).toMatchInlineSnapshot(`
      "Error: A one-time code was sent to o••@demo.tern.test: rerun with --otp CODE within 10 minutes (in the sandbox, read it with \`tern mail list\`)
      "
    `);
    expect(mask(first.stdout)).toMatchInlineSnapshot(`
      "{
        "error": {
          "kind": "user",
          "code": "otp_required",
          "message": "A one-time code was sent to o••@demo.tern.test: rerun with --otp CODE within 10 minutes (in the sandbox, read it with \`tern mail list\`)",
          "destination": "o••@demo.tern.test",
          "expiresAt": "<instant>"
        }
      }
      "
    `);
    const pending = await readConfig(configDir);
    expect(pending.token).toBeUndefined();
    expect(pending.pendingChallenge).toMatchObject({ email: OTP, destination: 'o••@demo.tern.test' });

    const code = await codeFromOutbox(configDir);
    const second = await login(configDir, '--otp', code);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Signed in as Olivia Pemberton (otp@demo.tern.test).');
    const config = await readConfig(configDir);
    expect(Object.keys(config).sort()).toEqual(['apiUrl', 'deviceIdentifier', 'email', 'exp', 'token']);
    expect(config.deviceIdentifier).toMatch(/^[\w-]{43}$/);

    // Signed out and in again: the trusted device skips the code, and keeps its identifier.
    expect((await runCli(['logout'], { configDir })).code).toBe(0);
    expect(await readConfig(configDir)).toEqual({
      apiUrl: server.url,
      deviceIdentifier: config.deviceIdentifier,
    });
    const third = await login(configDir);
    expect(third).toMatchObject({ code: 0, stderr: '' });
    expect((await readConfig(configDir)).deviceIdentifier).toBe(config.deviceIdentifier);
  });

  it('refuses a wrong code, and keeps the challenge for another try', async () => {
    const configDir = await tempConfigDir();
    expect((await login(configDir)).code).toBe(1);
    const code = await codeFromOutbox(configDir);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await login(configDir, '--otp', wrong);
    expect(refused).toMatchObject({ code: 1, stdout: '', stderr: 'Error: The code is not right.\n' });
    expect((await readConfig(configDir)).pendingChallenge).toBeDefined();
    expect((await login(configDir, '--otp', code)).code).toBe(0);
  });

  it('checks the code is 6 digits before asking the server, and asks for a new one when none is pending', async () => {
    const configDir = await tempConfigDir();
    const short = await login(configDir, '--otp', '12');
    expect(short).toMatchObject({ code: 2, stderr: 'Error: --otp: The code has 6 digits\n' });
    const unexpected = await login(configDir, '--otp', '123456');
    expect(unexpected.code).toBe(1);
    expect(unexpected.stderr).toContain(
      'the code you gave belongs to no pending sign-in, so a new one was sent',
    );
    expect((await readConfig(configDir)).pendingChallenge).toMatchObject({ email: OTP });
  });
});

describe('tern login on a terminal', () => {
  it('signs in through the Ink form: e-mail, password, then the code when the server asks', async () => {
    const configDir = await tempConfigDir();
    const tty = new FakeTtyStdin();
    const screen = new Collector(true);
    const running = runCli(['login', '--api-url', server.url], {
      configDir,
      isTTY: true,
      tty,
      stdout: screen,
    });
    // Each step's keys wait for its screen (the code step shows once the server has asked for a code).
    await shown(screen, 'Tab: switch field');
    for (const keys of [OTP, '\r', PASSWORD, '\r']) {
      tty.write(keys);
      await tick();
    }
    await shown(screen, 'Ctrl+R: send a new code');
    tty.write(`${await server.latestCode(OTP)}\r`);
    const result = await running;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(PASSWORD);
    expect(result.stdout).toContain('Signed in as Olivia Pemberton (otp@demo.tern.test).');
    expect(await readConfig(configDir)).toMatchObject({ email: OTP, apiUrl: server.url });
  });

  it('exits 130 on Ctrl+C, as a shell reports an interrupted command, and keeps no session', async () => {
    const configDir = await tempConfigDir();
    const tty = new FakeTtyStdin();
    const screen = new Collector(true);
    const running = runCli(['login', '--api-url', server.url], {
      configDir,
      isTTY: true,
      tty,
      stdout: screen,
    });
    await shown(screen, 'Tab: switch field');
    tty.write(OTP);
    await tick();
    tty.write('\u0003');
    const result = await running;
    expect(result).toMatchObject({ code: 130, stderr: 'Interrupted\n' });
    const saved = await readFile(join(configDir, 'config.json'), 'utf8').catch(() => '{}');
    expect(JSON.parse(saved).token).toBeUndefined();
  });
});

describe('tern mail', () => {
  it('lists the outbox as a table and shows one e-mail', async () => {
    const configDir = await tempConfigDir();
    const agent = demoEmail('agent');
    // Two reset links for the agent, asked for through the API (forgot password mails one each time).
    for (let i = 0; i < 2; i++) await server.client().auth.forgotPassword({ body: { email: agent } });
    const list = await runCli(['mail', 'list', '--api-url', server.url, '--to', agent, '--limit', '1'], {
      configDir,
    });
    expect(list.code).toBe(0);
    expect(mask(list.stdout)).toMatchInlineSnapshot(`
      "ID                                    SENT                      TO                    KIND            SUBJECT
      <id>  <instant>  agent@demo.tern.test  password_reset  Reset your Tern password
      1 of 2; --page 2 for more. Read one with \`tern mail show ID\`.
      "
    `);
    const json = JSON.parse(
      (await runCli(['mail', 'list', '--json', '--api-url', server.url, '--to', agent], { configDir }))
        .stdout,
    );
    expect(json.meta).toEqual({ page: 1, limit: 10, total: 2 });
    expect(json.items.map((m: { kind: string }) => m.kind)).toEqual(['password_reset', 'password_reset']);
    const id = json.items[0].id;
    const show = await runCli(['mail', 'show', id, '--json', '--api-url', server.url], { configDir });
    expect(JSON.parse(show.stdout)).toEqual(json.items[0]);
    const human = await runCli(['mail', 'show', id, '--api-url', server.url], { configDir });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`ID       ${id}\n`);
    expect(human.stdout).toContain('Subject  Reset your Tern password\n\n');
    expect(human.stdout).toContain(json.items[0].text);
  });

  it('says which e-mail is missing, and refuses a bad --limit', async () => {
    const configDir = await tempConfigDir();
    const missing = await runCli(
      ['mail', 'show', '00000000-0000-4000-8000-000000000000', '--api-url', server.url, '--json'],
      { configDir },
    );
    expect(missing.code).toBe(1);
    expect(mask(missing.stdout)).toMatchInlineSnapshot(`
      "{
        "error": {
          "kind": "user",
          "code": "not_found",
          "message": "No e-mail <id> in the outbox (or the outbox is closed to you: it is an admin’s, or anyone’s with --sandbox)",
          "status": 404
        }
      }
      "
    `);
    const bad = await runCli(['mail', 'list', '--limit', 'ten', '--api-url', server.url], { configDir });
    expect(bad).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "Error: option '--limit <n>' argument 'ten' is invalid. Use a whole number from 1 to 1000 (see \`tern --help\`)
      ",
        "stdout": "",
      }
    `);
  });
});
