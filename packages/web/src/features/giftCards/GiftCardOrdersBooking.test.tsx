import { ApiError, type GiftCardLiability } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { card, HEAVY, openOrders, propertyId } from '../../../test/giftCardOrders';

// The orders page's booking side (document 3 §4 M24 / M25): mark unused warns that a booking to come is
// cancelled; "Show booking" opens the booking drawer, whose Cancel asks whether to reissue the card; and the
// liability ledger, loaded on request, as a chart and a table.

const future = {
  bookingId: 'b-9',
  reservationId: 'R-2099',
  arrivalDate: '2099-06-01',
  status: 'new',
  bookingType: 'normal' as const,
  propertyId,
};
const usedWithBooking = () => card('c-9', 'BKNGCARD2345', { booked: true, agentBooking: future });

describe('gift card orders: bookings and the liability ledger', () => {
  it(
    'mark unused warns that the booking to come is cancelled with it',
    async () => {
      const user = userEvent.setup();
      const markUnused = vi.fn(async () =>
        card('c-9', 'BKNGCARD2345', { booked: false, agentBooking: { ...future, status: 'canceled' } }),
      );
      openOrders([usedWithBooking()], { 'giftCards.markUnused': markUnused as never });
      await user.click(await screen.findByRole('button', { name: 'Actions for BKNGCARD2345' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Mark unused' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Mark BKNGCARD2345 unused' });
      expect(
        within(dialog).getByText(
          'This card paid for booking R-2099 (arrival 01/06/2099): marking it unused cancels that booking.',
        ),
      ).toBeTruthy();
      await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Guest changed plans');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(markUnused).toHaveBeenCalledTimes(1));
      expect(await screen.findByText('Gift card BKNGCARD2345 marked unused.')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'show booking: Cancel asks whether to reissue; yes cancels, then marks the card unused; a failure retries',
    async () => {
      const user = userEvent.setup();
      const cancelBooking = vi
        .fn()
        .mockRejectedValueOnce(
          new ApiError({
            status: 409,
            message: 'x',
            code: 'gift_card_booking_started',
            params: { arrival: 'x' },
          }),
        )
        .mockResolvedValue(usedWithBooking());
      const markUnused = vi.fn(async () => card('c-9', 'BKNGCARD2345'));
      const app = openOrders([usedWithBooking(), card('c-1', 'NOBOOKING234')], {
        'giftCards.cancelBooking': cancelBooking as never,
        'giftCards.markUnused': markUnused as never,
      });
      await user.click(await screen.findByRole('button', { name: 'Actions for NOBOOKING234' }));
      expect(
        (await screen.findByRole('menuitem', { name: 'Show booking' })).getAttribute('aria-disabled'),
      ).toBe('true');
      await user.keyboard('{Escape}');
      await user.click(await screen.findByRole('button', { name: 'Actions for BKNGCARD2345' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Show booking' }));
      const drawer = await screen.findByRole('dialog', { name: 'Booking of gift card BKNGCARD2345' });
      expect(within(drawer).getByText('R-2099')).toBeTruthy();
      expect(within(drawer).getByText('01/06/2099')).toBeTruthy();
      expect(within(drawer).getByText('Confirmed')).toBeTruthy();
      await user.click(within(drawer).getByRole('button', { name: 'Cancel booking' }));
      const ask = within(drawer).getByRole('region', { name: 'Cancel booking R-2099?' });
      // The question takes the focus.
      await waitFor(() =>
        expect(document.activeElement).toBe(
          within(ask).getByRole('button', { name: 'Cancel and reissue the card' }),
        ),
      );
      await user.click(within(ask).getByRole('button', { name: 'Cancel and reissue the card' }));
      expect(await within(drawer).findByText(/has passed, so it cannot be cancelled/)).toBeTruthy();
      expect(markUnused).not.toHaveBeenCalled();
      const calls = app.listCards.mock.calls.length;
      await user.click(within(drawer).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(markUnused).toHaveBeenCalledTimes(1));
      expect(cancelBooking).toHaveBeenCalledTimes(2);
      expect(cancelBooking.mock.calls[1]![0]).toEqual({ params: { id: 'c-9' }, body: { propertyId } });
      expect((markUnused.mock.calls[0] as unknown[])[0]).toEqual({
        params: { id: 'c-9' },
        body: { propertyId, notes: 'Reissued: booking R-2099 was cancelled.' },
      });
      expect(
        await screen.findByText('Booking R-2099 cancelled; gift card BKNGCARD2345 is unused again.'),
      ).toBeTruthy();
      await waitFor(() => expect(app.listCards.mock.calls.length).toBeGreaterThan(calls));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /Booking of gift card/ })).toBeNull());
    },
    HEAVY,
  );

  it(
    'show booking: "keep the card used" only cancels; a booking already cancelled offers no Cancel',
    async () => {
      const user = userEvent.setup();
      const cancelBooking = vi.fn(async () => usedWithBooking());
      const markUnused = vi.fn();
      openOrders(
        [
          usedWithBooking(),
          card('c-8', 'CANCELLED234', { booked: true, agentBooking: { ...future, status: 'canceled' } }),
        ],
        { 'giftCards.cancelBooking': cancelBooking as never, 'giftCards.markUnused': markUnused as never },
      );
      await user.click(await screen.findByRole('button', { name: 'Actions for CANCELLED234' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Show booking' }));
      let drawer = await screen.findByRole('dialog', { name: 'Booking of gift card CANCELLED234' });
      expect(within(drawer).getByText('Cancelled')).toBeTruthy();
      expect(within(drawer).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /Booking of gift card/ })).toBeNull());

      await user.click(await screen.findByRole('button', { name: 'Actions for BKNGCARD2345' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Show booking' }));
      drawer = await screen.findByRole('dialog', { name: 'Booking of gift card BKNGCARD2345' });
      await user.click(within(drawer).getByRole('button', { name: 'Cancel booking' }));
      await user.click(within(drawer).getByRole('button', { name: 'Keep the booking' }));
      expect(within(drawer).queryByRole('region', { name: /Cancel booking R-2099/ })).toBeNull();
      expect(cancelBooking).not.toHaveBeenCalled();
      await user.click(within(drawer).getByRole('button', { name: 'Cancel booking' }));
      await user.click(within(drawer).getByRole('button', { name: 'Cancel, keep the card used' }));
      expect(
        await screen.findByText('Booking R-2099 cancelled; gift card BKNGCARD2345 stays used.'),
      ).toBeTruthy();
      expect(cancelBooking).toHaveBeenCalledTimes(1);
      expect(markUnused).not.toHaveBeenCalled();
    },
    HEAVY,
  );

  it(
    'the liability ledger loads on request: a chart named for screen readers, and the figures as a table',
    async () => {
      const user = userEvent.setup();
      const month = (m: string, sold: number, redeemed: number, outstanding: number) => ({
        month: m,
        sold: { count: sold, value: sold * 100 },
        redeemed: { count: redeemed, value: redeemed * 100 },
        expired: { count: 0, value: 0 },
        cancelled: { count: 0, value: 0 },
        outstanding: { count: outstanding, value: outstanding * 100 },
      });
      const liability = vi.fn(
        async ({ query }: { query: { from: string; to: string } }): Promise<GiftCardLiability> => ({
          propertyId,
          currency: 'ISK',
          opening: { count: 1, value: 100 },
          months: [month(query.from, 3, 1, 3), month(query.to, 2, 0, 5)],
        }),
      );
      openOrders([card('c-1', 'ABCDEFGHJKMN')], { 'giftCards.liability': liability as never });
      const toggle = await screen.findByRole('button', { name: 'Liability ledger' });
      expect(liability).not.toHaveBeenCalled();
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      await user.click(toggle);
      const chart = await screen.findByRole('img', { name: /Gift card liability by month in ISK/ });
      expect(chart.querySelectorAll('rect')).toHaveLength(8);
      const { query } = liability.mock.calls[0]![0];
      expect(query.to).toMatch(/^\d{4}-\d\d$/);
      const [y, m] = query.to.split('-').map(Number) as [number, number];
      const back = y * 12 + m - 1 - 11;
      expect(query.from).toBe(`${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}`);
      const table = screen.getByRole('table', { name: 'Gift card liability by month' });
      const rows = within(table).getAllByRole('row');
      expect(rows).toHaveLength(3);
      expect(within(rows[2]!).getByRole('rowheader').textContent).toBe(query.to);
      expect(
        within(rows[2]!)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['2 · 200', '0 · 0', '0 · 0', '0 · 0', '5 · 500']);
      expect(screen.getByText(`Outstanding before ${query.from}: 1 card, 100.`)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: /Months/ }));
      await user.click(await screen.findByRole('option', { name: 'Last 24 months' }));
      await waitFor(() => expect(liability).toHaveBeenCalledTimes(2));
    },
    HEAVY,
  );
});
