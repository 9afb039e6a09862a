import { describe, expect, it } from 'vitest';
import { type BookingParams, parseBookingQuery } from './engineRules.js';
import {
  boundsToCoordinates,
  hasMapArea,
  hasSearchDates,
  paramsForType,
  searchDates,
  searchQueryFor,
  vehicleQueryFor,
  withSearchPageDefaults,
} from './search.js';

const today = '2030-05-01';
const params = (query: string): BookingParams => parseBookingQuery(query, today);

describe('search dates (R018, R023)', () => {
  it.each([
    ['checkinDate=2030-05-02&checkoutDate=2030-05-04', true],
    ['checkinDate=2030-05-02', false],
    ['', false],
    ['type=vehicle&pickupDate=2030-05-02&dropoffDate=2030-05-04', true],
    ['type=vehicle&checkinDate=2030-05-02&checkoutDate=2030-05-04', false],
  ])('%s → %s', (query, expected) => expect(hasSearchDates(params(query))).toBe(expected));

  it('reads the dates of the type', () => {
    expect(searchDates(params('type=vehicle&pickupDate=2030-05-02'))).toEqual({
      start: '2030-05-02',
      end: null,
    });
  });

  it('gives a car without a return the return 7 days later, with the default times and driver', () => {
    expect(withSearchPageDefaults(params('type=vehicle&pickupDate=2030-05-02'), today)).toMatchObject({
      pickupDate: '2030-05-02',
      dropoffDate: '2030-05-09',
      pickupTime: '10:00',
      dropoffTime: '10:00',
      driverAge: 30,
      driverCountry: 'IS',
    });
    expect(withSearchPageDefaults(params('type=vehicle'), today).dropoffDate).toBeNull();
  });

  it('leaves a hotel waiting for both dates', () => {
    const p = params('checkinDate=2030-05-02');
    expect(withSearchPageDefaults(p, today)).toBe(p);
  });
});

describe('paramsForType', () => {
  it('keeps what the type searches with', () => {
    const all = params(
      'checkinDate=2030-05-02&checkoutDate=2030-05-04&children=1&childrenAge=4&pickupDate=2030-05-06&dropoffDate=2030-05-07&driverAge=40',
    );
    expect(paramsForType(all)).toMatchObject({
      checkinDate: '2030-05-02',
      childrenAge: [4],
      pickupDate: null,
      driverAge: null,
    });
    expect(paramsForType({ ...all, type: 'vehicle' })).toMatchObject({
      checkinDate: null,
      children: 0,
      childrenAge: [],
      pickupDate: '2030-05-06',
      driverAge: 40,
    });
  });
});

describe('searchQueryFor', () => {
  it('builds the list query with filters and bounds', () => {
    const p = params(
      'currency=EUR&checkinDate=2030-05-02&checkoutDate=2030-05-04&adults=2&children=1&childrenAge=5&city=Lisbon&country=PT&title=Casa&mapCoordinates=38.6,-9.3,38.8,-9.0',
    );
    expect(searchQueryFor(p, 2, 20)).toEqual({
      currency: 'EUR',
      checkinDate: '2030-05-02',
      checkoutDate: '2030-05-04',
      occupancy: { adults: 2, children: 1, childrenAge: [5] },
      filter: {
        title: { has: 'Casa' },
        city: 'Lisbon',
        country: 'PT',
        latitude: { gte: 38.6, lte: 38.8 },
        longitude: { gte: -9.3, lte: -9 },
      },
      page: 2,
      limit: 20,
    });
  });

  it('leaves out missing dates and clamps bounds to the globe', () => {
    const q = searchQueryFor(params('mapCoordinates=-95,-200,95,200'));
    expect(q.checkinDate).toBeUndefined();
    expect(q.filter).toEqual({ latitude: { gte: -90, lte: 90 }, longitude: { gte: -180, lte: 180 } });
    expect(q.currency).toBe('USD');
  });
});

describe('map bounds with an area (a map without a size reports a zero-area box)', () => {
  it.each([
    ['mapCoordinates=38.6,-9.3,38.8,-9.0', [38.6, -9.3, 38.8, -9]],
    // Zero height, zero width, a point: what a hidden map (0 × 0 px) reports.
    ['mapCoordinates=38.7,-9.3,38.7,-9.0', null],
    ['mapCoordinates=38.6,-9.1,38.8,-9.1', null],
    ['mapCoordinates=20,0,20,0', null],
    // South above north.
    ['mapCoordinates=38.8,-9.3,38.6,-9.0', null],
    // Across the antimeridian west can be east of east: still an area.
    ['mapCoordinates=-20,170,-10,-170', [-20, 170, -10, -170]],
  ])('%s reads as %j', (query, expected) => expect(params(query).mapCoordinates).toEqual(expected));

  it.each([
    [{ south: 38.6, west: -9.3, north: 38.8, east: -9 }, true],
    [{ south: 20, west: 0, north: 20, east: 0 }, false],
    [{ south: 38.7, west: -9.3, north: 38.7, east: -9 }, false],
    [{ south: 38.6, west: -9.1, north: 38.8, east: -9.1 }, false],
  ])('%j has an area: %s', (bounds, expected) => expect(hasMapArea(bounds)).toBe(expected));
});

describe('vehicleQueryFor', () => {
  it('builds the car query', () => {
    expect(
      vehicleQueryFor(
        params(
          'type=vehicle&currency=EUR&pickupDate=2030-05-06&dropoffDate=2030-05-13&pickupTime=09:30&driverAge=25&driverCountry=pt&city=Lisbon',
        ),
      ),
    ).toEqual({
      pickupDate: '2030-05-06',
      dropoffDate: '2030-05-13',
      pickupTime: '09:30',
      dropoffTime: '10:00',
      driverAge: 25,
      driverCountry: 'PT',
      currency: 'EUR',
      filter: { city: 'Lisbon' },
    });
  });

  it('is null without both dates', () => {
    expect(vehicleQueryFor(params('type=vehicle&pickupDate=2030-05-06'))).toBeNull();
  });
});

it('rounds bounds to 4 decimals, south-west-north-east', () => {
  expect(boundsToCoordinates({ south: 38.123456, west: -9.98766, north: 39, east: -8.00004 })).toEqual([
    38.1235, -9.9877, 39, -8,
  ]);
});
