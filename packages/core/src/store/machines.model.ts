import type { CartPrices, StorefrontType, StorePurchaseStatus } from '@tern/sdk';
import type { ModelOptions } from '../qa/test/paths.js';
import { storeCardMachine } from './cardMachine.js';
import type { StoreCart } from './cart.js';
import { storeCartMachine } from './cartMachine.js';
import { type StoreCheckoutInput, storeCheckoutMachine } from './checkoutMachine.js';
import { storePaymentMachine } from './paymentMachine.js';
import { purchaseStatusMachine } from './purchaseStatusMachine.js';

// The models (machine, scenarios, sample events) of the store's machines (M30–M33, M36): core's model-based tests
// replay every state and transition of them (machines.model.test.ts), and the web app's browser tests replay their
// paths through the store's pages (`frontEndModels`, packages/web/e2e/machines-store.spec.ts).

const refusal = (code: string, status: number, extra: object = {}) =>
  Object.assign(new Error(code), { code, status, ...extra });

const oneCart: StoreCart = { lines: [{ typeId: 'a', quantity: 1 }], promoCode: null };
const prices = (promoCode: string | null): CartPrices => ({
  items: [
    {
      id: 'a',
      quantity: 1,
      price: 100,
      netPrice: promoCode ? 90 : 100,
      promoCodeApplied: !!promoCode,
      stock: 4,
    },
  ],
  promoCode,
  total: promoCode ? 90 : 100,
  currency: 'EUR',
});

export const storeCartModel: ModelOptions = {
  name: 'storeCartMachine',
  machine: storeCartMachine,
  scenarios: [
    { name: 'an empty cart', input: () => ({}) },
    { name: 'a stored cart with a code', input: () => ({ cart: { ...oneCart, promoCode: 'OLD' } }) },
  ],
  serialize: (s) =>
    JSON.stringify({
      value: s.value,
      cart: s.context.cart,
      priced: s.context.prices?.total ?? null,
      problem: s.context.problem?.key ?? null,
      error: s.context.error?.code ?? null,
      promoError: s.context.promoError?.code ?? null,
    }),
  events: {
    'cart.add': [
      { type: 'cart.add', typeId: 'a', quantity: 1, stock: 4 },
      { type: 'cart.add', typeId: 'a', quantity: 5, stock: 4 },
    ],
    'line.increase': [{ type: 'line.increase', typeId: 'a' }],
    'line.decrease': [{ type: 'line.decrease', typeId: 'a' }],
    'line.remove': [{ type: 'line.remove', typeId: 'a' }],
    'promo.apply': [{ type: 'promo.apply', code: 'WINTER' }],
    'xstate.done.actor.cartPrices': [{ type: 'xstate.done.actor.cartPrices', output: prices('WINTER') }],
    'xstate.error.actor.cartPrices': [
      { type: 'xstate.error.actor.cartPrices', error: refusal('promo_code_invalid', 422) },
      { type: 'xstate.error.actor.cartPrices', error: new Error('offline') },
    ],
  },
};

const cheap = { id: 'a', offerLetterDelivery: true, offerPickupAtHotel: true };
const checkoutInput = (given: Partial<StoreCheckoutInput>) => () =>
  ({
    cart: { lines: [{ typeId: 'a', quantity: 1 }], promoCode: 'WINTER' },
    types: [cheap],
    allowPickup: true,
    hasTerms: true,
    locale: 'en',
    expectedTotal: 90,
    newKey: (() => {
      let n = 0;
      return () => `key-${++n}`;
    })(),
    ...given,
  }) satisfies StoreCheckoutInput;

export const storeCheckoutModel: ModelOptions = {
  name: 'storeCheckoutMachine',
  machine: storeCheckoutMachine,
  scenarios: [
    { name: 'a cart of one card, the store with terms', input: checkoutInput({}) },
    {
      name: 'the payer given before',
      input: checkoutInput({
        payer: {
          firstName: 'Ana',
          lastName: 'Silva',
          address: 'Rua 1',
          phone: '555',
          email: 'ana@example.pt',
        },
      }),
    },
    { name: 'an empty cart', input: checkoutInput({ cart: { lines: [], promoCode: null } }) },
  ],
  simplePaths: 3,
  serialize: (s) =>
    JSON.stringify({
      value: s.value,
      recipients: s.context.recipients.map((r: { name: string; email: string; delivery: string }) => [
        r.name,
        r.email,
        r.delivery,
      ]),
      payer: s.context.payer,
      terms: s.context.termsAccepted,
      recipientErrors: s.context.recipientErrors,
      payerErrors: Object.keys(s.context.payerErrors).length,
      termsError: s.context.termsError,
      notice: s.context.notice?.key ?? null,
      error: s.context.error?.code ?? null,
      key: s.context.attempt?.idempotencyKey ?? null,
      promo: s.context.cart.promoCode,
      lines: s.context.cart.lines.length,
    }),
  events: {
    'recipient.change': [
      { type: 'recipient.change', index: 0, field: 'name', value: 'Anna' },
      { type: 'recipient.change', index: 0, field: 'email', value: 'anna@example.is' },
    ],
    'recipient.delivery': [
      { type: 'recipient.delivery', index: 0, delivery: 'pickup' },
      { type: 'recipient.delivery', index: 0, delivery: 'carrier-pigeon' },
    ],
    'payer.change': [{ type: 'payer.change', field: 'email', value: 'ana@example' }],
    'terms.set': [{ type: 'terms.set', accepted: true }],
    'cart.changed': [
      {
        type: 'cart.changed',
        cart: { lines: [{ typeId: 'a', quantity: 2 }], promoCode: 'WINTER' },
        types: [cheap],
        expectedTotal: 180,
      },
      { type: 'cart.changed', cart: { lines: [], promoCode: null }, types: [], expectedTotal: 0 },
    ],
    'prices.changed': [{ type: 'prices.changed', promoCode: null, expectedTotal: 100 }],
    'xstate.done.actor.checkout': [
      {
        type: 'xstate.done.actor.checkout',
        output: {
          referenceNumber: 'R1',
          redirectUrl: 'https://pay.example/pay/s1',
          holdExpiresAt: '2030-01-01T00:15:00Z',
          total: 90,
          currency: 'EUR',
        },
      },
    ],
    'xstate.error.actor.checkout': [
      { type: 'xstate.error.actor.checkout', error: refusal('sold_out', 409) },
      { type: 'xstate.error.actor.checkout', error: refusal('promo_code_invalid', 422) },
      { type: 'xstate.error.actor.checkout', error: refusal('price_changed', 409) },
      { type: 'xstate.error.actor.checkout', error: new Error('offline') },
    ],
  },
};

const session = (status: string) => ({
  id: 's1',
  merchant: 'Hotel Borg',
  amount: 90,
  currency: 'EUR',
  locale: 'en',
  status,
  expiresAt: '2030-01-01T00:15:00Z',
  cancelUrl: 'https://store.example/borg/checkout',
});

export const storePaymentModel: ModelOptions = {
  name: 'storePaymentMachine',
  machine: storePaymentMachine,
  scenarios: [{ name: 'a session', input: () => ({ sessionId: 's1' }) }],
  simplePaths: 2,
  serialize: (s) =>
    JSON.stringify({
      value: s.value,
      form: s.context.form,
      errors: s.context.errors,
      refusal: s.context.refusal?.code ?? null,
      returnUrl: s.context.returnUrl,
      session: s.context.session?.status ?? null,
    }),
  events: {
    'field.change': [
      { type: 'field.change', field: 'cardNumber', value: '4242 4242 4242 4242' },
      { type: 'field.change', field: 'expiryMonth', value: '12' },
      { type: 'field.change', field: 'expiryYear', value: '2030' },
      { type: 'field.change', field: 'cvc', value: '123' },
    ],
    'xstate.done.actor.loadSession': [
      { type: 'xstate.done.actor.loadSession', output: session('open') },
      { type: 'xstate.done.actor.loadSession', output: session('expired') },
    ],
    'xstate.error.actor.loadSession': [
      { type: 'xstate.error.actor.loadSession', error: new Error('offline') },
    ],
    'xstate.done.actor.pay': [
      {
        type: 'xstate.done.actor.pay',
        output: { status: 'paid', returnUrl: 'https://store.example/borg/confirmation?r=1' },
      },
    ],
    'xstate.error.actor.pay': [
      { type: 'xstate.error.actor.pay', error: { code: 'card_declined', message: 'Declined' } },
      {
        type: 'xstate.error.actor.pay',
        error: { code: 'invalid_card', message: 'Invalid', fields: { cvc: 'CVC' } },
      },
      {
        type: 'xstate.error.actor.pay',
        error: { code: 'already_paid', message: 'Paid', returnUrl: 'https://store.example/r' },
      },
      { type: 'xstate.error.actor.pay', error: { code: 'session_expired', message: 'Expired' } },
      { type: 'xstate.error.actor.pay', error: new Error('offline') },
    ],
  },
};

const status = (s: StorePurchaseStatus['status']): StorePurchaseStatus => ({
  referenceNumber: 'R1',
  status: s,
  propertyTitle: 'Hotel Borg',
  total: 90,
  currency: 'EUR',
  cards: [],
});

export const purchaseStatusModel: ModelOptions = {
  name: 'purchaseStatusMachine',
  machine: purchaseStatusMachine,
  // Two checks at most here, so the graph reaches the end of the checks (ten by default: purchaseStatus.test.ts).
  scenarios: [
    {
      name: 'a signed return',
      input: () => ({
        storeSlug: 'borg',
        referenceNumber: 'R1',
        propertyId: 'p1',
        digitalSignature: 'sig',
        checksMax: 2,
      }),
    },
  ],
  simplePaths: 2,
  events: {
    'xstate.done.actor.purchaseStatus': [
      { type: 'xstate.done.actor.purchaseStatus', output: status('issued') },
      { type: 'xstate.done.actor.purchaseStatus', output: status('paid') },
      { type: 'xstate.done.actor.purchaseStatus', output: status('refunded') },
    ],
    'xstate.error.actor.purchaseStatus': [
      { type: 'xstate.error.actor.purchaseStatus', error: refusal('signature_invalid', 403) },
    ],
  },
};

const type = { id: 't1', stock: 3 } as unknown as StorefrontType;

export const storeCardModel: ModelOptions = {
  name: 'storeCardMachine',
  machine: storeCardMachine,
  scenarios: [{ name: 'a card of the store', input: () => ({ storeSlug: 'borg', typeId: 't1' }) }],
  events: {
    'quantity.change': [
      { type: 'quantity.change', quantity: 3 },
      { type: 'quantity.change', quantity: 40 },
    ],
    'xstate.done.actor.loadType': [{ type: 'xstate.done.actor.loadType', output: type }],
    'xstate.error.actor.loadType': [
      { type: 'xstate.error.actor.loadType', error: refusal('gift_card_type_not_found', 404) },
      { type: 'xstate.error.actor.loadType', error: new Error('offline') },
    ],
  },
};
