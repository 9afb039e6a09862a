import { quickRange } from '@tern/core/bookings';
import { todayIso } from '@tern/core/dates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, resellerUser, supplierUser } from '../../../test/fixtures';
import { listOf, openBookings, queryOf, record } from './bookingsTestKit';

describe('bookings page', () => {
  it('shows a reseller the supplier column, searches after 500 ms and keeps the search in the address', async () => {
    const user = userEvent.setup();
    const list = vi.fn(async (input: { query: { term?: string } }) => ({
      items:
        input.query.term === 'nobody'
          ? []
          : [record('b1'), record('b2', { status: 'canceled', changeable: false, changeBlock: 'canceled' })],
      meta: { page: 1, limit: 10, total: input.query.term === 'nobody' ? 0 : 2 },
    }));
    const app = openBookings(resellerUser, { 'bookings.list': list as never });
    const table = await screen.findByRole('grid', { name: 'Bookings' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual(['Booking', 'Name', 'Supplier', 'Stay', 'Booked', 'Total', 'Status']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Harbour Inn');
    expect(rows[1]!.textContent).toContain('Ada Lovelace');
    expect(rows[1]!.textContent).toContain('01/05/2030 – 03/05/2030');
    expect(rows[1]!.textContent).toContain('EUR 250.00');
    expect(rows[1]!.textContent).toContain('Active');
    expect(rows[2]!.textContent).toContain('Cancelled');
    expect(queryOf(list as never, 0)).toEqual({
      page: 1,
      limit: 10,
      orderBy: 'created_at',
      orderDirection: 'desc',
    });
    expect(app.location()).toBe('/bookings');

    await user.type(screen.getByRole('textbox', { name: /Search by number/ }), 'nobody');
    // However slow the machine, the six keys make one search (the debounce), not one per key.
    await screen.findByRole('heading', { name: 'No bookings match' }, { timeout: 10_000 });
    expect(list).toHaveBeenCalledTimes(2);
    expect(list.mock.calls.at(-1)![0]).toMatchObject({ query: { term: 'nobody', page: 1, limit: 10 } });
    await waitFor(() => expect(app.location()).toBe('/bookings?q=nobody'));
  }, 30_000);

  it('shows a supplier the selected property’s bookings with the reseller column', async () => {
    const list = listOf([record('b4', { changeable: false, changeBlock: 'not_reseller' })]);
    openBookings(supplierUser, { 'bookings.list': list as never });
    const table = await screen.findByRole('grid', { name: 'Bookings' });
    expect(within(table).getByRole('columnheader', { name: 'Reseller' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Supplier' })).toBeNull();
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Northern Trips');
    expect(queryOf(list)).toMatchObject({ propertyId: 'p-1' });
  });

  it('shows an admin every booking with the reseller and the property', async () => {
    const list = listOf([record('b6')]);
    openBookings(adminUser, { 'bookings.list': list as never });
    const table = await screen.findByRole('grid', { name: 'Bookings' });
    expect(within(table).getByRole('columnheader', { name: 'Reseller' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Property' })).toBeTruthy();
    expect(queryOf(list)).not.toHaveProperty('propertyId');
  });

  it('sorts by a column header, saying the order with aria-sort', async () => {
    const user = userEvent.setup();
    const list = listOf([record('b1'), record('b2')]);
    const app = openBookings(resellerUser, { 'bookings.list': list as never });
    const table = await screen.findByRole('grid', { name: 'Bookings' });
    const booked = within(table).getByRole('columnheader', { name: 'Booked' });
    const total = within(table).getByRole('columnheader', { name: 'Total' });
    expect(booked.getAttribute('aria-sort')).toBe('descending');
    expect(total.getAttribute('aria-sort')).toBe('none');

    await user.click(total);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(queryOf(list)).toMatchObject({ orderBy: 'total', orderDirection: 'asc', page: 1 });
    await waitFor(() =>
      expect(within(table).getByRole('columnheader', { name: 'Total' }).getAttribute('aria-sort')).toBe(
        'ascending',
      ),
    );
    expect(within(table).getByRole('columnheader', { name: 'Booked' }).getAttribute('aria-sort')).toBe(
      'none',
    );

    await user.click(within(table).getByRole('columnheader', { name: 'Total' }));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(3));
    expect(queryOf(list)).toMatchObject({ orderBy: 'total', orderDirection: 'desc' });
    await waitFor(() => expect(app.location()).toBe('/bookings?sort=total&dir=desc'));
  });

  it('pages ten at a time through the total', async () => {
    const user = userEvent.setup();
    const list = listOf([record('b1')], 23);
    const app = openBookings(resellerUser, { 'bookings.list': list as never });
    const pages = await screen.findByRole('navigation', { name: 'Pages of bookings' });
    expect(pages.textContent).toContain('Page 1 of 3');
    expect(screen.getByText('23 bookings')).toBeTruthy();
    const previous = within(pages).getByRole('button', { name: 'Previous page' });
    expect(previous.hasAttribute('disabled') || previous.getAttribute('aria-disabled') === 'true').toBe(true);

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queryOf(list)).toMatchObject({ page: 2, limit: 10 }));
    await waitFor(() => expect(pages.textContent).toContain('Page 2 of 3'));
    expect(app.location()).toBe('/bookings?page=2');

    // Back returns to the first page: the address the list did not write starts it again from there.
    app.router.history.back();
    await waitFor(() => expect(app.location()).toBe('/bookings'));
    await waitFor(() => expect(queryOf(list)).toMatchObject({ page: 1 }));
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Pages of bookings' }).textContent).toContain(
        'Page 1 of 3',
      ),
    );
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('starts from the address: filters, page and sort survive a reload', async () => {
    const list = listOf([record('b1')], 30);
    openBookings(
      resellerUser,
      { 'bookings.list': list as never },
      '/bookings?q=Ada&status=canceled&reservation_id=TRN-1&page=2&sort=total&dir=asc',
    );
    await screen.findByRole('grid', { name: 'Bookings' });
    expect(queryOf(list, 0)).toEqual({
      page: 2,
      limit: 10,
      orderBy: 'total',
      orderDirection: 'asc',
      term: 'Ada',
      reservationId: 'TRN-1',
      status: 'canceled',
    });
    expect((screen.getByRole('textbox', { name: /Search by number/ }) as HTMLInputElement).value).toBe('Ada');
    // Two filters set: the advanced search is open and its button says so.
    expect(screen.getByRole('button', { name: /Advanced search.*2 filters set/ })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Booking number' }) as HTMLInputElement).value).toBe('TRN-1');
  });

  it('applies the advanced search for a supplier and clears it', async () => {
    const user = userEvent.setup();
    const list = listOf([record('b1')]);
    const resellers = vi.fn(async () => ({
      items: [
        { id: 'ag-1', name: 'Northern Trips' },
        { id: 'ag-2', name: 'Southern Tours' },
      ],
      meta: { page: 1, limit: 1000, total: 2 },
    }));
    const app = openBookings(supplierUser, {
      'bookings.list': list as never,
      'contracts.resellers': resellers as never,
    });
    await screen.findByRole('grid', { name: 'Bookings' });
    const toggle = screen.getByRole('button', { name: 'Advanced search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('form', { name: 'Advanced search' });
    // A supplier filters by agency, not by supplier or booker (R113).
    expect(within(form).getByRole('combobox', { name: 'Reseller' })).toBeTruthy();
    expect(resellers.mock.calls[0]![0 as never]).toMatchObject({ query: { page: 1, limit: 1000 } });

    await user.type(within(form).getByRole('textbox', { name: 'Booking number' }), 'TRN-7');
    await user.type(within(form).getByRole('textbox', { name: 'External reference' }), 'PO-1');
    await user.click(within(form).getByRole('button', { name: /Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
    await user.click(
      within(within(form).getByRole('group', { name: 'Quick ranges for Booked between' })).getByRole(
        'button',
        { name: 'This month' },
      ),
    );
    await user.type(within(form).getByRole('combobox', { name: 'Reseller' }), 'South');
    await user.click(await screen.findByRole('option', { name: 'Southern Tours' }));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    const month = quickRange('this_month', todayIso());
    await waitFor(() =>
      expect(queryOf(list)).toMatchObject({
        page: 1,
        propertyId: 'p-1',
        reservationId: 'TRN-7',
        externalReferenceId: 'PO-1',
        status: 'canceled',
        bookedFrom: month.from,
        bookedTo: month.to,
        resellerIds: ['ag-2'],
      }),
    );
    // Five filters: number, reference, status, the booked range (one filter, both ends set) and the agency.
    expect(screen.getByRole('button', { name: /Advanced search.*5 filters set/ })).toBeTruthy();
    expect(new URL(app.location(), 'http://x').searchParams.get('reseller')).toBe('ag-2');

    await user.click(within(form).getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(queryOf(list)).toEqual({
        page: 1,
        limit: 10,
        orderBy: 'created_at',
        orderDirection: 'desc',
        propertyId: 'p-1',
      }),
    );
    expect((within(form).getByRole('textbox', { name: 'Booking number' }) as HTMLInputElement).value).toBe(
      '',
    );
    await waitFor(() => expect(app.location()).toBe('/bookings'));
  });

  it('lets a reseller filter by supplier and by the agent who booked', async () => {
    const user = userEvent.setup();
    const list = listOf([record('b1')]);
    const discover = vi.fn(async () => ({
      items: [
        { id: 'd-1', propertyId: 'p-7', name: 'Harbour Inn', city: 'Reykjavik' },
        { id: 'd-2', propertyId: 'p-8', name: 'Casa Alfama', city: 'Lisbon' },
      ],
      meta: { page: 1, limit: 1000, total: 2 },
    }));
    const agents = vi.fn(async () => ({
      items: [
        { id: 'u-1', type: 'agent', name: 'Árni Valdimarsson', email: 'agent@example.test' },
        { id: 'u-2', type: 'agent', name: 'Bára Jónsdóttir', email: 'bara@example.test' },
      ],
      meta: { page: 1, limit: 1000, total: 2 },
    }));
    const app = openBookings(resellerUser, {
      'bookings.list': list as never,
      'contracts.discover': discover as never,
      'contracts.agents': agents as never,
    });
    await screen.findByRole('grid', { name: 'Bookings' });
    await user.click(screen.getByRole('button', { name: 'Advanced search' }));
    const form = screen.getByRole('form', { name: 'Advanced search' });
    expect(within(form).queryByRole('combobox', { name: 'Reseller' })).toBeNull();
    await user.type(within(form).getByRole('combobox', { name: 'Supplier' }), 'Casa');
    await user.click(await screen.findByRole('option', { name: 'Casa Alfama, Lisbon' }));
    await user.type(within(form).getByRole('combobox', { name: 'Booked by' }), 'Bára');
    await user.click(await screen.findByRole('option', { name: /Bára Jónsdóttir/ }));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queryOf(list)).toMatchObject({ supplier: 'p-8', booker: 'u-2' }));
    expect(discover.mock.calls[0]![0 as never]).toMatchObject({ query: { page: 1, limit: 1000 } });
    expect(agents.mock.calls[0]![0 as never]).toMatchObject({ query: { page: 1, limit: 1000 } });
    const params = new URL(app.location(), 'http://x').searchParams;
    expect([params.get('supplier'), params.get('booker')]).toEqual(['p-8', 'u-2']);
  });

  it('loads every page of 1000 of the agency’s agents for the booker filter', async () => {
    const user = userEvent.setup();
    const agent = (n: number) => ({
      id: `u-${n}`,
      type: 'agent',
      name: `Agent ${n}`,
      email: `a${n}@example.test`,
    });
    const agents = vi.fn(async ({ query }: { query: { page: number; limit: number } }) => ({
      items:
        query.page === 1
          ? Array.from({ length: 1000 }, (_, i) => agent(i + 1))
          : [{ id: 'u-zoe', type: 'agent', name: 'Zoë Hansen', email: 'zoe@example.test' }],
      meta: { page: query.page, limit: query.limit, total: 1001 },
    }));
    openBookings(resellerUser, {
      'bookings.list': listOf([record('b1')]) as never,
      'contracts.discover': (async () => ({ items: [], meta: { page: 1, limit: 1000, total: 0 } })) as never,
      'contracts.agents': agents as never,
    });
    await screen.findByRole('grid', { name: 'Bookings' });
    await user.click(screen.getByRole('button', { name: 'Advanced search' }));
    const form = screen.getByRole('form', { name: 'Advanced search' });
    await user.type(within(form).getByRole('combobox', { name: 'Booked by' }), 'Zoë');
    expect(await screen.findByRole('option', { name: /Zoë Hansen/ })).toBeTruthy();
    expect(agents.mock.calls.map(([input]) => input.query)).toEqual([
      { page: 1, limit: 1000 },
      { page: 2, limit: 1000 },
    ]);
  });

  it('loads nothing while the agency is locked for card payments', async () => {
    const list = listOf([record('b1')]);
    const locked = { ...resellerUser, agent: { id: 'a-1', name: 'Northern Trips', paymentLocked: true } };
    openBookings(locked, { 'bookings.list': list as never });
    await screen.findByRole('heading', { name: 'Bookings are not available' });
    expect(screen.getByText(/locked for card payments, so the bookings list is closed/)).toBeTruthy();
    expect(list).not.toHaveBeenCalled();
  });

  it('says so when the list cannot load, and loads again on retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    openBookings(resellerUser, {
      'bookings.list': (async () => {
        if (fail) throw new Error('Service Unavailable');
        return { items: [], meta: { page: 1, limit: 10, total: 0 } };
      }) as never,
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    // A failure without an API code (the network, a 503 from a proxy) has no words of its own to show.
    expect(alert.textContent).toContain('Something went wrong. Please try again.');
    expect(alert.textContent).not.toContain('Service Unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'No bookings to show yet' });
  });
});
