import { ConflictError, type Store, type StoreSummary } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../test/fixtures';
import { fakeClient, renderApp } from '../../../test/renderApp';

const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const propertyId = supplierUser.ternHotels[0]!.id;

const store = (over: Partial<Store> = {}): Store => ({
  id: 's-1',
  type: 'store',
  propertyId,
  name: 'Harbour gifts',
  slugName: 'harbour-gifts',
  status: 'active',
  allowPickupAtHotel: false,
  publicPath: '/harbour-gifts',
  titleFont: 'Lato',
  textFont: 'Roboto',
  cornerStyle: 'rounded',
  tagColor: '#0F1015',
  logoUrl: null,
  photoUrl: null,
  termsAndConditions: 'No cash value.',
  bookingTermsAndConditions: '',
  gaTrackingId: '',
  purchaseConfirmationEmail: null,
  allowPickupAtHotelInfo: '',
  allowCancellation: false,
  cancellationDeadlineDays: 1,
  bannerTitle: 'Give a night',
  bannerParagraph: 'By the harbour.',
  storeGiftCardTypes: [
    {
      id: 't-1',
      priority: 1,
      giftCardTypeTitle: 'Spa day',
      hotelNames: ['Harbour View'],
      status: 'published',
    },
    {
      id: 't-2',
      priority: 2,
      giftCardTypeTitle: 'Two nights',
      hotelNames: ['Harbour View'],
      status: 'published',
    },
  ],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...over,
});
const summaryOf = (s: Store): StoreSummary => ({
  id: s.id,
  type: 'store',
  name: s.name,
  slugName: s.slugName,
  status: s.status,
  allowPickupAtHotel: s.allowPickupAtHotel,
  publicPath: s.publicPath,
});

function open(
  update: (input: { body: { store: Record<string, unknown> } }) => Promise<Store>,
  listFailures = 0,
) {
  let saved = store();
  let failures = listFailures;
  const updateStore = vi.fn(async (input: { body: { store: Record<string, unknown> } }) => {
    saved = await update(input);
    return saved;
  });
  const createStore = vi.fn(async ({ body }: { body: { store: Record<string, unknown> } }) =>
    store({ id: 's-new', name: String(body.store.name), slugName: String(body.store.slugName) }),
  );
  const client = fakeClient(
    {},
    {
      'stores.list': vi.fn(async () => {
        if (failures-- > 0) throw new Error('Network down');
        return { items: [summaryOf(saved)], meta: { page: 1, limit: 1, total: 1 } };
      }) as never,
      'stores.get': vi.fn(async () => saved) as never,
      'stores.update': updateStore as never,
      'stores.create': createStore as never,
    },
  );
  renderApp({ path: '/settings/stores', client, stored: storedFor(supplierUser, later()) });
  return { updateStore, createStore };
}

const echo = async ({ body }: { body: { store: Record<string, unknown> } }) =>
  store({
    name: String(body.store.name),
    slugName: String(body.store.slugName),
    storeGiftCardTypes: store().storeGiftCardTypes,
  });

describe('gift-card store settings page', () => {
  it(
    'says when the stores could not be read, and reads them again from Try again',
    async () => {
      const user = userEvent.setup();
      open(echo, 1);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Something went wrong');
      expect(screen.queryByRole('tab')).toBeNull();
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('tab', { name: 'Harbour gifts' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    HEAVY,
  );

  it(
    'shows a tab per store with every setting, and saves once, 500 ms after the last change',
    async () => {
      const user = userEvent.setup();
      const { updateStore } = open(echo);
      expect(await screen.findByRole('tab', { name: 'Harbour gifts' })).toBeTruthy();
      const name = await screen.findByRole('textbox', { name: 'Name' });
      for (const label of ['Address (slug)', 'Tag colour', 'Banner title', 'Terms and conditions'])
        expect(screen.getByRole('textbox', { name: new RegExp(label.replace(/[()]/g, '.')) })).toBeTruthy();
      expect(screen.getByRole('checkbox', { name: 'Active' })).toBeTruthy();
      expect(
        (screen.getByRole('textbox', { name: /Cancellation deadline/ }) as HTMLInputElement).disabled,
      ).toBe(true);
      // Two changes within 500 ms (a paste, then a key) are saved once.
      await user.click(name);
      await user.keyboard('{End}');
      await user.paste(' and mor');
      await user.keyboard('e');
      await waitFor(() => expect(updateStore).toHaveBeenCalledTimes(1), { timeout: 5000 });
      await new Promise((r) => setTimeout(r, 800));
      expect(updateStore).toHaveBeenCalledTimes(1);
      expect(updateStore.mock.calls[0]![0].body.store).toMatchObject({
        name: 'Harbour gifts and more',
        slugName: 'harbour-gifts',
        storeGiftCardTypes: [
          { id: 't-1', priority: 1 },
          { id: 't-2', priority: 2 },
        ],
      });
      expect(await screen.findByText('All changes saved.')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'asks before changing a saved store’s slug, and says when the slug is taken',
    async () => {
      const user = userEvent.setup();
      const { updateStore } = open(async (input) => {
        if (input.body.store.slugName === 'taken')
          throw new ConflictError({
            status: 409,
            message: 'Validation failed: Name has already been taken',
            code: 'store_slug_taken',
            body: { message: 'Validation failed: Name has already been taken', code: 'store_slug_taken' },
          });
        return echo(input);
      });
      const slug = await screen.findByRole('textbox', { name: /Address/ });
      await user.clear(slug);
      await user.type(slug, 'taken');
      const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
      expect(dialog.textContent).toContain('/harbour-gifts to /taken');
      expect(updateStore).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Change the address' }));
      await waitFor(() => expect(updateStore).toHaveBeenCalledTimes(1));
      expect((await screen.findAllByText('This address is taken')).length).toBeGreaterThan(0);
    },
    HEAVY,
  );

  it(
    'reorders the store’s types with the keyboard-reachable move buttons, priorities from 1',
    async () => {
      const user = userEvent.setup();
      const { updateStore } = open(echo);
      const list = await screen.findByRole('grid', { name: 'Gift card types by priority' });
      expect(within(list).getByText('Priority 1')).toBeTruthy();
      await user.click(within(list).getByRole('button', { name: 'Move Spa day down' }));
      await waitFor(() => expect(updateStore).toHaveBeenCalledTimes(1), { timeout: 5000 });
      expect(updateStore.mock.calls[0]![0].body.store.storeGiftCardTypes).toEqual([
        { id: 't-2', priority: 1 },
        { id: 't-1', priority: 2 },
      ]);
    },
    HEAVY,
  );

  it(
    'adds a store in a new tab, which closes until it is saved, and is created once valid',
    async () => {
      const user = userEvent.setup();
      const { createStore } = open(echo);
      await screen.findByRole('tab', { name: 'Harbour gifts' });
      await user.click(screen.getByRole('button', { name: 'Add a store' }));
      expect(await screen.findByRole('tab', { name: 'New store' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Close the new store' })).toBeTruthy();
      const panel = screen.getByRole('tabpanel');
      await user.type(within(panel).getByRole('textbox', { name: 'Name' }), 'Spa gifts');
      await user.type(within(panel).getByRole('textbox', { name: /Address/ }), 'spa gifts');
      expect(await within(panel).findByText('Use letters, digits and hyphens only')).toBeTruthy();
      const slug = within(panel).getByRole('textbox', { name: /Address/ });
      await user.clear(slug);
      await user.type(slug, 'spa-gifts');
      await user.type(within(panel).getByRole('textbox', { name: /Banner title/ }), 'Relax');
      await user.type(within(panel).getByRole('textbox', { name: /Banner paragraph/ }), 'A day at the spa');
      await user.type(within(panel).getByRole('textbox', { name: /^Terms and conditions/ }), 'No cash value');
      for (const font of ['Title font', 'Text font']) {
        await user.click(within(panel).getByRole('button', { name: new RegExp(font) }));
        await user.click(await screen.findByRole('option', { name: 'Lato' }));
      }
      await waitFor(() => expect(createStore).toHaveBeenCalledTimes(1), { timeout: 5000 });
      expect(createStore.mock.calls[0]![0].body.store).toMatchObject({
        name: 'Spa gifts',
        slugName: 'spa-gifts',
        cornerStyle: 'rounded',
        tagColor: '#0F1015',
        status: 'active',
        allowCancellation: false,
        titleFont: 'Lato',
        textFont: 'Lato',
      });
      expect(createStore.mock.calls[0]![0].body.store).not.toHaveProperty('storeGiftCardTypes');
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Close the new store' })).toBeNull());
    },
    HEAVY,
  );
});
