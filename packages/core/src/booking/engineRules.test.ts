import { describe, expect, it } from 'vitest';
import { freePolicy, rate, unit } from '../test/bookingFixtures.js';
import {
  bookingIdOf,
  bookingQueryString,
  cancellationDeadline,
  currencyOrder,
  driverAgeOptions,
  formatPrice,
  guestForPayload,
  hasMissingSpaces,
  parseBookingQuery,
  parseGuestPaste,
  pasteGuests,
  quantityOptions,
  ratesForParty,
  roomsOf,
  searchTarget,
  spansClosedNight,
  timeOptions,
  validateDriver,
  withChildren,
} from './engineRules.js';

const today = '2030-01-10';

describe('query string (document 1 §5: dropped, never clamped)', () => {
  it.each([
    [
      'checkinDate=2030-02-01&checkoutDate=2030-02-03',
      { checkinDate: '2030-02-01', checkoutDate: '2030-02-03' },
    ],
    ['checkinDate=2030-01-09&checkoutDate=2030-02-03', { checkinDate: null, checkoutDate: null }],
    ['checkinDate=2030-02-01&checkoutDate=2030-02-01', { checkinDate: '2030-02-01', checkoutDate: null }],
    ['checkinDate=2030-02-30&checkoutDate=2030-03-03', { checkinDate: null, checkoutDate: null }],
    ['adults=0&children=-1', { adults: 1, children: 0 }],
    ['adults=31&children=12', { adults: 1, children: 0 }],
    ['adults=two&children=2&childrenAge=4,9', { adults: 1, children: 2, childrenAge: [4, 9] }],
    ['children=2&childrenAge=4', { children: 2, childrenAge: [4, 0] }],
    ['mapCoordinates=1,2,3', { mapCoordinates: null }],
    ['mapCoordinates=1,2,3,x', { mapCoordinates: null }],
    ['mapCoordinates=38.6,-9.3,38.8,-9.0', { mapCoordinates: [38.6, -9.3, 38.8, -9] }],
    ['currency=eur', { currency: 'EUR' }],
    ['currency=XXX', { currency: 'USD' }],
    [
      'type=vehicle&pickupTime=10:30&dropoffTime=25:00',
      { type: 'vehicle', pickupTime: '10:30', dropoffTime: null },
    ],
  ])('%s', (query, expected) => {
    expect(parseBookingQuery(query, today)).toMatchObject(expected);
  });

  it('writes the parameters back in a stable order, leaving out empty ones', () => {
    const params = parseBookingQuery(
      'city=Lisbon&checkinDate=2030-02-01&checkoutDate=2030-02-03&children=1&childrenAge=5',
      today,
    );
    expect(bookingQueryString(params)).toBe(
      'type=accommodation&currency=USD&checkinDate=2030-02-01&checkoutDate=2030-02-03&adults=1&children=1&childrenAge=5&city=Lisbon',
    );
  });
});

describe('search target (document 1 §2)', () => {
  const params = parseBookingQuery('checkinDate=2030-02-01&checkoutDate=2030-02-03&adults=2', today);
  it.each([
    [
      { id: 'p-1', kind: 'property', title: 'Inn', city: 'Oslo', state: null, country: 'NO' } as const,
      '',
      '/property/p-1?',
    ],
    [
      { id: 'c-1', kind: 'city', title: 'Oslo', city: 'Oslo', state: null, country: 'NO' } as const,
      '',
      '/search?',
    ],
    [null, 'Harbour', '/search?'],
  ])('%o', (place, text, start) => {
    const href = searchTarget(params, place, text);
    expect(href.startsWith(start)).toBe(true);
    if (place?.kind === 'city') expect(href).toContain('city=Oslo&country=NO');
    if (!place) expect(href).toContain('title=Harbour');
  });
});

describe('money', () => {
  it.each([
    [129.5, 'eur', 'EUR 129.50'],
    [138000, 'ISK', 'ISK 138,000'],
    [1250.5, 'isk', 'ISK 1,251'],
    [9800, 'JPY', 'JPY 9,800'],
    [1.005, 'USD', 'USD 1.01'],
    [-12.5, 'GBP', 'GBP -12.50'],
    [0, 'EUR', 'EUR 0.00'],
    [undefined, 'EUR', '—'],
    [Number.NaN, 'EUR', '—'],
    [null, 'USD', '—'],
  ])('formatPrice(%s, %s) = %s', (amount, currency, text) => {
    expect(formatPrice(amount, currency)).toBe(text);
  });

  it('orders currencies: preferred, USD, EUR, GBP, then alphabetically', () => {
    expect(currencyOrder(['NOK', 'GBP', 'ISK', 'USD', 'EUR', 'DKK'], 'ISK')).toEqual([
      'ISK',
      'USD',
      'EUR',
      'GBP',
      'DKK',
      'NOK',
    ]);
  });
});

describe('car search options (document 1 §5, §9)', () => {
  it('offers driver ages 18–99 with 30–60 as one option, and half-hour times', () => {
    const ages = driverAgeOptions();
    expect(ages[0]).toEqual({ value: 18, from: 18, to: 18 });
    expect(ages.find((a) => a.value === 30)).toEqual({ value: 30, from: 30, to: 60 });
    expect(ages.some((a) => a.value === 45)).toBe(false);
    expect(ages.at(-1)).toEqual({ value: 99, from: 99, to: 99 });
    expect(timeOptions()).toHaveLength(48);
    expect(timeOptions().slice(19, 22)).toEqual(['09:30', '10:00', '10:30']);
  });
});

describe('rates and rooms', () => {
  const double = unit('u', 'Double', [rate('a', { availability: 3 }), rate('b', { availability: 3 })], {
    availability: 3,
  });

  it('offers 0 … chosen + what is left of the unit, shared by its rates', () => {
    expect(quantityOptions(double, 'a', {})).toEqual([0, 1, 2, 3]);
    expect(quantityOptions(double, 'a', { u: { a: 1, b: 1 } })).toEqual([0, 1, 2]);
    expect(quantityOptions(double, 'b', { u: { a: 3 } })).toEqual([0]);
  });

  it('finds missing guest spaces: adults need adult places, everyone needs a place', () => {
    const two = { rate: rate('x'), quantity: 1 };
    expect(hasMissingSpaces([], { adults: 4, children: 0 })).toBe(false);
    expect(hasMissingSpaces([two], { adults: 2, children: 0 })).toBe(false);
    expect(hasMissingSpaces([two], { adults: 2, children: 1 })).toBe(true);
    expect(hasMissingSpaces([{ ...two, quantity: 2 }], { adults: 3, children: 1 })).toBe(false);
    const family = { rate: rate('f', { occupancy: { adults: 2, children: 1, infants: 1 } }), quantity: 1 };
    expect(hasMissingSpaces([family], { adults: 2, children: 2 })).toBe(false);
    expect(hasMissingSpaces([family], { adults: 3, children: 0 })).toBe(true);
  });

  it('offers the rates within the party: no more adults, no more children and infants than it has', () => {
    const occ = (adults: number, children: number, infants: number) =>
      rate(`r${adults}${children}${infants}`, { occupancy: { adults, children, infants } });
    const room = unit('u', 'Family', [
      occ(3, 0, 0),
      occ(2, 0, 0),
      occ(2, 1, 0),
      occ(2, 0, 1),
      occ(1, 0, 0),
      occ(1, 2, 0),
    ]);
    const ids = (party: { adults: number; children: number }) =>
      ratesForParty([room], party)[0]!.ratePlans.map((r) => r.id);
    expect(ids({ adults: 2, children: 0 })).toEqual(['r200', 'r100']);
    expect(ids({ adults: 2, children: 1 })).toEqual(['r200', 'r210', 'r201', 'r100']);
    expect(ids({ adults: 3, children: 2 })).toEqual(['r300', 'r200', 'r210', 'r201', 'r100', 'r120']);
    expect(ratesForParty([room], { adults: 2, children: 0 })[0]).toMatchObject({ id: 'u', title: 'Family' });
  });
});

describe('rooms for core totals', () => {
  it('lists a rate chosen twice as two rooms', () => {
    expect(
      roomsOf([
        { rate: 'a', quantity: 2 },
        { rate: 'b', quantity: 1 },
      ]),
    ).toEqual(['a', 'a', 'b']);
  });
});

describe('checkout', () => {
  it('reads pasted spreadsheet rows: names and a two-letter nationality', () => {
    expect(parseGuestPaste('Anna\tBerg\tis\r\n\nBjörn\tBerg\tSweden\n')).toEqual([
      { name: 'Anna', surname: 'Berg', nationality: 'IS' },
      { name: 'Björn', surname: 'Berg', nationality: '' },
    ]);
  });

  it('fills rows from the pasted one on, and says how many go past the room', () => {
    const rows = [{ name: 'A', surname: 'A', nationality: '' }];
    const pasted = parseGuestPaste('B\tB\nC\tC');
    expect(pasteGuests(rows, 1, pasted, 2)).toMatchObject({ overflow: 1 });
    expect(pasteGuests(rows, 1, pasted, 2).withinMax.map((g) => g.name)).toEqual(['A', 'B']);
    expect(pasteGuests(rows, 0, pasted, 2)).toMatchObject({ overflow: 0 });
  });

  it('books a nameless guest as "No Name"', () => {
    expect(guestForPayload({ name: ' ', surname: '', nationality: 'IS' })).toEqual({
      name: 'No Name',
      surname: '',
      nationality: 'IS',
    });
    expect(guestForPayload({ name: '', surname: 'Berg', nationality: '' })).toEqual({
      name: '',
      surname: 'Berg',
      nationality: '',
    });
  });

  it('takes the booking id from uniqueId, bookingUniqueId, then bookingId', () => {
    expect(bookingIdOf({ uniqueId: '', bookingUniqueId: 'u2', bookingId: 'b' })).toBe('u2');
    expect(bookingIdOf({ bookingId: 'b' })).toBe('b');
  });

  it('requires every driver field', () => {
    expect(validateDriver({ firstName: '', lastName: 'x', email: 'nope', phone: ' ' })).toEqual({
      firstName: 'validation_messages.required',
      email: 'validation_messages.email',
      phone: 'validation_messages.required',
    });
  });

  it('keeps one age per child', () => {
    expect(withChildren({ adults: 2, children: 1, childrenAge: [7] }, 3).childrenAge).toEqual([7, 0, 0]);
    expect(withChildren({ adults: 2, children: 3, childrenAge: [7, 8, 9] }, 1).childrenAge).toEqual([7]);
  });
});

describe('policies (document 1 §5, §9)', () => {
  const deadline = (n: number, type: 'hours' | 'days') => ({
    ...freePolicy,
    cancellationPolicyLogic: 'deadline' as const,
    cancellationPolicyDeadline: n,
    cancellationPolicyDeadlineType: type,
  });

  it('puts the deadline at the check-in time (00:00 without one) minus the deadline', () => {
    expect(cancellationDeadline(deadline(2, 'days'), '2030-05-10', '15:00')).toBe('2030-05-08T15:00');
    expect(cancellationDeadline(deadline(6, 'hours'), '2030-05-10', null)).toBe('2030-05-09T18:00');
    expect(cancellationDeadline(freePolicy, '2030-05-10', null)).toBeNull();
  });
});

describe('date picker', () => {
  it('clears a stay over a closed night, but not one leaving on it', () => {
    const closed = new Set(['2030-05-10']);
    expect(spansClosedNight({ start: '2030-05-08', end: '2030-05-12' }, closed)).toBe(true);
    expect(spansClosedNight({ start: '2030-05-08', end: '2030-05-10' }, closed)).toBe(false);
    expect(spansClosedNight({ start: '2030-05-11', end: '2030-05-12' }, closed)).toBe(false);
  });
});
