import { cartStorageKey, parseStoredCart } from '@tern/core/store';
import type { StorePurchaseStatus } from '@tern/sdk/contract';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storefrontType, testStorefront } from '../../../test/storefront';
import type { StoreApi } from '../api';
import { createStoreI18n } from '../i18n';
import { StoreRouter } from '../router';
import { StoreApp } from '../StoreApp';

const storefront = testStorefront([]);

const issued: StorePurchaseStatus = {
  referenceNumber: 'R-7',
  status: 'issued',
  propertyTitle: 'Harbour View',
  total: 400,
  currency: 'EUR',
  cards: [
    {
      generatedId: 'GC-1234-5678',
      name: 'Two nights',
      price: 200,
      expirationDate: '2027-11-29',
      nameOfPerson: 'Anna',
      photoUrl: null,
      currency: 'EUR',
      country: 'IS',
      delivery: 'email',
    },
  ],
};

const Bare = ({ children }: { children: ReactNode }) => <>{children}</>;

describe('the store’s confirmation (M33)', () => {
  afterEach(() => window.localStorage.clear());

  it('hands the signed return to purchaseStatus until the cards are issued, lists them and empties the cart', async () => {
    window.history.pushState(
      null,
      '',
      '/harbour/confirmation?reference_number=R-7&property_id=p1&digital_signature=sig',
    );
    window.localStorage.setItem(
      cartStorageKey('harbour'),
      JSON.stringify({ lines: [{ typeId: 't1', quantity: 2 }], promoCode: null }),
    );
    const answers: StorePurchaseStatus[] = [{ ...issued, status: 'paid', cards: [] }, issued];
    const api = {
      get: vi.fn(async () => storefront),
      cartPrices: vi.fn(async () => ({ items: [], promoCode: null, total: 0, currency: 'EUR' })),
      purchaseStatus: vi.fn(async () => answers.shift()!),
    };
    render(
      <StoreRouter>
        <StoreApp api={api as unknown as StoreApi} i18n={createStoreI18n()} layout={Bare} />
      </StoreRouter>,
    );
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Thank you for your purchase' }, { timeout: 8000 });
    expect(api.purchaseStatus).toHaveBeenCalledTimes(2);
    expect(api.purchaseStatus).toHaveBeenCalledWith(
      'harbour',
      { referenceNumber: 'R-7', propertyId: 'p1', digitalSignature: 'sig' },
      expect.anything(),
    );
    expect(screen.getByText('Reference number: R-7')).toBeTruthy();
    const card = screen.getByRole('heading', { name: 'Two nights' }).closest('li')!;
    expect(within(card).getByText('GC-1234-5678')).toBeTruthy();
    expect(within(card).getByText('Anna')).toBeTruthy();
    expect(within(card).getByText('29/11/2027')).toBeTruthy();
    expect(within(card).getByText('By e-mail')).toBeTruthy();
    await vi.waitFor(() =>
      expect(parseStoredCart(window.localStorage.getItem(cartStorageKey('harbour'))).lines).toEqual([]),
    );
  });

  it('a payment that failed (refunded: sold out meanwhile) empties the cart and the store says so and why', async () => {
    window.history.pushState(
      null,
      '',
      '/harbour/confirmation?reference_number=R-8&property_id=p1&digital_signature=sig',
    );
    window.localStorage.setItem(
      cartStorageKey('harbour'),
      JSON.stringify({ lines: [{ typeId: 't1', quantity: 1 }], promoCode: 'SPRING' }),
    );
    const api = {
      get: vi.fn(async () => testStorefront([storefrontType('t1', 'Two nights', 200)])),
      cartPrices: vi.fn(async () => ({ items: [], promoCode: 'SPRING', total: 200, currency: 'EUR' })),
      purchaseStatus: vi.fn(async () => ({ ...issued, status: 'refunded' as const, cards: [] })),
    };
    render(
      <StoreRouter>
        <StoreApp api={api as unknown as StoreApi} i18n={createStoreI18n()} layout={Bare} />
      </StoreRouter>,
    );
    await screen.findByRole('heading', { name: 'Harbour View gifts' }, { timeout: 8000 });
    expect(window.location.pathname).toBe('/harbour');
    expect(window.location.search).toBe('');
    expect([...screen.getByRole('alert').querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'An error occurred',
      'Sorry, the product is sold out.',
      'Your payment arrived after your cards’ hold ran out and they sold out meanwhile: the payment was refunded.',
    ]);
    expect(parseStoredCart(window.localStorage.getItem(cartStorageKey('harbour')))).toEqual({
      lines: [],
      promoCode: null,
    });
  });

  it('says so when the address names no purchase', async () => {
    window.history.pushState(null, '', '/harbour/confirmation');
    const api = { get: vi.fn(async () => storefront), purchaseStatus: vi.fn() };
    render(
      <StoreRouter>
        <StoreApp api={api as unknown as StoreApi} i18n={createStoreI18n()} layout={Bare} />
      </StoreRouter>,
    );
    expect(
      await screen.findByText(
        'This page shows a purchase after its payment; this address does not name one.',
      ),
    ).toBeTruthy();
    expect(api.purchaseStatus).not.toHaveBeenCalled();
  });
});
