import { PROPERTY_TEXT_FIELDS } from '@tern/core/admin';
import type { AdminProperty } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, storedFor } from '../../../test/fixtures';
import { fakeClient, renderApp } from '../../../test/renderApp';

// The admin's property form sets whether the property's gift store is in Icelandic only (document 3 §1: no
// language menu), and an edit sends the switch as it stands.

const HEAVY = 60_000;
const harbour: AdminProperty = {
  // The form's text fields empty but the name and e-mail.
  ...(Object.fromEntries(PROPERTY_TEXT_FIELDS.map(([field]) => [field, ''])) as Record<
    (typeof PROPERTY_TEXT_FIELDS)[number][0],
    string
  >),
  id: '5b2c1a4e-0000-4000-8000-0000000000b1',
  type: 'ternHotel',
  name: 'Harbour View',
  email: 'stay@harbour.is',
  pms: 'beds_24',
  propertyType: 'hotel',
  channexPropertyId: '••••9999',
  timezone: 'Atlantic/Reykjavik',
  currency: 'ISK',
  storeIcelandicOnly: false,
  lockOverride: false,
  paymentLocked: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A list call answering one page of these rows. */
const pageOf = (items: unknown[]) =>
  vi.fn(async () => ({ items, meta: { page: 1, limit: 50, total: items.length } }));

describe('the admin’s property form', () => {
  it(
    'turns the gift store’s Icelandic-only switch on and sends it with the edit',
    async () => {
      const user = userEvent.setup();
      const updateProperty = vi.fn(async ({ body }: { body: Partial<AdminProperty> }) => ({
        ...harbour,
        ...body,
      }));
      const client = fakeClient(
        {},
        {
          'admin.listUsers': pageOf([]) as never,
          'admin.listProperties': pageOf([harbour]) as never,
          'admin.updateProperty': updateProperty as never,
        },
      );
      renderApp({ path: '/admin', client, stored: storedFor(adminUser, Date.now() + 3_600_000) });
      await user.click(await screen.findByRole('tab', { name: 'Properties' }));
      await user.click(await screen.findByRole('button', { name: 'Actions for Harbour View' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
      const drawer = await screen.findByRole('dialog', { name: 'Edit property' });
      const toggle = within(drawer).getByRole('switch', { name: /Gift store in Icelandic only/ });
      expect((toggle as HTMLInputElement).checked).toBe(false);
      await user.click(toggle);
      expect((toggle as HTMLInputElement).checked).toBe(true);
      await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(updateProperty).toHaveBeenCalledTimes(1));
      expect((updateProperty.mock.calls[0] as unknown[])[0]).toMatchObject({
        params: { id: harbour.id },
        body: { name: 'Harbour View', storeIcelandicOnly: true },
      });
    },
    HEAVY,
  );
});
