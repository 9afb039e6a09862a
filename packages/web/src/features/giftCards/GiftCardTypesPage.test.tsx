import { ConflictError, type GiftCardType, type GiftCardTypeStatus } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../test/fixtures';
import { storeId, stores } from '../../../test/giftCardStores';
import { giftCardType, pageOf } from '../../../test/giftCardTypes';
import { type CallHandlers, fakeClient, renderApp } from '../../../test/renderApp';

const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const list = pageOf;
const propertyId = supplierUser.ternHotels[0]!.id;

const giftType = (id: string, title: string, over: Partial<GiftCardType> = {}): GiftCardType =>
  giftCardType({ id, title, storeIds: [storeId], ...over });

function open(byStatus: Partial<Record<GiftCardTypeStatus, GiftCardType[]>>, handlers: CallHandlers = {}) {
  const listTypes = vi.fn(async ({ query }: { query: { status: GiftCardTypeStatus } }) =>
    list(byStatus[query.status] ?? []),
  );
  const client = fakeClient(
    {},
    {
      'giftCards.listTypes': listTypes as never,
      'roomsAndRates.listUnits': vi.fn(async () => list([])) as never,
      'stores.list': vi.fn(async () => stores) as never,
      ...handlers,
    },
  );
  return {
    ...renderApp({ path: '/gift-cards', client, stored: storedFor(supplierUser, later()) }),
    listTypes,
  };
}

describe('gift card types page', () => {
  it(
    'lists the published tab, then the created tab, of the selected property',
    async () => {
      const user = userEvent.setup();
      const app = open({ published: [giftType('t-1', 'Spa weekend')], created: [giftType('t-2', 'Dinner')] });
      const table = await screen.findByRole('grid', { name: 'Gift card types' });
      expect(await within(table).findByText('Spa weekend')).toBeTruthy();
      // Amounts in the property's currency, with its code and decimals (ISK: none).
      expect(within(table).getByRole('row', { name: /Spa weekend/ }).textContent).toMatch(/ISK\s200(?!\.\d)/);
      expect(app.listTypes).toHaveBeenCalledWith(
        expect.objectContaining({
          query: expect.objectContaining({ propertyId, status: 'published', limit: 10 }),
        }),
        expect.anything(),
      );
      await user.click(screen.getByRole('tab', { name: 'Created' }));
      expect(await screen.findByText('Dinner')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'refuses an empty form with core’s messages and creates a valid no-property type',
    async () => {
      const user = userEvent.setup();
      const createType = vi.fn(async ({ body }: { body: { title: string } }) =>
        giftType('t-9', body.title, { status: 'created' }),
      );
      open({}, { 'giftCards.createType': createType as never });
      await user.click(await screen.findByRole('button', { name: 'Create new' }));
      const drawer = await screen.findByRole('dialog', { name: 'Create gift card type' });
      await user.click(within(drawer).getByRole('button', { name: 'Create new' }));
      expect((await within(drawer).findAllByText('Required')).length).toBeGreaterThan(0);
      expect(createType).not.toHaveBeenCalled();

      await user.click(within(drawer).getByRole('button', { name: /Type/ }));
      await user.click(await screen.findByRole('option', { name: 'No property' }));
      await user.type(within(drawer).getByRole('textbox', { name: 'Title' }), 'Spa weekend');
      await user.type(within(drawer).getByRole('textbox', { name: 'Price' }), '200');
      await user.type(within(drawer).getByRole('textbox', { name: 'Discounted price' }), '250');
      await user.type(within(drawer).getByRole('textbox', { name: 'Inventory' }), '20');
      await user.type(within(drawer).getByRole('textbox', { name: 'Description' }), 'Two nights');
      await user.click(within(drawer).getByRole('checkbox', { name: /gift card store/ }));
      await user.click(within(drawer).getByRole('button', { name: 'Create new' }));
      expect(
        await within(drawer).findByText('The discounted price must be at least 1 and below the price'),
      ).toBeTruthy();
      expect(createType).not.toHaveBeenCalled();

      const net = within(drawer).getByRole('textbox', { name: 'Discounted price' });
      await user.clear(net);
      await user.type(net, '180');
      await user.click(within(drawer).getByRole('button', { name: 'Create new' }));
      await waitFor(() => expect(createType).toHaveBeenCalledTimes(1));
      expect(createType.mock.calls[0]![0].body).toMatchObject({
        propertyId,
        giftcardType: 2,
        title: 'Spa weekend',
        price: 200,
        netPrice: 180,
        limit: 20,
        storeIds: [storeId],
        ratePlans: [],
        publish: false,
      });
      expect(await screen.findByText('Gift card type “Spa weekend” created.')).toBeTruthy();
      // The list opens the tab the new type is in (it was on the Published tab).
      await waitFor(() =>
        expect(screen.getByRole('tab', { name: 'Created' }).getAttribute('aria-selected')).toBe('true'),
      );
    },
    HEAVY,
  );

  it(
    'keeps the sale terms of a type with cards disabled, and shows an archived type read-only',
    async () => {
      const user = userEvent.setup();
      open({
        published: [giftType('t-1', 'Spa weekend', { locked: true, issued: 3, stock: 47 })],
        archived: [giftType('t-3', 'Old offer', { status: 'archived' })],
      });
      await user.click(await screen.findByRole('button', { name: 'Edit Spa weekend' }));
      let drawer = await screen.findByRole('dialog', { name: 'Edit gift card type' });
      expect(within(drawer).getByRole('textbox', { name: 'Price' })).toHaveProperty('disabled', true);
      expect(within(drawer).getByRole('textbox', { name: 'Inventory' })).toHaveProperty('disabled', true);
      expect(within(drawer).getByRole('textbox', { name: 'Title' })).toHaveProperty('disabled', false);
      await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      await user.click(screen.getByRole('tab', { name: 'Archived' }));
      await user.click(await screen.findByRole('button', { name: 'View Old offer' }));
      drawer = await screen.findByRole('dialog', { name: 'Gift card type' });
      expect(within(drawer).getByRole('textbox', { name: 'Title' })).toHaveProperty('disabled', true);
      expect(within(drawer).queryByRole('button', { name: 'Save' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Publish Old offer|Unpublish Old offer/ })).toBeNull();
    },
    HEAVY,
  );

  it(
    'publishes a created type only after the confirmation, and shows a refusal',
    async () => {
      const user = userEvent.setup();
      const publishType = vi
        .fn()
        .mockRejectedValueOnce(
          new ConflictError({
            status: 409,
            message: 'Conflict',
            code: 'gift_card_type_status',
            body: { message: 'Already published', code: 'gift_card_type_status' },
          }),
        )
        .mockImplementationOnce(async () => giftType('t-2', 'Dinner'));
      const app = open(
        { created: [giftType('t-2', 'Dinner', { status: 'created' })] },
        {
          'giftCards.publishType': publishType as never,
        },
      );
      await user.click(await screen.findByRole('tab', { name: 'Created' }));
      await user.click(await screen.findByRole('button', { name: 'Publish Dinner' }));
      let dialog = await screen.findByRole('alertdialog', { name: 'Publish this gift card?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(publishType).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Publish Dinner' }));
      dialog = await screen.findByRole('alertdialog', { name: 'Publish this gift card?' });
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(publishType).toHaveBeenCalledTimes(1));
      expect(publishType.mock.calls[0]![0]).toEqual({ params: { id: 't-2' }, body: { propertyId } });
      expect(await screen.findByText('Something went wrong')).toBeTruthy();
      expect(screen.queryByText('Gift card published successfully.')).toBeNull();

      const calls = app.listTypes.mock.calls.length;
      await user.click(screen.getByRole('button', { name: 'Publish Dinner' }));
      dialog = await screen.findByRole('alertdialog', { name: 'Publish this gift card?' });
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      expect(await screen.findByText('Gift card published successfully.')).toBeTruthy();
      await waitFor(() => expect(app.listTypes.mock.calls.length).toBeGreaterThan(calls));
    },
    HEAVY,
  );

  it(
    'issues cards to pasted recipients, within the type’s stock',
    async () => {
      const user = userEvent.setup();
      const issue = vi.fn(async ({ body }: { body: { recipients: unknown[] } }) => ({
        cards: body.recipients.map(() => ({})),
        created: body.recipients.length,
        stock: 0,
      }));
      open(
        { published: [giftType('t-1', 'Spa weekend', { stock: 2, netPrice: 180 })] },
        { 'giftCards.issue': issue as never },
      );
      await user.click(await screen.findByRole('button', { name: 'Issue cards of Spa weekend' }));
      const drawer = await screen.findByRole('dialog', { name: 'Issue gift cards' });
      await user.type(within(drawer).getByRole('textbox', { name: 'Buyer name' }), 'Helga');
      await user.type(within(drawer).getByRole('textbox', { name: 'Buyer e-mail' }), 'helga@example.test');
      const paste = within(drawer).getByRole('textbox', { name: /Paste recipients/ });
      await user.click(paste);
      await user.paste('Sigga\tsigga@example.test\nJon\tjon@example.test\nAnna\tanna@example.test');
      await user.click(within(drawer).getByRole('button', { name: 'Fill recipients' }));
      expect(within(drawer).getByRole('textbox', { name: 'Name of recipient 3' })).toHaveProperty(
        'value',
        'Anna',
      );
      await user.click(within(drawer).getByRole('button', { name: 'Issue' }));
      expect(await within(drawer).findByText('More than the cards left of this gift card')).toBeTruthy();
      expect(issue).not.toHaveBeenCalled();

      const quantity = within(drawer).getByRole('textbox', { name: 'Quantity' });
      await user.clear(quantity);
      await user.type(quantity, '2');
      // Each card is mailed as it is issued unless unchecked.
      expect(within(drawer).getByRole('checkbox', { name: 'Send each card by e-mail now' })).toHaveProperty(
        'checked',
        true,
      );
      await user.click(within(drawer).getByRole('button', { name: 'Issue' }));
      await waitFor(() => expect(issue).toHaveBeenCalledTimes(1));
      const body = (issue.mock.calls[0] as unknown as [{ body: Record<string, unknown> }])[0].body;
      expect(body).toMatchObject({
        propertyId,
        netPrice: 180,
        buyerName: 'Helga',
        buyerEmail: 'helga@example.test',
        sendEmail: true,
        recipients: [
          { name: 'Sigga', email: 'sigga@example.test' },
          { name: 'Jon', email: 'jon@example.test' },
        ],
      });
      expect(await screen.findByText('2 gift cards issued.')).toBeTruthy();
    },
    HEAVY,
  );
});
