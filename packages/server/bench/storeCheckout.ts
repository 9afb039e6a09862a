/**
 * Benchmark of the public store's checkout under a rush (issue 24), outside the test suite, on the embedded
 * database (PGlite) and — when `TERN_BENCH_DATABASE_URL` names a PostgreSQL server (`npm run bench` starts a
 * throwaway one) — on PostgreSQL, over the demo world with a store and a type of 10 cards:
 *
 *   100 visitors check out one card each at once (each its own Idempotency-Key); all 100 answered — 10 held,
 *   90 refused `sold_out` — then the 10 pay on the sandbox provider's host and their returns are checked.
 *   Target: the 100 checkouts answered in ≤ 2 s on PGlite. Baseline in the same run: 100 concurrent health calls
 *   through the same HTTP stack.
 *
 * The target prints MET or MISSED; the process exits non-zero when it is MISSED. `TERN_BENCH_ONLY=pglite` or
 * `=postgres` runs one database.
 */

import { ApiError, createClient, PAYMENT_RETURN_QUERY, SANDBOX_CARDS } from '@tern/sdk';
import type { Db } from '../src/db/db.js';
import { onEachDatabase } from './lib/databases.js';
import { benchServer, signedIn, targets } from './lib/report.js';

const BUYERS = 100;
const CARDS = 10;
const TARGET_MS = 2000;

const ms = (n: number) => `${n.toFixed(0)} ms`;
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

const { target, exit } = targets();

async function bench(db: Db, name: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const server = await benchServer(db);
  const visitor = createClient({ baseUrl: server.url, retries: 0 });
  const hotelier = await signedIn(server.url, 'hotelier');
  const property = (await db.one<{ id: string; currency: string }>(
    `select id, currency from properties where key = 'harbour-view'`,
  ))!;
  const plan = (await db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by unit_id, id limit 1',
    [property.id],
  ))!;
  const slug = `bench-rush-${process.pid}`;
  const store = await hotelier.stores.create({
    body: {
      propertyId: property.id,
      store: {
        name: 'Rush',
        slugName: slug,
        titleFont: 'Lato',
        textFont: 'Lato',
        termsAndConditions: 'No cash value.',
        bannerTitle: 'Rush',
        bannerParagraph: 'The last ten cards.',
      },
    },
  });
  const type = await hotelier.giftCards.createType({
    body: {
      propertyId: property.id,
      title: 'The last ten',
      description: '<p>A night</p>',
      price: 100,
      netPrice: null,
      limit: CARDS,
      storeIds: [store.id],
      ratePlans: [{ roomTypeId: plan.unit_id, ratePlanId: plan.id }],
      publish: true,
    },
  });
  const checkout = (i: number) =>
    visitor.store.checkout({
      params: { storeSlug: slug },
      body: {
        locale: 'en',
        cards: [
          { giftCardTypeId: type.id, delivery: 'email', name: `Buyer ${i}`, email: `buyer${i}@example.test` },
        ],
        payer: {
          firstName: 'Buyer',
          lastName: String(i),
          address: 'Street 1',
          phone: '5550000',
          email: `buyer${i}@example.test`,
        },
        termsAccepted: true,
        expectedTotal: 100,
      },
    });
  // Warm up: one checkout of its own type would hold a card; health calls warm the HTTP stack instead.
  await Promise.all(Array.from({ length: 20 }, () => visitor.system.health()));
  const baseline = await timed(() =>
    Promise.all(Array.from({ length: BUYERS }, () => visitor.system.health())),
  );
  const rush = await timed(() => Promise.allSettled(Array.from({ length: BUYERS }, (_, i) => checkout(i))));
  const held = rush.value.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const soldOut = rush.value.filter(
    (r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.code === 'sold_out',
  ).length;
  if (held.length !== CARDS || soldOut !== BUYERS - CARDS)
    throw new Error(`${held.length} held and ${soldOut} sold out of ${BUYERS}`);
  const paid = await timed(() =>
    Promise.all(
      held.map(async (h) => {
        const sessionId = new URL(h.redirectUrl).pathname.replace(/^\/pay\//, '');
        const response = await fetch(`${server.paymentUrl}/api/sessions/${sessionId}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            cardNumber: SANDBOX_CARDS.pays,
            expiryMonth: 12,
            expiryYear: 2033,
            cvc: '123',
          }),
        });
        const back = new URL(((await response.json()) as { returnUrl: string }).returnUrl);
        const q = (n: string) => back.searchParams.get(n)!;
        return visitor.store.purchaseStatus({
          params: { storeSlug: slug },
          query: {
            referenceNumber: q(PAYMENT_RETURN_QUERY.referenceNumber),
            propertyId: q(PAYMENT_RETURN_QUERY.propertyId),
            digitalSignature: q(PAYMENT_RETURN_QUERY.digitalSignature),
          },
        });
      }),
    ),
  );
  if (!paid.value.every((s) => s.status === 'paid' || s.status === 'issued'))
    throw new Error('a paid return was not sold');
  console.log(
    `  ${BUYERS} checkouts at once for ${CARDS} cards: ${ms(rush.ms)} (${held.length} held, ${soldOut} sold out; ` +
      `baseline ${BUYERS} health calls at once ${ms(baseline.ms)}, ratio ${(rush.ms / baseline.ms).toFixed(1)}×); ` +
      `the ${CARDS} paid and returned: ${ms(paid.ms)}` +
      (name === 'PGlite' ? ` — ${target(`≤ ${TARGET_MS} ms`, rush.ms <= TARGET_MS)}` : ''),
  );
  await server.close();
}

await onEachDatabase('checkout', bench);
exit();
