import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { vehicleOffer } from '../../../../test/bookingFixtures';
import { resellerUser, storedFor } from '../../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp, waitForLocation } from '../../../../test/renderApp';

const later = () => Date.now() + 3_600_000;
const carUser = { ...resellerUser, features: { searchPageIsActive: true, carRentalFeature: true } };
const query =
  'type=vehicle&currency=EUR&pickupDate=2030-06-01&dropoffDate=2030-06-08&pickupTime=10:00&dropoffTime=12:00&driverAge=30&driverCountry=IS&city=Lisbon';
/** The same rental, as the app writes it back (every parameter, times encoded). */
const written =
  'type=vehicle&currency=EUR&pickupDate=2030-06-01&dropoffDate=2030-06-08&pickupTime=10%3A00&dropoffTime=12%3A00&driverAge=30&driverCountry=IS&adults=1&children=0&city=Lisbon';
const providers = (done: number) =>
  ['atlas_rent', 'northwind_cars', 'fjord_drive'].map((provider, i) => ({ provider, finished: i < done }));

/** A search every rental company has answered, with no car. */
const noCars: CallHandlers = {
  'vehicles.startQuery': async () => ({ queryId: 'q-1' }),
  'vehicles.queryResults': async () => ({
    queryId: 'q-1',
    finished: true,
    providers: providers(3),
    results: [],
  }),
};

function open(handlers: CallHandlers, user = carUser, path = `/search_cars?${query}`) {
  const client = fakeClient(
    {},
    { 'vehicles.places': async () => ({ items: [], meta: { page: 1, limit: 10, total: 0 } }), ...handlers },
  );
  return renderApp({ path, client, stored: storedFor(user, later()) });
}

describe('car search', () => {
  it('keeps its pick-up place after searching: the form on the results shows it, and searching again keeps it', async () => {
    const user = userEvent.setup();
    const app = open(noCars);
    const place = await screen.findByRole('combobox', { name: 'Pick-up location' });
    expect((place as HTMLInputElement).value).toBe('Lisbon');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.location()).toContain('city=Lisbon'));
    expect((screen.getByRole('combobox', { name: 'Pick-up location' }) as HTMLInputElement).value).toBe(
      'Lisbon',
    );
  });

  it('starts the query, polls every 2 s until finished, and prices the charged days', async () => {
    const startQuery = vi.fn(async (_input: unknown) => ({ queryId: 'q-1' }));
    let polls = 0;
    const times: number[] = [];
    const queryResults = vi.fn(async () => {
      polls += 1;
      times.push(Date.now());
      return polls === 1
        ? { queryId: 'q-1', finished: false, providers: providers(1), results: [vehicleOffer('o-clio')] }
        : {
            queryId: 'q-1',
            finished: true,
            providers: providers(3),
            results: [
              vehicleOffer('o-clio', {
                days: 8,
                ratePlans: [{ id: 'o-clio', totalPrice: 320, currency: 'EUR', liability: 'pay_at_property' }],
              }),
              vehicleOffer('o-500', {
                make: 'Fiat',
                model: '500',
                ratePlans: [{ id: 'r', totalPrice: 210, currency: 'EUR', liability: 'pay_at_property' }],
              }),
            ],
          };
    });
    open({ 'vehicles.startQuery': startQuery, 'vehicles.queryResults': queryResults });
    expect(await screen.findByText(/1 of 3 rental companies answered/)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Cars' }, { timeout: 5000 });
    await waitFor(() => expect(list.children).toHaveLength(2), { timeout: 5000 });
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1900);
    expect(startQuery.mock.calls[0]![0]).toEqual({
      body: {
        pickupDate: '2030-06-01',
        dropoffDate: '2030-06-08',
        pickupTime: '10:00',
        dropoffTime: '12:00',
        driverAge: 30,
        driverCountry: 'IS',
        currency: 'EUR',
        filter: { city: 'Lisbon' },
      },
    });
    // The offer carries its charged days (7 days apart, returned two hours later: 8) and their price.
    const clio = list.children[1]!;
    expect(clio.textContent).toContain('Renault Clio');
    expect(clio.textContent).toContain('ACRISS EDMR');
    expect(clio.textContent).toContain('5 seats');
    expect(clio.textContent).toContain('EUR 320.00 for 8 days');
    expect(clio.textContent).toContain('Atlas Rent a Car');
  }, 15_000);

  it('opens checkout for the chosen car, where the driver fills the form', async () => {
    const user = userEvent.setup();
    const createBooking = vi.fn(async (_input: unknown) => ({
      uniqueId: 'b-9',
      bookingId: 'b-9',
      reservationId: 'TRN-CAR1',
      status: 'new',
      total: 320,
      currency: 'EUR',
    }));
    const app = open({
      'vehicles.startQuery': async () => ({ queryId: 'q-1' }),
      'vehicles.queryResults': async () => ({
        queryId: 'q-1',
        finished: true,
        providers: providers(3),
        results: [vehicleOffer('o-clio')],
      }),
      'vehicles.createBooking': createBooking,
    });
    await user.click(await screen.findByRole('button', { name: /Book this car: Renault Clio/ }));
    await waitForLocation(app, `/property/st-lisbon/booking_info?${written}`);
    expect(await screen.findByRole('heading', { name: 'Driver and payment', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Driver', level: 2 })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Country of residence' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: /Book now/ }));
    const first = screen.getByRole('textbox', { name: /First name/ });
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Required')).toHaveLength(4);
    expect(createBooking).not.toHaveBeenCalled();
    await user.type(first, 'Rui');
    // Corrected, the field no longer says it is wrong.
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText('Required')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Costa');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'rui@example.test');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '+351 900 000 000');
    await user.click(screen.getByRole('button', { name: /Book now/ }));
    await waitForLocation(app, `/property/st-lisbon/confirmation/b-9?${written}`);
    expect(createBooking.mock.calls[0]![0]).toMatchObject({
      body: {
        booking: {
          vehicleChannelId: 'vt-o-clio',
          rateId: 'o-clio',
          pickupDate: '2030-06-01',
          dropoffTime: '12:00',
          total: 280,
          driver: {
            firstName: 'Rui',
            lastName: 'Costa',
            age: 30,
            email: 'rui@example.test',
            address: { countryCode: 'IS' },
          },
          policyAccepted: true,
        },
      },
    });
    // Cars: no "create new booking"; the rental brand shows.
    expect(await screen.findByText('TRN-CAR1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create new booking' })).toBeNull();
    expect(screen.getByText('Provided by Atlas Rent a Car')).toBeTruthy();
  });

  it('names a rental over 90 days beside its dates, and a time off the half hour beside it; neither is searched', async () => {
    const user = userEvent.setup();
    const long = query
      .replace('dropoffDate=2030-06-08', 'dropoffDate=2030-09-01')
      .replace('pickupTime=10:00', 'pickupTime=10:15');
    const app = open(noCars, carUser, `/search_cars?${long}`);
    expect(await screen.findByText('A rental is at most 90 days.')).toBeTruthy();
    expect(screen.getByText('Times go in 30-minute steps: use :00 or :30.')).toBeTruthy();
    const before = app.location();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(app.location()).toBe(before);
  });

  it('shows a placeholder while the search page is switched off', async () => {
    open({}, { ...carUser, features: { searchPageIsActive: false, carRentalFeature: true } });
    expect(await screen.findByRole('heading', { name: 'Car search is not open yet' })).toBeTruthy();
  });
});
