import { emptyRatePlanForm } from '@tern/core/rates';
import type { GiftCardType, RatePlan, Unit, User } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../test/fixtures';
import { storeId, stores } from '../../../test/giftCardStores';
import { giftCardType } from '../../../test/giftCardTypes';
import { type CallHandlers, fakeClient, renderApp } from '../../../test/renderApp';

// The type form's General tab beyond the plain fields (document 3 §2.3, §4, §5): multi-property types with each
// property's rate plans, upsell rows with their prices, and the photos (the property photos' editor).

const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const list = <T,>(items: T[]) => ({ items, meta: { page: 1, limit: 100, total: items.length } });

const unit = (id: string, propertyId: string, title: string): Unit => ({
  id,
  type: 'unit',
  propertyId,
  title,
  roomKind: 'room',
  countOfRooms: 4,
  occAdults: 2,
  occChildren: 0,
  occInfants: 0,
  defaultOccupancy: 2,
  content: { description: '', photos: [] },
  facilities: [],
  ratePlans: 1,
});
const plan = (id: string, propertyId: string, title: string, unitId: string): RatePlan => {
  const form = emptyRatePlanForm({ id: unitId, maxOccupancy: 2 }, 'EUR');
  return { ...form, id, type: 'ratePlan', propertyId, title, updatedAt: '2030-01-01T00:00:00.000Z' };
};
/** Harbour Inn (p-1): a Double with Standard and Breakfast; Fjord Lodge (p-2): a Loft with Flex. */
const units: Record<string, Unit[]> = {
  'p-1': [unit('u-1', 'p-1', 'Double')],
  'p-2': [unit('u-9', 'p-2', 'Loft')],
};
const plans: Record<string, RatePlan[]> = {
  'u-1': [plan('r-1', 'p-1', 'Standard', 'u-1'), plan('r-2', 'p-1', 'Breakfast', 'u-1')],
  'u-9': [plan('r-9', 'p-2', 'Flex', 'u-9')],
};

const fjordStore = {
  ...stores.items[0]!,
  id: '7c3e1f1b-0a4d-4e2f-8d2b-3f8e5c9a1d22',
  name: 'Fjord gift store',
  slugName: 'fjord',
  publicPath: '/fjord',
  propertyId: 'p-2',
  propertyTitle: 'Fjord Lodge',
};

function open(user: User, handlers: CallHandlers = {}) {
  const client = fakeClient(
    {},
    {
      'giftCards.listTypes': vi.fn(async () => list([])) as never,
      'roomsAndRates.listUnits': vi.fn(async ({ query }: { query: { propertyId: string } }) =>
        list(units[query.propertyId] ?? []),
      ) as never,
      'roomsAndRates.listRatePlans': vi.fn(async ({ query }: { query: { roomTypeId: string } }) =>
        list(plans[query.roomTypeId] ?? []),
      ) as never,
      'stores.list': vi.fn(async () => stores) as never,
      // The group stores of a multi-property type: each hotel's, by hotel (Fjord Lodge has one).
      'stores.groupStores': vi.fn(async ({ query }: { query: { propertyIds: string[] } }) =>
        list([
          ...stores.items.map((s) => ({ ...s, propertyId: 'p-1', propertyTitle: 'Harbour Inn' })),
          ...(query.propertyIds.includes('p-2') ? [fjordStore] : []),
        ]),
      ) as never,
      ...handlers,
    },
  );
  return renderApp({ path: '/gift-cards', client, stored: storedFor(user, later()) });
}

type Ui = ReturnType<typeof userEvent.setup>;
async function choose(ui: Ui, scope: HTMLElement, label: RegExp, option: string) {
  await ui.click(within(scope).getByRole('button', { name: label }));
  await ui.click(await screen.findByRole('option', { name: option }));
}
async function fillPlainFields(ui: Ui, drawer: HTMLElement) {
  await ui.type(within(drawer).getByRole('textbox', { name: 'Title' }), 'Two lodges');
  await ui.type(within(drawer).getByRole('textbox', { name: 'Price' }), '30000');
  await ui.type(within(drawer).getByRole('textbox', { name: 'Inventory' }), '10');
  await ui.type(within(drawer).getByRole('textbox', { name: 'Description' }), 'Two nights');
  await ui.click(within(drawer).getByRole('checkbox', { name: /gift card store/ }));
}

describe('gift card type form', () => {
  it(
    'makes a multi-property type: two properties, a rate at one, an upsell with its price at the other, photos',
    async () => {
      const ui = userEvent.setup();
      const createType = vi.fn(async ({ body }: { body: { title: string } }) => ({
        id: 't-1',
        title: body.title,
      }));
      let n = 0;
      const upload = vi.fn(async () => ({
        publicUrl: `/photos/uploads/${String(++n).repeat(32)}.png`,
        contentType: 'image/png',
        width: 600,
        height: 400,
        widths: [575, 600],
      }));
      // Fjord Lodge sells in euros: an upsell there is priced in euros, with cents (Harbour Inn's ISK has none).
      const user = {
        ...supplierUser,
        ternHotels: supplierUser.ternHotels.map((p) => (p.id === 'p-2' ? { ...p, currency: 'EUR' } : p)),
      };
      open(user, { 'giftCards.createType': createType as never, 'photos.upload': upload as never });
      await ui.click(await screen.findByRole('button', { name: 'Create new' }));
      const drawer = await screen.findByRole('dialog', { name: 'Create gift card type' });
      await fillPlainFields(ui, drawer);
      await choose(ui, drawer, /^(Single property|Multi-property|No property) ?Type$/, 'Multi-property');

      // Only its own property yet: two are needed.
      const properties = within(drawer).getByRole('group', { name: 'Properties' });
      expect(within(properties).getByRole('checkbox', { name: 'Harbour Inn' })).toHaveProperty(
        'disabled',
        true,
      );
      await choose(ui, drawer, /Rate plan for Double/, 'Standard');
      await ui.click(within(drawer).getByRole('button', { name: 'Create new' }));
      // Beside the field and in the form's summary.
      expect(await within(drawer).findAllByText('Choose at least two properties')).toHaveLength(2);
      expect(createType).not.toHaveBeenCalled();

      // Fjord Lodge joins: its room types show; an upsell there, whose price is still missing.
      await ui.click(within(properties).getByRole('checkbox', { name: 'Fjord Lodge' }));
      expect(await within(drawer).findByRole('group', { name: 'Fjord Lodge' })).toBeTruthy();
      await ui.click(within(drawer).getByRole('button', { name: 'Add upsell rate plan' }));
      const row = within(drawer).getByRole('group', { name: 'Upsell 1' });
      await choose(ui, row, /Property of upsell 1/, 'Fjord Lodge');
      await choose(ui, row, /Room type of upsell 1/, 'Loft');
      await choose(ui, row, /Rate plan of upsell 1/, 'Flex');
      // Its group stores, by hotel: Fjord Lodge's store joins the one chosen before.
      const fjordStores = await within(drawer).findByRole('group', { name: /^Fjord Lodge · / });
      await ui.click(within(fjordStores).getByRole('checkbox', { name: 'Fjord gift store' }));
      expect(within(drawer).getByRole('group', { name: /^Harbour Inn · / })).toBeTruthy();
      await ui.click(within(drawer).getByRole('button', { name: 'Create new' }));
      expect(await within(row).findByText('Required')).toBeTruthy();
      expect(createType).not.toHaveBeenCalled();
      await ui.type(within(row).getByRole('textbox', { name: 'Price of upsell 1' }), '45.50');

      // Photos: two uploads join in the order picked; the first removed after the confirmation.
      const input = drawer.querySelector('input[type="file"]') as HTMLInputElement;
      await ui.upload(input, [
        new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' }),
        new File([new Uint8Array([255, 216, 255])], 'b.jpg', { type: 'image/jpeg' }),
      ]);
      const grid = await within(drawer).findByRole('grid', { name: 'Photos, in the order shown' });
      await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));
      expect(within(grid).queryByRole('textbox', { name: /Description/ })).toBeNull();
      await ui.click(within(grid).getByRole('button', { name: 'Remove photo 1' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Remove photo 1?' });
      await ui.click(within(confirm).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(1));

      await ui.click(within(drawer).getByRole('button', { name: 'Create new' }));
      await waitFor(() => expect(createType).toHaveBeenCalledTimes(1));
      expect(createType.mock.calls[0]![0].body).toMatchObject({
        propertyId: 'p-1',
        giftcardType: 1,
        ratePlans: [{ roomTypeId: 'u-1', ratePlanId: 'r-1' }],
        upsellRatePlans: [{ propertyId: 'p-2', roomTypeId: 'u-9', ratePlanId: 'r-9', price: 45.5 }],
        storeIds: [storeId, fjordStore.id],
        photos: [{ url: `/photos/uploads/${'2'.repeat(32)}.png` }],
      });
    },
    HEAVY,
  );

  it(
    'refuses two plans of one room type across rates and upsells; a no-property type asks for no plan',
    async () => {
      const ui = userEvent.setup();
      const createType = vi.fn(async () => ({ id: 't-2', title: 'x' }) as unknown as GiftCardType);
      open(supplierUser, { 'giftCards.createType': createType as never });
      await ui.click(await screen.findByRole('button', { name: 'Create new' }));
      const drawer = await screen.findByRole('dialog', { name: 'Create gift card type' });
      await fillPlainFields(ui, drawer);
      await choose(ui, drawer, /Rate plan for Double/, 'Standard');
      await ui.click(within(drawer).getByRole('button', { name: 'Add upsell rate plan' }));
      const row = within(drawer).getByRole('group', { name: 'Upsell 1' });
      // A single-property type's upsell is of its own property: no property to choose.
      expect(within(row).queryByRole('button', { name: /Property of upsell 1/ })).toBeNull();
      await choose(ui, row, /Room type of upsell 1/, 'Double');
      await choose(ui, row, /Rate plan of upsell 1/, 'Breakfast');
      await ui.type(within(row).getByRole('textbox', { name: 'Price of upsell 1' }), '0');
      await ui.click(within(drawer).getByRole('button', { name: 'Create new' }));
      // Beside the field and in the form's summary.
      expect(await within(drawer).findAllByText('Select one rate plan per room type')).toHaveLength(2);
      expect(createType).not.toHaveBeenCalled();

      await choose(ui, drawer, /Rate plan for Double/, 'None');
      await ui.click(within(drawer).getByRole('button', { name: 'Create new' }));
      await waitFor(() => expect(createType).toHaveBeenCalledTimes(1));
      expect((createType.mock.calls[0] as unknown as [{ body: unknown }])[0].body).toMatchObject({
        giftcardType: 0,
        ratePlans: [],
        upsellRatePlans: [{ roomTypeId: 'u-1', ratePlanId: 'r-2', price: 0 }],
      });
    },
    HEAVY,
  );

  it(
    'offers multi-property only to a user of two properties; a no-property type hides the plans',
    async () => {
      const ui = userEvent.setup();
      const single: User = { ...supplierUser, ternHotels: supplierUser.ternHotels.slice(0, 1) };
      open(single);
      await ui.click(await screen.findByRole('button', { name: 'Create new' }));
      const drawer = await screen.findByRole('dialog', { name: 'Create gift card type' });
      await ui.click(
        within(drawer).getByRole('button', { name: /^(Single property|Multi-property|No property) ?Type$/ }),
      );
      expect(await screen.findByRole('option', { name: 'Single property' })).toBeTruthy();
      expect(screen.queryByRole('option', { name: 'Multi-property' })).toBeNull();
      await ui.click(screen.getByRole('option', { name: 'No property' }));
      expect(within(drawer).queryByRole('button', { name: /Rate plan for Double/ })).toBeNull();
      expect(within(drawer).queryByRole('button', { name: 'Add upsell rate plan' })).toBeNull();
      expect(within(drawer).queryByRole('textbox', { name: 'Nights' })).toBeNull();
    },
    HEAVY,
  );

  it(
    'holds the save back while a photo is on its way, then sends it with the photo',
    async () => {
      const ui = userEvent.setup();
      let answer: (value: unknown) => void = () => {};
      const upload = vi.fn(
        () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      );
      const createType = vi.fn(async () => ({ id: 't-3', title: 'x' }) as unknown as GiftCardType);
      open(supplierUser, { 'giftCards.createType': createType as never, 'photos.upload': upload as never });
      await ui.click(await screen.findByRole('button', { name: 'Create new' }));
      const drawer = await screen.findByRole('dialog', { name: 'Create gift card type' });
      await fillPlainFields(ui, drawer);
      await choose(ui, drawer, /Rate plan for Double/, 'Standard');
      const input = drawer.querySelector('input[type="file"]') as HTMLInputElement;
      await ui.upload(
        input,
        new File([new Uint8Array([137, 80, 78, 71])], 'slow.png', { type: 'image/png' }),
      );
      const create = within(drawer).getByRole('button', { name: 'Create new' });
      await waitFor(() => expect(create.getAttribute('data-disabled')).toBe('true'));
      answer({
        publicUrl: `/photos/uploads/${'7'.repeat(32)}.png`,
        contentType: 'image/png',
        width: 600,
        height: 400,
        widths: [575, 600],
      });
      await waitFor(() => expect(create.getAttribute('data-disabled')).toBeNull());
      await ui.click(create);
      await waitFor(() => expect(createType).toHaveBeenCalledTimes(1));
      expect((createType.mock.calls[0] as unknown as [{ body: unknown }])[0].body).toMatchObject({
        photos: [{ url: `/photos/uploads/${'7'.repeat(32)}.png` }],
      });
    },
    HEAVY,
  );
  it(
    'staff of one hotel of a multi-property type keep its plans at the other hotel and send them back unchanged',
    async () => {
      const ui = userEvent.setup();
      const staff: User = {
        ...supplierUser,
        ternHotels: [{ ...supplierUser.ternHotels[0]!, role: 'user' }],
      };
      const row = (propertyId: string, roomTypeId: string, ratePlanId: string) => ({
        propertyId,
        roomTypeId,
        roomTypeTitle: roomTypeId,
        ratePlanId,
        ratePlanTitle: ratePlanId,
      });
      const type = giftCardType({
        id: 't-7',
        propertyId: 'p-1',
        giftcardType: 1,
        title: 'Two lodges',
        description: '<p>Two nights</p>',
        price: 300,
        netPrice: 300,
        limit: 10,
        stock: 10,
        expirationDuration: 12,
        status: 'created',
        settings: { lengthOfStay: 2, reservationValue: 0 },
        storeIds: [storeId],
        ratePlans: [row('p-1', 'u-1', 'r-1'), row('p-2', 'u-9', 'r-9')],
        upsellRatePlans: [{ ...row('p-2', 'u-8', 'r-8'), price: 4500, currency: 'EUR' }],
      });
      const updateType = vi.fn(async ({ body }: { body: { title: string } }) => ({
        ...type,
        title: body.title,
      }));
      open(staff, {
        'giftCards.listTypes': vi.fn(async () => list([type])) as never,
        'giftCards.updateType': updateType as never,
      });
      await ui.click(await screen.findByRole('button', { name: 'Edit Two lodges' }));
      const drawer = await screen.findByRole('dialog', { name: 'Edit gift card type' });
      // Fjord Lodge is not the user's: no box to leave it, its plans shown as kept, not as choices.
      const other = await within(drawer).findByRole('region', { name: 'At another hotel' });
      expect(
        within(other).getByText('1 rate plan at a hotel you do not work at: kept as it is.'),
      ).toBeTruthy();
      expect(within(drawer).queryByRole('checkbox', { name: 'Fjord Lodge' })).toBeNull();
      expect(within(drawer).queryByRole('button', { name: /Rate plan for Loft/ })).toBeNull();
      // Its price in that hotel's currency, as the type says it (the user's own hotel sells in ISK).
      expect(
        within(drawer).getByText('Upsell 1, at another hotel: kept as it is (price EUR 4,500.00).'),
      ).toBeTruthy();
      expect(within(drawer).queryByRole('button', { name: 'Remove upsell 1' })).toBeNull();

      const title = within(drawer).getByRole('textbox', { name: 'Title' });
      await ui.clear(title);
      await ui.type(title, 'Two lodges, renamed');
      await ui.click(within(drawer).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(updateType).toHaveBeenCalledTimes(1));
      // Document 3 §8's words.
      expect(
        await screen.findByText('Gift card type “Two lodges, renamed” saved successfully.'),
      ).toBeTruthy();
      expect(updateType.mock.calls[0]![0].body).toMatchObject({
        propertyId: 'p-1',
        giftcardType: 1,
        title: 'Two lodges, renamed',
        ratePlans: [
          { roomTypeId: 'u-1', ratePlanId: 'r-1' },
          { propertyId: 'p-2', roomTypeId: 'u-9', ratePlanId: 'r-9' },
        ],
        upsellRatePlans: [{ propertyId: 'p-2', roomTypeId: 'u-8', ratePlanId: 'r-8', price: 4500 }],
      });
    },
    HEAVY,
  );
});
