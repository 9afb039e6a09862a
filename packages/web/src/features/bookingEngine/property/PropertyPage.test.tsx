import { FLOW_STORAGE_KEY as FLOW_KEY } from '@tern/core/bookingEngine';
import { NotFoundError } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bestOffer, propertyInfo, units } from '../../../../test/bookingFixtures';
import { resellerUser, storedFor } from '../../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp, waitForLocation } from '../../../../test/renderApp';

const later = () => Date.now() + 3_600_000;
const query =
  'type=accommodation&currency=EUR&checkinDate=2030-05-01&checkoutDate=2030-05-03&adults=2&children=0';

function handlers(overrides: CallHandlers = {}): CallHandlers {
  return {
    'engine.info': async () => propertyInfo,
    'engine.closedDates': async () => ({ closedDates: ['2030-05-10'], ratePlans: [] }),
    'engine.listWithRates': async () => ({
      items: units,
      meta: { page: 1, limit: 100, total: units.length },
    }),
    'engine.bestOffer': async () => bestOffer(210),
    ...overrides,
  };
}

function open(path: string, overrides: CallHandlers = {}) {
  const client = fakeClient({}, handlers(overrides));
  return renderApp({ path, client, stored: storedFor(resellerUser, later()) });
}

async function chooseRooms(user: ReturnType<typeof userEvent.setup>, name: RegExp, count: number) {
  await user.click(await screen.findByRole('button', { name }));
  await user.click(await screen.findByRole('option', { name: String(count) }));
}

describe('property page', () => {
  it('shows the property: title, address, at most 5 photos, facilities, policies, map, footer', async () => {
    const user = userEvent.setup();
    open(`/property/p-alfama?${query}`);
    expect(await screen.findByRole('heading', { name: 'Casa do Alfama', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Casa do Alfama · Tern'));
    const gallery = screen.getByRole('region', { name: 'Photos of Casa do Alfama' });
    expect(gallery.querySelectorAll('img')).toHaveLength(5);
    expect(gallery.querySelector('img')?.getAttribute('srcset')).toContain('?w=575 575w');
    // Two parts of the address per line.
    const address = screen.getAllByText('Rua de São Miguel 19, 1100-544')[0]!;
    expect(address.parentElement?.textContent).toContain('Lisbon, PT');
    // Four facilities, then "show all".
    const facilities = screen.getByRole('region', { name: 'Facilities' });
    expect(within(facilities).getAllByRole('listitem')).toHaveLength(4);
    await user.click(within(facilities).getByRole('button', { name: 'Show all 6 facilities' }));
    expect(within(facilities).getAllByRole('listitem')).toHaveLength(6);
    const policies = screen.getByRole('region', { name: 'Policies' });
    expect(policies.textContent).toContain('from 15:00 to 23:00');
    expect(policies.textContent).toContain('City tax');
    expect(screen.getByRole('region', { name: 'Map showing Casa do Alfama' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'stay@casa-alfama.test' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to search results/ }).getAttribute('href')).toBe(
      `/search?${query}`,
    );
    expect(screen.getByText('Best price for your stay: EUR 210.00')).toBeTruthy();
  });

  it('books rooms: quantities up to what is left, scarcity, the summary with taxes and the total on the button', async () => {
    const user = userEvent.setup();
    const app = open(`/property/p-alfama?${query}`);
    await screen.findByRole('heading', { name: 'Rooms and rates' });
    expect(await screen.findByText('Only 2 rooms left')).toBeTruthy();
    // Nothing chosen yet: no book button (the search panel above has the search).
    const summaryBefore = screen.getByRole('region', { name: 'Price summary' });
    expect(within(summaryBefore).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Book/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Rooms of Flexible, Double Room/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['0', '1', '2', '3', '4', '5']);
    await user.click(options[1]!);
    // The other rate of the same room type shares what is left: 5 − 1 chosen.
    await user.click(screen.getByRole('button', { name: /Rooms of Saver, Double Room/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
    ]);
    await user.keyboard('{Escape}');
    const summary = screen.getByRole('region', { name: 'Price summary' });
    expect(summary.textContent).toContain('1 × Double Room, Flexible');
    expect(summary.textContent).toContain('City tax');
    expect(summary.textContent).toContain('EUR 250.00');
    const book = within(summary).getByRole('button', { name: 'Book · EUR 250.00' });
    expect(book.hasAttribute('disabled')).toBe(false);
    // The phone's book bar has the same button (CSS shows one of the two at each width).
    expect(screen.getAllByRole('button', { name: 'Book · EUR 250.00' })).toHaveLength(2);
    await user.click(book);
    await waitForLocation(app, `/property/p-alfama/booking_info?${query}`);
    // Booking stores the stay for checkout (core's booking flow, M01).
    expect(JSON.parse(window.localStorage.getItem(FLOW_KEY) ?? '{}').stay).toMatchObject({
      channelId: 'p-alfama',
      checkinDate: '2030-05-01',
      checkoutDate: '2030-05-03',
      selection: { 'u-double': { 'rp-flex~2-0-0': 1 } },
    });
  });

  it('warns about missing guest spaces and disables booking until the rooms sleep everyone', async () => {
    const user = userEvent.setup();
    open(`/property/p-alfama?${query.replace('adults=2', 'adults=3')}`);
    await screen.findByRole('heading', { name: 'Rooms and rates' });
    await chooseRooms(user, /Rooms of Flexible, Double Room/, 1);
    const summary = screen.getByRole('region', { name: 'Price summary' });
    expect(within(summary).getByRole('alert').textContent).toContain('do not have space for every guest');
    expect(within(summary).getByRole('button', { name: /^Book/ }).hasAttribute('disabled')).toBe(true);
    await chooseRooms(user, /Rooms of Flexible, Single Room/, 1);
    expect(within(summary).queryByRole('alert')).toBeNull();
    expect(within(summary).getByRole('button', { name: 'Book · EUR 400.00' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('alerts when the chosen currency is not the property’s', async () => {
    open(`/property/p-alfama?${query.replace('EUR', 'USD')}`);
    const alert = await screen.findByText(/charges in EUR/);
    expect(alert.textContent).toContain('Prices are shown in USD');
  });

  it('overlays the rates when the dates change, clears the selection, and searches again', async () => {
    const user = userEvent.setup();
    const listWithRates = vi.fn(async (_input: unknown) => ({
      items: units,
      meta: { page: 1, limit: 100, total: 2 },
    }));
    const app = open(`/property/p-alfama?${query}`, { 'engine.listWithRates': listWithRates });
    await screen.findByRole('heading', { name: 'Rooms and rates' });
    await chooseRooms(user, /Rooms of Flexible, Double Room/, 1);
    // Type a new check-out in the panel: 04/05/2030.
    const panel = screen.getByRole('region', { name: 'Your stay' });
    const day = within(panel).getAllByRole('spinbutton', { name: /day/i })[1]!;
    await user.click(day);
    await user.keyboard('04');
    expect(await screen.findByText('Your dates changed')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(FLOW_KEY) ?? '{}').stay).toBeUndefined();
    const summary = screen.getByRole('region', { name: 'Price summary' });
    expect(summary.textContent).toContain('Choose rooms to see the price.');
    await user.click(screen.getByRole('button', { name: 'Search these dates' }));
    await waitForLocation(app, `/property/p-alfama?${query.replace('2030-05-03', '2030-05-04')}`);
    await waitFor(() => expect(listWithRates).toHaveBeenCalledTimes(2));
    expect(listWithRates.mock.lastCall?.[0]).toMatchObject({
      query: { checkinDate: '2030-05-01', checkoutDate: '2030-05-04', withVirtualRatePlans: true },
    });
    await waitFor(() => expect(screen.queryByText('Your dates changed')).toBeNull());
  });

  it('hides the best price when the best offer has errors', async () => {
    open(`/property/p-alfama?${query}`, {
      'engine.bestOffer': async () => bestOffer(null, null, ['sold_out']),
    });
    await screen.findByRole('heading', { name: 'Rooms and rates' });
    await screen.findByRole('button', { name: /Rooms of Flexible, Double Room/ });
    expect(screen.queryByText(/Best price for your stay/)).toBeNull();
  });

  it('says no rooms are available when no rate can be booked', async () => {
    const sold = units.map((u) => ({
      ...u,
      ratePlans: u.ratePlans.map((r) => ({ ...r, unavailableReason: 'sold_out' as const })),
    }));
    open(`/property/p-alfama?${query}`, {
      'engine.listWithRates': async () => ({ items: sold, meta: { page: 1, limit: 100, total: 2 } }),
    });
    expect(
      await screen.findByRole('heading', { name: 'No rooms are available for these dates' }),
    ).toBeTruthy();
    expect(screen.getAllByText('Sold out').length).toBeGreaterThan(0);
  });

  it('offers only the rates the searched party can use', async () => {
    const [first, ...rest] = units;
    const withFamilyRate = [
      {
        ...first!,
        ratePlans: [
          ...first!.ratePlans,
          { ...first!.ratePlans[0]!, id: 'rp-flex~2-1-0', occupancy: { adults: 2, children: 1, infants: 0 } },
        ],
      },
      ...rest,
    ];
    const listWithRates = async () => ({
      items: withFamilyRate,
      meta: { page: 1, limit: 100, total: withFamilyRate.length },
    });
    const view = open(`/property/p-alfama?${query}`, { 'engine.listWithRates': listWithRates });
    await screen.findByRole('heading', { name: 'Rooms and rates' });
    await screen.findAllByRole('button', { name: /Rooms of / });
    // Two adults, no child: no rate priced for a child.
    expect(screen.queryByText('2 adults + 1 child')).toBeNull();
    view.unmount();
    open(`/property/p-alfama?${query.replace('children=0', 'children=1&childrenAge=6')}`, {
      'engine.listWithRates': listWithRates,
    });
    expect(await screen.findByText('2 adults + 1 child')).toBeTruthy();
  });

  it('sends an unknown property to the default route', async () => {
    const app = open(`/property/nope?${query}`, {
      'engine.info': async () => {
        throw new NotFoundError({
          status: 404,
          message: 'Not Found',
          body: { message: 'PROPERY_NOT_FOUND' },
        });
      },
    });
    await waitForLocation(app, '/404');
  });
});
