import type { ContractRecord, DiscoverRow } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resellerUser, storedFor, supplierUser } from '../../../test/fixtures';
import { fakeClient, renderApp } from '../../../test/renderApp';

const later = () => Date.now() + 3_600_000;
const page = <T,>(items: T[]) => ({ items, meta: { page: 1, limit: 100, total: items.length } });

const contract = (id: string, over: Partial<ContractRecord> = {}): ContractRecord => ({
  id,
  type: 'contract',
  status: 'approved',
  initiator: 'reseller',
  agentId: 'a-1',
  agentName: 'Northern Trips',
  ternHotelName: 'Harbour Inn',
  channelId: 'p-1',
  propertyType: 'accommodation',
  modifierLogic: 'decrease_by_percent',
  modifierAmount: 5,
  requestMessage: null,
  roomRates: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

const row: DiscoverRow = {
  id: 'p-9',
  type: 'discover',
  propertyId: 'p-9',
  name: 'Fjord Lodge',
  email: 'lodge@example.test',
  country: 'NO',
  phone: '',
  timezone: 'Europe/Oslo',
  address: 'Strand 1',
  city: 'Oslo',
  state: null,
  propertyType: 'accommodation',
  contract: null,
};

describe('contracts page', () => {
  it('lets a reseller request a contract from the discover tab and book on an active one', async () => {
    const user = userEvent.setup();
    const request = vi.fn(async () => contract('c-2', { status: 'proposed' }));
    const client = fakeClient(
      {},
      {
        'contracts.discover': (async () => page([row])) as never,
        'contracts.list': (async (input: { query: { status: string } }) =>
          page(input.query.status === 'active' ? [contract('c-1')] : [])) as never,
        'contracts.request': request as never,
      },
    );
    renderApp({ path: '/contracts', client, stored: storedFor(resellerUser, later()) });
    await user.click(await screen.findByRole('button', { name: 'Request a contract with Fjord Lodge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a contract with Fjord Lodge' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the property' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(request.mock.calls[0]![0 as never]).toMatchObject({
      body: { propertyId: 'p-9', requestMessage: 'Hello' },
    });
    await user.click(screen.getByRole('tab', { name: 'Active' }));
    const table = await screen.findByRole('table', { name: 'Active' });
    expect(within(table).getByText('−5 %')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Book' }).getAttribute('href')).toBe(
      '/property/p-1?type=accommodation&adults=2&children=0',
    );
  });

  it('lets a supplier accept a reseller’s proposal and offers no withdraw for it', async () => {
    const user = userEvent.setup();
    const approve = vi.fn(async () => contract('c-3'));
    const client = fakeClient(
      {},
      {
        'contracts.list': (async (input: { query: { status: string; propertyId?: string } }) =>
          page(input.query.status === 'pending' ? [contract('c-3', { status: 'proposed' })] : [])) as never,
        'contracts.approve': approve as never,
      },
    );
    renderApp({ path: '/contracts', client, stored: storedFor(supplierUser, later()) });
    await user.click(await screen.findByRole('tab', { name: 'Pending' }));
    const table = await screen.findByRole('table', { name: 'Pending' });
    expect(within(table).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(approve).toHaveBeenCalledTimes(1));
    expect(approve.mock.calls[0]![0 as never]).toMatchObject({ params: { id: 'c-3' } });
  });
});
