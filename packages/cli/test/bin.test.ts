import { execFile, spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, removeTempDirs, tempConfigDir } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const cli = fileURLToPath(new URL('..', import.meta.url));
const bin = `${cli}bin/tern.js`;

// The launcher runs the built CLI when it is there: build it (when a source is newer) as `npm run build` does.
beforeAll(() => {
  const built = spawnSync(process.execPath, [`${cli}scripts/bundle.mjs`, '--if-stale'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the bundle did not build: ${built.stderr}`);
}, 120_000);
afterAll(removeTempDirs);

function tern(args: string[], env: Record<string, string>, stdin = '') {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, TERN_TOKEN: '', ...env }, cwd: '/' },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

/**
 * The source modules `tern --help` loads: those of dist/tern.js and of each chunk it imports statically, from
 * esbuild's metafile (its paths relative to this package, scripts/bundle.mjs).
 */
async function helpPathModules(): Promise<string[]> {
  const meta = JSON.parse(await readFile(`${cli}dist/meta.json`, 'utf8')) as {
    outputs: Record<string, { imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }>;
  };
  const reached = new Set<string>();
  const walk = (output: string) => {
    if (reached.has(output) || !meta.outputs[output]) return;
    reached.add(output);
    for (const i of meta.outputs[output].imports) if (i.kind === 'import-statement') walk(i.path);
  };
  walk('dist/tern.js');
  return [...reached].flatMap((output) => Object.keys(meta.outputs[output]!.inputs));
}

it("loads neither the contract's schemas nor XState or the screens to print `tern --help`", async () => {
  const modules = await helpPathModules();
  expect(modules).toContain('src/program.ts');
  // zod (the contract's schemas), XState (the machines), Ink and React (the screens): loaded by a command when
  // it runs. A constant of the contract the command tree needs lives in a module without schemas (limits.ts).
  expect(modules.filter((m) => /node_modules\/(zod|xstate|ink|react)\//.test(m))).toEqual([]);
  expect(modules.filter((m) => /sdk\/src\/contract\/(?!limits\.ts)/.test(m))).toEqual([]);
});

describe.each([
  ['the built bundle', {}],
  ['the sources (TERN_FROM_SOURCE=1)', { TERN_FROM_SOURCE: '1' }],
])('bin/tern.js running %s', (_what, extra: Record<string, string>) => {
  it('runs from any folder, with the exit code of the command, its help and its version', async () => {
    const configDir = await tempConfigDir();
    const env = { TERN_CONFIG_DIR: configDir, ...extra };
    const whoami = await tern(['whoami', '--json'], env);
    expect(whoami.code).toBe(1);
    expect(JSON.parse(whoami.stdout)).toEqual({
      error: { kind: 'user', code: 'not_signed_in', message: 'Not signed in: run `tern login`' },
    });
    expect(whoami.stderr).toBe('Error: Not signed in: run `tern login`\n');
    const help = await tern(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tern');
    const { version } = JSON.parse(await readFile(`${cli}package.json`, 'utf8'));
    expect(await tern(['--version'], env)).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect((await tern(['whoam'], env)).code).toBe(2);
    // Run by `npm run tern -w @tern/cli` (in packages/cli), a relative path is the user's folder's (INIT_CWD).
    await writeFile(join(configDir, 'orders.json'), '{ not json');
    const relative = await tern(['book', 'stay', 'P', '--from-file', 'orders.json'], {
      ...env,
      npm_lifecycle_event: 'tern',
      INIT_CWD: configDir,
    });
    expect(relative.stderr).toContain('--from-file: orders.json is not JSON');
    // Four runs; from the sources each compiles them first, seconds apiece on a busy machine.
  }, 120_000);
});

describe('the built bundle against the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('signs in, and TERN_TOKEN takes precedence over the stored session', async () => {
    const configDir = await tempConfigDir();
    const env = { TERN_CONFIG_DIR: configDir };
    const login = await tern(
      ['login', '--api-url', server.url, '--email', demoEmail('agent'), '--password-stdin', '--json'],
      env,
      `${PASSWORD}\n`,
    );
    expect(login.stderr).toBe('');
    expect(JSON.parse(login.stdout).user.email).toBe(demoEmail('agent'));
    expect(JSON.parse((await tern(['whoami', '--json'], env)).stdout).email).toBe(demoEmail('agent'));
    const reply = await server.client().auth.signIn({
      body: { session: { email: demoEmail('hotelier'), password: PASSWORD, rememberMe: false } },
    });
    if (reply.type !== 'session') throw new Error('the hotelier got a code');
    const asHotelier = await tern(['whoami', '--json'], { ...env, TERN_TOKEN: reply.token });
    expect(JSON.parse(asHotelier.stdout).email).toBe(demoEmail('hotelier'));
    const wrong = await tern(['whoami'], { ...env, TERN_TOKEN: 'not-a-token' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('TERN_TOKEN is not a valid session');
    // The stored session is untouched by a bad TERN_TOKEN.
    expect(JSON.parse((await tern(['whoami', '--json'], env)).stdout).email).toBe(demoEmail('agent'));
  });
});
