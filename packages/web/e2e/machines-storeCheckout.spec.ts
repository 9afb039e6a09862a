import { expect, type Page, type Route, test } from '@playwright/test';
import { cartStorageKey, serializeCart } from '../../core/src/store/cart.ts';
import { SANDBOX_CARDS } from '../../sdk/src/sandboxPayments.ts';
import { describeWebReplays } from './machines-replay';
import {
  DEMO_PROMO_CODE,
  type Held,
  holdCalls,
  offline,
  pauseClock,
  SLUG,
  type SoldType,
  typeWithStock,
} from './machines-storeKit';

// Core's model-based paths of the store's checkout (M31, storeCheckoutMachine) and of the sandbox provider's hosted
// payment page (M32, storePaymentMachine, payment.html on the payment host's own origin: the API's port + 2)
// replayed in the browser against the test server, as machines-store.spec.ts does for the store's other machines.
// A call the path wants answered is held until its step: passed to the server (a refusal the server gives for a
// request the step alters: a total it no longer charges, a code it does not know, a card it declines), or — what the
// server never gives on demand (no answer, a card sold out meanwhile, a session paid or expired meanwhile) —
// answered on the way. The pages each path's last step opens elsewhere (the provider's page after the hold, the
// store's signed return after the payment) are answered 204 No Content, so the followed page stays to be read.

/**
 * The pages a path's last step opens (`url`), answered 204 No Content: the browser then stays on the page that
 * opened them (a 204 ends a navigation with no new document), whose actor's final report the replay reads. Not
 * held unanswered: while a navigation is pending, Chromium queues the DevTools calls to the page until it commits,
 * so the replay's reading of the page's reports (`page.evaluate`) never returned once the page had begun to leave
 * — it won only when it read the final report in the few milliseconds before `location.assign` began the
 * navigation. A RegExp, matched by the browser's side of Playwright (a predicate sends each of the page's requests
 * through the test runner).
 */
const stayOnPage = (page: Page, url: RegExp) =>
  page.route(url, (route) =>
    route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.fallback(),
  );

// —— M31, the checkout ——

interface Checkout {
  page: Page;
  checkouts: Held;
  type: SoldType;
}

/** The model's payer (its scenario 'the payer given before'), typed into step 2. */
const PAYER = {
  firstName: 'Ana',
  lastName: 'Silva',
  address: 'Rua 1',
  phone: '555',
  email: 'ana@example.pt',
};
const payerLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  address: 'Address',
  phone: 'Phone',
  email: 'E-mail',
};
const recipientLabels: Record<string, string> = { name: 'Recipient’s name', email: 'Recipient’s e-mail' };

const payerGroup = (page: Page) => page.getByRole('group', { name: 'Your details' });

/** A cart of one card of the demo store with its promo code, kept by the browser; the checkout's page opened. */
async function checkoutScenario(page: Page): Promise<Checkout> {
  const type = await typeWithStock(page, 3);
  const checkouts = holdCalls(page, `**/api/v1/gift_cards_store/${SLUG}/checkout`, 'POST');
  await checkouts.ready;
  await stayOnPage(page, /^https?:\/\/[^/]+\/pay\//);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    cartStorageKey(SLUG),
    serializeCart({ lines: [{ typeId: type.id, quantity: 1 }], promoCode: DEMO_PROMO_CODE }),
  ] as const);
  await page.goto(`/${SLUG}/checkout?locale=en`);
  return { page, checkouts, type };
}

/** The checkout's call sent on with its body altered (the server's own refusal of what it then reads). */
async function altered(route: Route, change: (body: Record<string, unknown>) => void) {
  const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
  change(body);
  return route.continue({ postData: JSON.stringify(body) });
}

const refuse = (route: Route, status: number, code: string, message: string) =>
  route.fulfill({ status, json: { code, message } });

const noCartControl =
  'the checkout page has no control that changes the cart: its cards change on the cart’s and the cards’ pages, and back on checkout the page’s actor starts anew over the cart as it stands';

describeWebReplays<Checkout>({
  machine: 'storeCheckoutMachine',
  liveMachine: 'storeCheckout',
  parallel: true,
  scenarios: {
    'a cart of one card, the store with terms': (page) => checkoutScenario(page),
    // The page keeps no payer between visits: the visitor types the model's payer into step 2 before the submit
    // (payer.change steps that keep the state, passed over as the reporter's own are).
    'the payer given before': (page) => checkoutScenario(page),
    'an empty cart': {
      excluded:
        'the page’s actor ends as it starts (cartEmpty is final) and the page leaves for the store: the Live reports running actors only, so no first report comes. The store’s notice for an empty cart is checked by CheckoutPage.test, the state by core’s model test',
    },
  },
  events: {
    'recipient.change': async ({ page, type }, path, i) => {
      const { field, value } = path.steps[i]!.event as unknown as { field: string; value: string };
      await page
        .getByRole('group', { name: `Card 1 of 1: ${type.title}` })
        .getByLabel(recipientLabels[field]!)
        .fill(value);
    },
    'recipient.delivery': {
      drive: async ({ page }) => page.getByRole('radio', { name: 'Pick up at the hotel' }).check(),
      excludedIf: [
        {
          match: { delivery: 'carrier-pigeon' },
          reason: 'the page offers a radio for each delivery the cart offers, and no other',
        },
      ],
    },
    'step.next': async ({ page }) =>
      page.getByRole('button', { name: 'Continue to payment details' }).click(),
    'step.back': async ({ page }) =>
      page
        .getByRole('navigation', { name: 'Checkout steps' })
        .getByRole('button', { name: '1. Recipients' })
        .click(),
    'payer.change': async ({ page }, path, i) => {
      const { field, value } = path.steps[i]!.event as unknown as { field: string; value: string };
      await payerGroup(page).getByLabel(payerLabels[field]!, { exact: true }).fill(value);
    },
    'terms.set': async ({ page }) =>
      page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check(),
    'checkout.submit': async ({ page }, path) => {
      if (path.scenario === 'the payer given before')
        for (const [field, value] of Object.entries(PAYER)) {
          const input = payerGroup(page).getByLabel(payerLabels[field]!, { exact: true });
          if ((await input.inputValue()) !== value) await input.fill(value);
        }
      await page.getByRole('button', { name: 'Go to payment' }).click();
    },
    // The hold made by the server: the store then opens the provider's page (answered 204: the page stays).
    'xstate.done.actor.checkout': async ({ checkouts }) => (await checkouts.next()).continue(),
    'xstate.error.actor.checkout': async ({ checkouts }, path, i) => {
      const route = await checkouts.next();
      const { error } = path.steps[i]!.event as unknown as { error?: { code?: string } };
      switch (error?.code) {
        case 'price_changed':
          // A total the server no longer charges.
          return altered(route, (body) => {
            body.expected_total = Number(body.expected_total) + 1;
          });
        case 'promo_code_invalid':
          return altered(route, (body) => {
            body.promo_code = 'NOT-A-CODE';
          });
        case 'sold_out':
          // The last card held by another cart meanwhile (store-purchase.spec arranges it on the server).
          return refuse(route, 409, 'sold_out', 'Sold out');
        default:
          return offline(route);
      }
    },
    'user.retry': async ({ page }) =>
      page.getByRole('alert').getByRole('button', { name: 'Try again' }).click(),
    'error.dismiss': async ({ page }) =>
      page.getByRole('alert').getByRole('button', { name: 'Change my details' }).click(),
    'cart.changed': { excluded: noCartControl },
    'prices.changed': {
      excluded:
        'the page sends it on its own, never for a control: after a refused code or a changed total the cart is priced again and the checkout takes the new total in the state it is in (a report that keeps the state, passed over in those paths), and as a step of its own it is core’s model test’s',
    },
  },
});

// —— M32, the provider's hosted payment page ——

interface Payment {
  page: Page;
  sessions: Held;
  pays: Held;
  /** Where the provider sends the visitor back (the store's confirmation), for a session paid meanwhile. */
  returnUrl: string;
}

/** The session of a hold made through the store's API (one card of the demo store, by e-mail). */
async function paymentSession(page: Page): Promise<string> {
  const type = await typeWithStock(page, 3);
  const priced = await page.request.post(`/api/v1/gift_cards_store/${SLUG}/cart_prices`, {
    headers: { accept: 'application/json' },
    data: { items: [{ id: type.id, quantity: 1 }] },
  });
  expect(priced.ok(), await priced.text()).toBe(true);
  const { total } = (await priced.json()) as { total: number };
  const held = await page.request.post(`/api/v1/gift_cards_store/${SLUG}/checkout`, {
    headers: { 'idempotency-key': crypto.randomUUID(), accept: 'application/json' },
    data: {
      locale: 'en',
      cards: [{ gift_card_type_id: type.id, delivery: 'email', name: 'Anna', email: 'anna@example.is' }],
      payer: {
        first_name: PAYER.firstName,
        last_name: PAYER.lastName,
        address: PAYER.address,
        phone: PAYER.phone,
        email: PAYER.email,
      },
      terms_accepted: true,
      expected_total: total,
    },
  });
  expect(held.status(), await held.text()).toBe(201);
  return ((await held.json()) as { redirect_url: string }).redirect_url;
}

const cardLabels: Record<string, string> = {
  cardNumber: 'Card number',
  expiryMonth: 'Expiry month',
  expiryYear: 'Expiry year',
  cvc: 'CVC',
};

describeWebReplays<Payment>({
  machine: 'storePaymentMachine',
  liveMachine: 'storePayment',
  parallel: true,
  scenarios: {
    'a session': async (page) => {
      const url = await paymentSession(page);
      const sessions = holdCalls(page, '**/api/sessions/*', 'GET');
      const pays = holdCalls(page, '**/api/sessions/*/pay', 'POST');
      await Promise.all([sessions.ready, pays.ready]);
      await stayOnPage(page, /\/confirmation(?:[?#]|$)/);
      // The pay button's 5 s lock runs on the page's clock (the `after` step runs it).
      await page.clock.install();
      await page.goto(url);
      await pauseClock(page);
      const returnUrl = new URL(
        `/${SLUG}/confirmation?reference_number=R-REPLAY`,
        test.info().project.use.baseURL,
      );
      return { page, sessions, pays, returnUrl: returnUrl.href };
    },
  },
  events: {
    'xstate.done.actor.loadSession': async ({ sessions }, path, i) => {
      const route = await sessions.next();
      const { output } = path.steps[i]!.event as unknown as { output: { status: string } };
      if (output.status === 'open') return route.continue();
      // A session expired meanwhile (the provider's 15 minutes): its own reply, with that status.
      const reply = await route.fetch();
      return route.fulfill({ response: reply, json: { ...(await reply.json()), status: output.status } });
    },
    'xstate.error.actor.loadSession': async ({ sessions }) => offline(await sessions.next()),
    'field.change': async ({ page }, path, i) => {
      const { field, value } = path.steps[i]!.event as unknown as { field: string; value: string };
      const control = page.getByLabel(cardLabels[field]!, { exact: true });
      if (field === 'expiryMonth' || field === 'expiryYear') {
        await control.selectOption(value);
        return;
      }
      // The same value again changes nothing on the page: the field is emptied first (the step is that change).
      if ((await control.inputValue()) === value) await control.fill('');
      await control.fill(value);
    },
    'xstate.after.lock.storePayment.open.locked': async ({ page }) => page.clock.runFor(5000),
    'pay.submit': async ({ page }) => page.getByRole('button', { name: /^Pay / }).click(),
    // Paid by the provider: the page then opens the store's signed return (answered 204: the page stays).
    'xstate.done.actor.pay': async ({ pays }) => (await pays.next()).continue(),
    'xstate.error.actor.pay': async ({ pays, returnUrl }, path, i) => {
      const route = await pays.next();
      const { error } = path.steps[i]!.event as unknown as { error?: { code?: string; fields?: object } };
      switch (error?.code) {
        case 'card_declined': {
          // The provider's own refusal of its declining card.
          const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
          return route.continue({
            postData: JSON.stringify({ ...body, cardNumber: SANDBOX_CARDS.declined }),
          });
        }
        case 'invalid_card':
          return route.fulfill({
            status: 422,
            json: { code: 'invalid_card', message: 'Invalid', fields: error.fields },
          });
        case 'already_paid':
          // Paid from another tab meanwhile.
          return route.fulfill({ status: 409, json: { code: 'already_paid', message: 'Paid', returnUrl } });
        case 'session_expired':
          return route.fulfill({ status: 410, json: { code: 'session_expired', message: 'Expired' } });
        default:
          return offline(route);
      }
    },
    'user.retry': async ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
  },
});
