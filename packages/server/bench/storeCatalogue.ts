/**
 * Benchmark of the public store page's data (issue 24), outside the test suite, on the embedded database (PGlite)
 * and — when `TERN_BENCH_DATABASE_URL` names a PostgreSQL server (`npm run bench` starts a throwaway one) — on
 * PostgreSQL, over the demo world with a store selling 200 published types (each with photos, a rate plan and a
 * rich description; 50 open checkouts hold cards of them):
 *
 *   `store.get` (the store, its look, its property and its 200 types with their stock) asked one at a time over
 *   HTTP, as the store page asks it. Target: p95 ≤ 20 ms on PGlite. Baseline in the same run: the health call
 *   through the same HTTP stack. `store.cartPrices` of a full cart (10 lines, a promo code) is measured beside it.
 *
 * The target prints MET or MISSED; the process exits non-zero when it is MISSED. `TERN_BENCH_ONLY=pglite` or
 * `=postgres` runs one database.
 */

import { createClient } from '@tern/sdk';
import type { Db } from '../src/db/db.js';
import { onEachDatabase } from './lib/databases.js';
import { benchServer } from './lib/report.js';
import { figures, percentile, plainGet, timings } from './lib/timing.js';

const TYPES = 200;
const HOLDS = 50;
const RUNS = 300;
const TARGET_P95_MS = 20;

/** A store of the demo hotel selling `TYPES` published types, some of their cards held by open checkouts. */
async function world(db: Db): Promise<{ slug: string; typeIds: string[]; code: string }> {
  const property = (await db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!;
  const plan = (await db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by unit_id, id limit 1',
    [property.id],
  ))!;
  const slug = `bench-catalogue-${process.pid}`;
  const store = (await db.one<{ id: string }>(
    `insert into stores (property_id, name, slug, title_font, text_font, banner_title, banner_paragraph,
            terms_and_conditions)
     values ($1, 'Catalogue', $2, 'Lato', 'Lato', 'Two hundred gifts', 'Every one a night by the harbour.', 'No cash value.')
     returning id`,
    [property.id, slug],
  ))!;
  // The types join the store by their `store_ids` (migration 047's trigger numbers them in order).
  const typeIds = (
    await db.query<{ id: string }>(
      `insert into gift_card_types (property_id, title, description, price, net_price, card_limit, issued, status,
              expiration_duration, expiration_unit, length_of_stay, reservation_value, store_ids, photos,
              offer_letter_delivery)
       select $1, 'Gift ' || n, '<p>Night <strong>' || n || '</strong> by the harbour, breakfast included.</p>'
                || '<ul><li>Late check-out</li><li>A drink at the bar</li></ul><script>alert(1)</script>',
              10000 + n * 100, case when n % 3 = 0 then 9000 + n * 100 end, 100, n % 7, 'published', 12, 'months',
              1 + n % 3, 0, array[$2::uuid], '["/photos/uploads/a.jpg", "/photos/uploads/b.jpg"]', n % 2 = 0
         from generate_series(1, $3::int) n
       returning id`,
      [property.id, store.id, TYPES],
    )
  ).map((r) => r.id);
  await db.query(
    `insert into gift_card_type_rate_plans (gift_card_type_id, unit_id, rate_plan_id, upsell, position)
     select t, $1, $2, false, 0 from unnest($3::uuid[]) t`,
    [plan.unit_id, plan.id, typeIds],
  );
  for (let i = 0; i < HOLDS; i++) {
    const checkout = (await db.one<{ id: string }>(
      `insert into store_checkouts (reference_number, store_id, property_id, locale, currency, total, hold_expires_at,
              first_name, last_name, address, phone, email)
       values ($1, $2, $3, 'en', 'EUR', 0, now() + interval '1 hour', 'Ada', 'Lovelace', 'Street 1', '555',
               'ada@example.test')
       returning id`,
      [`BENCH${'23456789'[Math.floor(i / 8) % 8]}${'23456789'[i % 8]}ZZZZZ`, store.id, property.id],
    ))!;
    await db.query(
      `insert into store_checkout_cards (checkout_id, position, gift_card_type_id, delivery, name, email, price,
              net_price)
       select $1, k, $2, 'email', 'Ada', 'ada@example.test', 0, 0 from generate_series(0, 2) k`,
      [checkout.id, typeIds[(i * 7) % TYPES]],
    );
  }
  const code = 'BENCH10';
  await db.query(
    `insert into promo_codes (property_id, name, code, code_type, amount, status) values ($1, $2, $2, 'percentage', 10, 'active')`,
    [property.id, code],
  );
  // The planner's statistics, as a long-running database has them (the engine bench does the same).
  await db.query('analyze');
  return { slug, typeIds, code };
}

async function bench(db: Db, name: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const server = await benchServer(db);
  const { slug, typeIds, code } = await world(db);
  const visitor = createClient({ baseUrl: server.url, retries: 0 });
  const front = await visitor.store.get({ params: { storeSlug: slug } });
  if (front.types.length !== TYPES) throw new Error(`${front.types.length} types of ${TYPES}`);
  // Asked as the store's page asks (packages/web/src/store/api.ts): a plain fetch and JSON, no schema decode on
  // the client, whose work would otherwise share the server's event loop here; the baseline the same way.
  const plain = (path: string) => plainGet(server.url, path);
  const baseline = await timings(RUNS, plain('/api/v1/health'));
  const page = await timings(RUNS, plain(`/api/v1/gift_cards_store/${slug}`));
  const items = typeIds.slice(0, 10).map((id) => ({ id, quantity: 1 }));
  const cart = await timings(RUNS, () =>
    visitor.store.cartPrices({ params: { storeSlug: slug }, body: { items, promoCode: code } }),
  );
  const p95 = percentile(page, 95);
  const met = p95 <= TARGET_P95_MS;
  console.log(
    `  store.get with ${TYPES} types (${HOLDS} open checkouts): ${figures(page)}; baseline health ${figures(baseline)}; ` +
      `cartPrices of 10 lines with a code: ${figures(cart)}` +
      (name === 'PGlite' ? ` — target p95 ≤ ${TARGET_P95_MS} ms: ${met ? 'MET' : 'MISSED'}` : ''),
  );
  await server.close();
  if (name === 'PGlite' && !met) process.exitCode = 1;
}

await onEachDatabase('catalogue', bench);
process.exit(process.exitCode ?? 0);
