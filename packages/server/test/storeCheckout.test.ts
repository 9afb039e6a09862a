import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PAYMENT_RETURN_QUERY,
  SANDBOX_CARDS,
  type StoreCheckoutBody,
  type StoreCheckoutCard,
  type TernClient,
} from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../src/clock.js';
import { cardPdfDescription, renderCardPdf } from '../src/services/giftCards/pdf.js';
import { sweep } from '../src/services/housekeeping.js';
import { createPaymentApp } from '../src/services/payments/host.js';
import { paymentsOf } from '../src/services/payments/index.js';
import { refusedWith } from './helpers/refusal.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { paySession, storeWorld } from './helpers/store.js';

// The public store's money (design.md "Money flow"; document 3 §5, §7): a checkout holds its cards for 15
// minutes (never more than the stock, whoever buys at once), the sandbox provider takes the card on its own
// origin and signs the return, and the return — verified, replayed, raced, late — issues the cards once, or
// refunds a late payment whose stock is gone. The clock is moved past holds, never waited for.

let server: TestServer;
let visitor: TernClient;
let hotelier: TernClient;
let paymentUrl: string;
let propertyId: string;
let storeId: string;
const slug = `Money-Shop-${Date.now()}`;
const otherSlug = `${slug}-two`;

let makeStoreType: Awaited<ReturnType<typeof storeWorld>>['makeType'];
const makeType = (title: string, limit: number, price = 20_000) =>
  makeStoreType(title, [storeId], { limit, price });

const payer = {
  firstName: 'Anna',
  lastName: 'Jónsdóttir',
  address: 'Laugavegur 1, Reykjavík',
  phone: '5551234',
  email: 'anna@example.test',
};
const emailCard = (giftCardTypeId: string, n = 1): StoreCheckoutCard => ({
  giftCardTypeId,
  delivery: 'email',
  name: `Friend ${n}`,
  email: `friend${n}@example.test`,
});

const body = (cards: StoreCheckoutCard[], expectedTotal: number, over: Partial<StoreCheckoutBody> = {}) => ({
  locale: 'en' as const,
  cards,
  payer,
  termsAccepted: true,
  expectedTotal,
  ...over,
});

const checkout = (b: StoreCheckoutBody, storeSlug = slug, idempotencyKey?: string) =>
  visitor.store.checkout({ params: { storeSlug }, body: b }, idempotencyKey ? { idempotencyKey } : {});

const sessionOf = (redirectUrl: string) => {
  const url = new URL(redirectUrl);
  expect(url.origin).toBe(new URL(paymentUrl).origin);
  return url.pathname.replace(/^\/pay\//, '');
};

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

const pay = (sessionId: string, cardNumber?: string) => paySession(paymentUrl, sessionId, cardNumber);

/** Pays a checkout's session and answers the signed return's query. */
async function payAndReturn(redirectUrl: string, locale = 'en') {
  const paid = await pay(sessionOf(redirectUrl));
  expect(paid.status).toBe(200);
  const { returnUrl } = (await paid.json()) as { returnUrl: string };
  const back = new URL(returnUrl);
  expect(back.pathname).toBe(`/${slug}/confirmation`);
  // Back in the language the visitor bought in.
  expect(back.searchParams.get('locale')).toBe(locale);
  return {
    referenceNumber: back.searchParams.get(PAYMENT_RETURN_QUERY.referenceNumber)!,
    propertyId: back.searchParams.get(PAYMENT_RETURN_QUERY.propertyId)!,
    digitalSignature: back.searchParams.get(PAYMENT_RETURN_QUERY.digitalSignature)!,
  };
}

type ReturnQuery = Awaited<ReturnType<typeof payAndReturn>>;
const statusOf = (query: ReturnQuery, storeSlug = slug) =>
  visitor.store.purchaseStatus({ params: { storeSlug }, query });

async function untilIssued(query: ReturnQuery) {
  for (let i = 0; i < 200; i++) {
    const answer = await statusOf(query);
    if (answer.status === 'issued') return answer;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the cards were not issued');
}

const stockOf = async (typeId: string) =>
  (await server.db.one<{ stock: number }>('select gift_card_type_stock($1, $2) as stock', [
    typeId,
    server.clock.now(),
  ]))!.stock;

const checkoutRow = (reference: string) =>
  server.db.one<{ status: string; id: string }>(
    'select id, status from store_checkouts where reference_number = $1',
    [reference],
  );

beforeAll(async () => {
  server = await startTestServer();
  const world = await storeWorld(server, [slug, otherSlug]);
  ({ visitor, hotelier, propertyId, makeType: makeStoreType } = world);
  storeId = world.storeIds[0]!;
  paymentUrl = new URL((await checkoutPage()).redirectUrl.replace(/\/pay\/.*$/, '')).origin;
}, 120_000);
afterAll(() => server?.close());

/** A first checkout (of a type of its own) tells where the payment host is. */
async function checkoutPage() {
  const typeId = await makeType('Probe', 1);
  return checkout(body([emailCard(typeId)], 20_000));
}

describe('a checkout, paid, issued', () => {
  it('holds the cards, takes the card on the provider’s origin and issues each card with its delivery', async () => {
    const a = await makeType('One night', 10);
    const b = await makeType('Two nights', 5, 30_000);
    await server.db.query(
      'update gift_card_types set offer_letter_delivery = true where id = any($1::uuid[])',
      [[a, b]],
    );
    const cards: StoreCheckoutCard[] = [
      { ...emailCard(a, 1), info: 'Happy birthday!' },
      {
        giftCardTypeId: b,
        delivery: 'letter',
        name: 'Grandma',
        deliveryName: 'Guðrún',
        deliveryAddress: 'Hafnarstræti 5',
        deliveryZipCode: '101',
        deliveryCity: 'Reykjavík',
        deliveryCountry: 'Iceland',
      },
    ];
    const held = await checkout(body(cards, 50_000));
    expect(held).toMatchObject({ total: 50_000, currency: 'ISK' });
    expect(held.referenceNumber).toMatch(/^[2-9A-HJKMNP-Z]{12}$/);
    expect(new Date(held.holdExpiresAt).getTime() - server.clock.now().getTime()).toBeGreaterThan(
      14 * MINUTE,
    );
    expect(await stockOf(a)).toBe(9);
    // The staff side counts the hold too (one definition of stock).
    expect((await hotelier.giftCards.getType({ params: { id: a }, query: { propertyId } })).stock).toBe(9);
    const sizes = await hotelier.giftCards.typeSizes({ query: { propertyId } });
    expect(sizes.items.find((s) => s.id === a)).toMatchObject({ limit: 10, issued: 0, stock: 9 });

    const sessionId = sessionOf(held.redirectUrl);
    const session = await (await fetch(`${paymentUrl}/api/sessions/${sessionId}`)).json();
    expect(session).toMatchObject({ amount: 50_000, currency: 'ISK', status: 'open', locale: 'en' });

    const query = await payAndReturn(held.redirectUrl);
    expect(query.referenceNumber).toBe(held.referenceNumber);
    const first = await statusOf(query);
    expect(['paid', 'issued']).toContain(first.status);
    const issued = await untilIssued(query);
    expect(issued.cards.map((c) => [c.nameOfPerson, c.delivery, c.price])).toEqual([
      ['Friend 1', 'email', 20_000],
      ['Grandma', 'letter', 30_000],
    ]);
    expect(await stockOf(a)).toBe(9);

    const purchases = await server.db.query<{ source: string; status: string; quantity: number }>(
      `select p.source, p.status, p.quantity from gift_card_purchases p join store_checkouts c on c.id = p.store_checkout_id
        where c.reference_number = $1`,
      [held.referenceNumber],
    );
    expect(purchases).toEqual([
      { source: 'store', status: 'paid', quantity: 1 },
      { source: 'store', status: 'paid', quantity: 1 },
    ]);
    const written = await server.db.query<{
      name: string;
      notes: string;
      send_by_letter: boolean;
      delivery_address: string | null;
      source_of_sale: string;
    }>(
      `select c.name, c.notes, c.send_by_letter, c.delivery_address, c.source_of_sale
         from gift_cards c join gift_card_purchases p on p.id = c.purchase_id
         join store_checkouts s on s.id = p.store_checkout_id
        where s.reference_number = $1 order by c.name`,
      [held.referenceNumber],
    );
    expect(written).toEqual([
      {
        name: 'Friend 1',
        notes: 'Happy birthday!',
        send_by_letter: false,
        delivery_address: null,
        source_of_sale: 'store',
      },
      {
        name: 'Grandma',
        notes: '',
        send_by_letter: true,
        delivery_address: 'Hafnarstræti 5',
        source_of_sale: 'store',
      },
    ]);
    const mails = await server.db.query<{ to: string }>(
      `select "to" from outbox_mails where "to" = 'friend1@example.test'`,
    );
    expect(mails.length).toBe(1);
    const receipt = await server.db.one<{ text: string }>(
      `select text from outbox_mails where "to" = $1 and kind = 'store_receipt' and text like '%' || $2 || '%'`,
      [payer.email, held.referenceNumber],
    );
    for (const card of issued.cards) expect(receipt!.text).toContain(card.generatedId);
    expect(receipt!.text).toContain('by letter');
    // The provider keeps the last four digits, never the number or the security code.
    const stored = await server.db.one<{ row: string }>(
      'select row_to_json(s)::text as row from sandbox_payment_sessions s where id = $1',
      [sessionId],
    );
    expect(stored!.row).toContain('"card_last4":"4242"');
    expect(stored!.row).not.toContain(SANDBOX_CARDS.pays);
  });

  it('writes the receipt and each card’s mail in the language the payer bought in', async () => {
    const t = await makeType('Nacht am Meer', 3);
    const card = { ...emailCard(t, 41), name: 'Jörg' };
    const held = await checkout(
      body([card, { ...card, email: 'friend42@example.test' }], 40_000, { locale: 'de' }),
    );
    const issued = await untilIssued(await payAndReturn(held.redirectUrl, 'de'));
    const receipt = (await server.db.one<{ subject: string; text: string }>(
      `select subject, text from outbox_mails where "to" = $1 and kind = 'store_receipt' and text like '%' || $2 || '%'`,
      [payer.email, held.referenceNumber],
    ))!;
    expect(receipt.subject).toMatch(/^Ihre Gutscheine von .+: /);
    expect(receipt.text).toContain(`Hallo Anna,`);
    expect(receipt.text).toContain(
      `Nacht am Meer für Jörg, per E-Mail an friend41@example.test: Gutschein ${issued.cards[0]!.generatedId}`,
    );
    // Money in the payer's language: ISK has no decimals, German groups thousands with a dot.
    expect(receipt.text).toMatch(/Bezahlt: 40\.000\sISK/);
    const mails = await server.db.query<{ subject: string; text: string; html: string }>(
      `select subject, text, html from outbox_mails where "to" in ('friend41@example.test', 'friend42@example.test') and kind = 'gift_card'`,
    );
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe('Ihr Gutschein: Nacht am Meer');
      expect(mail.text).toMatch(
        /^Hallo Jörg,\nHier ist Ihr Gutschein von .+: Nacht am Meer\.\nSeine Nummer: [2-9A-Z]{12}\. Einzulösen bis \d{1,2}\. \S+ \d{4}\./,
      );
      expect(mail.text).toContain('Buchen Sie damit Ihren Aufenthalt: http');
      expect(mail.html).toContain('<p>Hallo Jörg,</p>');
    }
  });

  it('issues a card to pick up at the hotel: the payer’s, its PDF saying so under the buyer’s message', async () => {
    const t = await makeType('Pickup night', 3);
    await server.db.query('update gift_card_types set offer_pickup_at_hotel = true where id = $1', [t]);
    await server.db.query('update stores set allow_pickup_at_hotel = true where id = $1', [storeId]);
    try {
      const held = await checkout(
        body([{ giftCardTypeId: t, delivery: 'pickup', name: 'Sigga', info: 'Enjoy the sea view' }], 20_000),
      );
      const issued = await untilIssued(await payAndReturn(held.redirectUrl));
      expect(issued.cards.map((c) => c.delivery)).toEqual(['pickup']);
      const card = (await server.db.one<{
        id: string;
        email: string;
        pickup_at_hotel: boolean;
        hotel_name: string;
        message: string;
        description: string;
      }>(
        `select c.id, c.email, c.pickup_at_hotel, p.title as hotel_name, c.notes as message, t.description
           from gift_cards c join properties p on p.id = c.property_id join gift_card_types t on t.id = c.gift_card_type_id
          where c.generated_id = $1`,
        [issued.cards[0]!.generatedId],
      ))!;
      expect(card).toMatchObject({
        email: payer.email,
        pickup_at_hotel: true,
        message: 'Enjoy the sea view',
      });
      expect(cardPdfDescription(card)).toBe(
        `To be picked up at ${card.hotel_name}.\n\nEnjoy the sea view\n\nA night`,
      );
      expect((await renderCardPdf(server.db, card.id)).bytes.byteLength).toBeGreaterThan(1000);
    } finally {
      await server.db.query('update stores set allow_pickup_at_hotel = false where id = $1', [storeId]);
    }
  });

  it('answers the same hold to a retry with the same Idempotency-Key', async () => {
    const t = await makeType('Retry', 3);
    const key = `retry-${Date.now()}`;
    const once = await checkout(body([emailCard(t)], 20_000), slug, key);
    const again = await checkout(body([emailCard(t)], 20_000), slug, key);
    expect(again.referenceNumber).toBe(once.referenceNumber);
    expect(await stockOf(t)).toBe(2);
  });
});

describe('the provider’s page and its refusals', () => {
  it('refuses a bad card with its fields, declines the test card (another card then pays), 404s an unknown session', async () => {
    const t = await makeType('Declined', 3);
    const held = await checkout(body([emailCard(t)], 20_000));
    const sessionId = sessionOf(held.redirectUrl);
    const bad = await fetch(`${paymentUrl}/api/sessions/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cardNumber: '1234', expiryMonth: 13, expiryYear: 2033, cvc: 'x' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'invalid_card',
      fields: { cardNumber: expect.any(String) },
    });
    const declined = await pay(sessionId, SANDBOX_CARDS.declined);
    expect(declined.status).toBe(402);
    expect((await json(declined)).code).toBe('card_declined');
    // Another card after a decline pays.
    const query = await payAndReturn(held.redirectUrl);
    expect((await statusOf(query)).status).toMatch(/paid|issued/);
    expect((await fetch(`${paymentUrl}/api/sessions/nope-nope-nope-nope-nope`)).status).toBe(404);
  });

  it('serves the hosted page under a strict policy, and answers 409 to a second payment', async () => {
    // Served from the web build the API serves (here a build of one page and one asset).
    const dist = mkdtempSync(join(tmpdir(), 'tern-pay-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'payment.html'),
      '<!doctype html><title>Pay</title><script src="/assets/pay-abc123.js"></script>',
    );
    writeFileSync(join(dist, 'assets', 'pay-abc123.js'), 'console.log(1)');
    try {
      const host = createPaymentApp({
        db: server.db,
        clock: server.clock,
        payments: paymentsOf({
          secretKeys: { current: Buffer.alloc(32, 7), previous: null },
          paymentUrl: null,
        }),
        webDist: dist,
      });
      const page = await host.fetch(new Request('http://pay.test/pay/some-session'));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Pay</title>');
      const csp = page.headers.get('content-security-policy')!;
      for (const rule of [
        "script-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ])
        expect(csp).toContain(rule);
      expect((await host.fetch(new Request('http://pay.test/assets/pay-abc123.js'))).status).toBe(200);
      expect((await host.fetch(new Request('http://pay.test/assets/..%2f..%2fetc%2fpasswd'))).status).toBe(
        404,
      );
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
    const t = await makeType('Twice', 3);
    const held = await checkout(body([emailCard(t)], 20_000));
    await payAndReturn(held.redirectUrl);
    const twice = await pay(sessionOf(held.redirectUrl));
    expect(twice.status).toBe(409);
    expect(await json(twice)).toMatchObject({ code: 'already_paid', returnUrl: expect.any(String) });
  });
});

describe('the signed return', () => {
  it('changes nothing for a tampered signature, another store, or a replay', async () => {
    const t = await makeType('Signed', 5);
    const held = await checkout(body([emailCard(t), emailCard(t, 2)], 40_000));
    const query = await payAndReturn(held.redirectUrl);
    const tampered = { ...query, digitalSignature: `${query.digitalSignature.slice(0, -2)}xx` };
    expect(await refusedWith(statusOf(tampered))).toEqual({ status: 403, code: 'signature_invalid' });
    const forged = { ...query, referenceNumber: 'ABCDEFGHJKMN' };
    expect(await refusedWith(statusOf(forged))).toEqual({ status: 403, code: 'signature_invalid' });
    expect((await refusedWith(statusOf(query, otherSlug))).status).toBe(404);
    expect((await checkoutRow(held.referenceNumber))!.status).toBe('held');
    // Ten returns at once: one sale.
    const answers = await Promise.all(Array.from({ length: 10 }, () => statusOf(query)));
    expect(answers.every((a) => a.status === 'paid' || a.status === 'issued')).toBe(true);
    const purchases = await server.db.query(
      'select id from gift_card_purchases where store_checkout_id = $1',
      [(await checkoutRow(held.referenceNumber))!.id],
    );
    expect(purchases.length).toBe(1);
    const issued = await server.db.one<{ issued: number }>(
      'select issued from gift_card_types where id = $1',
      [t],
    );
    expect(issued!.issued).toBe(2);
  });
});

describe('holds', () => {
  it('sells the last 10 cards to exactly 10 of 100 buyers at once; the others are told sold out', async () => {
    const t = await makeType('Last ten', 10);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => checkout(body([emailCard(t, i)], 20_000))),
    );
    const held = results.filter((r) => r.status === 'fulfilled');
    const refused = await Promise.all(
      results.flatMap((r) => (r.status === 'rejected' ? [refusedWith(Promise.reject(r.reason))] : [])),
    );
    expect(held.length).toBe(10);
    expect(refused.length).toBe(90);
    expect(refused.every((r) => r.status === 409 && r.code === 'sold_out')).toBe(true);
    expect(await stockOf(t)).toBe(0);
    const count = await server.db.one<{ n: number }>(
      'select count(*)::int as n from store_checkout_cards where gift_card_type_id = $1',
      [t],
    );
    expect(count!.n).toBe(10);
  }, 60_000);

  it('gives an expired hold’s stock back; a late payment sells if the stock is there, else it is refunded', async () => {
    const t = await makeType('Late', 1);
    const first = await checkout(body([emailCard(t)], 20_000));
    const firstPaid = await payAndReturn(first.redirectUrl);
    expect(await refusedWith(checkout(body([emailCard(t)], 20_000)))).toEqual({
      status: 409,
      code: 'sold_out',
    });
    server.clock.advance(16 * MINUTE);
    expect(await stockOf(t)).toBe(1);
    // Another buyer takes the card the first one's hold gave back, and pays it.
    const second = await checkout(body([emailCard(t)], 20_000));
    const secondPaid = await payAndReturn(second.redirectUrl);
    expect((await statusOf(secondPaid)).status).toMatch(/paid|issued/);
    // The first one's payment comes back late, with the stock gone: refunded.
    expect((await statusOf(firstPaid)).status).toBe('refunded');
    const session = await json(await fetch(`${paymentUrl}/api/sessions/${sessionOf(first.redirectUrl)}`));
    expect(session.status).toBe('refunded');
    expect((await statusOf(firstPaid)).status).toBe('refunded');

    // A late payment with the stock still there is sold.
    const u = await makeType('Late but fine', 2);
    const third = await checkout(body([emailCard(u)], 20_000));
    const thirdPaid = await payAndReturn(third.redirectUrl);
    server.clock.advance(16 * MINUTE);
    expect((await statusOf(thirdPaid)).status).toMatch(/paid|issued/);
    // An unpaid hold run out: expired, and the session can no longer be paid.
    const fourth = await checkout(body([emailCard(u)], 20_000));
    server.clock.advance(16 * MINUTE);
    expect((await pay(sessionOf(fourth.redirectUrl))).status).toBe(410);
    const unpaid = await fetch(`${paymentUrl}/api/sessions/${sessionOf(fourth.redirectUrl)}`);
    expect((await json(unpaid)).status).toBe('expired');
    expect(await stockOf(u)).toBe(1);
    // Housekeeping marks it expired for the lists.
    expect((await checkoutRow(fourth.referenceNumber))!.status).toBe('held');
    await sweep(server.db, server.clock);
    expect((await checkoutRow(fourth.referenceNumber))!.status).toBe('expired');
  });
});

describe('promo codes', () => {
  it('holds a code with 5 uses left for 5 of 50 buyers at once, and takes exactly 5 uses when they pay', async () => {
    const t = await makeType('Promo night', 100, 10_000);
    const code = `SPRING${Date.now() % 100000}`;
    const promo = await hotelier.promoCodes.create({
      body: {
        propertyId,
        name: 'Spring',
        code,
        codeType: 'percentage',
        amount: 10,
        usageLimit: 5,
        status: 'active',
        appliesTo: [],
      },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        checkout(body([emailCard(t, i)], 9_000, { promoCode: code.toLowerCase() })),
      ),
    );
    const held = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = await Promise.all(
      results.flatMap((r) => (r.status === 'rejected' ? [refusedWith(Promise.reject(r.reason))] : [])),
    );
    expect(held.length).toBe(5);
    expect(held.every((h) => h.total === 9_000)).toBe(true);
    expect(refused.every((r) => r.status === 422 && r.code === 'promo_code_invalid')).toBe(true);
    const queries = await Promise.all(held.map((h) => payAndReturn(h.redirectUrl)));
    await Promise.all(queries.map((q) => statusOf(q)));
    const uses = await server.db.one<{ usage_count: number }>(
      'select usage_count from promo_codes where id = $1',
      [promo.id],
    );
    expect(uses!.usage_count).toBe(5);
    const discounted = await server.db.one<{ n: number }>(
      `select count(*)::int as n from gift_cards where gift_card_type_id = $1 and net_price = 9000`,
      [t],
    );
    expect(discounted!.n).toBe(5);
  }, 60_000);
});

describe('hostile or wrong checkouts hold nothing', () => {
  it('refuses terms not ticked, a delivery not offered, a changed total, and bad input', async () => {
    const t = await makeType('Careful', 5);
    expect(await refusedWith(checkout(body([emailCard(t)], 20_000, { termsAccepted: false })))).toEqual({
      status: 422,
      code: 'terms_not_accepted',
    });
    expect(
      await refusedWith(checkout(body([{ giftCardTypeId: t, delivery: 'pickup', name: 'Bob' }], 20_000))),
    ).toEqual({ status: 400, code: 'delivery_not_offered' });
    expect(
      await refusedWith(
        checkout(
          body(
            [
              {
                giftCardTypeId: t,
                delivery: 'letter',
                name: 'Bob',
                deliveryName: 'Bob',
                deliveryAddress: 'A street 1',
                deliveryZipCode: '101',
                deliveryCity: 'Reykjavík',
              },
            ],
            20_000,
          ),
        ),
      ),
    ).toEqual({ status: 400, code: 'delivery_not_offered' });
    expect(await refusedWith(checkout(body([emailCard(t)], 19_999)))).toEqual({
      status: 409,
      code: 'price_changed',
    });
    expect(
      (await refusedWith(checkout(body([{ ...emailCard(t), email: 'not-an-address' }], 20_000)))).status,
    ).toBe(400);
    expect(
      (
        await refusedWith(
          checkout(
            body(
              Array.from({ length: 11 }, (_, i) => emailCard(t, i)),
              220_000,
            ),
          ),
        )
      ).status,
    ).toBe(400);
    expect(
      (await refusedWith(checkout(body([{ ...emailCard(t), name: 'x'.repeat(5000) }], 20_000)))).status,
    ).toBe(400);
    expect(
      (await refusedWith(checkout(body([emailCard('00000000-0000-4000-8000-000000000000')], 20_000)))).status,
    ).toBe(404);
    expect(
      (await refusedWith(checkout(body([emailCard(t)], 20_000, { promoCode: 'NO-SUCH-CODE' })))).code,
    ).toBe('promo_code_invalid');
    expect(await stockOf(t)).toBe(5);
    const none = await server.db.one<{ n: number }>(
      'select count(*)::int as n from store_checkout_cards where gift_card_type_id = $1',
      [t],
    );
    expect(none!.n).toBe(0);
    expect(storeId).toBeTruthy();
  });
});

describe('the provider’s throttle', () => {
  it('refuses more cards from an address that keeps sending bad ones (429 with Retry-After)', async () => {
    const t = await makeType('Throttled', 3);
    const held = await checkout(body([emailCard(t)], 20_000));
    const sessionId = sessionOf(held.redirectUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await pay(sessionId, '4242424242424241')).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    const throttled = await pay(sessionId);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Once its window has passed the address is heard again (the session has run out by then: 410).
    server.clock.advance(16 * MINUTE);
    expect((await pay(sessionId)).status).toBe(410);
  });
});
