/**
 * Benchmark of the inventory calendar's year-long bulk call (issue 11), outside the test suite, on the embedded
 * database (PGlite) and — when `TERN_BENCH_DATABASE_URL` names a PostgreSQL server (`npm run bench` starts a
 * throwaway one) — on PostgreSQL, over the engine benchmark's world of 5,000 hotels:
 *
 * 1. `PUT /api/v1/tern_hotels/properties/{id}/inventory` with 365 days × 20 rate plans of one hotel (prices and
 *    every restriction) and its units' availability, in one call, applied in one transaction; three calls (each
 *    with other prices, so every row is written), against the health call through the same HTTP stack measured
 *    in the same run. Target: every call ≤ 1 s on PGlite.
 * 2. Search p95 over the 5,000 hotels (the engine benchmark's mix of queries), measured before and after the
 *    year is applied on the same database. Target: p95 after ≤ 1.2 × p95 before (the margin is the run-to-run
 *    noise of p95 on this shared machine: two runs with nothing applied between them differ by up to ~15%).
 *
 * Each target prints MET or MISSED; the process exits non-zero when one is MISSED. `TERN_BENCH_ONLY=pglite` or
 * `=postgres` runs one database; `TERN_BENCH_RUNS` the searches of each measure (default 200); `TERN_BENCH_REUSE=1`
 * starts PGlite from today's seeded dump (see lib/seedScaledWorld.ts).
 */

import { addDays } from '@tern/core/dates';
import { type BulkRowsBody, createClient, type TernClient } from '@tern/sdk';
import type { Db } from '../src/db/db.js';
import { silentLogger } from '../src/logger.js';
import { startServer } from '../src/server.js';
import { onEachDatabase } from './lib/databases.js';
import { signedIn, targets } from './lib/report.js';
import { seededPglite, seedScaledWorld } from './lib/seedScaledWorld.js';

const HOTELS = 5000;
const PLANS = 20;
const DAYS = 365;
const CALLS = 3;
const RUNS = Number(process.env.TERN_BENCH_RUNS) || 200;
const PUT_MS = 1000;
const SEARCH_SLACK = 1.2;

const today = new Date().toISOString().slice(0, 10);
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

const { target, exit } = targets();

/** Search p50/p95 over the engine benchmark's queries, interleaved with health calls (the baseline). */
async function searchTimes(agent: TernClient, anonymous: TernClient) {
  const week = { checkinDate: addDays(today, 3), checkoutDate: addDays(today, 10) };
  const queries = [
    { ...week },
    { ...week, filter: { city: 'Lisbon' } },
    { ...week, filter: { latitude: { gte: 64.1, lte: 64.16 }, longitude: { gte: -21.98, lte: -21.85 } } },
    { ...week, isAvailable: true, occupancy: { adults: 2, children: 0, childrenAge: [] } },
  ];
  const search = (i: number) =>
    agent.engine.search({
      params: { kind: 'accommodations' },
      query: { currency: 'EUR', ...queries[i % 4]! },
    });
  for (let i = 0; i < 20; i++) {
    await anonymous.system.health();
    await search(i);
  }
  const health: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    health.push(await timed(() => anonymous.system.health()));
    times.push(await timed(() => search(i)));
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), health: quantile(health, 0.5) };
}

/** Gives the hotel `PLANS` rate plans in all: copies of its first plan, spread over its units. */
async function twentyPlans(db: Db, propertyId: string): Promise<void> {
  const have = await db.query<{ id: string }>('select id from rate_plans where property_id = $1', [
    propertyId,
  ]);
  const units = await db.query<{ id: string }>('select id from units where property_id = $1 order by id', [
    propertyId,
  ]);
  for (let i = have.length; i < PLANS; i++) {
    // Whole-row copies, so the bench keeps working as rate plans gain columns.
    await db.query(
      `insert into rate_plans select (jsonb_populate_record(r, jsonb_build_object(
           'id', gen_random_uuid(), 'key', 'bench-' || $2::text, 'title', 'Bench plan ' || $2::text,
           'unit_id', $3::uuid))).*
         from rate_plans r where r.id = $1`,
      [have[0]!.id, i, units[i % units.length]!.id],
    );
  }
}

/** A year of every plan and unit of the hotel, with prices that differ call by call. */
async function yearOf(db: Db, propertyId: string, call: number): Promise<BulkRowsBody> {
  const plans = await db.query<{ id: string }>(
    'select id from rate_plans where property_id = $1 order by id',
    [propertyId],
  );
  const units = await db.query<{ id: string }>('select id from units where property_id = $1 order by id', [
    propertyId,
  ]);
  const days = Array.from({ length: DAYS }, (_, d) => addDays(today, d));
  return {
    rows: plans.flatMap((p, i) =>
      days.map((date, d) => ({
        ratePlanId: p.id,
        date,
        price: 100 + i + (d % 30) + call,
        restrictions: {
          stopSell: d % 29 === call,
          closedToArrival: d % 7 === 5,
          closedToDeparture: d % 7 === 6,
          minStayArrival: 1 + ((d + call) % 3),
          minStayThrough: 1,
          maxStay: d % 2 ? null : 14,
        },
      })),
    ),
    availability: units.flatMap((u) => days.map((date) => ({ unitId: u.id, date, availability: 8 + call }))),
  };
}

async function bench(db: Db, name: string): Promise<void> {
  const property = (await db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!;
  await twentyPlans(db, property.id);
  await db.query('analyze');
  const server = await startServer({ port: 0, db, quiet: true, logger: silentLogger, vaultPort: 0 });
  const anonymous = createClient({ baseUrl: server.url, retries: 0 });
  const agent = await signedIn(server.url, 'agent');
  const hotelier = await signedIn(server.url, 'hotelier');

  const before = await searchTimes(agent, anonymous);
  console.log(
    `  search before: p50 ${ms(before.p50)}, p95 ${ms(before.p95)} (health p50 ${ms(before.health)})`,
  );

  const puts: number[] = [];
  let rows = 0;
  for (let call = 0; call < CALLS; call++) {
    const body = await yearOf(db, property.id, call);
    rows = (body.rows?.length ?? 0) + (body.availability?.length ?? 0);
    let written = 0;
    puts.push(
      await timed(async () => {
        const done = await hotelier.inventory.putRows({ params: { propertyId: property.id }, body });
        written = done.summary.rates;
      }),
    );
    if (written !== DAYS * PLANS) throw new Error(`call ${call + 1} wrote ${written} rate nights`);
  }
  const health: number[] = [];
  for (let i = 0; i < 50; i++) health.push(await timed(() => anonymous.system.health()));
  const worst = Math.max(...puts);
  const limit = name === 'PGlite' ? PUT_MS : Number.POSITIVE_INFINITY;
  console.log(
    `  ${DAYS} days × ${PLANS} rate plans (+ ${rows - DAYS * PLANS} unit nights) in one call: ` +
      `${puts.map(ms).join(', ')} (health p50 ${ms(quantile(health, 0.5))}; ratio ${(worst / quantile(health, 0.5)).toFixed(0)}×)` +
      (name === 'PGlite' ? ` — ${target(`every call ≤ ${PUT_MS} ms`, worst <= limit)}` : ''),
  );

  const after = await searchTimes(agent, anonymous);
  console.log(
    `  search after: p50 ${ms(after.p50)}, p95 ${ms(after.p95)} (health p50 ${ms(after.health)}; ` +
      `p95 ratio ${(after.p95 / before.p95).toFixed(2)}×) — ${target(`p95 ≤ ${SEARCH_SLACK} × before`, after.p95 <= before.p95 * SEARCH_SLACK)}`,
  );
  await server.close();
}

await onEachDatabase('inventory', bench, {
  openPglite: () => seededPglite(HOTELS, process.env.TERN_BENCH_REUSE === '1'),
  seedPostgres: (db) => seedScaledWorld(db, HOTELS),
});
exit();
