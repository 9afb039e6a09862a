import type { AdminProperty } from '@tern/sdk';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, storedFor } from '../../test/fixtures';
import { fakeClient, renderApp } from '../../test/renderApp';
import { SELECTED_PROPERTY_KEY } from './storage';

// What the selected property is made of (asSelectedProperty reads no more of an admin's property).
const glacier = {
  id: 'p-9',
  name: 'Glacier Hotel',
  propertyType: 'hotel',
  timezone: 'Atlantic/Reykjavik',
  currency: 'ISK',
  lockOverride: false,
  paymentLocked: false,
} as AdminProperty;

function renderAdmin(getProperty: () => Promise<AdminProperty>) {
  window.localStorage.setItem(SELECTED_PROPERTY_KEY, 'p-9');
  const client = fakeClient(
    { currentUser: async () => ({ type: 'user', ...adminUser }) },
    {
      'admin.getProperty': vi.fn(getProperty) as never,
      'admin.listProperties': (async () => ({ items: [], total: 0 })) as never,
    },
  );
  return renderApp({ path: '/profile', client, stored: storedFor(adminUser, Date.now() + 3_600_000) });
}

const switcher = () => screen.findByRole('combobox', { name: 'Property' });
const asked = (app: ReturnType<typeof renderAdmin>) =>
  app.client.call.mock.calls.filter(([endpoint]) => endpoint.name === 'admin.getProperty');

describe('an admin’s selected property', () => {
  afterEach(() => window.localStorage.clear());

  it('is read once from the property remembered, through the query cache', async () => {
    const app = renderAdmin(async () => glacier);
    const input = (await switcher()) as HTMLInputElement;
    await vi.waitFor(() => expect(input.value).toBe('Glacier Hotel'));
    expect(asked(app)).toHaveLength(1);
    expect(asked(app)[0]![1]).toEqual({ params: { id: 'p-9' } });
  });

  it('is none when the remembered property cannot be read', async () => {
    const app = renderAdmin(async () => {
      throw new Error('gone');
    });
    await vi.waitFor(() => expect(asked(app)).toHaveLength(1));
    expect(((await switcher()) as HTMLInputElement).value).toBe('');
  });
});
