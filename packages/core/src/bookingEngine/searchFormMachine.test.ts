import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { PlaceRef } from './engineRules.js';
import { placeFromParams, searchFormDefaults, searchFormMachine } from './searchFormMachine.js';

const today = '2030-05-01';
const lisbon: PlaceRef = {
  id: 'city-lisbon',
  kind: 'city',
  title: 'Lisbon',
  city: 'Lisbon',
  state: null,
  country: 'PT',
};
const alfama: PlaceRef = {
  id: 'p-alfama',
  kind: 'property',
  title: 'Casa',
  city: 'Lisbon',
  state: null,
  country: 'PT',
};

function start(query?: string) {
  const navigations: string[] = [];
  const machine = searchFormMachine.provide({ actions: { navigate: (_, p) => navigations.push(p.to) } });
  const actor = createActor(machine, { input: { today, query } }).start();
  return { actor, navigations };
}

describe('searchFormDefaults (R019–R022, DECISIONS 7)', () => {
  it('gives 2 adults and the car defaults', () => {
    expect(searchFormDefaults(today)).toMatchObject({
      type: 'accommodation',
      currency: 'USD',
      adults: 2,
      children: 0,
      checkinDate: null,
      pickupDate: '2030-05-06',
      dropoffDate: '2030-05-13',
      pickupTime: '10:00',
      dropoffTime: '10:00',
      driverAge: 30,
      driverCountry: 'IS',
    });
  });

  it.each([
    ['adults=1', 1],
    ['adults=4', 4],
    ['adults=0', 2],
    ['adults=31', 2],
    ['adults=abc', 2],
    ['', 2],
  ])('%s → %i adults', (query, adults) => expect(searchFormDefaults(today, query).adults).toBe(adults));

  it('keeps the query’s pick-up and leaves the return to be chosen when only the pick-up is given', () => {
    expect(searchFormDefaults(today, 'pickupDate=2030-06-01')).toMatchObject({
      pickupDate: '2030-06-01',
      dropoffDate: null,
    });
  });
});

describe('placeFromParams: the query’s destination as the form shows it', () => {
  it.each([
    ['city=Keflavik&country=IS', 'city', 'Keflavik', 'IS'],
    ['country=PT', 'country', 'PT', 'PT'],
    ['title=Casa', null, 'Casa', null],
    ['', null, '', null],
  ])('%s → %s %s', (query, kind, text, country) => {
    const { place, text: shown } = placeFromParams(searchFormDefaults(today, query));
    expect(place?.kind ?? null).toBe(kind);
    expect(place?.country ?? null).toBe(country);
    expect(shown).toBe(text);
  });
});

describe('searchFormMachine', () => {
  it('keeps the car search’s pick-up place: searching again from the results page searches the same place', () => {
    const query =
      'type=vehicle&currency=EUR&pickupDate=2030-05-06&dropoffDate=2030-05-13&pickupTime=10:00&dropoffTime=10:00&driverAge=30&driverCountry=IS&city=Keflavik&country=IS';
    const { actor, navigations } = start(query);
    expect(actor.getSnapshot().context.text).toBe('Keflavik');
    actor.send({ type: 'form.submit' });
    expect(navigations[0]).toMatch(/^\/search_cars\?.*city=Keflavik&country=IS/);
  });

  it('needs both dates (R018)', () => {
    const { actor, navigations } = start();
    actor.send({ type: 'dates.change', start: '2030-05-02', end: null });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.needsDates).toBe(true);
    expect(navigations).toEqual([]);
    actor.send({ type: 'dates.change', start: '2030-05-02', end: '2030-05-04' });
    expect(actor.getSnapshot().context.needsDates).toBe(false);
  });

  it('opens the search page with the query, or the property page for a property (R029)', () => {
    const { actor, navigations } = start('currency=EUR');
    actor.send({ type: 'dates.change', start: '2030-05-02', end: '2030-05-04' });
    actor.send({ type: 'place.choose', place: lisbon });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'place.choose', place: alfama });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'text.change', text: 'Casa' });
    expect(actor.getSnapshot().context.place).toBeNull();
    actor.send({ type: 'form.submit' });
    expect(navigations).toEqual([
      '/search?type=accommodation&currency=EUR&checkinDate=2030-05-02&checkoutDate=2030-05-04&adults=2&children=0&city=Lisbon&country=PT',
      '/property/p-alfama?type=accommodation&currency=EUR&checkinDate=2030-05-02&checkoutDate=2030-05-04&adults=2&children=0',
      '/search?type=accommodation&currency=EUR&checkinDate=2030-05-02&checkoutDate=2030-05-04&adults=2&children=0&title=Casa',
    ]);
  });

  it('searches cars with the default rental at once, on the car search page', () => {
    const { actor, navigations } = start();
    actor.send({ type: 'type.change', kind: 'vehicle' });
    actor.send({ type: 'driver.change', driverAge: 25, driverCountry: 'pt' });
    actor.send({ type: 'form.submit' });
    expect(navigations).toHaveLength(1);
    expect(navigations[0]).toMatch(/^\/search_cars\?type=vehicle&/);
    expect(navigations[0]).toContain('pickupDate=2030-05-06&dropoffDate=2030-05-13');
    expect(navigations[0]).toContain('driverAge=25&driverCountry=PT');
    expect(navigations[0]).not.toContain('checkinDate');
  });

  it.each([
    [{ start: '2030-04-30', end: '2030-05-03' }, false],
    [{ start: '2030-05-03', end: '2030-05-03' }, false],
    [{ start: '2030-05-03', end: '2030-05-02' }, false],
    [{ start: '2030-05-02', end: '2030-05-03' }, true],
    [{ start: null, end: null }, true],
  ])('accepts the stay dates %o: %s', (dates, ok) => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'dates.change', ...dates })).toBe(ok);
  });

  it.each([
    // pick-up, drop-off, times: the rental's problems on the form (core's rentalProblems)
    ['2030-05-03', '2030-08-01', '10:00', '10:00', []],
    ['2030-05-03', '2030-08-01', '10:00', '10:30', ['rental_too_long']],
    ['2030-05-03', '2030-08-02', '10:00', '10:00', ['rental_too_long']],
    ['2030-05-01', '2030-07-30', '09:00', '09:00', []],
    ['2030-05-01', '2030-07-31', '09:00', '09:00', ['rental_too_long']],
  ])('a car from %s to %s (%s–%s): %j', (pickup, dropoff, pickupTime, dropoffTime, codes) => {
    const { actor, navigations } = start('type=vehicle');
    actor.send({ type: 'dates.change', start: pickup, end: dropoff });
    actor.send({ type: 'times.change', pickupTime, dropoffTime });
    const { rentalProblems } = actor.getSnapshot().context;
    expect(rentalProblems.map((p) => p.code)).toEqual(codes);
    if (codes.length) expect(rentalProblems[0]).toMatchObject({ field: 'dropoffDate', params: { max: 90 } });
    actor.send({ type: 'form.submit' });
    expect(navigations).toHaveLength(codes.length ? 0 : 1);
  });

  it('names a time off the half hour from the query, and clears the problem once it is changed', () => {
    const { actor, navigations } = start(
      'type=vehicle&pickupDate=2030-05-03&dropoffDate=2030-05-06&pickupTime=10:15&dropoffTime=10:00',
    );
    expect(actor.getSnapshot().context.rentalProblems).toEqual([
      { field: 'pickupTime', code: 'half_hour_steps' },
    ]);
    actor.send({ type: 'form.submit' });
    expect(navigations).toEqual([]);
    actor.send({ type: 'times.change', pickupTime: '10:30' });
    expect(actor.getSnapshot().context.rentalProblems).toEqual([]);
    actor.send({ type: 'form.submit' });
    expect(navigations).toHaveLength(1);
  });

  it('asks nothing of a stay’s dates beyond its own rules', () => {
    const { actor } = start();
    actor.send({ type: 'dates.change', start: '2030-05-03', end: '2030-12-01' });
    expect(actor.getSnapshot().context.rentalProblems).toEqual([]);
  });

  it('lets a car come back the same day', () => {
    const { actor } = start('type=vehicle');
    expect(actor.getSnapshot().can({ type: 'dates.change', start: '2030-05-03', end: '2030-05-03' })).toBe(
      true,
    );
  });

  it.each([
    [{ adults: 0 }, false],
    [{ adults: 31 }, false],
    [{ adults: 30 }, true],
    [{ children: 12 }, false],
    [{ children: 11 }, true],
    [{ childrenAge: [18] }, false],
    [{ adults: 1.5 }, false],
  ])('occupancy %o allowed: %s (R036–R038)', (change, ok) => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'occupancy.change', ...change })).toBe(ok);
  });

  it('resizes the child ages with the child count (R038)', () => {
    const { actor } = start();
    actor.send({ type: 'occupancy.change', children: 2 });
    expect(actor.getSnapshot().context.params.childrenAge).toEqual([0, 0]);
    actor.send({ type: 'occupancy.change', childrenAge: [4, 9] });
    actor.send({ type: 'occupancy.change', children: 1 });
    expect(actor.getSnapshot().context.params).toMatchObject({ children: 1, childrenAge: [4] });
  });

  it.each([
    [{ driverAge: 17 }, false],
    [{ driverAge: 100 }, false],
    [{ driverCountry: 'ISL' }, false],
    [{ driverAge: 99, driverCountry: 'de' }, true],
  ])('driver %o allowed: %s', (change, ok) => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'driver.change', ...change })).toBe(ok);
  });
});
