import type { CartPricesBody, StorePurchaseStatus } from '@tern/sdk';
import type { SandboxSession } from '@tern/sdk/sandboxPayments';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { storeCartMachine } from './cartMachine.js';
import { type KeyedStoreCheckout, storeCheckoutMachine } from './checkoutMachine.js';
import { storePaymentMachine } from './paymentMachine.js';
import { PURCHASE_STATUS_CHECKS_MAX, purchaseStatusMachine } from './purchaseStatusMachine.js';

// What the store's machines do over time and across calls (their graphs are machines.model.test.ts's).

const settle = () => new Promise<void>((r) => setImmediate(r));
const refusal = (code: string, status: number) => Object.assign(new Error(code), { code, status });

describe('storeCartMachine (M30)', () => {
  it('opens the drawer for 5 s after an add, keeps each change and prices it', async () => {
    const clock = new SimulatedClock();
    const stored: unknown[] = [];
    const asked: CartPricesBody[] = [];
    const actor = createActor(
      storeCartMachine.provide({
        actions: { persist: ({ context }) => stored.push(context.cart) },
        actors: {
          cartPrices: fromPromise(async ({ input }) => {
            asked.push(input);
            return { items: [], promoCode: null, total: 0, currency: 'EUR' };
          }),
        },
      }),
      { input: {}, clock },
    ).start();
    actor.send({ type: 'cart.add', typeId: 'a', quantity: 2, stock: 5 });
    expect(actor.getSnapshot().matches({ drawer: 'open' })).toBe(true);
    clock.increment(4999);
    expect(actor.getSnapshot().matches({ drawer: 'open' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    await settle();
    expect(stored).toEqual([{ lines: [{ typeId: 'a', quantity: 2 }], promoCode: null }]);
    expect(asked).toEqual([{ items: [{ id: 'a', quantity: 2 }] }]);
    actor.send({ type: 'cart.add', typeId: 'a', quantity: 4, stock: 5 });
    expect(actor.getSnapshot().context.problem?.key).toBe('store_messages.cart_stock_in_cart');
    expect(actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    actor.send({ type: 'line.decrease', typeId: 'a' });
    actor.send({ type: 'line.decrease', typeId: 'a' });
    expect(actor.getSnapshot().matches({ cart: 'empty' })).toBe(true);
    expect(stored.at(-1)).toEqual({ lines: [], promoCode: null });
  });

  it('a refused promo code leaves the cart, which is priced again without it; the items stay', async () => {
    const asked: CartPricesBody[] = [];
    const actor = createActor(
      storeCartMachine.provide({
        actors: {
          cartPrices: fromPromise(async ({ input }) => {
            asked.push(input);
            if (input.promoCode) throw refusal('promo_code_invalid', 422);
            return { items: [], promoCode: null, total: 100, currency: 'EUR' };
          }),
        },
      }),
      { input: { cart: { lines: [{ typeId: 'a', quantity: 1 }], promoCode: 'OLD' } } },
    ).start();
    await settle();
    await settle();
    const s = actor.getSnapshot();
    expect(asked.map((b) => b.promoCode ?? null)).toEqual(['OLD', null]);
    expect(s.context.cart).toEqual({ lines: [{ typeId: 'a', quantity: 1 }], promoCode: null });
    expect(s.context.promoError?.code).toBe('promo_code_invalid');
    expect(s.matches({ cart: { hasItems: 'priced' } })).toBe(true);
  });
});

describe('storeCheckoutMachine (M31)', () => {
  const payer = {
    firstName: 'Ana',
    lastName: 'Silva',
    address: 'Rua 1',
    phone: '555',
    email: 'ana@example.pt',
  };
  const start = (answers: Array<() => unknown>, onClear = () => {}) => {
    const sent: KeyedStoreCheckout[] = [];
    let n = 0;
    const actor = createActor(
      storeCheckoutMachine.provide({
        actions: { clearCart: onClear },
        actors: {
          checkout: fromPromise(async ({ input }) => {
            sent.push(input);
            return answers.shift()!() as never;
          }),
        },
      }),
      {
        input: {
          cart: { lines: [{ typeId: 'a', quantity: 1 }], promoCode: null },
          types: [{ id: 'a', offerLetterDelivery: false, offerPickupAtHotel: false }],
          allowPickup: false,
          hasTerms: false,
          locale: 'en',
          expectedTotal: 100,
          newKey: () => `key-${++n}`,
          payer,
        },
      },
    ).start();
    actor.send({ type: 'recipient.change', index: 0, field: 'name', value: 'Anna' });
    actor.send({ type: 'recipient.change', index: 0, field: 'email', value: 'anna@example.is' });
    actor.send({ type: 'step.next' });
    return { actor, sent };
  };

  it('keeps an attempt’s key across a retry whose outcome is unknown; a refusal makes the next one new', async () => {
    const { actor, sent } = start([
      () => {
        throw new Error('offline');
      },
      () => {
        throw refusal('price_changed', 409);
      },
      () => ({
        referenceNumber: 'R',
        redirectUrl: 'https://pay/x',
        holdExpiresAt: '',
        total: 100,
        currency: 'EUR',
      }),
    ]);
    actor.send({ type: 'checkout.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    actor.send({ type: 'user.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('paymentInfo');
    actor.send({ type: 'checkout.submit' });
    await settle();
    expect(sent.map((s) => s.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-2']);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(actor.getSnapshot().context.redirectUrl).toBe('https://pay/x');
  });

  it('sold out clears the cart and ends at the store with the spec’s words', async () => {
    let cleared = 0;
    const { actor } = start(
      [
        () => {
          throw refusal('sold_out', 409);
        },
      ],
      () => void cleared++,
    );
    actor.send({ type: 'checkout.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('soldOut');
    expect(actor.getSnapshot().context.notice?.key).toBe('store_messages.sold_out');
    expect(cleared).toBe(1);
  });
});

describe('storePaymentMachine (M32)', () => {
  it('keeps the pay button locked for 5 s, then pays once and opens the return', async () => {
    const clock = new SimulatedClock();
    const opened: string[] = [];
    let pays = 0;
    const actor = createActor(
      storePaymentMachine.provide({
        actions: { goToReturn: (_, { url }) => void opened.push(url) },
        actors: {
          loadSession: fromPromise(async () => ({
            id: 's1',
            merchant: 'Borg',
            amount: 1,
            currency: 'ISK',
            locale: 'en',
            status: 'open' as SandboxSession['status'],
            expiresAt: '',
            cancelUrl: '',
          })),
          pay: fromPromise(async () => {
            pays++;
            return { status: 'paid' as const, returnUrl: 'https://store/r' };
          }),
        },
      }),
      { input: { sessionId: 's1' }, clock },
    ).start();
    await settle();
    for (const [field, value] of [
      ['cardNumber', '4242424242424242'],
      ['expiryMonth', '1'],
      ['expiryYear', '2030'],
      ['cvc', '123'],
    ] as const)
      actor.send({ type: 'field.change', field, value });
    expect(actor.getSnapshot().can({ type: 'pay.submit' })).toBe(false);
    clock.increment(5000);
    actor.send({ type: 'pay.submit' });
    actor.send({ type: 'pay.submit' });
    await settle();
    expect(pays).toBe(1);
    expect(opened).toEqual(['https://store/r']);
  });
});

describe('purchaseStatusMachine (M33)', () => {
  const status = (s: StorePurchaseStatus['status']): StorePurchaseStatus => ({
    referenceNumber: 'R1',
    status: s,
    propertyTitle: 'Borg',
    total: 1,
    currency: 'ISK',
    cards: [],
  });
  const query = { storeSlug: 'borg', referenceNumber: 'R1', propertyId: 'p1', digitalSignature: 'sig' };

  it('waits 3 s, then checks every 1 s: ten checks in all, the first included, then gives up', async () => {
    const clock = new SimulatedClock();
    let calls = 0;
    const actor = createActor(
      purchaseStatusMachine.provide({
        actors: {
          purchaseStatus: fromPromise(async () => {
            calls++;
            return status('paid');
          }),
        },
      }),
      { input: query, clock },
    ).start();
    clock.increment(2999);
    await settle();
    expect(calls).toBe(0);
    clock.increment(1);
    await settle();
    expect(calls).toBe(1);
    for (let i = 0; i < 20; i++) {
      clock.increment(1000);
      await settle();
    }
    expect(calls).toBe(PURCHASE_STATUS_CHECKS_MAX);
    expect(PURCHASE_STATUS_CHECKS_MAX).toBe(10);
    expect(actor.getSnapshot().value).toBe('gaveUp');
  });

  it.each([
    ['issued', 'success'],
    ['refunded', 'final'],
    ['expired', 'final'],
    ['failed', 'final'],
  ] as const)('%s ends it: %s', async (answer, end) => {
    const clock = new SimulatedClock();
    const actor = createActor(
      purchaseStatusMachine.provide({ actors: { purchaseStatus: fromPromise(async () => status(answer)) } }),
      { input: query, clock },
    ).start();
    clock.increment(3000);
    await settle();
    expect(actor.getSnapshot().value).toBe(end);
    expect(actor.getSnapshot().context.status?.status).toBe(answer);
  });
});
