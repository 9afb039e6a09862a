import { PaymentLockedError, ValidationError } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bestOffer, searchProperty } from '../../../../test/bookingFixtures';
import { resellerUser, storedFor } from '../../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp, waitForLocation } from '../../../../test/renderApp';

const later = () => Date.now() + 3_600_000;
const query = 'checkinDate=2030-05-01&checkoutDate=2030-05-03&adults=2&currency=EUR&city=Lisbon';

function open(path: string, handlers: CallHandlers) {
  const client = fakeClient(
    {},
    { 'vehicles.places': async () => ({ items: [], meta: { page: 1, limit: 10, total: 0 } }), ...handlers },
  );
  return renderApp({ path, client, stored: storedFor(resellerUser, later()) });
}

describe('search page', () => {
  it('lists the properties with their best offer, asking with the URL’s dates, guests, currency and place', async () => {
    const search = vi.fn(async () => ({
      items: [
        searchProperty('p-1', 'Casa do Alfama'),
        searchProperty('p-2', 'Pensão Rossio', { bestOffer: bestOffer(null, null, ['sold_out']) }),
      ],
      meta: { page: 1, limit: 50, total: 2 },
    }));
    open(`/search?${query}`, { 'engine.search': search });
    const list = await screen.findByRole('list', { name: 'Search results' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('EUR 240.00');
    expect(cards[1]!.textContent).toContain('Not available for these dates');
    expect(within(cards[0]!).getByRole('link', { name: 'Casa do Alfama' }).getAttribute('href')).toBe(
      '/property/p-1?type=accommodation&currency=EUR&checkinDate=2030-05-01&checkoutDate=2030-05-03&adults=2&children=0&city=Lisbon',
    );
    expect(screen.getByText('2 properties')).toBeTruthy();
    expect(search).toHaveBeenCalledWith(
      {
        params: { kind: 'accommodations' },
        query: expect.objectContaining({
          currency: 'EUR',
          checkinDate: '2030-05-01',
          checkoutDate: '2030-05-03',
          occupancy: { adults: 2, children: 0, childrenAge: [] },
          filter: { city: 'Lisbon' },
        }),
      },
      expect.anything(),
    );
  });

  it('shows 9 skeleton cards while the list loads', async () => {
    open(`/search?${query}`, { 'engine.search': () => new Promise(() => {}) });
    const loading = await screen.findByRole('status', { name: 'Loading properties…' });
    expect(loading.querySelectorAll('.skeleton-card')).toHaveLength(9);
  });

  it('says so when nothing matches', async () => {
    open(`/search?${query}`, {
      'engine.search': async () => ({ items: [], meta: { page: 1, limit: 50, total: 0 } }),
    });
    expect(await screen.findByRole('heading', { name: 'No properties match your search' })).toBeTruthy();
    expect(screen.getByText(/Try other dates/)).toBeTruthy();
  });

  it('tells a locked agency why it cannot search, beside the billing portal, instead of a useless retry', async () => {
    const lockedAgent = {
      ...resellerUser,
      agent: { id: 'a-1', name: 'Northern Trips', paymentLocked: true },
    };
    const client = fakeClient(
      { currentUser: async () => ({ type: 'user', ...lockedAgent }) },
      {
        'vehicles.places': async () => ({ items: [], meta: { page: 1, limit: 10, total: 0 } }),
        'engine.search': async () => {
          throw new PaymentLockedError({ status: 401, message: 'Stripe locked' });
        },
      },
    );
    renderApp({ path: `/search?${query}`, client, stored: storedFor(lockedAgent, later()) });
    expect(
      await screen.findByRole('heading', { name: 'Search is closed while the account is locked' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open the billing portal' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the error in the words of its code and loads again on retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    open(`/search?${query}`, {
      'engine.search': async () => {
        calls += 1;
        if (calls === 1)
          throw new ValidationError({
            status: 400,
            message: 'Bad Request',
            code: 'checkin_past',
            body: { message: 'server words', code: 'checkin_past' },
          });
        return { items: [searchProperty('p-1', 'Casa do Alfama')], meta: { page: 1, limit: 50, total: 1 } };
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('The check-in is in the past.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Casa do Alfama' })).toBeTruthy();
  });

  it('asks for both dates before searching', async () => {
    const search = vi.fn();
    open('/search?city=Lisbon', { 'engine.search': search });
    expect(await screen.findByText('Select both dates to search')).toBeTruthy();
    expect(search).not.toHaveBeenCalled();
  });

  it('writes a new currency to the URL 500 ms after the change, then loads again', async () => {
    const user = userEvent.setup();
    const search = vi.fn(async (_input: unknown) => ({
      items: [searchProperty('p-1', 'Casa do Alfama')],
      meta: { page: 1, limit: 50, total: 1 },
    }));
    const app = open(`/search?${query}`, { 'engine.search': search });
    await screen.findByRole('link', { name: 'Casa do Alfama' });
    await user.click(screen.getByRole('button', { name: /Currency/ }));
    const started = Date.now();
    await user.click(await screen.findByRole('option', { name: 'GBP' }));
    await waitForLocation(
      app,
      '/search?type=accommodation&currency=GBP&checkinDate=2030-05-01&checkoutDate=2030-05-03&adults=2&children=0&city=Lisbon',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    await waitFor(() => expect(search).toHaveBeenCalledTimes(2));
    expect(search.mock.lastCall?.[0]).toMatchObject({ query: { currency: 'GBP' } });
  });
});
