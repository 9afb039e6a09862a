import { addDays, deviceTimeZone, deviceToday, instantOf } from '@tern/core/dates';
import { formatDay } from '@tern/core/format';
import type { ApiKey } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resellerUser, storedFor } from '../../../test/fixtures';
import { fakeClient, renderApp } from '../../../test/renderApp';

// The API keys page (document 2 M14): a key is made with a scope and an expiry, and the list says each
// key's scope, expiry and status — expired, or disabled and why.

const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const key = (over: Partial<ApiKey>): ApiKey => ({
  id: 'k-1',
  type: 'apiKey',
  name: 'Backend',
  last6: 'abc123',
  active: true,
  scope: 'read',
  expiresAt: null,
  disabledAt: null,
  disabledReason: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  createdBy: 'Ada',
  ...over,
});

function open(items: ApiKey[], create = vi.fn()) {
  const client = fakeClient(
    {},
    {
      'apiKeys.list': vi.fn(async () => ({
        items,
        meta: { page: 1, limit: 10, total: items.length },
      })) as never,
      'apiKeys.create': create as never,
    },
  );
  return renderApp({ path: '/api_keys', client, stored: storedFor(resellerUser, later()) });
}

describe('API keys page', () => {
  it(
    'makes a key with the scope and expiry chosen in the form',
    async () => {
      const user = userEvent.setup();
      const create = vi.fn(
        async ({ body }: { body: { name: string; scope: 'read' | 'book'; expiresAt: string } }) => ({
          ...key({ id: 'k-new', name: body.name, scope: body.scope, expiresAt: body.expiresAt }),
          token: 'tern_whole-token',
        }),
      );
      open([], create);
      await user.click(await screen.findByRole('button', { name: 'Create API key' }));
      const drawer = await screen.findByRole('dialog', { name: 'Create API key' });
      await user.type(within(drawer).getByRole('textbox', { name: 'Name' }), 'Booking backend');
      // The scope starts at read, every choice in sight with what it does.
      const scope = within(drawer).getByRole('radiogroup', { name: 'Scope' });
      expect(within(scope).getByRole('radio', { name: /^Read: search/ })).toHaveProperty('checked', true);
      await user.click(within(scope).getByRole('radio', { name: /^Book: also make, change and cancel/ }));
      const expiry = within(drawer).getByRole('button', { name: /Expiry/ });
      expect(expiry.textContent).toContain('No expiry');
      await user.click(expiry);
      await user.click(await screen.findByRole('option', { name: '30 days' }));
      const lastDay = addDays(deviceToday(), 30);
      expect(within(drawer).getByText(`The key works until the end of ${formatDay(lastDay)}.`)).toBeTruthy();
      await user.click(within(drawer).getByRole('button', { name: 'Create API key' }));
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect(create.mock.calls[0]![0].body).toEqual({
        name: 'Booking backend',
        scope: 'book',
        expiresAt: instantOf(addDays(lastDay, 1), deviceTimeZone()).toISOString(),
      });
      expect(await screen.findByText('tern_whole-token', { selector: '.admin-copy code' })).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'lists each key’s scope, expiry and status: active, expired, disabled and why',
    async () => {
      open([
        key({ id: 'k-1', name: 'Live', scope: 'book' }),
        key({ id: 'k-2', name: 'Old', expiresAt: '2026-01-01T00:00:00.000Z' }),
        key({ id: 'k-3', name: 'Blocked', active: false, disabledReason: 'blocked' }),
        key({ id: 'k-4', name: 'Retired', active: false, disabledReason: 'disabled' }),
      ]);
      const row = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr')!;
      const live = await row('Live');
      expect(within(live).getByText('Book')).toBeTruthy();
      expect(within(live).getByText('Active')).toBeTruthy();
      expect(within(live).getByRole('button', { name: 'Disable Live' })).toBeTruthy();
      const old = await row('Old');
      expect(within(old).getByText('Expired')).toBeTruthy();
      expect(within(old).getByText('Read')).toBeTruthy();
      expect(within(await row('Blocked')).getByText('Disabled: its agent was blocked')).toBeTruthy();
      expect(within(await row('Blocked')).queryByRole('button', { name: /Disable/ })).toBeNull();
      expect(within(await row('Retired')).getByText('Disabled')).toBeTruthy();
    },
    HEAVY,
  );
});
