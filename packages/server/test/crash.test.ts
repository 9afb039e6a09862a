import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type RateOffer, type TernClient } from '@tern/sdk';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';

// A server killed with kill -9 in the middle of keyed bookings: when it is back on the same data folder,
// every retry of those bookings either replays the booking it made or makes it — never "still running" —
// and the rooms taken are exactly the rooms booked.

const root = fileURLToPath(new URL('..', import.meta.url));
const data = mkdtempSync(join(tmpdir(), 'tern-crash-'));
let child: ChildProcess | null = null;
// On a Postgres server (DATABASE_URL), the killed server works in a database of its own, dropped afterwards.
const serverUrl = process.env.DATABASE_URL || '';
const database = `tern_crash_${process.pid}_${Date.now()}`;
const databaseUrl = serverUrl ? withDatabase(serverUrl, database) : '';
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
beforeAll(async () => {
  if (serverUrl) await admin(`create database ${database}`);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  rmSync(data, { recursive: true, force: true });
  if (serverUrl) await admin(`drop database if exists ${database} with (force)`);
});

/** `tern-server` on the data folder, in a process of its own; resolves with its URL. */
function serve(demo: boolean): Promise<{ url: string; process: ChildProcess }> {
  const args = ['--conditions=source', '--import', 'tsx', 'src/main.ts', '--port', '0', '--data', data];
  if (demo) args.push('--demo', '--no-demo-bookings');
  const proc = spawn(process.execPath, args, {
    cwd: root,
    // A Postgres server needs a key for stored secrets (the server refuses to start without one).
    env: {
      ...process.env,
      TERN_PASSWORD_COST: '10',
      DATABASE_URL: databaseUrl,
      TERN_SECRET_KEY: Buffer.alloc(32, 5).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no start in time:\n${out}`)), 120_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, process: proc });
      }
    };
    proc.stdout!.on('data', read);
    proc.stderr!.on('data', read);
    proc.on('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stay = { checkinDate: day(40), checkoutDate: day(42) };

async function signIn(url: string): Promise<TernClient> {
  const reply = await createClient({ baseUrl: url, retries: 0 }).auth.signIn({
    body: { session: { email: 'agent@demo.tern.test', password: 'tern-demo-1', rememberMe: false } },
  });
  if (reply.type !== 'session') throw new Error(reply.type);
  return createClient({ baseUrl: url, token: () => reply.token, retries: 0 });
}

describe('a server killed in the middle of keyed bookings', () => {
  it('comes back with each key and its booking committed together: retries replay or book, never wait forever', async () => {
    let server = await serve(true);
    let agent = await signIn(server.url);
    const list = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { currency: 'EUR', ...stay, isAvailable: true },
    });
    const property = list.items[0]!;
    const units = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: property.id },
      query: { ...stay, currency: 'EUR', withVirtualRatePlans: true },
    });
    let rate: RateOffer | undefined;
    const unit = units.items.find((u) => {
      rate = u.ratePlans.find(
        (r) => r.unavailableReason === null && r.cancellationPolicy?.guaranteePaymentPolicy === 'none',
      );
      return rate !== undefined;
    })!;
    const body = (n: number) => ({
      booking: {
        arrivalDate: stay.checkinDate,
        departureDate: stay.checkoutDate,
        currency: 'EUR',
        customer: { name: 'Crash', surname: `Test ${n}`, mail: 'crash@example.test' },
        rooms: [{ ratePlanId: rate!.id, roomTypeCode: unit.id, occupancy: rate!.occupancy, guests: [] }],
        policyAccepted: true as const,
      },
    });
    const book = (client: TernClient, n: number) =>
      client.engine.createBooking(
        { params: { kind: 'accommodations', id: property.id }, body: body(n) },
        { idempotencyKey: `crash-${n}` },
      );
    const count = Math.min(unit.availability + 3, 20);

    // Many keyed bookings at once; the process is killed while they are under way.
    const first = Array.from({ length: count }, (_, n) => book(agent, n));
    await Promise.race([Promise.allSettled(first), new Promise((r) => setTimeout(r, 150))]);
    server.process.kill('SIGKILL');
    const before = await Promise.allSettled(first);
    const answered = new Map<number, string>();
    before.forEach((r, n) => {
      if (r.status === 'fulfilled') answered.set(n, r.value.bookingId);
    });

    server = await serve(false);
    agent = await signIn(server.url);
    const retried = await Promise.allSettled(Array.from({ length: count }, (_, n) => book(agent, n)));
    const booked = new Map<number, string>();
    retried.forEach((r, n) => {
      if (r.status === 'fulfilled') booked.set(n, r.value.bookingId);
      else expect(r.reason, `retry ${n}`).toMatchObject({ status: 409, code: 'no_longer_available' });
    });
    // A booking answered before the kill is the one its retry replays.
    for (const [n, id] of answered) expect(booked.get(n), `key ${n}`).toBe(id);
    expect(booked.size).toBeGreaterThan(0);
    server.process.kill('SIGKILL');
    child = null;
    await new Promise((r) => setTimeout(r, 200));

    // The database: one booking per key that succeeded, no key left without its booking, rooms consistent.
    const { db, close } = await openDataAt(data);
    try {
      const rows = await db.query<{ id: string }>(
        `select b.id from bookings b where b.customer->>'name' = 'Crash' and b.property_id = $1`,
        [property.id],
      );
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(booked.values()));
      const keys = await db.query<{ key: string; status: number | null }>(
        `select key, status from idempotency_keys where key like 'crash-%'`,
      );
      expect(keys.every((k) => k.status !== null)).toBe(true);
      const free = await db.one<{ available: number }>(
        'select min(available)::int as available from unit_availability where unit_id = $1 and date >= $2 and date < $3',
        [unit.id, stay.checkinDate, stay.checkoutDate],
      );
      expect(free!.available).toBe(unit.availability - booked.size);
    } finally {
      await close();
    }
  }, 300_000);
});

/** The killed server's database: its PGlite data folder, or its database on the Postgres server. */
async function openDataAt(dir: string): Promise<{ db: Db; close(): Promise<void> }> {
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(dir);
  return { db, close: () => db.close() };
}
