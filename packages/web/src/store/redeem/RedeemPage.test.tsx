import type { RedeemableCard, RedemptionBookingBody, RedemptionRooms } from '@tern/sdk/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStore, bookedStay as stay, storefront } from './redeemTestKit';

const card: RedeemableCard = {
  generatedId: 'ABCDEFGHJK23',
  title: 'Two nights by the harbour',
  name: 'Anna',
  state: 'usable',
  expirationDate: '2030-05-20',
  lengthOfStay: 2,
  marketingCampaign: true,
  multiProperty: false,
  storeSlug: 'harbour',
  properties: [
    {
      id: 'p1',
      title: 'Harbour View',
      city: 'Reykjavík',
      country: 'IS',
      photoUrl: null,
      currency: 'ISK',
      timezone: 'Atlantic/Reykjavik',
    },
  ],
  stay: null,
};

const rate = (ratePlanId: string, upsell: boolean) => ({
  ratePlanId,
  title: upsell ? 'Sea view' : 'Standard',
  mealType: 'breakfast' as const,
  upsell,
  upsellPrice: upsell ? 9000 : 0,
  currency: 'ISK',
  maxAdults: 2,
  maxChildren: 0,
  availability: 2,
  unavailableReason: null,
});

const rooms: RedemptionRooms = {
  checkin: '2030-05-06',
  checkout: '2030-05-08',
  rooms: [
    {
      roomTypeId: 'd',
      title: 'Double',
      description: '',
      photos: [],
      maxOccupancy: 2,
      rates: [rate('plain', false), rate('up', true)],
    },
  ],
};

function redemptionApi() {
  return {
    get: vi.fn(async () => storefront),
    card: vi.fn(async () => card),
    closedDates: vi.fn(async () => ({
      firstArrival: '2030-05-05',
      lastArrival: '2030-05-19',
      closedArrivals: ['2030-05-07'],
      ratePlans: [],
    })),
    rooms: vi.fn(async () => rooms),
    book: vi.fn(async (_code: string, _body: RedemptionBookingBody, _key: string) => ({
      status: 'booked',
      stay,
      redirectUrl: null,
      referenceNumber: null,
      holdExpiresAt: null,
      amount: 0,
      currency: 'ISK',
    })),
    bookingStatus: vi.fn(async () => ({ status: 'booked', stay })),
  };
}

const day = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });
const type_ = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the redemption’s booking page (M34)', () => {
  beforeEach(() => window.history.pushState(null, '', '/harbour/booking/abcd-efgh-jk23'));
  afterEach(cleanup);

  it('the date grid: closed, past and after-expiry arrivals disabled; a pick spans the card’s nights; arrows move', async () => {
    const api = redemptionApi();
    renderStore(api);
    await screen.findByRole('heading', { name: 'Choose your arrival date' });
    expect(api.card).toHaveBeenCalledWith('ABCDEFGHJK23', expect.anything());
    // Past (before the property's today), closed, and a stay with a night after the expiry.
    expect(day('May 4, 2030').getAttribute('aria-disabled')).toBe('true');
    expect(day('May 7, 2030').getAttribute('aria-label')).toBe('May 7, 2030, not available');
    expect(day('May 20, 2030').getAttribute('aria-disabled')).toBe('true');
    expect(day('May 5, 2030').getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(day('May 5, 2030'), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(day('May 12, 2030')));
    // A closed day picked does nothing.
    fireEvent.click(day('May 7, 2030'));
    expect(api.rooms).not.toHaveBeenCalled();
    fireEvent.click(day('May 6, 2030'));
    expect(await screen.findByText('Arrival May 6, 2030, departure May 8, 2030')).toBeTruthy();
    expect(day('May 6, 2030').getAttribute('aria-label')).toBe('May 6, 2030, Arrival');
    expect(day('May 8, 2030').getAttribute('aria-label')).toBe('May 8, 2030, Departure');
    expect(api.rooms).toHaveBeenCalledWith(
      'ABCDEFGHJK23',
      { propertyId: 'p1', checkin: '2030-05-06' },
      expect.anything(),
    );
    expect(await screen.findByText(/^Upgrade: .*9.000.* more$/)).toBeTruthy();
    expect(screen.getByText('Included in your gift card')).toBeTruthy();
  });

  it('the checkout form asks R315’s fields (a campaign’s hotel name), then books and confirms', async () => {
    const api = redemptionApi();
    renderStore(api);
    await screen.findByRole('heading', { name: 'Choose your arrival date' });
    fireEvent.click(day('May 6, 2030'));
    fireEvent.click(await screen.findByRole('button', { name: 'Book Double, Standard' }));
    const heading = await screen.findByRole('heading', { name: 'Your details' });
    expect(window.location.pathname).toBe('/harbour/booking/ABCDEFGHJK23/checkout');
    expect(document.activeElement).toBe(heading);
    // A plain rate asks no address and no payer.
    expect(screen.queryByLabelText('Address')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const form = heading.parentElement!;
    expect(within(form).getAllByText('Required')).toHaveLength(6);
    type_('First name', 'Anna');
    type_('Last name', 'Jónsdóttir');
    type_('E-mail', 'anna@example');
    type_('Phone', '555 1234');
    type_('Your hotel’s name', 'Hotel Borg');
    fireEvent.change(screen.getByLabelText('Nationality'), { target: { value: 'IS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(screen.getByText('Please enter valid Email')).toBeTruthy();
    expect(api.book).not.toHaveBeenCalled();
    type_('E-mail', 'anna@example.is');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: 'Booking confirmed.' });
    const [code, body, key] = api.book.mock.calls[0]!;
    expect(code).toBe('ABCDEFGHJK23');
    expect(key).toBeTruthy();
    expect(body).toMatchObject({
      propertyId: 'p1',
      arrivalDate: '2030-05-06',
      roomTypeId: 'd',
      ratePlanId: 'plain',
      adults: 1,
      hotelName: 'Hotel Borg',
      customer: { name: 'Anna', surname: 'Jónsdóttir', email: 'anna@example.is', nationality: 'IS' },
    });
    expect(window.location.pathname).toBe('/harbour/booking/ABCDEFGHJK23/confirmation');
    const cancel = screen.getByRole('link', { name: 'Cancel this booking' });
    expect(cancel.getAttribute('href')).toBe(
      '/harbour/cancelGiftCard?reservation_id=R123&checkin_date=2030-05-06&checkout_date=2030-05-08&last_name=J%C3%B3nsd%C3%B3ttir',
    );
  });

  it('a used card: the store says “Gift certificates have already been used” (R313)', async () => {
    const api = redemptionApi();
    api.card.mockResolvedValue({ ...card, state: 'used' });
    renderStore(api);
    await waitFor(() => expect(window.location.pathname).toBe('/harbour'));
    expect(api.closedDates).not.toHaveBeenCalled();
  });
});
