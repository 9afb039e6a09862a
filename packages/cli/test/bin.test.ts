import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempConfigDir } from './helpers/cli.js';

afterAll(removeTempDirs);

const bin = fileURLToPath(new URL('../bin/tern.js', import.meta.url));

function tern(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, ...env }, cwd: '/' },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('bin/tern.js', () => {
  it('runs the sources without a build, from any folder, with the exit code of the command', async () => {
    const configDir = await tempConfigDir();
    const whoami = await tern(['whoami', '--json'], { TERN_CONFIG_DIR: configDir });
    expect(whoami.code).toBe(1);
    expect(JSON.parse(whoami.stdout)).toEqual({
      error: { kind: 'user', code: 'not_signed_in', message: 'Not signed in: run `tern login`' },
    });
    expect(whoami.stderr).toBe('Error: Not signed in: run `tern login`\n');
    const help = await tern(['--help'], { TERN_CONFIG_DIR: configDir });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tern');
  });
});
