import type { RedeemableCard, RedemptionCancellation } from '@tern/sdk/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStore, bookedStay as stay, storefront } from './redeemTestKit';

// The cancel page (screen 63, M35) and a multi-property card's hotels (screen 67, R319), drawn by the store's app
// over a stubbed API: what the visitor reads and what each button sends.

const cancellation = (over: Partial<RedemptionCancellation> = {}): RedemptionCancellation => ({
  stay,
  cancellable: true,
  reason: null,
  deadline: '2030-05-04T00:00:00.000Z',
  giftCardCode: 'ABCDEFGHJK23',
  storeSlug: 'harbour',
  timeZone: 'Europe/Lisbon',
  ...over,
});

const refusal = (status: number, code: string, message: string) =>
  Object.assign(new Error(message), { status, code });

const hotel = (n: number) => ({
  id: `p${n}`,
  title: `Hotel ${n}`,
  city: 'Reykjavík',
  country: 'IS',
  photoUrl: null,
  currency: 'ISK',
  timezone: 'Atlantic/Reykjavik',
});

const multiCard: RedeemableCard = {
  generatedId: 'ABCDEFGHJK23',
  title: 'Spa escape',
  name: 'Anna',
  state: 'usable',
  expirationDate: '2030-05-20',
  lengthOfStay: 2,
  marketingCampaign: false,
  multiProperty: true,
  storeSlug: 'harbour',
  properties: [1, 2, 3, 4, 5, 6, 7].map(hotel),
  stay: null,
};

function storeApi() {
  return {
    get: vi.fn(async () => storefront),
    cancelPreview: vi.fn(async (_body: { reservationId: string; lastName: string }) => cancellation()),
    cancel: vi.fn(async (_body: { reservationId: string; lastName: string }) =>
      cancellation({ stay: { ...stay, status: 'canceled' } }),
    ),
    card: vi.fn(async () => multiCard),
    closedDates: vi.fn(async () => ({
      firstArrival: '2030-05-05',
      lastArrival: '2030-05-18',
      closedArrivals: [],
      ratePlans: [],
    })),
  };
}

const LINK =
  '/harbour/cancelGiftCard?reservation_id=R123&checkin_date=2030-05-06&checkout_date=2030-05-08&last_name=J%C3%B3nsd%C3%B3ttir';

describe('the cancel page (M35)', () => {
  afterEach(cleanup);

  it('the link’s stay is previewed, confirmed, cancelled: the card usable again, links to the store and use gift card', async () => {
    const api = storeApi();
    renderStore(api, LINK);
    // On the hotel's clock (Lisbon, summer time: an hour past UTC).
    await screen.findByText(/^Free cancellation until (4 May 2030|May 4, 2030),? 01:00\.$/);
    expect(api.cancelPreview).toHaveBeenCalledWith(
      { reservationId: 'R123', lastName: 'Jónsdóttir' },
      expect.anything(),
    );
    const facts = document.querySelector('dl.redeem-stay')!;
    expect(facts.textContent).toContain('R123');
    expect(facts.textContent).toContain('Harbour View');
    expect(facts.textContent).toContain('Double · Standard');
    expect(api.cancel).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel the booking' }));
    const done = await screen.findByRole('heading', { level: 1, name: 'Booking cancelled' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(api.cancel).toHaveBeenCalledWith(
      { reservationId: 'R123', lastName: 'Jónsdóttir' },
      expect.anything(),
    );
    expect(screen.getByText('Your booking is cancelled, and your gift card can be used again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the store' }).getAttribute('href')).toBe('/harbour');
    expect(screen.getByRole('link', { name: 'Use a gift card' }).getAttribute('href')).toBe(
      '/harbour/useGiftCard',
    );
  });

  it('a stay that may not be cancelled says why, with no cancel button', async () => {
    const api = storeApi();
    api.cancelPreview.mockResolvedValue(cancellation({ cancellable: false, reason: 'past_deadline' }));
    renderStore(api, LINK);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The free cancellation deadline has passed. Please contact the hotel.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel the booking' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Another booking' }));
    expect(await screen.findByLabelText('Reservation number')).toBeTruthy();
  });

  it('a wrong name: the server’s 404 in the visitor’s words, on the form, which asks again', async () => {
    const api = storeApi();
    api.cancelPreview.mockRejectedValueOnce(refusal(404, 'booking_not_found', 'Booking not found'));
    renderStore(api, `${LINK.replace('J%C3%B3nsd%C3%B3ttir', 'Smith')}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No gift card booking has this reservation number and last name.',
    );
    const name = screen.getByLabelText('Last name') as HTMLInputElement;
    expect(name.value).toBe('Smith');
    fireEvent.change(name, { target: { value: 'Jónsdóttir' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my booking' }));
    await screen.findByRole('button', { name: 'Cancel the booking' });
    expect(api.cancelPreview).toHaveBeenLastCalledWith(
      { reservationId: 'R123', lastName: 'Jónsdóttir' },
      expect.anything(),
    );
  });

  it('without the query: the form asks both fields before asking the server', async () => {
    const api = storeApi();
    renderStore(api, '/harbour/cancelGiftCard');
    fireEvent.click(await screen.findByRole('button', { name: 'Find my booking' }));
    expect(screen.getByText('Enter the reservation number and the last name of the booking.')).toBeTruthy();
    expect(api.cancelPreview).not.toHaveBeenCalled();
  });

  it('a stay begun meanwhile: the cancel’s 409 said clearly, and a retry asks again', async () => {
    const api = storeApi();
    api.cancel.mockRejectedValueOnce(refusal(409, 'gift_card_booking_started', 'The stay has begun'));
    renderStore(api, LINK);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the booking' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This stay has already begun: it can no longer be cancelled here. Please contact the hotel.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.cancelPreview).toHaveBeenCalledTimes(2));
  });
});

describe('a multi-property card’s hotels (R319)', () => {
  afterEach(cleanup);

  it('5 a page, paged; the chosen hotel leads to its booking page with selected_property=true', async () => {
    const api = storeApi();
    renderStore(api, '/harbour/useGiftCard');
    fireEvent.change(await screen.findByLabelText('Gift card number'), {
      target: { value: 'abcd-efgh-jk23' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Choose a hotel' });
    expect(window.location.pathname).toBe('/harbour/ABCDEFGHJK23/properties');
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Your gift card “Spa escape” can be used at these hotels.')).toBeTruthy();
    const names = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names()).toEqual(['Hotel 1', 'Hotel 2', 'Hotel 3', 'Hotel 4', 'Hotel 5']);
    const pager = screen.getByRole('navigation', { name: 'Pages of hotels' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(names()).toEqual(['Hotel 6', 'Hotel 7']);
    expect(within(pager).getByText('Page 2 of 2')).toBeTruthy();
    expect(api.closedDates).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Book at Hotel 7' }));
    await screen.findByRole('heading', { level: 1, name: 'Book your stay' });
    expect(window.location.pathname).toBe('/harbour/booking/ABCDEFGHJK23');
    const query = new URLSearchParams(window.location.search);
    expect(query.get('selected_property')).toBe('true');
    expect(query.get('property_id')).toBe('p7');
    await waitFor(() =>
      expect(api.closedDates).toHaveBeenCalledWith('ABCDEFGHJK23', 'p7', expect.anything()),
    );
    expect(screen.getByRole('region', { name: 'Your gift card' }).textContent).toContain('Hotel 7');

    // Another hotel: back to the list.
    fireEvent.click(screen.getByRole('button', { name: 'Choose another hotel' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose a hotel' });
    expect(window.location.pathname).toBe('/harbour/ABCDEFGHJK23/properties');
  });

  it('a hotel’s address opened directly starts on its booking page', async () => {
    const api = storeApi();
    renderStore(api, '/harbour/booking/ABCDEFGHJK23?selected_property=true&property_id=p3');
    await screen.findByRole('heading', { level: 1, name: 'Book your stay' });
    await waitFor(() =>
      expect(api.closedDates).toHaveBeenCalledWith('ABCDEFGHJK23', 'p3', expect.anything()),
    );
  });
});
