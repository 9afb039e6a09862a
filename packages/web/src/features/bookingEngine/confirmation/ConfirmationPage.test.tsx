import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resellerUser, storedFor } from '../../../../test/fixtures';
import { fakeClient, renderApp } from '../../../../test/renderApp';
import { record, unit } from '../../bookings/bookingsTestKit';

const later = () => Date.now() + 3_600_000;
const id = '0b6c4f2e-5d1a-4f7e-9a57-3c1d2e4f5a6b';

function open(booking = record(id)) {
  const client = fakeClient({}, { 'bookings.show': async () => booking });
  return renderApp({
    path: `/property/p-1/confirmation/${id}?checkinDate=2030-05-01&checkoutDate=2030-05-03&adults=3&currency=EUR`,
    client,
    stored: storedFor(resellerUser, later()),
  });
}

describe('confirmation page', () => {
  it('leads with the TRN booking number, never the record’s id, and recaps the stay', async () => {
    open(
      record(id, {
        reservationId: 'TRN-7Q2X',
        hotelName: 'Harbour Inn',
        price: { currency: 'EUR', total: 640 },
        units: [
          unit('r-1'),
          unit('r-2'),
          unit('r-3', {
            title: 'Single Room',
            unitTypeCode: 'u-2',
            occupancy: { adults: 1, children: 1, infants: 0 },
          }),
        ],
      }),
    );
    await screen.findByRole('heading', { name: 'Thank you, the booking is confirmed' });
    expect((await screen.findByText('TRN-7Q2X')).closest('p')?.textContent).toBe('Booking number TRN-7Q2X');
    expect(screen.queryByText(id)).toBeNull();
    const details = screen.getByLabelText('Your booking');
    const text = details.textContent ?? '';
    expect(text).toContain('Harbour Inn');
    expect(text).toContain('01/05/2030 – 03/05/2030 · 2 nights');
    expect(within(details).getByText('2 × Double Room, Flexible')).toBeTruthy();
    expect(within(details).getByText('1 × Single Room, Flexible')).toBeTruthy();
    expect(text).toContain('Adults: 5, children: 1');
    expect(text).toContain('EUR 640.00');
  });
});
