/**
 * Benchmark of the redemption booking page's calls (issue 25), outside the test suite, on the embedded database
 * (PGlite) and — when `TERN_BENCH_DATABASE_URL` names a PostgreSQL server (`npm run bench` starts a throwaway
 * one) — on PostgreSQL, over the demo world with a gift card type of the demo hotel covering a plan of each of
 * its room types (two nights), and a card of it expiring in a year:
 *
 *   `redemption.rooms` (the card by its code, the hotel, the engine's load of the stay and core's rules over the
 *   card's plans) asked one at a time over HTTP, as the booking page asks it. Target: p95 ≤ 50 ms on PGlite.
 *   Baseline in the same run: the health call through the same HTTP stack. `redemption.closedDates` over the
 *   card's whole window (a year of arrivals) is measured beside it (no target).
 *
 * The target prints MET or MISSED; the process exits non-zero when it is MISSED. `TERN_BENCH_ONLY=pglite` or
 * `=postgres` runs one database.
 */

import { addDays } from '@tern/core/dates';
import { todayAt } from '../src/clock.js';
import type { Db } from '../src/db/db.js';
import { onEachDatabase } from './lib/databases.js';
import { benchServer } from './lib/report.js';
import { figures, percentile, plainGet, timings } from './lib/timing.js';

const RUNS = 300;
const TARGET_P95_MS = 50;
const CODE = 'BENCHRDM2345';

/** A two-night type of the demo hotel over the first plan of each room type, and a card of it for a year. */
async function world(db: Db): Promise<{ propertyId: string; checkin: string; plans: number }> {
  const property = (await db.one<{ id: string; timezone: string }>(
    `select id, timezone from properties where key = 'harbour-view'`,
  ))!;
  const today = todayAt({ now: () => new Date() }, property.timezone || 'UTC');
  const type = (await db.one<{ id: string }>(
    `insert into gift_card_types (property_id, title, description, price, card_limit, expiration_type,
            absolute_expiration_date, length_of_stay, status)
     values ($1, 'Two nights', '<p>By the harbour</p>', 30000, 100, 1, $2, 2, 'published') returning id`,
    [property.id, addDays(today, 400)],
  ))!;
  const rows = await db.query(
    `insert into gift_card_type_rate_plans (gift_card_type_id, unit_id, rate_plan_id, upsell, price, position)
     select $1, u.id, p.id, n % 2 = 1, case when n % 2 = 1 then 5000 end, n
       from (select u.id, row_number() over (order by u.position, u.id) as n from units u where u.property_id = $2) u
       join lateral (select id from rate_plans where unit_id = u.id order by position, id limit 1) p on true
     returning rate_plan_id`,
    [type.id, property.id],
  );
  await db.query(
    `insert into gift_cards (generated_id, gift_card_type_id, property_id, title, name, email, expiration_date,
            price, net_price)
     values ($1, $2, $3, 'Two nights', 'Bench', 'bench@example.test', $4, 30000, 30000)`,
    [CODE, type.id, property.id, addDays(today, 365)],
  );
  await db.query('analyze');
  return { propertyId: property.id, checkin: addDays(today, 30), plans: rows.length };
}

async function bench(db: Db, name: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const server = await benchServer(db);
  const { propertyId, checkin, plans } = await world(db);
  const base = `/api/v1/gift_cards_booking_engine/cards/${CODE}`;
  const rooms = plainGet(server.url, `${base}/rooms?property_id=${propertyId}&checkin=${checkin}`);
  await rooms();
  const baseline = await timings(RUNS, plainGet(server.url, '/api/v1/health'));
  const page = await timings(RUNS, rooms);
  const closed = await timings(50, plainGet(server.url, `${base}/closed_dates?property_id=${propertyId}`));
  const p95 = percentile(page, 95);
  const met = p95 <= TARGET_P95_MS;
  console.log(
    `  redemption.rooms (${plans} plans of the card): ${figures(page)}; baseline health ${figures(baseline)} ` +
      `(ratio p95 ${(p95 / percentile(baseline, 95)).toFixed(1)}×); closedDates over a year of arrivals: ${figures(closed)}` +
      (name === 'PGlite' ? ` — target p95 ≤ ${TARGET_P95_MS} ms: ${met ? 'MET' : 'MISSED'}` : ''),
  );
  await server.close();
  if (name === 'PGlite' && !met) process.exitCode = 1;
}

await onEachDatabase('redemption', bench);
process.exit(process.exitCode ?? 0);
