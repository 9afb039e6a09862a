import { ConflictError, type GiftCardPurchase } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../test/fixtures';
import { giftCardType } from '../../../test/giftCardTypes';
import { type CallHandlers, fakeClient, renderApp } from '../../../test/renderApp';

const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const propertyId = supplierUser.ternHotels[0]!.id;

const purchase = (id: string, number: string, over: Partial<GiftCardPurchase> = {}): GiftCardPurchase => ({
  id,
  type: 'giftCardPurchase',
  generatedId: number,
  source: 'back_office',
  referenceNumber: null,
  propertyId,
  giftCardTypeId: 't-1',
  title: 'Spa weekend',
  status: 'initiated',
  issuedStatus: 'pending',
  quantity: 3,
  netPrice: 100,
  totalAmount: 300,
  email: 'buyer@example.test',
  fullName: 'Acme',
  companyRegistrationNumber: '',
  phone: '',
  address: '',
  city: '',
  country: '',
  expirationDate: null,
  emailSent: false,
  orderRecipients: [],
  recipients: 0,
  products: [{ name: 'Spa weekend', quantity: 3 }],
  lastError: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

const spa = giftCardType({ netPrice: 150 });

function open(items: GiftCardPurchase[], handlers: CallHandlers = {}) {
  const list = vi.fn(async () => ({ items, meta: { page: 1, limit: 10, total: items.length } }));
  const listTypes = vi.fn(async ({ query }: { query: { status: string } }) => {
    const types = query.status === 'published' ? [spa] : [];
    return { items: types, meta: { page: 1, limit: 100, total: types.length } };
  });
  const client = fakeClient(
    {},
    { 'giftCardPurchases.list': list as never, 'giftCards.listTypes': listTypes as never, ...handlers },
  );
  return { ...renderApp({ path: '/purchases', client, stored: storedFor(supplierUser, later()) }), list };
}
const lastQuery = (fn: ReturnType<typeof vi.fn>) => (fn.mock.calls.at(-1)![0] as { query: object }).query;

/** Opens Create new purchase once the types are loaded, and names the buyer. */
async function openCreate(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Create new purchase' });
  await waitFor(() => expect(button.getAttribute('data-disabled')).toBeNull());
  await user.click(button);
  const drawer = await screen.findByRole('dialog', { name: 'Create new purchase' });
  await user.type(within(drawer).getByRole('textbox', { name: 'Name' }), 'Acme');
  await user.type(within(drawer).getByRole('textbox', { name: 'E-mail' }), 'buyer@example.test');
  return drawer;
}

describe('gift card purchases page', () => {
  it(
    'asks the server by status and by sorted column, 10 a page',
    async () => {
      const user = userEvent.setup();
      const app = open([purchase('p-1', 'ABCDEFGHJKMN')]);
      const table = await screen.findByRole('grid', { name: 'Purchases' });
      expect(await within(table).findByText('ABCDEFGHJKMN')).toBeTruthy();
      expect(within(table).getByText('Unpaid')).toBeTruthy();
      expect(lastQuery(app.list)).toEqual({
        propertyId,
        page: 1,
        limit: 10,
        orderBy: 'created_at',
        orderDirection: 'desc',
      });
      await user.click(screen.getByRole('button', { name: /Status/ }));
      await user.click(await screen.findByRole('option', { name: 'Paid' }));
      await waitFor(() => expect(lastQuery(app.list)).toMatchObject({ status: 'paid' }));
      await user.click(within(table).getByRole('columnheader', { name: 'Total amount' }));
      await waitFor(() =>
        expect(lastQuery(app.list)).toMatchObject({
          status: 'paid',
          orderBy: 'total_amount',
          orderDirection: 'asc',
        }),
      );
    },
    HEAVY,
  );

  it(
    'shows each purchase source, filters by it, and a store purchase reference in its details',
    async () => {
      const user = userEvent.setup();
      const app = open([
        purchase('p-1', 'ABCDEFGHJKMN'),
        purchase('p-2', 'PQRSTUVWXYZ2', { source: 'store', referenceNumber: 'STR2345678AB', status: 'paid' }),
      ]);
      const table = await screen.findByRole('grid', { name: 'Purchases' });
      const rowOf = async (number: string) =>
        (await within(table).findByText(number)).closest('[role="row"]') as HTMLElement;
      expect(within(await rowOf('ABCDEFGHJKMN')).getByText('Back office')).toBeTruthy();
      expect(within(await rowOf('PQRSTUVWXYZ2')).getByText('Store')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: /Source/ }));
      await user.click(await screen.findByRole('option', { name: 'Store' }));
      await waitFor(() => expect(lastQuery(app.list)).toMatchObject({ source: 'store' }));
      await user.click(screen.getByRole('button', { name: 'Actions of purchase PQRSTUVWXYZ2' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Details' }));
      const drawer = await screen.findByRole('dialog', { name: 'Purchase PQRSTUVWXYZ2' });
      expect(within(drawer).getByText('Store reference')).toBeTruthy();
      expect(within(drawer).getByText('STR2345678AB')).toBeTruthy();
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'Actions of purchase ABCDEFGHJKMN' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Details' }));
      const office = await screen.findByRole('dialog', { name: 'Purchase ABCDEFGHJKMN' });
      expect(within(office).getByText('Back office')).toBeTruthy();
      expect(within(office).queryByText('Store reference')).toBeNull();
    },
    HEAVY,
  );

  it(
    'marks a purchase paid after the confirmation (M26), and offers no mark paid once paid',
    async () => {
      const user = userEvent.setup();
      const markPaid = vi.fn(async () => ({ status: 'paid', issuedStatus: 'pending' }));
      const app = open(
        [purchase('p-1', 'ABCDEFGHJKMN'), purchase('p-2', 'PQRSTUVWXYZ2', { status: 'paid' })],
        {
          'giftCardPurchases.markPaid': markPaid as never,
        },
      );
      await user.click(await screen.findByRole('button', { name: 'Actions of purchase PQRSTUVWXYZ2' }));
      expect((await screen.findByRole('menuitem', { name: 'Mark paid' })).getAttribute('aria-disabled')).toBe(
        'true',
      );
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'Actions of purchase ABCDEFGHJKMN' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Mark paid' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Mark paid?' });
      const calls = app.list.mock.calls.length;
      await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
      await waitFor(() => expect(markPaid).toHaveBeenCalledTimes(1));
      expect((markPaid.mock.calls[0] as unknown[])[0]).toEqual({
        params: { id: 'p-1' },
        body: { propertyId },
      });
      expect(await screen.findByText('Marked paid.')).toBeTruthy();
      await waitFor(() => expect(app.list.mock.calls.length).toBeGreaterThan(calls));
    },
    HEAVY,
  );

  it(
    'shows a failed delivery with its reason, and retries it after the confirmation',
    async () => {
      const user = userEvent.setup();
      const retryIssue = vi.fn(async () => ({ status: 'paid', issuedStatus: 'queued' }));
      const app = open(
        [
          purchase('p-1', 'ABCDEFGHJKMN', {
            status: 'paid',
            issuedStatus: 'failed',
            lastError: 'the PDF renderer is out of order',
          }),
          purchase('p-2', 'PQRSTUVWXYZ2', { status: 'paid', issuedStatus: 'queued', lastError: 'timeout' }),
        ],
        { 'giftCardPurchases.retryIssue': retryIssue as never },
      );
      const table = await screen.findByRole('grid', { name: 'Purchases' });
      expect(await within(table).findByText('Failed')).toBeTruthy();
      expect(within(table).getByText('Delivery failed: the PDF renderer is out of order')).toBeTruthy();
      expect(within(table).getByText('Last try failed, trying again: timeout')).toBeTruthy();
      // A queued purchase is not retried by hand: its job retries it.
      await user.click(screen.getByRole('button', { name: 'Actions of purchase PQRSTUVWXYZ2' }));
      expect(
        (await screen.findByRole('menuitem', { name: 'Retry delivery' })).getAttribute('aria-disabled'),
      ).toBe('true');
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'Actions of purchase ABCDEFGHJKMN' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Retry delivery' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Retry the delivery?' });
      expect(dialog.textContent).toContain('Cards already e-mailed are not sent twice');
      expect(retryIssue).not.toHaveBeenCalled();
      const calls = app.list.mock.calls.length;
      await user.click(within(dialog).getByRole('button', { name: 'Retry delivery' }));
      await waitFor(() => expect(retryIssue).toHaveBeenCalledTimes(1));
      expect((retryIssue.mock.calls[0] as unknown[])[0]).toEqual({
        params: { id: 'p-1' },
        body: { propertyId },
      });
      expect(await screen.findByText('The delivery is queued again.')).toBeTruthy();
      await waitFor(() => expect(app.list.mock.calls.length).toBeGreaterThan(calls));
    },
    HEAVY,
  );

  it(
    'downloads the PDFs of an issued purchase only, and says the zip is being generated on an empty file',
    async () => {
      const user = userEvent.setup();
      const pdfs = vi.fn(async () => ({ blob: new Blob([]), fileName: 'gift-cards-ABCDEFGHJKMN.zip' }));
      open([purchase('p-1', 'ABCDEFGHJKMN', { issuedStatus: 'issued' }), purchase('p-2', 'PQRSTUVWXYZ2')], {
        'giftCardPurchases.pdfs': pdfs as never,
      });
      const table = await screen.findByRole('grid', { name: 'Purchases' });
      await within(table).findByText('PQRSTUVWXYZ2');
      expect(within(table).queryByRole('button', { name: /cards of PQRSTUVWXYZ2/ })).toBeNull();
      await user.click(
        within(table).getByRole('button', { name: 'Download the PDFs of the 3 cards of ABCDEFGHJKMN' }),
      );
      await waitFor(() => expect(pdfs).toHaveBeenCalledTimes(1));
      expect(await screen.findByText('The PDFs are being generated. Try again in a moment.')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'edits a pending purchase’s recipients: all rows valid or all empty (M26), pasted from a sheet',
    async () => {
      const user = userEvent.setup();
      const updateRecipients = vi
        .fn(async (call: { body: { recipientsInfo: unknown[] } }) => ({
          orderRecipients: call.body.recipientsInfo,
        }))
        .mockRejectedValueOnce(
          new ConflictError({ status: 409, message: 'The purchase changed meanwhile', code: 'conflict' }),
        );
      open([purchase('p-1', 'ABCDEFGHJKMN', { quantity: 2 })], {
        'giftCardPurchases.updateRecipients': updateRecipients as never,
      });
      await user.click(await screen.findByRole('button', { name: 'Actions of purchase ABCDEFGHJKMN' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Recipients' }));
      const drawer = await screen.findByRole('dialog', { name: 'Recipients of ABCDEFGHJKMN' });
      await user.type(within(drawer).getByRole('textbox', { name: 'Name of recipient 1' }), 'Anna');
      await user.click(within(drawer).getByRole('button', { name: 'Save recipients' }));
      expect((await within(drawer).findAllByText('Required')).length).toBeGreaterThan(0);
      expect(updateRecipients).not.toHaveBeenCalled();
      // Beside the field and in the form's summary, whose link moves to it.
      const email = within(drawer).getByRole('textbox', { name: 'E-mail of recipient 1' });
      expect(email.getAttribute('aria-invalid')).toBe('true');
      const summary = within(drawer).getByRole('alert');
      expect(summary.textContent).toContain('E-mail of recipient 1: Required');
      await user.click(within(summary).getByRole('button', { name: 'E-mail of recipient 1' }));
      expect(document.activeElement).toBe(email);
      await user.click(within(drawer).getByRole('textbox', { name: /Paste/ }));
      await user.paste('Anna\tanna@example.test\nBo\tbo@example.test');
      await user.click(within(drawer).getByRole('button', { name: 'Fill recipients' }));
      await user.click(within(drawer).getByRole('button', { name: 'Save recipients' }));
      // Refused by the server: its words in the summary, the rows kept; the next save goes through.
      await waitFor(() =>
        expect(within(drawer).getByRole('alert').textContent).toContain(
          'This changed meanwhile. Reload and try again.',
        ),
      );
      expect(within(drawer).getByRole('alert').textContent).not.toContain('Required');
      expect(email.getAttribute('aria-invalid')).toBeNull();
      await user.click(within(drawer).getByRole('button', { name: 'Save recipients' }));
      await waitFor(() => expect(updateRecipients).toHaveBeenCalledTimes(2));
      expect((updateRecipients.mock.calls[1] as unknown[])[0]).toEqual({
        params: { id: 'p-1' },
        body: {
          propertyId,
          recipientsInfo: [
            { name: 'Anna', email: 'anna@example.test' },
            { name: 'Bo', email: 'bo@example.test' },
          ],
        },
      });
      expect(await screen.findByText('Recipients updated.')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'creates a purchase with the issue form: two cards, unpaid offered above one card, a row per card',
    async () => {
      const user = userEvent.setup();
      const create = vi.fn(async () => purchase('p-9', 'NEWNUMBER234'));
      open([], { 'giftCardPurchases.create': create as never });
      const drawer = await openCreate(user);
      const quantity = within(drawer).getByRole('textbox', { name: 'Quantity' });
      await user.clear(quantity);
      await user.type(quantity, '2');
      await user.click(within(drawer).getByRole('button', { name: /Payment/ }));
      await user.click(await screen.findByRole('option', { name: 'Unpaid' }));
      for (const n of [1, 2]) {
        await user.type(
          within(drawer).getByRole('textbox', { name: `Name of recipient ${n}` }),
          `Guest ${n}`,
        );
        await user.type(
          within(drawer).getByRole('textbox', { name: `E-mail of recipient ${n}` }),
          `guest${n}@example.test`,
        );
      }
      await user.click(within(drawer).getByRole('button', { name: 'Create new purchase' }));
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect((create.mock.calls[0] as unknown[])[0]).toMatchObject({
        body: {
          propertyId,
          giftCardTypeId: 't-1',
          name: 'Acme',
          email: 'buyer@example.test',
          netPrice: 150,
          quantity: 2,
          purchaseState: 'unpaid',
          recipientsInfo: [
            { name: 'Guest 1', email: 'guest1@example.test' },
            { name: 'Guest 2', email: 'guest2@example.test' },
          ],
        },
      });
      expect(await screen.findByText('Purchase NEWNUMBER234 created.')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'fills a new purchase’s recipients from pasted sheet rows: the rows set the quantity',
    async () => {
      const user = userEvent.setup();
      const create = vi.fn(async () => purchase('p-8', 'PASTEDNUMBER'));
      open([], { 'giftCardPurchases.create': create as never });
      const drawer = await openCreate(user);
      await user.click(within(drawer).getByRole('textbox', { name: /Paste recipients/ }));
      await user.paste('Anna\tanna@example.test\nBirgir\tbirgir@example.test\nCarla\tcarla@example.test');
      await user.click(within(drawer).getByRole('button', { name: 'Fill recipients' }));
      expect(within(drawer).getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '3');
      expect(within(drawer).getByRole('textbox', { name: 'E-mail of recipient 3' })).toHaveProperty(
        'value',
        'carla@example.test',
      );
      await user.click(within(drawer).getByRole('button', { name: 'Create new purchase' }));
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect((create.mock.calls[0] as unknown[])[0]).toMatchObject({
        body: {
          quantity: 3,
          recipientsInfo: [
            { name: 'Anna', email: 'anna@example.test' },
            { name: 'Birgir', email: 'birgir@example.test' },
            { name: 'Carla', email: 'carla@example.test' },
          ],
        },
      });
    },
    HEAVY,
  );
});
