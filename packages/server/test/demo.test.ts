import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createClient } from '@tern/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { readPassword } from '../src/createAdmin.js';
import { type RunningServer, startServer } from '../src/server.js';
import { createAdmin } from '../src/services/auth/users.js';
import { TEST_PASSWORD_COST } from './helpers/server.js';
import { openTestDb } from './helpers/testDb.js';

const serverRoot = join(import.meta.dirname, '..');
const folders: string[] = [];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** `tern-server ARGS` as a process, with `stdin` piped in; its exit code and output. */
function runMain(args: string[], stdin: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/main.ts', ...args],
      {
        cwd: serverRoot,
        env: { ...process.env, TERN_PASSWORD_COST: String(TEST_PASSWORD_COST), DATABASE_URL: '' },
      },
    );
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

describe('without --demo', () => {
  it('no server module imports the fixtures but on demand (they are a dev dependency)', () => {
    const pkg = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8'));
    expect(pkg.dependencies['@tern/fixtures']).toBeUndefined();
    const offenders = sourcesUnder(join(serverRoot, 'src')).filter((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .some((line) => /from '@tern\/fixtures'/.test(line) && !/^\s*(import|export) type /.test(line)),
    );
    expect(offenders).toEqual([]);
  });

  it('starts an empty database with its tables only, and says how to make the first admin', async () => {
    const { db, close } = await openTestDb();
    const said: string[] = [];
    let server: RunningServer | null = null;
    try {
      server = await startServer({
        port: 0,
        vaultPort: 0,
        db,
        logger: { info: (m) => said.push(m), error: () => {} },
      });
      expect(server.seeded).toBeNull();
      expect(server.needsAdmin).toBe(true);
      expect(server.sandbox).toBe(false);
      expect(await db.one<{ n: number }>('select count(*)::int as n from users')).toEqual({ n: 0 });
      expect(await db.one<{ n: number }>('select count(*)::int as n from properties')).toEqual({ n: 0 });
      expect(said.filter((m) => m.includes('--create-admin EMAIL'))).toHaveLength(1);
      expect(said.some((m) => m.startsWith('sandbox mode'))).toBe(false);
      const anonymous = createClient({ baseUrl: server.url, retries: 0 });
      await expect(
        anonymous.auth.signIn({
          body: { session: { email: 'admin@demo.tern.test', password: 'tern-demo-1', rememberMe: false } },
        }),
      ).rejects.toMatchObject({ status: 401 });
      expect((await fetch(`${server.url}/photos/anything.jpg`)).status).toBe(404);
    } finally {
      await server?.close();
      await close();
    }
  }, 120_000); // opens and migrates a database: slow on a busy machine
});

describe('the first admin', () => {
  it('reads the password as the first line of piped input', async () => {
    expect(await readPassword(Readable.from(['correct horse', ' battery\nignored\n']), process.stderr)).toBe(
      'correct horse battery',
    );
    expect(await readPassword(Readable.from(['no newline']), process.stderr)).toBe('no newline');
  });

  it('refuses a short password, an address in use and a non-address', async () => {
    const { db, close } = await openTestDb();
    try {
      const { migrate } = await import('../src/db/migrate.js');
      await migrate(db);
      const cost = TEST_PASSWORD_COST;
      await expect(
        createAdmin(db, { email: 'a@b.test', password: 'short', passwordCost: cost }),
      ).rejects.toThrow(/12 to 128 characters/);
      await expect(
        createAdmin(db, { email: 'not an address', password: 'long enough pass', passwordCost: cost }),
      ).rejects.toThrow(/Not an e-mail address/);
      const made = await createAdmin(db, {
        email: ' A@B.test ',
        password: 'long enough pass',
        passwordCost: cost,
      });
      expect(made.email).toBe('a@b.test');
      await expect(
        createAdmin(db, { email: 'a@B.TEST', password: 'another long one', passwordCost: cost }),
      ).rejects.toThrow(/already/);
      expect(await db.one('select role, status from users where id = $1', [made.id])).toEqual({
        role: 'admin',
        status: 'active',
      });
    } finally {
      await close();
    }
  }, 120_000);

  it('`tern-server --create-admin EMAIL` adds an admin from stdin, who signs in and reads the outbox', async () => {
    const data = mkdtempSync(join(tmpdir(), 'tern-admin-'));
    folders.push(data);
    const password = 'first admin password';
    const made = await runMain(['--create-admin', 'Boss@Example.test', '--data', data], `${password}\n`);
    expect(made.output).toContain('admin boss@example.test created');
    expect(made.code).toBe(0);
    const said: string[] = [];
    const server = await startServer({
      port: 0,
      vaultPort: 0,
      data,
      logger: { info: (m) => said.push(m), error: () => {} },
    });
    try {
      expect(server.needsAdmin).toBe(false);
      expect(said.some((m) => m.includes('--create-admin'))).toBe(false);
      const anonymous = createClient({ baseUrl: server.url, retries: 0 });
      const session = await anonymous.auth.signIn({
        body: { session: { email: 'boss@example.test', password, rememberMe: false } },
      });
      if (session.type !== 'session') throw new Error('no session');
      expect(session.user.role).toBe('admin');
      const admin = createClient({ baseUrl: server.url, retries: 0, token: () => session.token });
      expect((await admin.mail.list()).meta.total).toBe(0);
      await expect(anonymous.mail.list()).rejects.toMatchObject({ status: 401 });
    } finally {
      await server.close();
    }
  }, 240_000); // a process of its own and two openings of a database on disk: slow on a busy machine
});
