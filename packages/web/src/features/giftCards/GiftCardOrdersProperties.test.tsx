import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { card, HEAVY, openOrders } from '../../../test/giftCardOrders';

// The card details' property list (document 3 §2.3): the hotels of a multi-property card, 5 a page.

const hotels = [
  'Akureyri Inn',
  'Borg Hotel',
  'Dalvík Lodge',
  'Fjord Lodge',
  'Harbour Inn',
  'Höfn Guesthouse',
  'Vík Rooms',
];
const noHistory = vi.fn(async () => ({ items: [], meta: { page: 1, limit: 50, total: 0 } }));

async function openDetails(code: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Actions for ${code}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Details' }));
  return { user, drawer: await screen.findByRole('dialog', { name: `Gift card ${code}` }) };
}

describe('gift card details: properties', () => {
  it(
    'lists a multi-property card’s hotels 5 a page',
    async () => {
      openOrders([card('c-1', 'MULTICARD234', { multiProperty: true, properties: hotels })], {
        'giftCards.history': noHistory as never,
      });
      const { user, drawer } = await openDetails('MULTICARD234');
      const names = () =>
        within(within(drawer).getByRole('list', { name: 'Properties' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent);
      expect(names()).toEqual(hotels.slice(0, 5));
      const pager = within(drawer).getByRole('navigation', { name: 'Pages of the card’s properties' });
      expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
      await user.click(within(pager).getByRole('button', { name: /Next/ }));
      expect(names()).toEqual(hotels.slice(5));
      expect(within(pager).getByText('Page 2 of 2')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'shows no property list for a card of one property',
    async () => {
      openOrders([card('c-2', 'SINGLECARD23')], { 'giftCards.history': noHistory as never });
      const { drawer } = await openDetails('SINGLECARD23');
      expect(within(drawer).getByRole('textbox', { name: 'Recipient name' })).toBeTruthy();
      expect(within(drawer).queryByRole('heading', { name: 'Properties' })).toBeNull();
    },
    HEAVY,
  );
});
