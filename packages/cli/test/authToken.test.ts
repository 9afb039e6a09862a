import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './helpers/cli.js';
import { type ServerWithAgent, serverWithAgent } from './helpers/world.js';

// `tern auth token` (as `gh auth token`): the token in use, for a script's TERN_TOKEN — the stored session's, or
// TERN_TOKEN itself (a session token or an agent's API key).

const world: ServerWithAgent = serverWithAgent();

describe('tern auth token', () => {
  it('prints the stored session token, which works as TERN_TOKEN elsewhere', async () => {
    const printed = await runCli(['auth', 'token'], { configDir: world.agent });
    expect(printed.stderr).toBe('');
    const token = printed.stdout.trim();
    expect(printed.stdout).toBe(`${token}\n`);
    expect(token.length).toBeGreaterThan(20);
    const json = JSON.parse((await runCli(['auth', 'token', '--json'], { configDir: world.agent })).stdout);
    expect(json).toMatchObject({ token, source: 'session', apiUrl: world.server.url });
    const elsewhere = await tempConfigDir();
    const whoami = await runCli(['whoami', '--json', '--api-url', world.server.url], {
      configDir: elsewhere,
      env: { TERN_TOKEN: token },
    });
    expect(JSON.parse(whoami.stdout).email).toBe('agent@demo.tern.test');
  });

  it("prints TERN_TOKEN when it is set, as an agent's API key there works too", async () => {
    const created = await runCli(['api-keys', 'create', 'auth-token-test', '--scope', 'read', '--json'], {
      configDir: world.agent,
    });
    expect(created.stderr).toBe('');
    const key = JSON.parse(created.stdout).token as string;
    const elsewhere = await tempConfigDir();
    const env = { TERN_TOKEN: key };
    const printed = await runCli(['auth', 'token', '--api-url', world.server.url], {
      configDir: elsewhere,
      env,
    });
    expect(printed.stdout).toBe(`${key}\n`);
    const listed = await runCli(['bookings', 'list', '--json', '--api-url', world.server.url], {
      configDir: elsewhere,
      env,
    });
    expect(listed.stderr).toBe('');
    expect(JSON.parse(listed.stdout).meta.total).toBeGreaterThanOrEqual(0);
  });

  it('says so when not signed in', async () => {
    const result = await runCli(['auth', 'token'], { configDir: await tempConfigDir() });
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'Error: Not signed in: run `tern login`\n' });
  });
});
