import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, runCli, tempConfigDir } from './helpers/cli.js';
import { type ServerWithAgent, serverWithAgent } from './helpers/world.js';

// `--profile NAME` and TERN_PROFILE (like gh's hosts): each profile is a config file of its own in
// the config folder (profiles/NAME.json), so several roles or servers stay signed in at once.

const world: ServerWithAgent = serverWithAgent();

const login = (configDir: string, who: string, extra: string[] = []) =>
  runCli(['login', '--api-url', world.server.url, '--email', demoEmail(who), '--password-stdin', ...extra], {
    configDir,
    stdin: `${PASSWORD}\n`,
  });
const email = async (configDir: string, extra: string[] = [], env: Record<string, string> = {}) => {
  const result = await runCli(['whoami', '--json', ...extra], { configDir, env });
  return result.code === 0 ? JSON.parse(result.stdout).email : result.stderr;
};

describe('profiles', () => {
  it('keeps several sign-ins in one config folder, each in a file of its own', async () => {
    const configDir = await tempConfigDir();
    expect((await login(configDir, 'agent')).code).toBe(0);
    expect((await login(configDir, 'hotelier', ['--profile', 'hotel'])).code).toBe(0);

    expect(await email(configDir)).toBe(demoEmail('agent'));
    expect(await email(configDir, ['--profile', 'hotel'])).toBe(demoEmail('hotelier'));
    expect(await email(configDir, [], { TERN_PROFILE: 'hotel' })).toBe(demoEmail('hotelier'));
    // `tern whoami` names the profile it reads; the default one has no name.
    expect((await runCli(['whoami', '--profile', 'hotel'], { configDir })).stdout).toMatch(
      /^Profile +hotel$/m,
    );
    expect((await runCli(['whoami'], { configDir })).stdout).not.toMatch(/^Profile/m);
    // The flag wins over the variable.
    expect(await email(configDir, ['--profile', 'other'], { TERN_PROFILE: 'hotel' })).toBe(
      'Error: Not signed in with the profile other: run `tern login --profile other`\n',
    );

    const file = await stat(join(configDir, 'profiles', 'hotel.json'));
    expect(file.mode & 0o777).toBe(0o600);
    expect((await stat(join(configDir, 'profiles'))).mode & 0o777).toBe(0o700);

    // Signing out of one leaves the other signed in.
    expect((await runCli(['logout', '--profile', 'hotel'], { configDir })).code).toBe(0);
    expect(await email(configDir, ['--profile', 'hotel'])).toBe(
      'Error: Not signed in with the profile hotel: run `tern login --profile hotel`\n',
    );
    expect(await email(configDir)).toBe(demoEmail('agent'));
  });

  it('keeps its own default property', async () => {
    const configDir = await tempConfigDir();
    expect((await login(configDir, 'hotelier', ['--profile', 'h1'])).code).toBe(0);
    const me = JSON.parse((await runCli(['whoami', '--json', '--profile', 'h1'], { configDir })).stdout);
    const id = me.ternHotels[0].id;
    expect((await runCli(['use', id, '--profile', 'h1'], { configDir })).code).toBe(0);
    const inProfile = JSON.parse((await runCli(['use', '--json', '--profile', 'h1'], { configDir })).stdout);
    expect(inProfile.property).toBe(id);
    const outside = JSON.parse(
      (await runCli(['use', '--json', '--api-url', world.server.url], { configDir })).stdout,
    );
    expect(outside.property).toBeNull();
  });

  it('refuses a name that is not a plain file name', async () => {
    const configDir = await tempConfigDir();
    for (const name of ['../x', '.hidden', 'a/b', '']) {
      const result = await runCli(['whoami', '--profile', name], { configDir });
      expect(result.code, name).toBe(2);
      expect(result.stderr).toMatch(/^Error: --profile: a profile is named with letters/);
    }
    const env = await runCli(['whoami'], { configDir, env: { TERN_PROFILE: '../../etc' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/^Error: TERN_PROFILE: /);
  });
});
