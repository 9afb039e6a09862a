import { spawn } from 'node:child_process';
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { TernClient } from '@tern/sdk';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { openDb } from '../src/db/open.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { resealSecretsCommand } from '../src/resealSecrets.js';
import { resolveSecretKeys, startServer } from '../src/server.js';
import { providerSecret, resealProviderSecrets } from '../src/services/paymentProviders.js';
import { openSecret, providerSecretContext, type SecretKeys, sealSecret } from '../src/services/secrets.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { templateDump } from './helpers/templates.js';

// Secrets that survive restarts, and only where they belong: a Postgres server starts only with
// a key of its own (TERN_SECRET_KEY, well formed), an embedded folder keeps its key file; each sealed value opens
// only as its provider's field; a key is rotated with TERN_SECRET_KEY_PREVIOUS and `--reseal-secrets`.

const root = fileURLToPath(new URL('..', import.meta.url));
const OLD = Buffer.alloc(32, 1);
const NEW = Buffer.alloc(32, 2);
const postgresUrl = process.env.DATABASE_URL || '';
/** Where a Postgres server would be: the run's, else one nobody listens on (the refusal comes before any connection). */
const someDatabaseUrl = postgresUrl || 'postgres://tern@127.0.0.1:9/tern';
const folders: string[] = [];
const tempFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tern-keys-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A value as Tern sealed it before the binding (`v1`: no additional data). */
function legacySeal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** `tern-server` with `args` in a process of its own and only `env` of the TERN_ variables; its exit and output. */
function runServer(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TERN_')));
  const proc = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts', ...args], {
    cwd: root,
    env: { ...base, TERN_PASSWORD_COST: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  proc.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), 60_000);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the server’s key', () => {
  it('on a Postgres server without TERN_SECRET_KEY: refused, saying how to make one', async () => {
    const saved = process.env.TERN_SECRET_KEY;
    delete process.env.TERN_SECRET_KEY;
    try {
      await expect(
        startServer({ port: 0, databaseUrl: someDatabaseUrl, quiet: true, jobs: false }),
      ).rejects.toThrow(/TERN_SECRET_KEY is not set.*openssl rand -base64 32/);
    } finally {
      if (saved !== undefined) process.env.TERN_SECRET_KEY = saved;
    }
    const run = await runServer(['--port', '0'], { DATABASE_URL: someDatabaseUrl });
    expect(run.code).toBe(1);
    expect(run.output).toContain('TERN_SECRET_KEY is not set');
    expect(run.output).toContain('openssl rand -base64 32');
    expect(run.output).not.toContain('listening on');
  }, 90_000);

  it('a malformed key is refused, saying how to make one, with any database', async () => {
    for (const bad of ['short', 'x'.repeat(44), Buffer.alloc(16, 3).toString('base64'), `${'a'.repeat(63)}g`])
      await expect(
        resolveSecretKeys({}, { data: ':memory:' }, { TERN_SECRET_KEY: bad }),
        bad,
      ).rejects.toThrow(/TERN_SECRET_KEY is not a key: it must be 32 random bytes.*openssl rand -base64 32/);
    await expect(
      resolveSecretKeys(
        {},
        { data: ':memory:' },
        { TERN_SECRET_KEY: NEW.toString('base64'), TERN_SECRET_KEY_PREVIOUS: 'old' },
      ),
    ).rejects.toThrow(/TERN_SECRET_KEY_PREVIOUS is not a key/);
    await expect(
      resolveSecretKeys({}, { data: ':memory:' }, { TERN_SECRET_KEY_PREVIOUS: OLD.toString('base64') }),
    ).rejects.toThrow(/TERN_SECRET_KEY_PREVIOUS is set without TERN_SECRET_KEY/);
    const run = await runServer(['--port', '0', '--data', ':memory:'], { TERN_SECRET_KEY: 'not-a-key' });
    expect(run.code).toBe(1);
    expect(run.output).toContain('TERN_SECRET_KEY is not a key');
    expect(run.output).toContain('openssl rand -base64 32');
  }, 90_000);

  it('a well-formed key is taken (base64 or hex), with the previous one during a rotation', async () => {
    const where = { data: ':memory:', databaseUrl: someDatabaseUrl };
    expect(await resolveSecretKeys({}, where, { TERN_SECRET_KEY: NEW.toString('base64') })).toEqual({
      current: NEW,
      previous: null,
    });
    expect(
      await resolveSecretKeys({}, where, {
        TERN_SECRET_KEY: NEW.toString('hex'),
        TERN_SECRET_KEY_PREVIOUS: OLD.toString('base64'),
      }),
    ).toEqual({ current: NEW, previous: OLD });
  });

  it('an embedded database folder keeps its key file (owner only), the same after a restart', async () => {
    const data = join(tempFolder(), 'tern');
    const first = await resolveSecretKeys({}, { data }, {});
    expect((await resolveSecretKeys({}, { data }, {})).current).toEqual(first.current);
    expect(statSync(`${data}.key`).mode & 0o777).toBe(0o600);
    // TERN_SECRET_KEY wins over the file.
    expect(
      (await resolveSecretKeys({}, { data }, { TERN_SECRET_KEY: NEW.toString('base64') })).current,
    ).toEqual(NEW);
  });
});

describe('sealed values', () => {
  it('open only as the provider and field they were sealed for', () => {
    const keys = { current: NEW, previous: null };
    const x = randomUUID();
    const y = randomUUID();
    const sealed = sealSecret(NEW, 'sk_live_x', providerSecretContext(x, 'secretKey'));
    expect(sealed.startsWith('v2.')).toBe(true);
    expect(openSecret(keys, sealed, providerSecretContext(x, 'secretKey'))).toBe('sk_live_x');
    expect(openSecret(keys, sealed, providerSecretContext(y, 'secretKey'))).toBeNull();
    expect(openSecret(keys, sealed, providerSecretContext(x, 'accessKey'))).toBeNull();
    // A v2 value relabelled v1 (to skip the binding) does not open either.
    expect(
      openSecret(keys, sealed.replace(/^v2\./, 'v1.'), providerSecretContext(x, 'secretKey')),
    ).toBeNull();
  });
});

describe('on a server', () => {
  let server: TestServer;
  let hotelier: TernClient;
  let propertyId: string;

  beforeAll(async () => {
    server = await startTestServer({ secretKey: OLD });
    hotelier = server.client(await server.signIn('hotelier'));
    propertyId = (await server.db.one<{ id: string }>(
      `select id from properties where key = 'nordurljos-spa'`,
    ))!.id;
  }, 120_000);
  afterAll(() => server?.close());

  const rapyd = (secretKey: string, accessKey: string) =>
    hotelier.paymentProviders.create({
      body: { propertyId, provider: { name: 'rapyd', default: false, details: { secretKey, accessKey } } },
    });
  const secretsOf = async (id: string) =>
    (await server.db.one<{ secrets: Record<string, string> }>(
      'select secrets from payment_providers where id = $1',
      [id],
    ))!.secrets;
  const setSecrets = (id: string, secrets: Record<string, string>) =>
    server.db.query('update payment_providers set secrets = $2 where id = $1', [id, JSON.stringify(secrets)]);

  it('a value moved to another provider or another field does not open there', async () => {
    const keys = { current: OLD, previous: null };
    const x = await rapyd('x-secret-key-0001', 'x-access-key-0001');
    const y = await rapyd('y-secret-key-0002', 'y-access-key-0002');
    expect(await providerSecret(server.db, keys, x.id, 'secretKey')).toBe('x-secret-key-0001');
    expect(await providerSecret(server.db, keys, y.id, 'accessKey')).toBe('y-access-key-0002');
    const fromX = await secretsOf(x.id);
    // X's secret key copied into Y's row, and into X's own access key.
    await setSecrets(y.id, { ...(await secretsOf(y.id)), secretKey: fromX.secretKey! });
    await setSecrets(x.id, { ...fromX, accessKey: fromX.secretKey! });
    expect(await providerSecret(server.db, keys, y.id, 'secretKey')).toBeNull();
    expect(await providerSecret(server.db, keys, x.id, 'accessKey')).toBeNull();
    expect(await providerSecret(server.db, keys, x.id, 'secretKey')).toBe('x-secret-key-0001');
    // The next test counts the property's providers: these two go.
    await server.db.query('delete from payment_providers where property_id = $1', [propertyId]);
  });

  it('rotation: old values read with the previous key set, and after the reseal with the new key alone', async () => {
    const sealedNow = await rapyd('rotated-secret-1111', 'rotated-access-2222');
    // One provider as it was stored before the binding (v1, under the old key), with a short secret's old hint.
    const legacy = await rapyd('legacy-secret-3333', 'legacy-access-4444');
    await setSecrets(legacy.id, {
      secretKey: legacySeal(OLD, 'legacy-secret-3333'),
      accessKey: legacySeal(OLD, 'abc'),
    });
    await server.db.query('update payment_providers set secret_hints = $2 where id = $1', [
      legacy.id,
      JSON.stringify({ secretKey: '3333', accessKey: 'abc' }),
    ]);
    // Even before the reseal, nothing of the short secret shows, whatever its old hint (its sealed length tells).
    const before = (await hotelier.paymentProviders.list({ query: { propertyId } })).items.find(
      (p) => p.id === legacy.id,
    );
    expect(before?.details).toMatchObject({ secretKey: '••••••••3333', accessKey: '••••••••' });
    const rotating = { current: NEW, previous: OLD };
    const newOnly = { current: NEW, previous: null };
    const read = (keys: SecretKeys, id: string, field: 'secretKey' | 'accessKey') =>
      providerSecret(server.db, keys, id, field);
    // The new key alone reads nothing yet; with the previous one, everything.
    expect(await read(newOnly, sealedNow.id, 'secretKey')).toBeNull();
    expect(await read(newOnly, legacy.id, 'secretKey')).toBeNull();
    expect(await read(rotating, sealedNow.id, 'secretKey')).toBe('rotated-secret-1111');
    expect(await read(rotating, legacy.id, 'secretKey')).toBe('legacy-secret-3333');
    expect(await read(rotating, legacy.id, 'accessKey')).toBe('abc');

    const report = await resealProviderSecrets(server.db, rotating);
    expect(report).toEqual({ providers: 2, resealed: 4, current: 0, unreadable: [] });
    expect(await read(newOnly, sealedNow.id, 'secretKey')).toBe('rotated-secret-1111');
    expect(await read(newOnly, sealedNow.id, 'accessKey')).toBe('rotated-access-2222');
    expect(await read(newOnly, legacy.id, 'secretKey')).toBe('legacy-secret-3333');
    expect(await read(newOnly, legacy.id, 'accessKey')).toBe('abc');
    expect(await read({ current: OLD, previous: null }, legacy.id, 'secretKey')).toBeNull();
    expect(Object.values(await secretsOf(legacy.id)).every((v) => v.startsWith('v2.'))).toBe(true);
    // The reseal made the hints again: nothing of the short secret is shown any more.
    const shown = (await hotelier.paymentProviders.list({ query: { propertyId } })).items.find(
      (p) => p.id === legacy.id,
    );
    expect(shown?.details).toMatchObject({ secretKey: '••••••••3333', accessKey: '••••••••' });
    // Again: nothing left to do.
    expect(await resealProviderSecrets(server.db, newOnly)).toEqual({
      providers: 2,
      resealed: 0,
      current: 4,
      unreadable: [],
    });
    // A value no key opens is reported and left as it is.
    const lost = legacySeal(Buffer.alloc(32, 9), 'lost');
    await setSecrets(legacy.id, { ...(await secretsOf(legacy.id)), accessKey: lost });
    expect((await resealProviderSecrets(server.db, newOnly)).unreadable).toEqual([
      { providerId: legacy.id, field: 'accessKey' },
    ]);
    expect((await secretsOf(legacy.id)).accessKey).toBe(lost);
  });
});

describe('tern-server --reseal-secrets', () => {
  /** A database of its own: a PGlite folder, or a schema of the run's Postgres server. */
  async function ownDatabase() {
    if (!postgresUrl) {
      const data = join(tempFolder(), 'tern');
      // From this run's migrated dump when there is one (a new folder's initdb is slow).
      const dump = templateDump('migrated');
      return {
        where: { data },
        create: () => openPglite(data, dump ? { loadDataDir: dump } : {}),
        drop: async () => {},
      };
    }
    const schema = `tern_reseal_${randomBytes(6).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`create schema ${schema}`);
    return {
      where: { data: ':memory:', databaseUrl: postgresUrl, schema },
      create: () => openPostgres(postgresUrl, { schema }),
      drop: () => admin(`drop schema ${schema} cascade`),
    };
  }

  it('seals every secret again under the new key in one go, and says how many', async () => {
    const { where, create, drop } = await ownDatabase();
    try {
      const db = await create();
      const ids = [randomUUID(), randomUUID()];
      try {
        await migrate(db);
        const supplier = (await db.one<{ id: string }>(
          `insert into suppliers (name) values ('S') returning id`,
        ))!;
        const property = (await db.one<{ id: string }>(
          `insert into properties (kind, supplier_id, title) values ('accommodation', $1, 'P') returning id`,
          [supplier.id],
        ))!;
        await db.query(
          `insert into payment_providers (id, property_id, name, secrets, secret_hints) values
             ($1, $3, 'borgun', $4, '{"secretKey":"0001"}'), ($2, $3, 'rapyd', $5, '{}')`,
          [
            ids[0],
            ids[1],
            property.id,
            JSON.stringify({ secretKey: legacySeal(OLD, 'borgun-secret-0001') }),
            JSON.stringify({
              secretKey: sealSecret(OLD, 'rapyd-secret-0002', providerSecretContext(ids[1]!, 'secretKey')),
              accessKey: sealSecret(OLD, 'rapyd-access-0003', providerSecretContext(ids[1]!, 'accessKey')),
            }),
          ],
        );
      } finally {
        await db.close();
      }
      let out = '';
      const stdout = new Writable({
        write(chunk, _encoding, done) {
          out += String(chunk);
          done();
        },
      });
      const env = { TERN_SECRET_KEY: NEW.toString('base64'), TERN_SECRET_KEY_PREVIOUS: OLD.toString('hex') };
      const report = await resealSecretsCommand(where, { stdout, env });
      expect(report).toEqual({ providers: 2, resealed: 3, current: 0, unreadable: [] });
      expect(out).toContain(
        '3 secret(s) sealed again under the current key, 0 already current, of 2 payment provider(s)',
      );
      const after = await openDb(where);
      try {
        const keys = { current: NEW, previous: null };
        expect(await providerSecret(after, keys, ids[0]!, 'secretKey')).toBe('borgun-secret-0001');
        expect(await providerSecret(after, keys, ids[1]!, 'secretKey')).toBe('rapyd-secret-0002');
        expect(await providerSecret(after, keys, ids[1]!, 'accessKey')).toBe('rapyd-access-0003');
      } finally {
        await after.close();
      }
      // Without the previous key the old values are gone for good: it says so, naming them (none here now).
      const again = await resealSecretsCommand(where, {
        stdout,
        env: { TERN_SECRET_KEY: NEW.toString('base64') },
      });
      expect(again).toEqual({ providers: 2, resealed: 0, current: 3, unreadable: [] });
    } finally {
      await drop();
    }
  }, 120_000);
});
