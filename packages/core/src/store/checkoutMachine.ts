import type { StoreCheckout, StoreCheckoutBody, StoreDelivery, StoreLocale } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { outcomeUnknown } from '../internal/outcome.js';
import type { StoreCart } from './cart.js';
import {
  type CheckoutPayer,
  type CheckoutRecipient,
  type CheckoutType,
  checkoutBody,
  deliveryOptions,
  emptyPayer,
  type PayerErrors,
  type PayerField,
  type RecipientErrors,
  type RecipientField,
  recipientsForCart,
  termsSatisfied,
  validatePayer,
  validateRecipients,
} from './checkoutRules.js';
import { type StoreMessage, storeKey } from './words.js';

/**
 * M31, the store's checkout (document 3 §2.2, §5 Store checkout, §8): an empty cart goes back to the store; step
 * 1 the recipients, one per card, each with a delivery the cart offers (`deliveryOptions`); step 2 the payer
 * and, when the store has terms, the tick; then `store.checkout`, whose `redirectUrl` the edge action `redirect`
 * opens. Any change of the cart's cards (`cart.changed`) goes back to step 1, keeping what was typed; a change of
 * its prices alone (`prices.changed`: a promo code applied or taken out) only updates the total it expects. Refusals: a type
 * sold out clears the cart (edge action `clearCart`) and ends in `soldOut` (the store, with the spec's words); a
 * refused promo code is taken out (edge action `clearPromo`) and the payment step shows why; any other failure
 * waits in `error` for a retry. One attempt is one Idempotency-Key: a retry of an attempt whose outcome is
 * unknown (no answer, a 5xx) resends it with the same key, so the hold is never made twice.
 */

export interface StoreCheckoutInput {
  cart: StoreCart;
  /** The cart's types as the store sells them (for the deliveries they offer). */
  types: readonly CheckoutType[];
  allowPickup: boolean;
  /** The store has terms: the box must be ticked. */
  hasTerms: boolean;
  locale: StoreLocale;
  /** The total of the last `cartPrices`, sent as `expectedTotal`. */
  expectedTotal: number;
  /** Makes an attempt's Idempotency-Key (default: a random UUID). */
  newKey?: () => string;
  /** The payer as the visitor gave it before (back from the payment page's cancel), to fill the form again. */
  payer?: Partial<CheckoutPayer>;
}

export interface KeyedStoreCheckout {
  body: StoreCheckoutBody;
  idempotencyKey: string;
}

export interface StoreCheckoutContext extends StoreCheckoutInput {
  offered: StoreDelivery[];
  recipients: CheckoutRecipient[];
  payer: CheckoutPayer;
  termsAccepted: boolean;
  recipientErrors: Record<number, RecipientErrors>;
  payerErrors: PayerErrors;
  termsError: boolean;
  /** What the store page or the payment step says (empty cart, sold out, refused promo code). */
  notice: StoreMessage | null;
  error: Failure | null;
  attempt: KeyedStoreCheckout | null;
  redirectUrl: string | null;
}

export type StoreCheckoutEvent =
  | { type: 'recipient.change'; index: number; field: RecipientField; value: string }
  | { type: 'recipient.delivery'; index: number; delivery: StoreDelivery }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'payer.change'; field: PayerField; value: string }
  | { type: 'terms.set'; accepted: boolean }
  | { type: 'checkout.submit' }
  | { type: 'cart.changed'; cart: StoreCart; types: readonly CheckoutType[]; expectedTotal: number }
  /** The cart's prices changed, its cards did not (its promo code came or went): the step stays. */
  | { type: 'prices.changed'; promoCode: string | null; expectedTotal: number }
  | { type: 'user.retry' }
  | { type: 'error.dismiss' };

const bodyOf = (c: StoreCheckoutContext) =>
  checkoutBody({
    locale: c.locale,
    promoCode: c.cart.promoCode,
    recipients: c.recipients,
    payer: c.payer,
    termsAccepted: c.termsAccepted,
    expectedTotal: c.expectedTotal,
  });

const code = (event: unknown) => failureOf((event as { error?: unknown }).error).code;

export const storeCheckoutMachine = setup({
  types: {
    context: {} as StoreCheckoutContext,
    events: {} as StoreCheckoutEvent,
    input: {} as StoreCheckoutInput,
  },
  actors: {
    checkout: notProvided<StoreCheckout, KeyedStoreCheckout>('checkout'),
  },
  actions: {
    /** Opens the payment provider's page. */
    redirect: (_, _params: { url: string }) => {},
    /** Empties the cart and its promo code (M30's `cart.clear`). */
    clearCart: () => {},
    /** Takes the promo code out of the cart (M30's `promo.apply` with ''). */
    clearPromo: () => {},
    takeCart: assign(({ context, event }) => {
      if (event.type !== 'cart.changed') return {};
      const offered = deliveryOptions(event.types, context.allowPickup);
      return {
        cart: event.cart,
        types: event.types,
        expectedTotal: event.expectedTotal,
        offered,
        recipients: recipientsForCart(event.cart.lines, context.recipients, offered),
        recipientErrors: {},
        attempt: null,
      };
    }),
  },
  guards: {
    cartEmpty: ({ context }) => context.cart.lines.length === 0,
    recipientsValid: ({ context }) => Object.keys(validateRecipients(context.recipients)).length === 0,
    payable: ({ context }) =>
      Object.keys(validatePayer(context.payer)).length === 0 &&
      termsSatisfied(context.hasTerms, context.termsAccepted),
    soldOut: ({ event }) => code(event) === 'sold_out',
    promoRefused: ({ event }) => code(event) === 'promo_code_invalid',
    /** The failed attempt's outcome is unknown: a retry resends it with its key. */
    attemptOpen: ({ context }) => context.attempt !== null,
  },
}).createMachine({
  id: 'storeCheckout',
  context: ({ input }) => {
    const offered = deliveryOptions(input.types, input.allowPickup);
    return {
      ...input,
      offered,
      recipients: recipientsForCart(input.cart.lines, [], offered),
      payer: { ...emptyPayer, ...input.payer },
      termsAccepted: false,
      recipientErrors: {},
      payerErrors: {},
      termsError: false,
      notice: null,
      error: null,
      attempt: null,
      redirectUrl: null,
    };
  },
  initial: 'guard',
  on: {
    'prices.changed': {
      actions: assign(({ context, event }) => ({
        cart: { ...context.cart, promoCode: event.promoCode },
        expectedTotal: event.expectedTotal,
      })),
    },
  },
  states: {
    guard: {
      always: [
        {
          guard: 'cartEmpty',
          target: 'cartEmpty',
          actions: assign({ notice: { key: storeKey('basket_is_empty') } }),
        },
        { target: 'recipientInfo' },
      ],
    },
    recipientInfo: {
      on: {
        'recipient.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _, ...rest } = context.recipientErrors[event.index] ?? {};
            return {
              recipients: context.recipients.map((r, i) =>
                i === event.index ? { ...r, [event.field]: event.value } : r,
              ),
              recipientErrors: { ...context.recipientErrors, [event.index]: rest },
            };
          }),
        },
        'recipient.delivery': {
          guard: ({ context, event }) => context.offered.includes(event.delivery),
          actions: assign(({ context, event }) => ({
            recipients: context.recipients.map((r, i) =>
              i === event.index ? { ...r, delivery: event.delivery } : r,
            ),
          })),
        },
        'step.next': [
          { guard: 'recipientsValid', target: 'paymentInfo', actions: assign({ recipientErrors: {} }) },
          { actions: assign(({ context }) => ({ recipientErrors: validateRecipients(context.recipients) })) },
        ],
        'cart.changed': { target: 'guard', actions: 'takeCart' },
      },
    },
    paymentInfo: {
      on: {
        'payer.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _, ...payerErrors } = context.payerErrors;
            return { payer: { ...context.payer, [event.field]: event.value }, payerErrors };
          }),
        },
        'terms.set': {
          actions: assign(({ event }) => ({ termsAccepted: event.accepted, termsError: false })),
        },
        'step.back': 'recipientInfo',
        'checkout.submit': [
          {
            guard: 'payable',
            target: 'submitting',
            actions: assign(({ context }) => {
              const body = bodyOf(context);
              const same = context.attempt && JSON.stringify(context.attempt.body) === JSON.stringify(body);
              const idempotencyKey = same
                ? context.attempt!.idempotencyKey
                : (context.newKey ?? (() => crypto.randomUUID()))();
              return {
                attempt: { body, idempotencyKey },
                payerErrors: {},
                termsError: false,
                error: null,
                notice: null,
              };
            }),
          },
          {
            actions: assign(({ context }) => ({
              payerErrors: validatePayer(context.payer),
              termsError: !termsSatisfied(context.hasTerms, context.termsAccepted),
            })),
          },
        ],
        'cart.changed': { target: 'guard', actions: 'takeCart' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => context.attempt!,
        onDone: {
          target: 'redirecting',
          actions: assign(({ event }) => ({ redirectUrl: event.output.redirectUrl })),
        },
        onError: [
          {
            guard: 'soldOut',
            target: 'soldOut',
            actions: [assign({ notice: { key: storeKey('sold_out') }, attempt: null }), 'clearCart'],
          },
          {
            guard: 'promoRefused',
            target: 'paymentInfo',
            actions: [
              assign(({ context, event }) => ({
                cart: { ...context.cart, promoCode: null },
                notice: { key: storeKey('promo_invalid') },
                error: failureOf(event.error),
                attempt: null,
              })),
              'clearPromo',
            ],
          },
          {
            target: 'error',
            actions: assign(({ context, event }) => ({
              error: failureOf(event.error),
              attempt: outcomeUnknown(event.error) ? context.attempt : null,
            })),
          },
        ],
      },
    },
    error: {
      on: {
        'user.retry': [
          { guard: 'attemptOpen', target: 'submitting', actions: assign({ error: null }) },
          { target: 'paymentInfo', actions: assign({ error: null }) },
        ],
        'error.dismiss': { target: 'paymentInfo', actions: assign({ error: null }) },
        'cart.changed': { target: 'guard', actions: ['takeCart', assign({ error: null })] },
      },
    },
    redirecting: {
      type: 'final',
      entry: { type: 'redirect', params: ({ context }) => ({ url: context.redirectUrl! }) },
    },
    soldOut: { type: 'final' },
    cartEmpty: { type: 'final' },
  },
});
