import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { templateFiles } from './helpers/templates.js';

// A job whose handler kills its process: each server that takes it dies, and before attempts
// were counted at the claim and bounded for a run cut short, every restart took it again — a crash loop. Now the
// run cut short is an attempt: after its last one the job is failed with the reason, and the server that finds
// it so keeps serving. The servers are real processes (test/helpers/jobCrashServer.ts) on one data folder (or
// one database of a Postgres server), killed by their own job with SIGKILL.

const root = fileURLToPath(new URL('..', import.meta.url));
const data = mkdtempSync(join(tmpdir(), 'tern-job-crash-'));
const serverUrl = process.env.DATABASE_URL || '';
const database = `tern_job_crash_${process.pid}_${Date.now()}`;
const databaseUrl = serverUrl ? withDatabase(serverUrl, database) : '';
let child: ChildProcess | null = null;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
beforeAll(async () => {
  if (serverUrl) await admin(`create database ${database}`);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  rmSync(data, { recursive: true, force: true });
  if (serverUrl) await admin(`drop database if exists ${database} with (force)`);
});

interface Run {
  process: ChildProcess;
  /** What it printed so far. */
  output(): string;
  /** Its URL once it listens. */
  listening: Promise<string>;
  /** How it ended: the signal that killed it, or its exit code. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A server of test/helpers/jobCrashServer.ts on the shared data (the first starts it from the migrated dump). */
function serve(enqueueWithAttempts?: number): Run {
  const args = ['--conditions=source', '--import', 'tsx', 'test/helpers/jobCrashServer.ts', data];
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TERN_TEST_ENQUEUE: enqueueWithAttempts ? String(enqueueWithAttempts) : '',
      TERN_TEST_TEMPLATE: enqueueWithAttempts ? (templateFiles()?.migrated ?? '') : '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let out = '';
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    proc.on('exit', (code, signal) => done({ code, signal })),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    };
    proc.stdout!.on('data', read);
    proc.stderr!.on('data', read);
    void ended.then(() => reject(new Error(`ended before it listened:\n${out}`)));
  });
  listening.catch(() => {});
  return { process: proc, output: () => out, listening, ended };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not in ${ms} ms`)), ms)),
  ]);

describe('a job that kills its process', () => {
  it('is given up after its attempts (a run cut short counts), and the next server keeps serving', async () => {
    const attempts = 2;
    // Each server takes the job and dies of it: the first at once, the next once the dead run's lease has run
    // out and the backoff after it (2 s) has passed.
    for (let n = 1; n <= attempts; n++) {
      const run = serve(n === 1 ? attempts : undefined);
      const ended = await within(run.ended, 90_000, `server ${n} killed by the job`);
      expect(ended, run.output()).toEqual({ code: null, signal: 'SIGKILL' });
    }
    // The next finds the last attempt cut short: the job fails for good, and the server is not killed.
    const run = serve();
    const url = await within(run.listening, 90_000, 'the last server listening');
    await within(
      (async () => {
        while (!/failed for good: its process ended during attempt 2 of 2/.test(run.output()))
          await new Promise((r) => setTimeout(r, 50));
      })(),
      30_000,
      'the job given up',
    );
    // Still serving, well past a lease and the poll, with the job out of the way.
    await new Promise((r) => setTimeout(r, 1500));
    const reply = await fetch(`${url}/api/v1/fonts`);
    expect(reply.status).toBe(200);
    expect(run.process.exitCode).toBeNull();
    run.process.kill('SIGTERM');
    expect(await within(run.ended, 30_000, 'closed')).toEqual({ code: 0, signal: null });
    child = null;

    const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(data);
    try {
      expect(
        await db.query("select status, attempts, last_error from jobs where kind = 'test.crash'"),
      ).toEqual([
        {
          status: 'failed',
          attempts: 2,
          last_error:
            'attempt 2 of 2 stopped: its process ended during the run (no word from it for its whole lease)',
        },
      ]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
