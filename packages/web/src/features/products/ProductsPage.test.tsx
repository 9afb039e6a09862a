import { formatDay, formatMoney } from '@tern/core/format';
import type { Products } from '@tern/sdk';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, storedFor, supplierUser } from '../../../test/fixtures';
import { fakeClient, renderApp } from '../../../test/renderApp';

// `/products` (docs/decisions.md "/products"): the selected property's gift card types with stock, issued,
// redeemed, sales and stores, and its campaigns' gifts with picks; each row links to its screen.

const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const propertyId = supplierUser.ternHotels[0]!.id;

const products: Products = {
  types: [
    {
      id: 't-1',
      title: 'Spa weekend',
      status: 'published',
      giftcardType: 0,
      price: 30_000,
      netPrice: 25_000,
      currency: 'ISK',
      limit: 10,
      issued: 4,
      stock: 5,
      redeemed: 1,
      sales: 100_000,
      stores: ['Harbour store', 'Fjord store'],
    },
    {
      id: 't-2',
      title: 'Dinner for two',
      status: 'created',
      giftcardType: 2,
      price: 9_000,
      netPrice: 9_000,
      currency: 'ISK',
      limit: 3,
      issued: 0,
      stock: 3,
      redeemed: 0,
      sales: 0,
      stores: [],
    },
  ],
  campaignOptions: [
    {
      campaignId: 'c-1',
      campaignName: 'Staff thanks 2026',
      campaignStatus: 'published',
      optionId: 'o-1',
      name: 'A night by the harbour',
      giftCardTypeTitle: 'Spa weekend',
      expirationDate: '2026-12-31',
      picked: 7,
    },
  ],
};

function open(user = supplierUser, reply: Products = products) {
  const list = vi.fn(async () => reply);
  const client = fakeClient({}, { 'products.list': list as never });
  renderApp({ path: '/products', client, stored: storedFor(user, later()) });
  return list;
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('rowheader', { name }))!;

describe('products page', () => {
  it(
    'shows the property’s types with stock, sales and stores, and its campaigns’ gifts, each linking to its page',
    async () => {
      const list = open();
      const types = await screen.findByRole('grid', { name: 'Gift card types with stock and sales' });
      expect(await within(types).findByRole('link', { name: 'Spa weekend' })).toHaveProperty(
        'href',
        expect.stringMatching(/\/gift-cards$/),
      );
      expect(list).toHaveBeenCalledWith({ query: { propertyId } }, expect.anything());
      const spa = rowOf(types, 'Spa weekend');
      const cells = within(spa)
        .getAllByRole('gridcell')
        .map((c) => c.textContent);
      expect(cells).toEqual([
        'Published',
        formatMoney(30_000, 'ISK', 'en'),
        '5 of 10',
        '4',
        '1',
        formatMoney(100_000, 'ISK', 'en'),
        'Harbour store, Fjord store',
      ]);
      expect(within(rowOf(types, 'Dinner for two')).getByText('No store')).toBeTruthy();

      const options = screen.getByRole('grid', { name: 'Gift options of campaigns with picks' });
      expect(within(options).getByRole('link', { name: 'A night by the harbour' })).toHaveProperty(
        'href',
        expect.stringMatching(/\/gift-campaigns$/),
      );
      expect(
        within(rowOf(options, 'A night by the harbour'))
          .getAllByRole('gridcell')
          .map((c) => c.textContent),
      ).toEqual(['Staff thanks 2026', 'Published', 'Spa weekend', formatDay('2026-12-31'), '7']);
    },
    HEAVY,
  );

  it(
    'says so when the property sells nothing yet',
    async () => {
      open(supplierUser, { types: [], campaignOptions: [] });
      expect(await screen.findByText('No gift card types yet.')).toBeTruthy();
      expect(screen.getByText('No campaign gifts yet.')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'asks for a property when none is selected, and reads nothing',
    async () => {
      const list = open(adminUser);
      expect(await screen.findByText('Choose a property to see its products.')).toBeTruthy();
      expect(list).not.toHaveBeenCalled();
    },
    HEAVY,
  );
});
