import { cartStorageKey, parseStoredCart } from '@tern/core/store';
import type { CartPricesBody, StoreCheckoutBody } from '@tern/sdk/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storefrontType, testStorefront } from '../../../test/storefront';
import type { StoreApi } from '../api';
import { createStoreI18n } from '../i18n';
import { StoreRouter } from '../router';
import { StoreApp } from '../StoreApp';

const storefront = testStorefront([storefrontType('t1', 'Two nights', 200)], 'Be nice.');

function storeApi(checkout: (body: StoreCheckoutBody, key: string) => Promise<unknown>, unit = () => 200) {
  const api = {
    get: vi.fn(async () => storefront),
    type: vi.fn(),
    cartPrices: vi.fn(async (_slug: string, body: CartPricesBody) => ({
      items: body.items.map((i) => ({
        id: i.id,
        quantity: i.quantity,
        price: unit(),
        netPrice: unit(),
        promoCodeApplied: false,
        stock: 5,
      })),
      promoCode: null,
      total: body.items.reduce((sum, i) => sum + unit() * i.quantity, 0),
      currency: 'EUR',
    })),
    checkout: vi.fn(async (_slug: string, body: StoreCheckoutBody, key: string) => checkout(body, key)),
    purchaseStatus: vi.fn(),
  };
  return api;
}

const payerValues = [
  ['First name', 'Ana'],
  ['Last name', 'Silva'],
  ['Address', 'Rua 1'],
  ['Phone', '555'],
  ['E-mail', 'ana@example.pt'],
] as const;

/** A cart of one card, its recipient and the payer filled and the terms ticked: ready to submit. */
async function oneCardToPayment(api: ReturnType<typeof storeApi>) {
  window.localStorage.setItem(
    cartStorageKey('harbour'),
    JSON.stringify({ lines: [{ typeId: 't1', quantity: 1 }], promoCode: null }),
  );
  renderCheckout(api);
  await screen.findByRole('heading', { name: 'Checkout' });
  type_('Recipient’s name', 'Anna');
  type_('Recipient’s e-mail', 'anna@example.is');
  fireEvent.click(screen.getByRole('button', { name: 'Continue to payment details' }));
  for (const [label, value] of payerValues) type_(label, value);
  fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
}

const Bare = ({ children }: { children: ReactNode }) => <>{children}</>;

function renderCheckout(api: ReturnType<typeof storeApi>) {
  render(
    <StoreRouter>
      <StoreApp api={api as unknown as StoreApi} i18n={createStoreI18n()} layout={Bare} />
    </StoreRouter>,
  );
}

const type_ = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('the store’s checkout (M31)', () => {
  const assign = vi.fn();
  beforeEach(() => {
    window.history.pushState(null, '', '/harbour/checkout');
    window.localStorage.setItem(
      cartStorageKey('harbour'),
      JSON.stringify({ lines: [{ typeId: 't1', quantity: 2 }], promoCode: null }),
    );
    const real = window.location;
    vi.stubGlobal('location', {
      get pathname() {
        return real.pathname;
      },
      get search() {
        return real.search;
      },
      get href() {
        return real.href;
      },
      get origin() {
        return real.origin;
      },
      assign,
      replace: vi.fn(),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
    window.localStorage.clear();
  });

  it('asks a recipient per card, then the payer and the terms, holds the cards once and opens the payment page', async () => {
    const api = storeApi(async () => ({
      referenceNumber: 'R-1',
      redirectUrl: 'https://pay.example/pay/ps_1',
      holdExpiresAt: '2030-01-01T00:15:00Z',
      total: 400,
      currency: 'EUR',
    }));
    renderCheckout(api);
    await screen.findByRole('heading', { name: 'Checkout' });
    expect(
      screen.getByRole('navigation', { name: 'Checkout steps' }).querySelector('[aria-current="step"]')
        ?.textContent,
    ).toBe('1. Recipients');
    const cards = screen.getAllByRole('group', { name: /^Card \d of 2: Two nights$/ });
    expect(cards).toHaveLength(2);
    // Letter is offered (every item offers it); pickup is not (the type does not), though the store allows it.
    expect(within(cards[0]!).getByRole('radio', { name: 'By letter' })).toBeTruthy();
    expect(within(cards[0]!).queryByRole('radio', { name: 'Pick up at the hotel' })).toBeNull();

    type_('Recipient’s name', 'Anna', cards[0]);
    type_('Recipient’s e-mail', 'anna@', cards[0]);
    fireEvent.click(within(cards[1]!).getByRole('radio', { name: 'By letter' }));
    type_('Recipient’s name', 'Björn', cards[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment details' }));
    const email = within(cards[0]!).getByLabelText('Recipient’s e-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter valid Email',
    );
    expect(within(cards[1]!).getByLabelText('Country')).toHaveProperty('value', 'Iceland');
    expect(within(cards[1]!).getAllByText('Required')).toHaveLength(4);

    type_('Recipient’s e-mail', 'anna@example.is', cards[0]);
    type_('Name on the envelope', 'Björn B', cards[1]);
    type_('Address', 'Laugavegur 1', cards[1]);
    type_('Postal code', '101', cards[1]);
    type_('City', 'Reykjavík', cards[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment details' }));

    await screen.findByRole('group', { name: 'Your details' });
    type_('First name', 'Ana');
    type_('Last name', 'Silva');
    type_('Address', 'Rua 1');
    type_('Phone', '5551234');
    type_('E-mail', ' ana@example.pt ');
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    expect(screen.getByText('Check the terms and conditions to proceed')).toBeTruthy();
    expect(api.checkout).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/pay/ps_1'));
    expect(api.checkout).toHaveBeenCalledTimes(1);
    const [slug, body, key] = api.checkout.mock.calls[0]!;
    expect(slug).toBe('harbour');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toMatchObject({
      locale: 'en',
      termsAccepted: true,
      expectedTotal: 400,
      payer: { firstName: 'Ana', email: 'ana@example.pt' },
      cards: [
        { giftCardTypeId: 't1', delivery: 'email', name: 'Anna', email: 'anna@example.is' },
        {
          giftCardTypeId: 't1',
          delivery: 'letter',
          name: 'Björn',
          deliveryCity: 'Reykjavík',
          deliveryCountry: 'Iceland',
        },
      ],
    });
  });

  it('a price changed meanwhile is priced again, and the next submit expects the new total', async () => {
    let price = 200;
    const api = storeApi(
      async (body) => {
        if (body.expectedTotal !== price)
          throw Object.assign(new Error('changed'), {
            status: 409,
            code: 'price_changed',
            serverMessage: 'The price has changed',
          });
        return {
          referenceNumber: 'R',
          redirectUrl: 'https://pay.example/pay/ps_2',
          holdExpiresAt: '',
          total: price,
          currency: 'EUR',
        };
      },
      () => price,
    );
    await oneCardToPayment(api);
    price = 250;
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Something went wrong. Please try again.',
    );
    await vi.waitFor(() => expect(api.cartPrices).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/pay/ps_2'));
    expect(api.checkout.mock.calls.map(([, body, key]) => [body.expectedTotal, key !== ''])).toEqual([
      [200, true],
      [250, true],
    ]);
    expect(api.checkout.mock.calls[0]![2]).not.toBe(api.checkout.mock.calls[1]![2]);
  });

  it('a type sold out meanwhile empties the cart and its code, and the store says so (not in the URL)', async () => {
    const api = storeApi(async () => {
      throw Object.assign(new Error('sold out'), { status: 409, code: 'sold_out' });
    });
    await oneCardToPayment(api);
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    await screen.findByRole('heading', { name: 'Harbour View gifts' });
    expect(window.location.pathname).toBe('/harbour');
    expect(window.location.search).toBe('');
    const notice = screen.getByRole('alert');
    expect([...notice.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'An error occurred',
      'Sorry, the product is sold out.',
    ]);
    await vi.waitFor(() => expect(document.activeElement).toBe(notice));
    expect(parseStoredCart(window.localStorage.getItem(cartStorageKey('harbour')))).toEqual({
      lines: [],
      promoCode: null,
    });
    // Said once: the history entry no longer carries it (a reload says nothing), and it closes.
    expect(window.history.state).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Close this message' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a cart the server could not price says so, and Try again prices it again', async () => {
    const api = storeApi(async () => ({}));
    api.cartPrices.mockRejectedValueOnce(Object.assign(new Error('down'), { status: 503 }));
    renderCheckout(api);
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Checkout' });
    expect(api.cartPrices).toHaveBeenCalledTimes(2);
  });

  it('an empty cart at checkout sends the visitor to the store, which says the cart is empty', async () => {
    window.localStorage.clear();
    renderCheckout(storeApi(async () => ({})));
    await screen.findByRole('heading', { name: 'Harbour View gifts' });
    expect(window.location.pathname).toBe('/harbour');
    expect(screen.getByRole('status').textContent).toContain('Your cart is empty.');
  });

  it('the payment address goes on to the checkout, or with an empty cart to the store', async () => {
    window.history.pushState(null, '', '/harbour/payment');
    renderCheckout(storeApi(async () => ({})));
    await screen.findByRole('heading', { name: 'Checkout' });
    expect(window.location.pathname).toBe('/harbour/checkout');
    cleanup();

    window.localStorage.clear();
    window.history.pushState(null, '', '/harbour/payment');
    renderCheckout(storeApi(async () => ({})));
    await screen.findByRole('heading', { name: 'Harbour View gifts' });
    expect(window.location.pathname).toBe('/harbour');
    expect(screen.getByRole('status').textContent).toContain('Your cart is empty.');
  });
});
