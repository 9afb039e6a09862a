import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBrand, cardErrors, luhnValid } from '../src/services/vault/card.js';
import { redeemCardToken } from '../src/services/vault/index.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let vaultUrl: string;
const VISA = '4242 4242 4242 4242';

beforeAll(async () => {
  server = await startTestServer();
  const agent = server.client(await server.signIn('agent'));
  const list = await agent.engine.search({ params: { kind: 'accommodations' }, query: {} });
  const form = await agent.engine.cardCaptureFormUrl({
    params: { kind: 'accommodations', id: list.items[0]!.id },
  });
  expect(form.origin).not.toBe(new URL(server.url).origin);
  vaultUrl = form.cardCaptureFormUrl.replace(/\/card-form$/, '');
});
afterAll(() => server?.close());

const tokenise = (card: Record<string, unknown>) =>
  fetch(`${vaultUrl}/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(card),
  });

describe('card rules', () => {
  it('checks the number, the brand, the expiry and the code', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    const now = new Date(Date.UTC(2026, 10, 22));
    expect(cardErrors({ number: VISA, expMonth: 11, expYear: 26, cvc: '123', holder: 'Ada L' }, now)).toEqual(
      {},
    );
    expect(cardErrors({ number: VISA, expMonth: 10, expYear: 26, cvc: '12', holder: '' }, now)).toEqual({
      expiry: 'The card has expired',
      cvc: 'Enter the 3-digit security code',
      holder: 'Enter the name on the card',
    });
  });
});

describe('the vault', () => {
  it('serves the framed form only to the web app, on its own origin', async () => {
    const page = await fetch(`${vaultUrl}/card-form?parent=${encodeURIComponent(server.url)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors');
    const html = await page.text();
    expect(html).toContain('<label class="wide">Card number');
    expect(html).toContain(JSON.stringify(server.url));
    const elsewhere = await (await fetch(`${vaultUrl}/card-form?parent=https://evil.test`)).text();
    expect(elsewhere).not.toContain('evil.test');
  });

  it('gives a token for a good card, keeps no number, and the token works once', async () => {
    const reply = await tokenise({
      number: VISA,
      expMonth: 12,
      expYear: 2031,
      cvc: '123',
      holder: 'Ada Lovelace',
    });
    expect(reply.status).toBe(201);
    const card = (await reply.json()) as { token: string; brand: string; last4: string; expiry: string };
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expiry: '12/31' });
    const dump = await server.db.query<{ row: string }>(
      `select row_to_json(t)::text as row from card_tokens t`,
    );
    expect(dump.map((r) => r.row).join()).not.toMatch(/4242424242424242|"123"/);
    expect(dump.map((r) => r.row).join()).not.toContain(card.token);
    await expect(
      server.db.transaction((tx) => redeemCardToken(tx, server.clock, card.token)),
    ).resolves.toEqual({
      brand: 'visa',
      last4: '4242',
      exp: '12/31',
    });
    await expect(
      server.db.transaction((tx) => redeemCardToken(tx, server.clock, card.token)),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('refuses a bad number or an expired card with field errors', async () => {
    const reply = await tokenise({
      number: '4242424242424241',
      expMonth: 1,
      expYear: 2020,
      cvc: '123',
      holder: 'Ada',
    });
    expect(reply.status).toBe(400);
    const body = (await reply.json()) as { fields: Record<string, string> };
    expect(body.fields).toMatchObject({ number: 'Check the card number', expiry: 'The card has expired' });
  });
});

describe('a booking whose rate needs a card', () => {
  it('is refused without a card token, and keeps only brand, last four and expiry with one', async () => {
    const agent = server.client(await server.signIn('agent'));
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const stay = { checkinDate: day(45), checkoutDate: day(47) };
    const list = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { ...stay, limit: 100 },
    });
    let found: {
      propertyId: string;
      unitId: string;
      rate: { id: string; occupancy: { adults: number; children: number; infants: number } };
    } | null = null;
    for (const p of list.items) {
      const units = await agent.engine.listWithRates({
        params: { kind: 'accommodations', id: p.id },
        query: { ...stay, currency: 'EUR', withVirtualRatePlans: false },
      });
      for (const u of units.items) {
        const rate = u.ratePlans.find(
          (r) =>
            r.unavailableReason === null &&
            r.cancellationPolicy?.guaranteePaymentPolicy !== 'none' &&
            r.cancellationPolicy,
        );
        if (rate) found = { propertyId: p.id, unitId: u.id, rate };
        if (found) break;
      }
      if (found) break;
    }
    expect(found).not.toBeNull();
    const booking = (cardToken?: string) => ({
      booking: {
        currency: 'EUR',
        arrivalDate: stay.checkinDate,
        departureDate: stay.checkoutDate,
        customer: { name: 'Grace', surname: 'Hopper' },
        rooms: [
          {
            ratePlanId: found!.rate.id,
            roomTypeCode: found!.unitId,
            occupancy: found!.rate.occupancy,
            guests: [],
          },
        ],
        policyAccepted: true as const,
        ...(cardToken ? { guarantee: { cardToken } } : {}),
      },
    });
    await expect(
      agent.engine.createBooking({
        params: { kind: 'accommodations', id: found!.propertyId },
        body: booking(),
      }),
    ).rejects.toMatchObject({ status: 400 });
    const card = (await (
      await tokenise({
        number: '5555 5555 5555 4444',
        expMonth: 3,
        expYear: 2030,
        cvc: '321',
        holder: 'Grace Hopper',
      })
    ).json()) as { token: string };
    const created = await agent.engine.createBooking({
      params: { kind: 'accommodations', id: found!.propertyId },
      body: booking(card.token),
    });
    const row = await server.db.one<{
      card_brand: string;
      card_last4: string;
      card_exp: string;
      liability: string;
    }>('select card_brand, card_last4, card_exp, liability from bookings where reservation_id = $1', [
      created.reservationId,
    ]);
    expect(row).toMatchObject({ card_brand: 'mastercard', card_last4: '4444', card_exp: '03/30' });
    expect(['prepaid', 'guarantee']).toContain(row!.liability);
  });
});
