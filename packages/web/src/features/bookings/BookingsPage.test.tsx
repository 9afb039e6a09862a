import type { BookingRecord } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resellerUser, storedFor, supplierUser } from '../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp } from '../../../test/renderApp';

const later = () => Date.now() + 3_600_000;

function record(id: string, over: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id,
    type: 'booking',
    status: 'new',
    reservationId: `TRN-${id.toUpperCase().padEnd(8, 'X')}`,
    reservationName: null,
    externalReferenceId: null,
    createdAt: '2030-04-01T10:00:00.000Z',
    hotelName: 'Harbour Inn',
    propertyChannelId: 'p-1',
    propertyType: 'accommodation',
    arrivalDate: '2030-05-01',
    departureDate: '2030-05-03',
    arrivalTime: '15:00',
    totalNights: 2,
    price: { currency: 'EUR', total: 250 },
    notes: null,
    specialRequest: null,
    resellerName: 'Northern Trips',
    user: { name: 'Arni Agent', email: 'arni@example.test' },
    customer: { name: 'Ada', surname: 'Lovelace', mail: 'ada@example.test' },
    cancellationPolicy: null,
    propertyPolicy: null,
    guarantee: null,
    liability: 'pay_at_property',
    changeable: true,
    changeBlock: null,
    units: [
      {
        id: 'r-1',
        title: 'Double Room',
        roomRateTitle: 'Flexible',
        unitTypeCode: 'u-1',
        ratePlanCode: 'rp~2-0-0',
        occupancy: { adults: 2, children: 0, infants: 0 },
        cancellationPolicy: null,
        mealType: 'breakfast',
        guests: [{ name: 'Ada', surname: 'Lovelace', nationality: 'GB' }],
        drivers: [],
        price: 250,
        status: 'booked',
        meta: { pickUpTime: null, dropOffTime: null },
      },
    ],
    ...over,
  };
}

function open(user: typeof resellerUser, handlers: CallHandlers) {
  const client = fakeClient({}, handlers);
  renderApp({ path: '/bookings', client, stored: storedFor(user, later()) });
  return client;
}

describe('bookings page', () => {
  it('lists the bookings, searches after 500 ms, and cancels one from its drawer', async () => {
    const user = userEvent.setup();
    const list = vi.fn(async (input: { query: { term?: string } }) => ({
      items:
        input.query.term === 'nobody'
          ? []
          : [record('b1'), record('b2', { status: 'canceled', changeable: false, changeBlock: 'canceled' })],
      meta: { page: 1, limit: 10, total: input.query.term === 'nobody' ? 0 : 2 },
    }));
    const cancel = vi.fn(async () => record('b1', { status: 'canceled' }));
    open(resellerUser, { 'bookings.list': list as never, 'bookings.cancel': cancel as never });
    const table = await screen.findByRole('table', { name: 'Bookings' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(table).getByRole('columnheader', { name: 'Booked by' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('01/05/2030 – 03/05/2030');
    expect(rows[1]!.textContent).toContain('EUR 250.00');
    expect(rows[2]!.textContent).toContain('Cancelled');

    await user.click(within(rows[1]!).getByRole('button', { name: 'TRN-B1XXXXXX' }));
    const drawer = await screen.findByRole('dialog', { name: 'Booking TRN-B1XXXXXX' });
    expect(drawer.textContent).toContain('Ada Lovelace');
    await user.click(within(drawer).getByRole('button', { name: 'Cancel booking' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel booking TRN-B1XXXXXX?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
    expect(cancel.mock.calls[0]![0 as never]).toMatchObject({
      params: { kind: 'accommodations' },
      body: { reservationId: 'TRN-B1XXXXXX', propertyChannelId: 'p-1', propertyType: 'accommodation' },
    });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));

    await user.type(screen.getByRole('textbox', { name: /Search by number/ }), 'nobody');
    await screen.findByRole('heading', { name: 'No bookings match' }, { timeout: 2000 });
    expect(list.mock.calls.at(-1)![0]).toMatchObject({ query: { term: 'nobody', page: 1, limit: 10 } });
  });

  it('saves the special request and removes a room while more than one remains', async () => {
    const user = userEvent.setup();
    const two = record('b5', {
      units: [
        { ...record('x').units[0]!, id: 'r-1', title: 'Double Room' },
        { ...record('x').units[0]!, id: 'r-2', title: 'Twin Room' },
      ],
    });
    const updateSpecialRequest = vi.fn(async () => ({ ...two, specialRequest: 'Late arrival' }));
    const removeRooms = vi.fn(async () => two);
    open(resellerUser, {
      'bookings.list': (async () => ({ items: [two], meta: { page: 1, limit: 10, total: 1 } })) as never,
      'bookings.updateSpecialRequest': updateSpecialRequest as never,
      'bookings.removeRooms': removeRooms as never,
    });
    await user.click(await screen.findByRole('button', { name: 'TRN-B5XXXXXX' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByRole('textbox', { name: 'Special request' }), 'Late arrival');
    await user.click(within(drawer).getByRole('button', { name: 'Save the special request' }));
    await within(drawer).findByText('Saved');
    expect(updateSpecialRequest.mock.calls[0]![0 as never]).toMatchObject({
      params: { kind: 'accommodations', propertyId: 'p-1', bookingId: 'b5' },
      body: { specialRequest: 'Late arrival' },
    });
    await user.click(within(drawer).getByRole('button', { name: 'Remove Twin Room' }));
    await waitFor(() => expect(removeRooms).toHaveBeenCalledTimes(1));
    expect(removeRooms.mock.calls[0]![0 as never]).toMatchObject({
      params: { id: 'b5' },
      body: { deleteUnitIds: ['r-2'] },
    });
  });

  it('keeps a booking that can no longer change read-only, saying why', async () => {
    const user = userEvent.setup();
    open(resellerUser, {
      'bookings.list': (async () => ({
        items: [record('b3', { changeable: false, changeBlock: 'policy' })],
        meta: { page: 1, limit: 10, total: 1 },
      })) as never,
    });
    await user.click(await screen.findByRole('button', { name: 'TRN-B3XXXXXX' }));
    const drawer = await screen.findByRole('dialog');
    const cancel = within(drawer).getByRole('button', { name: 'Cancel booking' });
    expect(cancel.hasAttribute('disabled') || cancel.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(drawer.textContent).toContain('Expired: the cancellation policy no longer allows changes');
  });

  it('shows a supplier the selected property’s bookings with the reseller column, without actions', async () => {
    const user = userEvent.setup();
    const list = vi.fn(async () => ({
      items: [record('b4', { changeable: false, changeBlock: 'not_reseller' })],
      meta: { page: 1, limit: 10, total: 1 },
    }));
    open(supplierUser, { 'bookings.list': list as never });
    const table = await screen.findByRole('table', { name: 'Bookings' });
    expect(within(table).getByRole('columnheader', { name: 'Reseller' })).toBeTruthy();
    expect(list.mock.calls[0]![0 as never]).toMatchObject({ query: { propertyId: 'p-1' } });
    await user.click(within(table).getByRole('button', { name: 'TRN-B4XXXXXX' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('says so when the list cannot load, and loads again on retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    open(resellerUser, {
      'bookings.list': (async () => {
        if (fail) throw new Error('Service Unavailable');
        return { items: [], meta: { page: 1, limit: 10, total: 0 } };
      }) as never,
    });
    await screen.findByText('Service Unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'No bookings to show yet' });
  });
});
