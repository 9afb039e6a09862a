/**
 * Benchmarks of the booking engine, outside the test suite, on the embedded database (PGlite) and — when
 * `TERN_BENCH_DATABASE_URL` names a PostgreSQL server (`npm run bench` starts a throwaway one) — on PostgreSQL:
 *
 * 1. Search over 5,000 hotels for a week's dates: p50 and p95 of `GET /api/v2/resellers/accommodations/list`
 *    (all contracted to the agent; a page of 20 with best offers; a mix of no filter, a city, map bounds and
 *    "available only"), against the health call through the same HTTP stack, measured in the same run.
 *    Target: p95 ≤ 50 ms.
 * 2. 200 concurrent bookings of a room type with 10 free rooms: exactly 10 succeed, none oversold, and the
 *    throughput, against 200 concurrent health calls. Targets: exactly 10, at ≥ 150 requests/s on PGlite and
 *    ≥ 300/s on PostgreSQL.
 *
 * Each target prints MET or MISSED; the process exits non-zero when one is MISSED.
 */

import { demoWorld, generateInventory } from '@tern/fixtures';
import { createClient } from '@tern/sdk';
import pg from 'pg';
import type { Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import { openDb } from '../src/db/open.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { silentLogger } from '../src/logger.js';
import { startServer } from '../src/server.js';
import { scaledWorld } from './lib/scaledWorld.js';

const HOTELS = 5000;
const RUNS = 200;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const quantile = (samples: number[], q: number) => {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const SEARCH_P95_MS = 50;

let missed = 0;
function target(name: string, met: boolean): string {
  if (!met) missed++;
  return `target ${name}: ${met ? 'MET' : 'MISSED'}`;
}

/** Both benchmarks on one database, freshly migrated and seeded. */
async function bench(label: string, db: Db, minRate: number): Promise<void> {
  console.log(`${label}:`);
  const seeding = performance.now();
  const world = scaledWorld(HOTELS, demoWorld);
  await migrate(db);
  await seedIfEmpty(db, {
    source: { world, inventory: (from, days) => generateInventory(world, from, days) },
    days: 14,
  });
  await db.query('analyze');
  console.log(
    `  seeded ${HOTELS} hotels × 14 days in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const server = await startServer({
    port: 0,
    db,
    quiet: true,
    logger: silentLogger,
    vaultPort: 0,
  });
  const anonymous = createClient({ baseUrl: server.url, retries: 0 });
  const signIn = await anonymous.auth.signIn({
    body: { session: { email: 'agent@demo.tern.test', password: demoWorld.password, rememberMe: false } },
  });
  if (signIn.type !== 'session') throw new Error('the agent got a one-time code');
  const agent = createClient({ baseUrl: server.url, token: () => signIn.token, retries: 0 });
  const week = { checkinDate: day(3), checkoutDate: day(10) };
  const queries = [
    { ...week },
    { ...week, filter: { city: 'Lisbon' } },
    { ...week, filter: { latitude: { gte: 64.1, lte: 64.16 }, longitude: { gte: -21.98, lte: -21.85 } } },
    { ...week, isAvailable: true, occupancy: { adults: 2, children: 0, childrenAge: [] } },
  ];

  // Warm up both paths, then measure them interleaved so both see the same machine.
  for (let i = 0; i < 20; i++) {
    await anonymous.system.health();
    await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { currency: 'EUR', ...queries[i % 4]! },
    });
  }
  const health: number[] = [];
  const search: number[] = [];
  let listed = 0;
  for (let i = 0; i < RUNS; i++) {
    health.push(await timed(() => anonymous.system.health()));
    search.push(
      await timed(async () => {
        const page = await agent.engine.search({
          params: { kind: 'accommodations' },
          query: { currency: 'EUR', ...queries[i % 4]! },
        });
        listed = Math.max(listed, page.meta.total);
      }),
    );
  }
  const p95 = quantile(search, 0.95);
  console.log(
    `  search over ${listed} contracted hotels: p50 ${ms(quantile(search, 0.5))}, p95 ${ms(p95)}` +
      ` (health p50 ${ms(quantile(health, 0.5))}; ratio p50 ${(quantile(search, 0.5) / quantile(health, 0.5)).toFixed(1)}×)` +
      ` — ${target(`p95 ≤ ${SEARCH_P95_MS} ms`, p95 <= SEARCH_P95_MS)}`,
  );

  // 200 agents race for 10 rooms.
  const hotel = (
    await agent.engine.search({ params: { kind: 'accommodations' }, query: { ...week, currency: 'EUR' } })
  ).items[0]!;
  const units = await agent.engine.listWithRates({
    params: { kind: 'accommodations', id: hotel.id },
    query: { ...week, currency: 'EUR', withVirtualRatePlans: true },
  });
  const unit = units.items.find((u) =>
    u.ratePlans.some((r) => r.cancellationPolicy?.guaranteePaymentPolicy === 'none'),
  )!;
  const rate = unit.ratePlans.find((r) => r.cancellationPolicy?.guaranteePaymentPolicy === 'none')!;
  await db.query(
    'update unit_availability set available = 10 where unit_id = $1 and date >= $2 and date < $3',
    [unit.id, week.checkinDate, week.checkoutDate],
  );
  await db.query(
    'update rate_prices set stop_sell = false, closed_to_arrival = false, closed_to_departure = false, min_stay_arrival = 1, min_stay_through = 1, max_stay = null where rate_plan_id = $1 and date >= $2 and date <= $3',
    [rate.ratePlanId, week.checkinDate, week.checkoutDate],
  );
  const body = {
    booking: {
      currency: 'EUR',
      arrivalDate: week.checkinDate,
      departureDate: week.checkoutDate,
      customer: { name: 'Bench', surname: 'Guest' },
      rooms: [{ ratePlanId: rate.id, roomTypeCode: unit.id, occupancy: rate.occupancy, guests: [] }],
      policyAccepted: true as const,
    },
  };
  const healthStart = performance.now();
  await Promise.allSettled(Array.from({ length: 200 }, () => anonymous.system.health()));
  const healthSeconds = (performance.now() - healthStart) / 1000;
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: 200 }, () =>
      agent.engine.createBooking({ params: { kind: 'accommodations', id: hotel.id }, body }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const booked = results.filter((r) => r.status === 'fulfilled').length;
  const refused = results.filter(
    (r) => r.status === 'rejected' && (r.reason as { status?: number }).status === 409,
  ).length;
  const left = await db.query<{ available: number }>(
    'select available from unit_availability where unit_id = $1 and date >= $2 and date < $3',
    [unit.id, week.checkinDate, week.checkoutDate],
  );
  const oversold = left.some((r) => r.available < 0);
  console.log(
    `  200 concurrent bookings for 10 rooms: ${booked} booked, ${refused} refused "no longer available", ` +
      `${200 - booked - refused} other; ${oversold ? 'OVERSOLD' : 'none oversold'}; ` +
      `${(200 / seconds).toFixed(0)} requests/s (health ${(200 / healthSeconds).toFixed(0)}/s; ratio ${(healthSeconds / seconds).toFixed(2)}×)` +
      ` — ${target('exactly 10', booked === 10 && !oversold)}; ${target(`≥ ${minRate}/s`, 200 / seconds >= minRate)}`,
  );
  await server.close();
}

const pglite = await openDb({ data: ':memory:' });
await bench('PGlite (embedded)', pglite, 150);
await pglite.close();

const serverUrl = process.env.TERN_BENCH_DATABASE_URL;
if (serverUrl) {
  // A database of its own on the server, dropped afterwards.
  const name = `tern_bench_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const postgres = await openDb({ databaseUrl: url.toString() });
  try {
    await bench('PostgreSQL', postgres, 300);
  } finally {
    await postgres.close();
    await admin(`drop database ${name}`);
  }
} else {
  console.log('PostgreSQL: skipped (set TERN_BENCH_DATABASE_URL, or run `npm run bench`, which starts one)');
}
process.exit(missed ? 1 : 0);
