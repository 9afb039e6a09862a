import { describe, expect, it } from 'vitest';
import { carQueryBody, stayDates, staySearchQuery } from '../src/bookingEngine/queryFlags.js';
import { UserError } from '../src/errors.js';

const TODAY = '2026-03-10';

function refusal(run: () => unknown): UserError {
  try {
    run();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error('expected a user error');
}

describe('staySearchQuery', () => {
  it('turns every filter flag into the search query', () => {
    expect(
      staySearchQuery(
        {
          city: 'Reykjavik',
          state: 'Capital Region',
          country: 'IS',
          title: 'harbour',
          checkin: '2026-04-01',
          checkout: '2026-04-04',
          adults: '2',
          children: '2',
          childAges: '4, 9',
          currency: 'eur',
          bounds: '63.9,-22.1,64.3,-21.6',
          available: true,
          discover: true,
          page: '2',
          limit: '5',
        },
        TODAY,
      ),
    ).toEqual({
      currency: 'EUR',
      checkinDate: '2026-04-01',
      checkoutDate: '2026-04-04',
      occupancy: { adults: 2, children: 2, childrenAge: [4, 9] },
      isAvailable: true,
      discover: true,
      filter: {
        title: { has: 'harbour' },
        city: 'Reykjavik',
        state: 'Capital Region',
        country: 'IS',
        latitude: { gte: 63.9, lte: 64.3 },
        longitude: { gte: -22.1, lte: -21.6 },
      },
      page: 2,
      limit: 5,
    });
  });

  it('defaults like the booking query: USD, 1 adult, no dates', () => {
    expect(staySearchQuery({}, TODAY)).toEqual({
      currency: 'USD',
      occupancy: { adults: 1, children: 0, childrenAge: [] },
    });
  });

  it.each([
    [{ adults: '0' }, '--adults: use a whole number from 1 to 30'],
    [{ adults: '31' }, '--adults: use a whole number from 1 to 30'],
    [{ adults: 'two' }, '--adults: use a whole number from 1 to 30'],
    [{ children: '12' }, '--children: use a whole number from 0 to 11'],
    [{ children: '1', childAges: '18' }, '--child-ages: give one age from 0 to 17 per child'],
    [{ children: '2', childAges: '3' }, '--child-ages: give one age from 0 to 17 per child'],
    [{ currency: 'XXX' }, '--currency: use one of USD, EUR'],
    [{ bounds: '1,2,3' }, '--bounds: give four numbers SOUTH,WEST,NORTH,EAST'],
    [{ checkin: '2026-03-09', checkout: '2026-03-12' }, '--checkin: use a day from today (2026-03-10) on'],
    [{ checkin: '2026-03-12', checkout: '2026-03-12' }, '--checkout: use a day after --checkin'],
    [
      { checkin: '2026-02-30', checkout: '2026-03-12' },
      '--checkin: "2026-02-30" is not a date: use YYYY-MM-DD',
    ],
    [
      { checkin: '2026-13-45', checkout: '2026-03-12' },
      '--checkin: "2026-13-45" is not a date: use YYYY-MM-DD',
    ],
    [{ checkin: '2026-03-12' }, '--checkout: a search needs both --checkin and --checkout'],
    [{ limit: '101' }, '--limit: use a whole number from 1 to 100'],
  ])('refuses %o by naming the flag', (flags, message) => {
    const error = refusal(() => staySearchQuery(flags, TODAY));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(message);
  });

  it('names every refused flag at once', () => {
    const error = refusal(() => staySearchQuery({ adults: '0', currency: 'nope' }, TODAY));
    expect(error.fields.map((f) => f.field)).toEqual(['--currency', '--adults']);
  });
});

describe('carQueryBody', () => {
  it('applies core’s car defaults: today + 5 to today + 12 at 10:00, driver 30 from IS', () => {
    expect(carQueryBody({}, TODAY)).toEqual({
      pickupDate: '2026-03-15',
      dropoffDate: '2026-03-22',
      pickupTime: '10:00',
      dropoffTime: '10:00',
      driverAge: 30,
      driverCountry: 'IS',
      currency: 'USD',
      filter: {},
    });
  });

  it('takes the place, station, days, times and driver', () => {
    expect(
      carQueryBody(
        {
          city: 'Keflavik',
          country: 'IS',
          station: 'st-1',
          pickupDate: '2026-03-10',
          dropoffDate: '2026-03-10',
          pickupTime: '09:00',
          dropoffTime: '18:30',
          driverAge: '25',
          driverCountry: 'de',
          currency: 'ISK',
        },
        TODAY,
      ),
    ).toMatchObject({
      pickupDate: '2026-03-10',
      dropoffDate: '2026-03-10',
      dropoffTime: '18:30',
      driverAge: 25,
      driverCountry: 'DE',
      currency: 'ISK',
      filter: { city: 'Keflavik', country: 'IS', stationId: 'st-1' },
    });
  });

  it.each([
    [{ driverAge: '17' }, '--driver-age: use a whole number from 18 to 99'],
    [{ driverCountry: 'ISL' }, '--driver-country: use a two-letter country code'],
    [{ pickupTime: '25:00' }, '--pickup-time: use HH:mm'],
    [
      { pickupDate: '2026-03-12', dropoffDate: '2026-03-11' },
      '--dropoff-date: use --pickup-date or a later day',
    ],
    [{ pickupDate: '2026-03-09', dropoffDate: '2026-03-11' }, '--pickup-date: use a day from today'],
    [{ pickupDate: '2026-03-12' }, '--dropoff-date: give both --pickup-date and --dropoff-date'],
    [{ pickupDate: '2026-03-12', dropoffDate: '2026-06-12' }, '--dropoff-date: A rental is at most 90 days.'],
    [{ pickupTime: '10:15' }, '--pickup-time: Times go in 30-minute steps: use :00 or :30.'],
  ])('refuses %o by naming the flag', (flags, message) => {
    expect(refusal(() => carQueryBody(flags, TODAY)).message).toContain(message);
  });

  it('names every rental rule broken at once (core’s rentalProblems), and takes 90 days', () => {
    const error = refusal(() =>
      carQueryBody(
        { pickupDate: '2026-03-12', dropoffDate: '2026-07-01', pickupTime: '10:15', dropoffTime: '11:45' },
        TODAY,
      ),
    );
    expect(error.fields.map((f) => f.field)).toEqual(['--dropoff-date', '--pickup-time', '--dropoff-time']);
    expect(carQueryBody({ pickupDate: '2026-03-12', dropoffDate: '2026-06-10' }, TODAY).dropoffDate).toBe(
      '2026-06-10',
    );
  });
});

describe('stayDates', () => {
  it('needs both days', () => {
    const error = refusal(() => stayDates({}, TODAY));
    expect(error.fields.map((f) => f.field)).toEqual(['--checkin', '--checkout']);
  });

  it('keeps a valid stay and its currency', () => {
    expect(stayDates({ checkin: '2026-03-10', checkout: '2026-03-11', currency: 'gbp' }, TODAY)).toEqual({
      checkinDate: '2026-03-10',
      checkoutDate: '2026-03-11',
      currency: 'GBP',
    });
  });

  it.each([
    // check-in, check-out, the flags named
    ['2026-03-09', '2026-03-12', ['--checkin']], // a past check-in: the check-out after it is not wrong
    ['2026-03-09', '2026-03-09', ['--checkin', '--checkout']],
    ['2026-03-09', '2026-03-08', ['--checkin', '--checkout']],
    ['2026-03-09', '2026-13-01', ['--checkin', '--checkout']],
    ['2026-03-10', '2026-03-10', ['--checkout']],
  ])('a check-in %s and check-out %s name %o', (checkin, checkout, flags) => {
    const error = refusal(() => stayDates({ checkin, checkout }, TODAY));
    expect(error.fields.map((f) => f.field)).toEqual(flags);
  });
});
