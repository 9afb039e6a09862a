import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../test/fixtures';
import { card, later } from '../../../test/giftCardOrders';
import { fakeClient, renderApp } from '../../../test/renderApp';
import { listOf, openBookings, queryOf, record } from './bookingsTestKit';

// A gift card's booking on the staff side (issue 25): no agency — the list and the drawer name the card
// ("Gift card · CODE"), the drawer links to the card on the orders page, and suppliers filter by source.

const giftCardBooking = () =>
  record('g1', {
    source: 'gift_card',
    giftCardCode: 'ABCD2345EFGH',
    resellerName: 'Gudrun Jons',
    user: { name: 'Gudrun Jons', email: 'gudrun@example.test' },
    changeable: false,
    changeBlock: 'not_reseller',
    liability: 'prepaid',
  });

describe('gift-card bookings', () => {
  it('shows the card instead of an agency, in the list and the drawer, which links to the card', async () => {
    const user = userEvent.setup();
    openBookings(supplierUser, { 'bookings.list': listOf([giftCardBooking(), record('b1')]) as never });
    const table = await screen.findByRole('grid', { name: 'Bookings' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Gift card · ABCD2345EFGH');
    expect(rows[1]!.textContent).not.toContain('Gudrun Jons · ');
    expect(rows[2]!.textContent).toContain('Northern Trips');

    await user.click(within(table).getByRole('button', { name: 'TRN-G1XXXXXX' }));
    const drawer = await screen.findByRole('dialog', { name: 'Booking TRN-G1XXXXXX' });
    const link = within(drawer).getByRole('link', { name: 'Gift card · ABCD2345EFGH' });
    expect(link.getAttribute('href')).toBe('/orders?term=ABCD2345EFGH');
  });

  it('lets a supplier list only gift cards’ bookings, kept in the address', async () => {
    const user = userEvent.setup();
    const list = listOf([giftCardBooking()]);
    const app = openBookings(supplierUser, { 'bookings.list': list as never });
    await screen.findByRole('grid', { name: 'Bookings' });
    await user.click(screen.getByRole('button', { name: 'Advanced search' }));
    const form = screen.getByRole('form', { name: 'Advanced search' });
    await user.click(within(form).getByRole('button', { name: /Source/ }));
    await user.click(await screen.findByRole('option', { name: 'Gift cards' }));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queryOf(list)).toMatchObject({ propertyId: 'p-1', source: 'gift_card' }));
    expect(new URL(app.location(), 'http://x').searchParams.get('source')).toBe('gift_card');
  });

  it('the card’s link opens the orders page searched by its code', async () => {
    const listCards = vi.fn(async () => ({
      items: [card('c-1', 'ABCD2345EFGH')],
      meta: { page: 1, limit: 10, total: 1 },
    }));
    const client = fakeClient({}, { 'giftCards.list': listCards as never });
    renderApp({ path: '/orders?term=ABCD2345EFGH', client, stored: storedFor(supplierUser, later()) });
    expect(await screen.findByRole('searchbox')).toHaveProperty('value', 'ABCD2345EFGH');
    await waitFor(() => expect(listCards).toHaveBeenCalled());
    for (const call of listCards.mock.calls as unknown as [{ query: { term?: string } }][])
      expect(call[0].query.term).toBe('ABCD2345EFGH');
  });
});
