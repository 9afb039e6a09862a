import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBrand, cardErrors, luhnValid } from '../src/services/vault/card.js';
import { redeemCardToken, sweepCardTokens } from '../src/services/vault/index.js';
import { CARD_TOKEN_TTL_MS } from '../src/services/vault/tokens.js';
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

/**
 * The form page's own script, run against a small stand-in of the browser: the four inputs with their
 * error texts, the parent window receiving `postMessage`, and `fetch` going to the real vault.
 */
async function framedForm(parentOrigin: string) {
  const pageUrl = `${vaultUrl}/card-form?parent=${encodeURIComponent(parentOrigin)}`;
  const html = await (await fetch(pageUrl)).text();
  const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;
  type Listener = (event: unknown) => void;
  const element = (id: string) => {
    const listeners: Record<string, Listener[]> = {};
    return {
      id,
      value: '',
      textContent: '',
      attributes: {} as Record<string, string>,
      focused: false,
      setAttribute(name: string, value: string) {
        this.attributes[name] = value;
      },
      focus() {
        this.focused = true;
      },
      addEventListener(type: string, listener: Listener) {
        listeners[type] = [...(listeners[type] ?? []), listener];
      },
      fire(type: string) {
        for (const l of listeners[type] ?? []) l({ type, preventDefault() {} });
      },
    };
  };
  const ids = ['card', 'holder', 'number', 'expiry', 'cvc'];
  const elements = Object.fromEntries(
    [...ids, ...ids.map((id) => `${id}-error`)].map((id) => [id, element(id)]),
  ) as Record<string, ReturnType<typeof element>>;
  const posted: { message: Record<string, unknown>; target: string }[] = [];
  const onMessage: Listener[] = [];
  let sent = 0;
  runInNewContext(script, {
    document: { getElementById: (id: string) => elements[id] ?? null },
    window: {
      parent: {
        postMessage: (message: Record<string, unknown>, target: string) => posted.push({ message, target }),
      },
      addEventListener: (type: string, listener: Listener) => {
        if (type === 'message') onMessage.push(listener);
      },
    },
    fetch: (url: string, init: RequestInit) => {
      sent++;
      return fetch(new URL(url, pageUrl), init);
    },
    Date,
    JSON,
    RegExp,
    Number,
    Object,
  });
  return {
    posted,
    elements,
    get sent() {
      return sent;
    },
    type(field: string, value: string) {
      elements[field]!.value = value;
      elements[field]!.fire('input');
      elements[field]!.fire('blur');
    },
    message(origin: string, data: unknown) {
      for (const l of onMessage) l({ origin, data });
    },
  };
}

/** Waits until the frame has posted `count` messages (the vault answers over HTTP). */
async function until(posted: unknown[], count: number) {
  for (let i = 0; i < 200 && posted.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  expect(posted.length).toBeGreaterThanOrEqual(count);
}

describe('the card form in its frame', () => {
  it('is an accessible form: every field has its label, an error text and autocomplete', async () => {
    const html = await (await fetch(`${vaultUrl}/card-form?parent=${encodeURIComponent(server.url)}`)).text();
    for (const [label, id, autocomplete] of [
      ['Name on the card', 'holder', 'cc-name'],
      ['Card number', 'number', 'cc-number'],
      ['Expiry (MM/YY)', 'expiry', 'cc-exp'],
      ['Security code', 'cvc', 'cc-csc'],
    ] as const)
      expect(html).toMatch(
        new RegExp(
          `<label[^>]*>${label.replace(/[()]/g, '\\$&')}<input id="${id}"[^>]*autocomplete="${autocomplete}"[^>]*aria-describedby="${id}-error"`,
        ),
      );
    expect(html).toContain('<html lang="en">');
  });

  it('speaks the handshake to its parent only: ready, validate, then a card or an error on submit', async () => {
    const parent = server.url;
    const frame = await framedForm(parent);
    expect(frame.posted).toEqual([{ message: { type: 'ready' }, target: parent }]);

    frame.type('holder', 'Ada Lovelace');
    frame.type('number', '4242 4242 4242 4241');
    frame.type('expiry', '12/31');
    frame.type('cvc', '123');
    expect(frame.posted.slice(1).map((p) => p.message)).toEqual([
      { type: 'validate', valid: false },
      { type: 'validate', valid: false },
      { type: 'validate', valid: false },
      { type: 'validate', valid: false }, // the number fails the Luhn check
    ]);
    expect(frame.elements['number-error']!.textContent).toBe('Check the card number');
    expect(frame.elements.number!.attributes['aria-invalid']).toBe('true');

    // A submit from any other origin is ignored; from the parent, the bad number is refused in the frame.
    frame.message('https://evil.test', { type: 'submit' });
    expect(frame.posted).toHaveLength(5);
    const tokensBefore = await server.db.one<{ n: number }>('select count(*)::int as n from card_tokens');
    frame.message(parent, { type: 'submit' });
    expect(frame.posted.at(-1)).toEqual({ message: { error: 'Check the card details' }, target: parent });
    expect(frame.elements.number!.focused).toBe(true);
    expect(frame.sent).toBe(0);

    frame.type('number', '4242 4242 4242 4242');
    expect(frame.posted.at(-1)!.message).toEqual({ type: 'validate', valid: true });
    expect(frame.elements['number-error']!.textContent).toBe('');
    frame.message(parent, { type: 'submit' });
    await until(frame.posted, 8);
    const card = frame.posted.at(-1)!.message.card as {
      token: string;
      brand: string;
      last4: string;
      expiry: string;
    };
    expect(frame.posted.at(-1)!.target).toBe(parent);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expiry: '12/31' });
    expect(card.token).toMatch(/^card_/);
    expect(frame.sent).toBe(1);
    const tokensAfter = await server.db.one<{ n: number }>('select count(*)::int as n from card_tokens');
    expect(tokensAfter!.n).toBe(tokensBefore!.n + 1);
    await expect(
      server.db.transaction((tx) => redeemCardToken(tx, server.clock, card.token)),
    ).resolves.toEqual({
      brand: 'visa',
      last4: '4242',
      exp: '12/31',
    });
  });

  it('reports an expired card from the vault’s own check as an error to the parent', async () => {
    const parent = server.url;
    const frame = await framedForm(parent);
    frame.type('holder', 'Ada Lovelace');
    frame.type('number', '5555555555554444');
    frame.type('expiry', '01/20');
    frame.type('cvc', '123');
    expect(frame.elements['expiry-error']!.textContent).toBe('The card has expired');
    expect(frame.posted.at(-1)!.message).toEqual({ type: 'validate', valid: false });
  });
});

describe('card tokens', () => {
  it('expire unused after their time', async () => {
    const reply = await tokenise({ number: VISA, expMonth: 12, expYear: 2031, cvc: '123', holder: 'Ada' });
    const { token } = (await reply.json()) as { token: string };
    server.clock.advance(CARD_TOKEN_TTL_MS + 1000);
    const late = await server.db
      .transaction((tx) => redeemCardToken(tx, server.clock, token))
      .catch((e: unknown) => e);
    expect(late).toMatchObject({ status: 400, fields: [{ field: 'guarantee.cardToken' }] });
  });

  it('leave no card number, security code or token in any table', async () => {
    const tables = await server.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    let everything = '';
    for (const { table_name } of tables) {
      const rows = await server.db.query<{ row: string }>(
        `select row_to_json(t)::text as row from "${table_name}" t`,
      );
      everything += rows.map((r) => r.row).join('\n');
    }
    expect(everything).toContain('"last4":"4242"'); // the tokens are there…
    for (const number of [
      '4242424242424242',
      '4242 4242 4242 4242',
      '5555555555554444',
      '5555 5555 5555 4444',
    ])
      expect(everything).not.toContain(number); // …but no number
    expect(everything).not.toMatch(/"cvc"|"cvv"/);
    expect(everything).not.toMatch(/card_[A-Za-z0-9_-]{32}/); // tokens are stored as hashes only
  });

  it('are deleted a day after they expire, and not before', async () => {
    const count = async () =>
      Number((await server.db.one<{ n: string }>('select count(*) as n from card_tokens'))!.n);
    const reply = await tokenise({ number: VISA, expMonth: 12, expYear: 2031, cvc: '123', holder: 'Ada' });
    expect(reply.status).toBe(201);
    const before = await count();
    expect(await sweepCardTokens(server.db, server.clock)).toBe(0);
    const later = (ms: number) => ({ now: () => new Date(server.clock.now().getTime() + ms) });
    expect(await sweepCardTokens(server.db, later(CARD_TOKEN_TTL_MS + 24 * 3600_000 - 60_000))).toBe(
      before - 1,
    );
    expect(await count()).toBe(1); // the fresh token is still there…
    expect(await sweepCardTokens(server.db, later(CARD_TOKEN_TTL_MS + 24 * 3600_000 + 1000))).toBe(1);
    expect(await count()).toBe(0); // …until a day after it expired
  });
});

describe('the vault throttle', () => {
  it('refuses an address after 20 refused cards in 15 minutes, with Retry-After, then lets it in again', async () => {
    const bad = { number: '4242424242424241', expMonth: 12, expYear: 2031, cvc: '123', holder: 'Ada' };
    const good = { ...bad, number: VISA };
    server.clock.advance(16 * 60_000);
    for (let i = 0; i < 20; i++) expect((await tokenise(bad)).status).toBe(400);
    const refused = await tokenise(good);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many attempts/);
    server.clock.advance(16 * 60_000);
    expect((await tokenise(good)).status).toBe(201);
  });
});
