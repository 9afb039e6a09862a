import { readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SessionExpiredError, UnauthorizedError } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, mask, PASSWORD, removeTempDirs, runCli, tempConfigDir } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const HOUR = 60 * 60 * 1000;

async function readConfig(dir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(dir, 'config.json'), 'utf8'));
}

/** Signs a demo login in through `tern login --password-stdin` in a new config folder. */
async function signedIn(login: string): Promise<string> {
  const configDir = await tempConfigDir();
  const result = await runCli(
    ['login', '--api-url', server.url, '--email', demoEmail(login), '--password-stdin'],
    {
      configDir,
      stdin: `${PASSWORD}\n`,
    },
  );
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return configDir;
}

describe('tern login without a terminal', () => {
  it('signs in with --email and --password-stdin, and keeps the session in a 0600 file in a 0700 folder', async () => {
    const configDir = await tempConfigDir();
    const before = Date.now();
    const result = await runCli(
      ['login', '--api-url', server.url, '--email', 'agent@demo.tern.test', '--password-stdin'],
      { configDir, stdin: 'tern-demo-1\n' },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(mask(result.stdout)).toMatchInlineSnapshot(`
      "Signed in as Árni Valdimarsson (agent@demo.tern.test).
      Name           Árni Valdimarsson
      E-mail         agent@demo.tern.test
      Role           reseller
      Agency         Northern Lights Travel
      API            http://127.0.0.1:<port>
      Session until  <instant>
      "
    `);

    expect((await stat(join(configDir, 'config.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(configDir)).mode & 0o777).toBe(0o700);
    const config = await readConfig(configDir);
    expect(Object.keys(config)).toEqual(['apiUrl', 'token', 'exp', 'email']);
    expect(config).toMatchObject({ apiUrl: server.url, email: 'agent@demo.tern.test' });
    // exp = now + ttl × 1000, with the 12-hour session of a sign-in without "remember me".
    expect(config.exp).toBeGreaterThanOrEqual(before + 12 * HOUR);
    expect(config.exp).toBeLessThanOrEqual(Date.now() + 12 * HOUR);
    // The token is the server's: it works with the SDK.
    const me = await server.client(config.token as string).auth.currentUser();
    expect(me.email).toBe('agent@demo.tern.test');
  });

  it('prints the session as JSON with --json, without the token', async () => {
    const configDir = await tempConfigDir();
    const result = await runCli(
      [
        'login',
        '--json',
        '--api-url',
        server.url,
        '--email',
        demoEmail('hotelier'),
        '--password-stdin',
        '--remember',
      ],
      { configDir, stdin: PASSWORD },
    );
    expect(result.code).toBe(0);
    const config = await readConfig(configDir);
    expect(result.stdout).not.toContain(config.token as string);
    expect(config.exp).toBeGreaterThan(Date.now() + 29 * 24 * HOUR);
    expect(mask(result.stdout)).toMatchInlineSnapshot(`
      "{
        "apiUrl": "http://127.0.0.1:<port>",
        "expiresAt": "<instant>",
        "userRole": "supplier",
        "user": {
          "id": "<id>",
          "email": "hotelier@demo.tern.test",
          "name": "Helga Sigurðardóttir",
          "role": "supplier",
          "status": "active",
          "agentId": null,
          "agent": null,
          "ternHotels": [
            {
              "id": "<id>",
              "name": "Harbour View Hotel",
              "propertyId": "<id>",
              "ternHotelUserId": "<id>",
              "role": "manager",
              "propertyType": "accommodation",
              "locked": false,
              "timezone": "Atlantic/Reykjavik",
              "currency": "ISK"
            },
            {
              "id": "<id>",
              "name": "Hotel Norðurljós & Spa",
              "propertyId": "<id>",
              "ternHotelUserId": "<id>",
              "role": "manager",
              "propertyType": "accommodation",
              "locked": false,
              "timezone": "Atlantic/Reykjavik",
              "currency": "ISK"
            },
            {
              "id": "<id>",
              "name": "Laugavegur Townhouse",
              "propertyId": "<id>",
              "ternHotelUserId": "<id>",
              "role": "manager",
              "propertyType": "accommodation",
              "locked": false,
              "timezone": "Atlantic/Reykjavik",
              "currency": "ISK"
            }
          ],
          "otpEnabled": false,
          "features": {
            "searchPageIsActive": true,
            "carRentalFeature": false
          }
        }
      }
      "
    `);
  });

  it('refuses a wrong password with one line on stderr and leaves the current session alone', async () => {
    const configDir = await signedIn('agent2');
    const before = await readConfig(configDir);
    const result = await runCli(['login', '--email', demoEmail('agent2'), '--password-stdin'], {
      configDir,
      stdin: 'not-the-password\n',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatchInlineSnapshot(`
      "Error: The e-mail or password is not right.
      "
    `);
    expect(await readConfig(configDir)).toEqual(before);

    const json = await runCli(['login', '--json', '--email', demoEmail('agent2'), '--password-stdin'], {
      configDir,
      stdin: 'not-the-password\n',
    });
    expect(json.code).toBe(1);
    expect(json.stderr.trim().split('\n')).toHaveLength(1);
    expect(mask(json.stdout)).toMatchInlineSnapshot(`
      "{
        "error": {
          "kind": "user",
          "code": "invalid_credentials",
          "message": "The e-mail or password is not right.",
          "status": 401,
          "requestId": "<id>"
        }
      }
      "
    `);
  });

  it('names the flags to pass when there is no terminal to prompt on', async () => {
    const configDir = await tempConfigDir();
    const noFlags = await runCli(['login', '--api-url', server.url], { configDir });
    expect(noFlags).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "Error: Without a terminal, \`tern login\` cannot prompt: pass --email EMAIL and --password-stdin (the password on standard input)
      ",
        "stdout": "",
      }
    `);
    const noPassword = await runCli(['login', '--api-url', server.url, '--email', demoEmail('agent')], {
      configDir,
    });
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('--password-stdin');
    // --json never prompts, even on a terminal.
    const json = await runCli(['login', '--json', '--api-url', server.url], { configDir, isTTY: true });
    expect(json.code).toBe(2);
    expect(json.stdout).toMatchInlineSnapshot(`
      "{
        "error": {
          "kind": "user",
          "code": "missing_flags",
          "message": "With --json, \`tern login\` does not prompt: pass --email EMAIL and --password-stdin (the password on standard input)"
        }
      }
      "
    `);
    const otpOnTerminal = await runCli(['login', '--api-url', server.url, '--otp', '123456'], {
      configDir,
      isTTY: true,
    });
    expect(otpOnTerminal.stderr).toBe(
      'Error: --otp finishes a sign-in started with --email and --password-stdin: pass --email EMAIL and --password-stdin (the password on standard input)\n',
    );
    const empty = await runCli(
      ['login', '--api-url', server.url, '--email', demoEmail('agent'), '--password-stdin'],
      {
        configDir,
        stdin: '',
      },
    );
    expect(empty).toMatchObject({
      code: 2,
      stderr: 'Error: --password-stdin: no password on standard input\n',
    });
    const badEmail = await runCli(
      ['login', '--api-url', server.url, '--email', 'agent', '--password-stdin'],
      {
        configDir,
        stdin: PASSWORD,
      },
    );
    expect(badEmail).toMatchObject({
      code: 2,
      stderr: 'Error: --email: Enter an e-mail address such as name@example.com\n',
    });
    await expect(stat(join(configDir, 'config.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('tern whoami', () => {
  it('shows a reseller with the agency, aligned', async () => {
    const configDir = await signedIn('agent');
    const result = await runCli(['whoami'], { configDir });
    expect(result.code).toBe(0);
    expect(mask(result.stdout)).toMatchInlineSnapshot(`
      "Name           Árni Valdimarsson
      E-mail         agent@demo.tern.test
      Role           reseller
      Agency         Northern Lights Travel
      API            http://127.0.0.1:<port>
      Session until  <instant>
      "
    `);
  });

  it('shows a supplier with the properties', async () => {
    const configDir = await signedIn('hotelier');
    const result = await runCli(['whoami'], { configDir });
    expect(result.code).toBe(0);
    expect(mask(result.stdout)).toMatchInlineSnapshot(`
      "Name           Helga Sigurðardóttir
      E-mail         hotelier@demo.tern.test
      Role           supplier
      Properties     Harbour View Hotel (manager)  <id>
                     Hotel Norðurljós & Spa (manager)  <id>
                     Laugavegur Townhouse (manager)  <id>
      API            http://127.0.0.1:<port>
      Session until  <instant>
      "
    `);
  });

  it('prints the SDK user with --json', async () => {
    const configDir = await signedIn('staff');
    const result = await runCli(['whoami', '--json'], { configDir });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ type: 'user', email: 'staff@demo.tern.test' });
    expect(mask(result.stdout)).toMatchInlineSnapshot(`
      "{
        "id": "<id>",
        "type": "user",
        "email": "staff@demo.tern.test",
        "name": "Sigurður Ólafsson",
        "role": "supplier",
        "status": "active",
        "agentId": null,
        "agent": null,
        "ternHotels": [
          {
            "id": "<id>",
            "name": "Harbour View Hotel",
            "propertyId": "<id>",
            "ternHotelUserId": "<id>",
            "role": "user",
            "propertyType": "accommodation",
            "locked": false,
            "timezone": "Atlantic/Reykjavik",
            "currency": "ISK"
          }
        ],
        "otpEnabled": false,
        "features": {
          "searchPageIsActive": true,
          "carRentalFeature": false
        }
      }
      "
    `);
  });

  it('says "Not signed in" without a token, as a user error', async () => {
    const configDir = await tempConfigDir();
    expect(await runCli(['whoami', '--api-url', server.url], { configDir })).toMatchInlineSnapshot(`
      {
        "code": 1,
        "stderr": "Error: Not signed in: run \`tern login\`
      ",
        "stdout": "",
      }
    `);
    const json = await runCli(['whoami', '--json', '--api-url', server.url], { configDir });
    expect(json.code).toBe(1);
    expect(json.stdout).toMatchInlineSnapshot(`
      "{
        "error": {
          "kind": "user",
          "code": "not_signed_in",
          "message": "Not signed in: run \`tern login\`"
        }
      }
      "
    `);
  });

  it('does not send the token to another API than the one it came from', async () => {
    const configDir = await signedIn('agent');
    const result = await runCli(['whoami', '--api-url', 'http://localhost:9'], { configDir });
    expect(result.code).toBe(1);
    expect(mask(result.stderr)).toMatchInlineSnapshot(`
      "Error: Not signed in at http://localhost:9 (the session is for http://127.0.0.1:<port>): run \`tern login --api-url http://localhost:9\`
      "
    `);
  });
});

describe('tern logout', () => {
  it('ends the session on the server and forgets the token', async () => {
    const configDir = await signedIn('agent');
    const { token } = await readConfig(configDir);
    const result = await runCli(['logout'], { configDir });
    expect(result).toEqual({ code: 0, stdout: 'Signed out agent@demo.tern.test.\n', stderr: '' });
    const config = await readConfig(configDir);
    expect(config).toEqual({ apiUrl: server.url });
    await expect(server.client(token as string).auth.currentUser()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await runCli(['whoami'], { configDir })).toMatchObject({
      code: 1,
      stderr: 'Error: Not signed in: run `tern login`\n',
    });
    // Once more: nothing to do, and not an error.
    expect(await runCli(['logout', '--json'], { configDir })).toMatchInlineSnapshot(`
      {
        "code": 0,
        "stderr": "",
        "stdout": "{
        "signedOut": false,
        "email": null
      }
      ",
      }
    `);
  });

  it('forgets a token the server no longer knows', async () => {
    const configDir = await tempConfigDir();
    await writeFile(
      join(configDir, 'config.json'),
      JSON.stringify({
        apiUrl: server.url,
        token: 'made-up',
        exp: Date.now() + HOUR,
        email: 'x@demo.tern.test',
      }),
    );
    const whoami = await runCli(['whoami'], { configDir });
    expect(whoami).toMatchInlineSnapshot(`
      {
        "code": 1,
        "stderr": "Error: Your session is not valid any more: run \`tern login\`
      ",
        "stdout": "",
      }
    `);
    expect(await readConfig(configDir)).toEqual({ apiUrl: server.url });

    await writeFile(
      join(configDir, 'config.json'),
      JSON.stringify({
        apiUrl: server.url,
        token: 'made-up',
        exp: Date.now() + HOUR,
        email: 'x@demo.tern.test',
      }),
    );
    const logout = await runCli(['logout'], { configDir });
    expect(logout).toMatchInlineSnapshot(`
      {
        "code": 0,
        "stderr": "",
        "stdout": "Signed out x@demo.tern.test (the session had already ended on the server).
      ",
      }
    `);
    expect(await readConfig(configDir)).toEqual({ apiUrl: server.url });
  });
});

describe('errors', () => {
  it('names the URL when the connection is refused', async () => {
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => done(port));
      });
    });
    const configDir = await tempConfigDir();
    const result = await runCli(['mail', 'list', '--api-url', `http://127.0.0.1:${port}`], { configDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Error: Cannot reach the Tern API at http://127.0.0.1:${port} (connection refused): is it running? Pass --api-url or set TERN_API_URL\n`,
    );
  });

  it('treats a reply off the contract as a bug: exit 70, the stack only with TERN_DEBUG=1', async () => {
    const configDir = await signedIn('agent');
    // The server is real; only the reply to /users/me is replaced by one the contract does not allow.
    const offContract: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.endsWith('/api/v1/users/me')) return fetch(request);
      return Response.json({ data: { id: '1', type: 'user', attributes: { email: 42 } } });
    };
    const quiet = await runCli(['whoami', '--json'], { configDir, fetch: offContract });
    expect(quiet.code).toBe(70);
    expect(quiet.stderr).toMatch(
      /^This is a bug in tern: SchemaMismatchError: .*TERN_DEBUG=1 shows the stack\n$/,
    );
    expect(JSON.parse(quiet.stdout)).toMatchObject({ error: { kind: 'bug', code: 'bug' } });
    const debug = await runCli(['whoami'], { configDir, fetch: offContract, env: { TERN_DEBUG: '1' } });
    expect(debug.code).toBe(70);
    expect(debug.stderr).toContain('    at ');
  });

  it('refuses an --api-url that is not a URL, and a config file that is not JSON', async () => {
    const configDir = await tempConfigDir();
    expect(await runCli(['whoami', '--api-url', 'localhost'], { configDir })).toMatchInlineSnapshot(`
      {
        "code": 1,
        "stderr": "Error: --api-url: not a URL: localhost (e.g. http://127.0.0.1:4000)
      ",
        "stdout": "",
      }
    `);
    await writeFile(join(configDir, 'config.json'), '{"token": ');
    const broken = await runCli(['whoami'], { configDir });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      `Error: ${join(configDir, 'config.json')} is not valid JSON: fix it or delete it and run \`tern login\`\n`,
    );
  });

  it('answers usage errors with exit 2 and help with exit 0', async () => {
    const configDir = await tempConfigDir();
    expect(await runCli(['whoam'], { configDir })).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "Error: unknown command 'whoam' (Did you mean whoami?) (see \`tern --help\`)
      ",
        "stdout": "",
      }
    `);
    expect(await runCli(['login', '--nope', '--json'], { configDir })).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "Error: unknown option '--nope' (see \`tern --help\`)
      ",
        "stdout": "{
        "error": {
          "kind": "user",
          "code": "usage",
          "message": "unknown option '--nope' (see \`tern --help\`)"
        }
      }
      ",
      }
    `);
    expect(await runCli([], { configDir })).toMatchObject({ code: 2 });
    const help = await runCli(['--help'], { configDir });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tern');
    expect(help.stdout).toContain(
      'Exit codes: 0 done, 1 an error you can fix (the message says how), 2 a usage error, 70 a bug in tern, 130 interrupted',
    );
  });
});

describe('expired sessions', () => {
  it('says the session expired when the clock passes exp, without asking the server', async () => {
    const configDir = await signedIn('agent');
    const later = () => Date.now() + 13 * HOUR;
    const offline: typeof fetch = () => Promise.reject(new Error('the server was asked'));
    const result = await runCli(['whoami'], { configDir, now: later, fetch: offline });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: Your session has expired: run `tern login`\n',
    });
    expect(await readConfig(configDir)).toEqual({ apiUrl: server.url });
  });

  // Last in the file: the server's clock only moves forward.
  it('says the session expired on a 440 from the server, and forgets the token', async () => {
    const configDir = await signedIn('admin');
    const { token } = await readConfig(configDir);
    server.clock.advance(13 * HOUR);
    await expect(server.client(token as string).auth.currentUser()).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    const result = await runCli(['whoami', '--json'], { configDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Error: Your session has expired: run `tern login`\n');
    expect(mask(result.stdout)).toMatchInlineSnapshot(`
      "{
        "error": {
          "kind": "user",
          "code": "session_expired",
          "message": "Your session has expired: run \`tern login\`",
          "status": 440,
          "requestId": "<id>"
        }
      }
      "
    `);
    expect(await readConfig(configDir)).toEqual({ apiUrl: server.url });
  });
});
