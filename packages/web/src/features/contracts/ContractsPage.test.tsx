import type { ContractRecord, DiscoverRow, ResellerDetails, UnitRates, User } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, resellerUser, storedFor, supplierUser } from '../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp } from '../../../test/renderApp';

const later = () => Date.now() + 3_600_000;
const page = <T,>(items: T[], total = items.length, at = 1) => ({
  items,
  meta: { page: at, limit: 10, total },
});

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
  currency: 'EUR',
  requestMessage: null,
  roomRates: [],
  createdAt: '2030-01-02T08:00:00.000Z',
  updatedAt: '2030-01-03T08:00:00.000Z',
  ...over,
});

const row = (id: string, name: string, over: Partial<DiscoverRow> = {}): DiscoverRow => ({
  id,
  type: 'discover',
  propertyId: id,
  name,
  email: 'lodge@example.test',
  country: 'NO',
  phone: '',
  timezone: 'Europe/Oslo',
  address: 'Strand 1',
  city: 'Oslo',
  state: null,
  propertyType: 'accommodation',
  contract: null,
  ...over,
});

const occupancy = { adults: 2, children: 0, infants: 0 };
const units: UnitRates[] = [
  {
    id: 'u-1',
    type: 'unit',
    title: 'Double',
    ratePlans: [
      { id: 'r-1', title: 'Flexible', occupancy, mealType: 'room_only', sellMode: 'per_room' },
      { id: 'r-2', title: 'Breakfast', occupancy, mealType: 'breakfast', sellMode: 'per_room' },
    ],
  },
];

type ListQuery = {
  query: { status: 'active' | 'pending'; page: number; limit: number; propertyId?: string };
};

/** The contracts page for a user, with the lists answering from `active`, `pending` and `discover`. */
function renderContracts(
  user: User,
  lists: { active?: ContractRecord[]; pending?: ContractRecord[]; discover?: DiscoverRow[] },
  handlers: CallHandlers = {},
) {
  const list = vi.fn(async ({ query }: ListQuery) => page(lists[query.status] ?? []));
  const discover = vi.fn(async () => page(lists.discover ?? []));
  const client = fakeClient(
    {},
    { 'contracts.list': list as never, 'contracts.discover': discover as never, ...handlers },
  );
  const app = renderApp({ path: '/contracts', client, stored: storedFor(user, later()) });
  return { ...app, list, discover };
}

async function openTab(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('grid', { name });
}

describe('contracts page', () => {
  it('shows an admin the agency and the property of each contract', async () => {
    renderContracts(adminUser, {
      active: [
        contract('c-1'),
        contract('c-2', { agentName: 'Polar Tours', ternHotelName: 'Fjord Lodge', channelId: 'p-2' }),
      ],
    });
    const table = await openTab('Active');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.slice(0, 2)).toEqual(['Agency', 'Property']);
    const northern = within(table).getByRole('row', { name: /Northern Trips/ });
    expect(within(northern).getByRole('gridcell', { name: 'Harbour Inn' })).toBeTruthy();
    const polar = within(table).getByRole('row', { name: /Polar Tours/ });
    expect(within(polar).getByRole('gridcell', { name: 'Fjord Lodge' })).toBeTruthy();
  });

  it('gives a reseller discover, active and pending tabs, and a supplier active and pending', async () => {
    const first = renderContracts(resellerUser, {});
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Discover', 'Active', 'Pending']);
    expect(await screen.findByRole('heading', { name: 'No properties to discover' })).toBeTruthy();
    first.unmount();
    window.localStorage.clear();
    const supplier = renderContracts(supplierUser, {});
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Active', 'Pending']),
    );
    expect(await screen.findByRole('heading', { name: 'No active contracts' })).toBeTruthy();
    // A supplier's lists are the selected property's, ten a page from page 1.
    expect(supplier.list).toHaveBeenCalledWith(
      { query: { status: 'active', page: 1, limit: 10, propertyId: 'p-1' } },
      expect.anything(),
    );
    expect(supplier.discover).not.toHaveBeenCalled();
  });

  it('shows the property, terms, label and dates to a reseller, with the book link and terminate', async () => {
    const user = userEvent.setup();
    const terminate = vi.fn(async () => contract('c-1', { status: 'terminated' }));
    const app = renderContracts(
      resellerUser,
      {
        active: [
          contract('c-1'),
          contract('c-2', { propertyType: 'vehicle', ternHotelName: 'Airport Cars' }),
        ],
      },
      { 'contracts.terminate': terminate as never },
    );
    const table = await openTab('Active');
    const inn = await within(table).findByRole('row', { name: /Harbour Inn/ });
    expect(within(inn).getByText('−5 %')).toBeTruthy();
    expect(within(inn).getByText('Active')).toBeTruthy();
    expect(within(inn).getByText('02/01/2030')).toBeTruthy();
    expect(within(inn).getByRole('link', { name: 'Book' }).getAttribute('href')).toBe(
      '/property/p-1?type=accommodation&adults=2&children=0',
    );
    const cars = within(table).getByRole('row', { name: /Airport Cars/ });
    expect(within(cars).getByRole('link', { name: 'Book' }).getAttribute('href')).toBe('/search_cars');

    const listCalls = app.list.mock.calls.length;
    await user.click(within(inn).getByRole('button', { name: 'Terminate' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Terminate the contract with Harbour Inn?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Terminate' }));
    await waitFor(() => expect(terminate).toHaveBeenCalledTimes(1));
    expect(terminate.mock.calls[0]![0 as never]).toEqual({
      params: { id: 'c-1' },
      body: { propertyId: 'p-1', propertyType: 'accommodation' },
    });
    expect(await screen.findByText('The contract was updated')).toBeTruthy();
    // Every list reloads: active, pending and discover.
    await waitFor(() => expect(app.list.mock.calls.length).toBe(listCalls + 2));
    expect(app.discover).toHaveBeenCalledTimes(2);
  });

  it('labels a reseller’s own proposal “Proposed” with withdraw, and the property’s “Requested” with accept and decline', async () => {
    const user = userEvent.setup();
    const cancel = vi.fn(async () => contract('c-3', { status: 'cancelled' }));
    renderContracts(
      resellerUser,
      {
        pending: [
          contract('c-3', { status: 'proposed', initiator: 'reseller' }),
          contract('c-4', { status: 'proposed', initiator: 'supplier', ternHotelName: 'Fjord Lodge' }),
        ],
      },
      { 'contracts.cancel': cancel as never },
    );
    const table = await openTab('Pending');
    const mine = within(table).getByRole('row', { name: /Harbour Inn/ });
    const theirs = within(table).getByRole('row', { name: /Fjord Lodge/ });
    expect(within(mine).getByText('Proposed')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(theirs).getByText('Requested')).toBeTruthy();
    expect(within(theirs).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(theirs).getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(within(theirs).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(within(table).queryByRole('link', { name: 'Book' })).toBeNull();
    await user.click(within(mine).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
    expect(cancel.mock.calls[0]![0 as never]).toMatchObject({ params: { id: 'c-3' } });
  });

  it('lets a supplier accept an agency’s proposal and decline another after confirming', async () => {
    const user = userEvent.setup();
    const approve = vi.fn(async () => contract('c-3'));
    const decline = vi.fn(async () => contract('c-4', { status: 'declined' }));
    renderContracts(
      supplierUser,
      {
        pending: [
          contract('c-3', { status: 'proposed' }),
          contract('c-4', { status: 'proposed', agentId: 'a-2', agentName: 'Polar Tours' }),
          contract('c-5', { status: 'proposed', initiator: 'supplier', agentName: 'Sunny Days' }),
        ],
      },
      { 'contracts.approve': approve as never, 'contracts.decline': decline as never },
    );
    const table = await openTab('Pending');
    const northern = await within(table).findByRole('row', { name: /Northern Trips/ });
    expect(within(northern).getByText('Requested')).toBeTruthy();
    expect(within(northern).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    const sunny = within(table).getByRole('row', { name: /Sunny Days/ });
    expect(within(sunny).getByText('Proposed')).toBeTruthy();
    expect(within(sunny).getByRole('button', { name: 'Withdraw' })).toBeTruthy();

    await user.click(within(northern).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(approve).toHaveBeenCalledTimes(1));
    expect(approve.mock.calls[0]![0 as never]).toEqual({
      params: { id: 'c-3' },
      body: { propertyId: 'p-1', propertyType: 'accommodation' },
    });
    await screen.findByText('The contract was updated');

    const polar = within(await screen.findByRole('grid', { name: 'Pending' })).getByRole('row', {
      name: /Polar Tours/,
    });
    await user.click(within(polar).getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Decline the proposal from Polar Tours?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(decline).not.toHaveBeenCalled();
    await user.click(within(polar).getByRole('button', { name: 'Decline' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(decline).toHaveBeenCalledTimes(1));
    expect(decline.mock.calls[0]![0 as never]).toMatchObject({ params: { id: 'c-4' } });
  });

  it('shows a failed action in the words of its code', async () => {
    const user = userEvent.setup();
    const approve = vi.fn(async () => {
      throw Object.assign(new Error('Conflict'), {
        code: 'wrong_status',
        params: { status: 'active' },
        serverMessage: 'server words',
      });
    });
    renderContracts(
      supplierUser,
      { pending: [contract('c-3', { status: 'proposed' })] },
      { 'contracts.approve': approve as never },
    );
    const table = await openTab('Pending');
    await user.click(within(table).getByRole('button', { name: 'Accept' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('This contract cannot do that now: it is active.');
  });

  it('narrows every list by the search box, half a second after the last key', async () => {
    const user = userEvent.setup();
    const app = renderContracts(resellerUser, {});
    await screen.findByRole('heading', { name: 'No properties to discover' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by property, city or country' }),
      'Reykjavik',
    );
    await waitFor(
      () =>
        expect(app.discover).toHaveBeenCalledWith(
          { query: { page: 1, limit: 10, term: 'Reykjavik' } },
          expect.anything(),
        ),
      { timeout: 3000 },
    );
    expect(app.list).toHaveBeenCalledWith(
      { query: { status: 'pending', page: 1, limit: 10, term: 'Reykjavik' } },
      expect.anything(),
    );
    // Only the whole word was searched for, not each prefix typed before it.
    const terms = app.discover.mock.calls.map(
      (call) => (call as unknown as [{ query: { term?: string } }])[0].query.term,
    );
    expect(terms).toEqual([undefined, 'Reykjavik']);
  });

  it('pages the active list ten at a time', async () => {
    const user = userEvent.setup();
    const list = vi.fn(async ({ query }: ListQuery) =>
      query.status === 'active'
        ? page([contract(`c-${query.page}`, { ternHotelName: `Inn ${query.page}` })], 12, query.page)
        : page([]),
    );
    const client = fakeClient(
      {},
      { 'contracts.list': list as never, 'contracts.discover': (async () => page([])) as never },
    );
    renderApp({ path: '/contracts', client, stored: storedFor(resellerUser, later()) });
    await openTab('Active');
    const pages = screen.getByRole('navigation', { name: 'Pages of contracts' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Inn 2')).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ query: { status: 'active', page: 2, limit: 10 } }, expect.anything());
  });

  it('lets a reseller request a contract with a message from discover', async () => {
    const user = userEvent.setup();
    const request = vi.fn(async () => contract('c-9', { status: 'proposed' }));
    renderContracts(
      resellerUser,
      {
        discover: [
          row('p-9', 'Fjord Lodge'),
          row('p-1', 'Harbour Inn', { contract: { id: 'c-1', status: 'approved', initiator: 'reseller' } }),
        ],
      },
      { 'contracts.request': request as never },
    );
    const table = await screen.findByRole('grid', { name: 'Discover' });
    const inn = await within(table).findByRole('row', { name: /Harbour Inn/ });
    expect(within(inn).getByText('Active')).toBeTruthy();
    expect(within(inn).queryByRole('button')).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Request contract with Fjord Lodge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a contract with Fjord Lodge' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the property' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(request.mock.calls[0]![0 as never]).toEqual({
      body: { propertyId: 'p-9', requestMessage: 'Hello' },
    });
    expect(await screen.findByText('The request was sent to the property')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refused request in the dialog’s summary, which a request sent again clears', async () => {
    const user = userEvent.setup();
    const request = vi.fn(async (): Promise<unknown> => {
      throw Object.assign(new Error('Conflict'), { code: 'not_a_code_yet' });
    });
    renderContracts(
      resellerUser,
      { discover: [row('p-9', 'Fjord Lodge')] },
      { 'contracts.request': request as never },
    );
    const table = await screen.findByRole('grid', { name: 'Discover' });
    await user.click(await within(table).findByRole('button', { name: 'Request contract with Fjord Lodge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a contract with Fjord Lodge' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the property' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    const summary = await within(dialog).findByRole('alert');
    expect(summary.textContent).toContain('The changes are not saved');
    expect(summary.textContent).toContain('Something went wrong. Please try again.');
    await waitFor(() => expect(document.activeElement).toBe(summary));

    request.mockImplementation(async () => contract('c-9', { status: 'proposed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('The request was sent to the property')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets a reseller propose terms from discover, for every plan and without an agency', async () => {
    const user = userEvent.setup();
    const create = vi.fn(async (_input: { body: Record<string, unknown> }) =>
      contract('c-9', { status: 'proposed' }),
    );
    const unitRates = vi.fn(async () => page(units));
    renderContracts(
      resellerUser,
      { discover: [row('p-9', 'Fjord Lodge')] },
      {
        'contracts.create': create as never,
        'engine.unitRates': unitRates as never,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Propose terms to Fjord Lodge' }));
    const drawer = await screen.findByRole('dialog', { name: 'Propose terms to Fjord Lodge' });
    expect(await within(drawer).findByRole('checkbox', { name: 'Double — Flexible' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /Agency/ })).toBeNull();
    expect(unitRates.mock.calls[0]![0 as never]).toEqual({ params: { kind: 'accommodations', id: 'p-9' } });
    await user.type(within(drawer).getByRole('textbox', { name: 'Amount' }), '10');
    await user.click(within(drawer).getByRole('button', { name: 'Send the proposal' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const body = create.mock.calls[0]![0].body;
    expect(body).toEqual({
      propertyId: 'p-9',
      propertyType: 'accommodation',
      contract: { modifierLogic: 'increase_by_percent', modifierAmount: 10, ratePlanIds: ['r-1', 'r-2'] },
    });
    expect(body).not.toHaveProperty('agentId');
    expect(await screen.findByText('The proposal was sent')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets a supplier propose to an agency: select all, send refused without a plan', async () => {
    const user = userEvent.setup();
    const create = vi.fn(async () => contract('c-9', { status: 'proposed', initiator: 'supplier' }));
    const agencies: ResellerDetails[] = [
      {
        id: 'a-1',
        type: 'reseller',
        name: 'Northern Trips',
        email: 'trips@example.test',
        phone: '',
        address1: '',
        city: '',
        zipCode: '',
        country: 'IS',
        taxId: '',
        governmentId: '',
        legalName: 'Northern Trips ehf.',
        emailInvoice: '',
      },
    ];
    renderContracts(
      supplierUser,
      {},
      {
        'contracts.create': create as never,
        'contracts.resellers': (async () => page(agencies)) as never,
        'engine.unitRates': (async () => page(units)) as never,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Propose a contract' }));
    const drawer = await screen.findByRole('dialog', { name: 'Propose a contract' });
    const all = await within(drawer).findByRole('checkbox', { name: 'Select all' });
    const send = within(drawer).getByRole('button', { name: 'Send the proposal' });
    // No agency chosen yet.
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByRole('button', { name: /Agency/ }).textContent).toContain('Choose…');
    await user.click(within(drawer).getByRole('button', { name: /Agency/ }));
    await user.click(await screen.findByRole('option', { name: 'Northern Trips' }));
    expect(send.hasAttribute('disabled')).toBe(false);

    await user.click(all);
    expect((all as HTMLInputElement).checked).toBe(false);
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByText('Choose at least one rate plan')).toBeTruthy();
    await user.click(all);
    expect(
      (within(drawer).getByRole('checkbox', { name: 'Double — Breakfast' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(drawer).getByRole('checkbox', { name: 'Double — Breakfast' }));
    await user.click(send);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0 as never]).toEqual({
      body: {
        propertyId: 'p-1',
        propertyType: 'accommodation',
        agentId: 'a-1',
        contract: { modifierLogic: 'increase_by_percent', modifierAmount: 0, ratePlanIds: ['r-1'] },
      },
    });
  });

  it('asks the actions machine: while one row is acted on, the others wait', async () => {
    const user = userEvent.setup();
    let answer: (value: ContractRecord) => void = () => {};
    const approve = vi.fn(() => new Promise<ContractRecord>((resolve) => (answer = resolve)));
    renderContracts(
      supplierUser,
      {
        pending: [
          contract('c-3', { status: 'proposed' }),
          contract('c-4', { status: 'proposed', agentId: 'a-2', agentName: 'Polar Tours' }),
        ],
      },
      { 'contracts.approve': approve as never },
    );
    const table = await openTab('Pending');
    const northern = await within(table).findByRole('row', { name: /Northern Trips/ });
    const polar = within(table).getByRole('row', { name: /Polar Tours/ });
    await user.click(within(northern).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(approve).toHaveBeenCalledTimes(1));
    expect(within(polar).getByRole('button', { name: 'Accept' }).hasAttribute('disabled')).toBe(true);
    expect(within(polar).getByRole('button', { name: 'Decline' }).hasAttribute('disabled')).toBe(true);
    answer(contract('c-3'));
    expect(await screen.findByText('The contract was updated')).toBeTruthy();
    await waitFor(() =>
      expect(within(polar).getByRole('button', { name: 'Accept' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('steps back a page when an action emptied the last one', async () => {
    const user = userEvent.setup();
    let withdrawn = false;
    const list = vi.fn(async ({ query }: ListQuery) => {
      if (query.status !== 'pending') return page([]);
      if (query.page === 1) return page([contract('c-1', { status: 'proposed' })], withdrawn ? 10 : 11, 1);
      return withdrawn
        ? page([], 10, 2)
        : page([contract('c-11', { status: 'proposed', ternHotelName: 'Inn 11' })], 11, 2);
    });
    const client = fakeClient(
      {},
      {
        'contracts.list': list as never,
        'contracts.discover': (async () => page([])) as never,
        'contracts.cancel': (async () => {
          withdrawn = true;
          return contract('c-11', { status: 'cancelled' });
        }) as never,
      },
    );
    renderApp({ path: '/contracts', client, stored: storedFor(resellerUser, later()) });
    await openTab('Pending');
    const pages = await screen.findByRole('navigation', { name: 'Pages of contracts' });
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    const inn = await screen.findByRole('row', { name: /Inn 11/ });
    await user.click(within(inn).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The contract was updated')).toBeTruthy();
    // Page 2 came back empty: page 1 is read again and shown, not an empty list.
    expect(await screen.findByRole('row', { name: /Harbour Inn/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No pending contracts' })).toBeNull();
  });

  it('says when the drawer’s plans cannot be read, and reads them again on retry', async () => {
    const user = userEvent.setup();
    const unitRates = vi
      .fn()
      .mockRejectedValueOnce(new Error('The server is away'))
      .mockResolvedValue(page(units));
    renderContracts(
      resellerUser,
      { discover: [row('p-9', 'Fjord Lodge')] },
      { 'engine.unitRates': unitRates as never },
    );
    await user.click(await screen.findByRole('button', { name: 'Propose terms to Fjord Lodge' }));
    const drawer = await screen.findByRole('dialog', { name: 'Propose terms to Fjord Lodge' });
    const failed = await within(drawer).findByRole('alert');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await within(drawer).findByRole('checkbox', { name: 'Double — Flexible' })).toBeTruthy();
    expect(unitRates).toHaveBeenCalledTimes(2);
  });

  it('says a refused proposal in the drawer’s summary, and drops it at the next edit', async () => {
    const user = userEvent.setup();
    const create = vi.fn(async () => {
      throw Object.assign(new Error('Conflict'), { code: 'wrong_status', params: { status: 'pending' } });
    });
    renderContracts(
      resellerUser,
      { discover: [row('p-9', 'Fjord Lodge')] },
      { 'contracts.create': create as never, 'engine.unitRates': (async () => page(units)) as never },
    );
    await user.click(await screen.findByRole('button', { name: 'Propose terms to Fjord Lodge' }));
    const drawer = await screen.findByRole('dialog', { name: 'Propose terms to Fjord Lodge' });
    await within(drawer).findByRole('checkbox', { name: 'Double — Flexible' });
    const amount = within(drawer).getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '5');
    await user.click(within(drawer).getByRole('button', { name: 'Send the proposal' }));
    const summary = await within(drawer).findByRole('alert');
    expect(summary.textContent).toContain('This contract cannot do that now: it is pending.');
    // The summary sits above the fields, the buttons stay free.
    expect(within(summary).queryByRole('button', { name: 'Send the proposal' })).toBeNull();
    await user.type(amount, '0');
    await waitFor(() => expect(within(drawer).queryByRole('alert')).toBeNull());
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('says a car station’s contract covers its cars, with no plans to choose', async () => {
    const user = userEvent.setup();
    renderContracts(resellerUser, { discover: [row('s-1', 'Airport Cars', { propertyType: 'vehicle' })] });
    await user.click(await screen.findByRole('button', { name: 'Propose terms to Airport Cars' }));
    const drawer = await screen.findByRole('dialog', { name: 'Propose terms to Airport Cars' });
    expect(await within(drawer).findByText(/covers all its cars/)).toBeTruthy();
    expect(within(drawer).queryByRole('checkbox')).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Send the proposal' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  /** A supplier's active contract with Northern Trips, whose name opens the agency's details (read by `details`). */
  async function openAgencyDetails(user: ReturnType<typeof userEvent.setup>, details: () => unknown) {
    renderContracts(
      supplierUser,
      { active: [contract('c-1')] },
      { 'contracts.resellerDetails': details as never },
    );
    const table = await screen.findByRole('grid', { name: 'Active' });
    await user.click(await within(table).findByRole('button', { name: 'Northern Trips' }));
    return screen.findByRole('dialog', { name: 'Agency details' });
  }

  it('opens the agency’s details for a supplier', async () => {
    const user = userEvent.setup();
    const details = vi.fn(
      async (): Promise<ResellerDetails> => ({
        id: 'a-1',
        type: 'reseller',
        name: 'Northern Trips',
        email: 'trips@example.test',
        phone: '+354 555 0101',
        address1: 'Laugavegur 1',
        city: 'Reykjavík',
        zipCode: '101',
        country: 'IS',
        taxId: 'IS-123',
        governmentId: 'G-1',
        legalName: 'Northern Trips ehf.',
        emailInvoice: 'invoices@example.test',
      }),
    );
    const drawer = await openAgencyDetails(user, details);
    expect(await within(drawer).findByText('Northern Trips ehf.')).toBeTruthy();
    for (const text of [
      'trips@example.test',
      '+354 555 0101',
      'Laugavegur 1',
      'Reykjavík',
      '101',
      'IS-123',
      'invoices@example.test',
    ])
      expect(within(drawer).getByText(text)).toBeTruthy();
    expect(details.mock.calls[0]![0 as never]).toEqual({ params: { id: 'a-1' } });
  });

  it('says when the agency’s details cannot be read, and reads them again on retry', async () => {
    const user = userEvent.setup();
    const details = vi.fn().mockRejectedValueOnce(new Error('The server is away')).mockResolvedValue({
      id: 'a-1',
      type: 'reseller',
      name: 'Northern Trips',
      legalName: 'Northern Trips ehf.',
    });
    const drawer = await openAgencyDetails(user, details);
    const failed = await within(drawer).findByRole('alert');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await within(drawer).findByText('Northern Trips ehf.')).toBeTruthy();
    expect(within(drawer).queryByRole('alert')).toBeNull();
    expect(details).toHaveBeenCalledTimes(2);
  });
});
