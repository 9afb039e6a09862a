import { addDays, todayIso } from '@tern/core/dates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { places } from '../../../../test/bookingFixtures';
import { resellerUser, storedFor } from '../../../../test/fixtures';
import { fakeClient, renderApp, waitForLocation } from '../../../../test/renderApp';

const later = () => Date.now() + 3_600_000;

function open(user = resellerUser) {
  const placesCall = vi.fn(async (_input: unknown) => ({
    items: places,
    meta: { page: 1, limit: 10, total: 2 },
  }));
  const client = fakeClient({}, { 'vehicles.places': placesCall });
  const app = renderApp({ path: '/', client, stored: storedFor(user, later()) });
  return { app, placesCall };
}

/** Types a stay into the DD/MM/YYYY segments of the "Dates" range picker. */
async function typeDates(user: ReturnType<typeof userEvent.setup>, start: string, end: string) {
  const group = screen.getByRole('group', { name: 'Dates' });
  for (const [which, iso] of [
    ['Start Date', start],
    ['End Date', end],
  ] as const) {
    const [y, m, d] = iso.split('-');
    await user.click(within(group).getByRole('spinbutton', { name: new RegExp(`day, ${which}`) }));
    await user.keyboard(`${d}${m}${y}`);
  }
}

describe('home search form', () => {
  it('asks for both dates before searching', async () => {
    const user = userEvent.setup();
    const { app } = open();
    await screen.findByRole('heading', { name: 'Where to next?' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // Said once, at the field (no second banner).
    expect(screen.getAllByText('Select both dates to search')).toHaveLength(1);
    expect(app.location()).toBe('/');
  });

  it('says the places are loading, not that none match, until they come', async () => {
    const user = userEvent.setup();
    let answer: (value: unknown) => void = () => {};
    const placesCall = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const client = fakeClient({}, { 'vehicles.places': placesCall as never });
    renderApp({ path: '/', client, stored: storedFor(resellerUser, later()) });
    await screen.findByRole('heading', { name: 'Where to next?' });
    await user.click(screen.getByRole('combobox', { name: 'Destination or property' }));
    const list = await screen.findByRole('listbox');
    await vi.waitFor(() => expect(placesCall).toHaveBeenCalled());
    expect(list.textContent).toContain('Looking up places…');
    expect(list.textContent).not.toContain('No place matches');
    answer({ items: places, meta: { page: 1, limit: 10, total: 2 } });
    expect(await screen.findByRole('option', { name: /Lisbon/ })).toBeTruthy();
  });

  it('searches a city with the dates, 2 adults by default, and the currency', async () => {
    const user = userEvent.setup();
    const { app, placesCall } = open();
    await screen.findByRole('heading', { name: 'Where to next?' });
    const destination = screen.getByRole('combobox', { name: 'Destination or property' });
    await user.type(destination, 'Lis');
    await user.click(await screen.findByRole('option', { name: /Lisbon/ }, { timeout: 3000 }));
    expect(placesCall.mock.lastCall?.[0]).toMatchObject({
      params: { kind: 'accommodations' },
      query: { term: 'Lis' },
    });
    const today = todayIso();
    const checkin = addDays(today, 10);
    const checkout = addDays(today, 13);
    await typeDates(user, checkin, checkout);
    expect(screen.getByRole('button', { name: 'Guests: 2 adults, 0 children' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitForLocation(
      app,
      `/search?type=accommodation&currency=USD&checkinDate=${checkin}&checkoutDate=${checkout}&adults=2&children=0&city=Lisbon&country=PT`,
    );
  }, 15_000);

  it('opens the property page directly when a property was chosen', async () => {
    const user = userEvent.setup();
    const { app } = open();
    await screen.findByRole('heading', { name: 'Where to next?' });
    await user.type(screen.getByRole('combobox', { name: 'Destination or property' }), 'Casa');
    await user.click(await screen.findByRole('option', { name: /Casa do Alfama/ }, { timeout: 3000 }));
    const checkin = addDays(todayIso(), 3);
    const checkout = addDays(todayIso(), 5);
    await typeDates(user, checkin, checkout);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitForLocation(
      app,
      `/property/p-alfama?type=accommodation&currency=USD&checkinDate=${checkin}&checkoutDate=${checkout}&adults=2&children=0`,
    );
  }, 15_000);

  it('offers the cars tab to agencies with car rentals, with the documented defaults', async () => {
    const user = userEvent.setup();
    open({ ...resellerUser, features: { searchPageIsActive: true, carRentalFeature: true } });
    await user.click(await screen.findByRole('tab', { name: 'Cars' }));
    expect(screen.getByRole('button', { name: /Pick-up time/ }).textContent).toContain('10:00');
    expect(screen.getByRole('button', { name: /Return time/ }).textContent).toContain('10:00');
    expect(screen.getByRole('button', { name: /Driver’s age/ }).textContent).toContain('30–60');
    expect((screen.getByRole('combobox', { name: 'Driver’s nationality' }) as HTMLInputElement).value).toBe(
      'Iceland',
    );
  });

  it('has no cars tab without car rentals', async () => {
    open();
    await screen.findByRole('heading', { name: 'Where to next?' });
    expect(screen.queryByRole('tab', { name: 'Cars' })).toBeNull();
  });
});
