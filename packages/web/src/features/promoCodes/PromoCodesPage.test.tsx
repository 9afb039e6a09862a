import type { PromoCode } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { property, storedFor, supplierUser } from '../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp } from '../../../test/renderApp';

// The promo drawer's "applies to" (document 2 §3 appliesTo [storeId, giftCardTypeIds], §7): the property's
// gift-card stores, and under a chosen one the gift cards it sells.

const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const list = <T,>(items: T[]) => ({ items, meta: { page: 1, limit: 10, total: items.length } });
const propertyId = supplierUser.ternHotels[0]!.id;
const summary = (id: string, name: string) => ({
  id,
  type: 'store' as const,
  name,
  slugName: id,
  status: 'active' as const,
  allowPickupAtHotel: false,
  publicPath: `/${id}`,
});
const storeType = (id: string, title: string, priority: number) => ({
  id,
  priority,
  giftCardTypeTitle: title,
  hotelNames: ['Harbour Inn'],
  status: 'published' as const,
});

function open(handlers: CallHandlers = {}, user = supplierUser) {
  const get = vi.fn(async ({ params }: { params: { id: string } }) => ({
    ...summary(params.id, params.id === 's-1' ? 'Harbour store' : 'Fjord store'),
    storeGiftCardTypes:
      params.id === 's-1' ? [storeType('t-1', 'Spa weekend', 1), storeType('t-2', 'Dinner for two', 2)] : [],
  }));
  const client = fakeClient(
    {},
    {
      'promoCodes.list': vi.fn(async () => list([])) as never,
      'stores.list': vi.fn(async () =>
        list([summary('s-1', 'Harbour store'), summary('s-2', 'Fjord store')]),
      ) as never,
      'stores.get': get as never,
      ...handlers,
    },
  );
  return { ...renderApp({ path: '/promocodes', client, stored: storedFor(user, later()) }), get };
}

describe('promo codes page: applies to', () => {
  it(
    'sends the chosen stores, one with some of its gift cards and one with all of them',
    async () => {
      const user = userEvent.setup();
      const create = vi.fn(async ({ body }: { body: PromoCode }) => ({ ...body, id: 'pc-1' }));
      const app = open({ 'promoCodes.create': create as never });
      await user.click(await screen.findByRole('button', { name: 'Create promo code' }));
      const drawer = await screen.findByRole('dialog', { name: 'Create promo code' });
      await user.type(within(drawer).getByRole('textbox', { name: 'Name' }), 'Winter');
      await user.type(within(drawer).getByRole('textbox', { name: 'Code' }), 'WINTER10');
      const applies = within(drawer).getByRole('group', { name: 'Applies to' });
      // A store's gift cards are read once it is chosen.
      expect(app.get).not.toHaveBeenCalled();
      await user.click(await within(applies).findByRole('checkbox', { name: 'Harbour store' }));
      await user.click(await within(applies).findByRole('checkbox', { name: 'Dinner for two' }));
      expect(within(applies).getByRole('checkbox', { name: 'Spa weekend' })).toHaveProperty('checked', false);
      await user.click(within(applies).getByRole('checkbox', { name: 'Fjord store' }));
      expect(await within(applies).findByText(/This store sells no gift cards yet/)).toBeTruthy();
      expect(app.get).toHaveBeenCalledWith(
        { params: { id: 's-1' }, query: { propertyId } },
        expect.anything(),
      );
      await user.click(within(drawer).getByRole('button', { name: 'Create promo code' }));
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect(create.mock.calls[0]![0].body.appliesTo).toEqual([
        { storeId: 's-1', giftCardTypeIds: ['t-2'] },
        { storeId: 's-2', giftCardTypeIds: [] },
      ]);
    },
    HEAVY,
  );

  it(
    'shows a saved code’s stores ticked, and a store left is no longer sent',
    async () => {
      const user = userEvent.setup();
      const saved: PromoCode = {
        id: 'pc-2',
        type: 'promoCode',
        propertyId,
        name: 'Spring',
        code: 'SPRING',
        codeType: 'percentage',
        amount: 15,
        usageLimit: null,
        usageCount: 0,
        status: 'active',
        validFrom: null,
        validTo: null,
        appliesTo: [{ storeId: 's-1', giftCardTypeIds: ['t-1'] }],
        createdAt: '2030-01-01T00:00:00.000Z',
        updatedAt: '2030-01-01T00:00:00.000Z',
      };
      const update = vi.fn(async ({ body }: { body: PromoCode }) => ({ ...saved, ...body }));
      open({
        'promoCodes.list': vi.fn(async () => list([saved])) as never,
        'promoCodes.update': update as never,
      });
      await user.click(await screen.findByRole('button', { name: 'Edit Spring' }));
      const drawer = await screen.findByRole('dialog', { name: 'Edit promo code' });
      const applies = within(drawer).getByRole('group', { name: 'Applies to' });
      expect(await within(applies).findByRole('checkbox', { name: 'Spa weekend' })).toHaveProperty(
        'checked',
        true,
      );
      await user.click(within(applies).getByRole('checkbox', { name: 'Harbour store' }));
      expect(within(applies).queryByRole('checkbox', { name: 'Spa weekend' })).toBeNull();
      await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
      expect(update.mock.calls[0]![0].body.appliesTo).toEqual([]);
    },
    HEAVY,
  );
});

describe('promo codes page: a fixed amount in the property’s currency', () => {
  const typeAmount = async (amount: string, user = supplierUser) => {
    const ui = userEvent.setup();
    const create = vi.fn(async ({ body }: { body: PromoCode }) => ({ ...body, id: 'pc-1' }));
    const app = open({ 'promoCodes.create': create as never }, user);
    await ui.click(await screen.findByRole('button', { name: 'Create promo code' }));
    const drawer = await screen.findByRole('dialog', { name: 'Create promo code' });
    await ui.type(within(drawer).getByRole('textbox', { name: 'Name' }), 'Winter');
    await ui.type(within(drawer).getByRole('textbox', { name: 'Code' }), 'WINTER10');
    await ui.click(within(drawer).getByRole('button', { name: /Discount type/ }));
    await ui.click(await screen.findByRole('option', { name: 'Fixed amount' }));
    const field = within(drawer).getByRole('textbox', { name: /Amount off/ });
    await ui.clear(field);
    await ui.type(field, amount);
    await ui.click(within(drawer).getByRole('button', { name: 'Create promo code' }));
    return { app, drawer, create };
  };

  it(
    'refuses 1.5 ISK (no decimals) beside the field',
    async () => {
      const { drawer, create } = await typeAmount('1.5');
      expect((await within(drawer).findAllByText('Use a whole number')).length).toBeGreaterThan(0);
      expect(create).not.toHaveBeenCalled();
    },
    HEAVY,
  );

  it(
    'takes 1.50 EUR',
    async () => {
      const euro = { ...supplierUser, ternHotels: [property('p-1', 'Harbour Inn', { currency: 'EUR' })] };
      const { create } = await typeAmount('1.50', euro);
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect(create.mock.calls[0]![0].body).toMatchObject({ codeType: 'fixed_amount', amount: 1.5 });
    },
    HEAVY,
  );
});

describe('promo codes page: the list', () => {
  it(
    'says in its own words that there are no promo codes (not the map search’s)',
    async () => {
      open();
      const empty = await screen.findByRole('region', { name: 'No promo codes here' });
      expect(empty.textContent).toContain('Create one, or search for another name or code.');
      expect(screen.queryByText('No properties match your search')).toBeNull();
    },
    HEAVY,
  );
});
