import { describe, expect, it } from 'vitest';
import { carChargedDays, carPrice, MAX_RENTAL_DAYS, rentalDays, rentalProblems } from './rental.js';

const rental = (pickupDate: string, dropoffDate: string, pickupTime = '10:00', dropoffTime = '10:00') => ({
  pickupDate,
  dropoffDate,
  pickupTime,
  dropoffTime,
});

describe('carChargedDays (DECISIONS 8)', () => {
  it.each([
    ['2026-12-01', '2026-12-08', '10:00', '10:00', 7],
    ['2026-12-01', '2026-12-08', '10:00', '10:30', 8],
    ['2026-12-01', '2026-12-08', '10:00', '09:30', 7],
    ['2026-12-01', '2026-12-01', '09:00', '17:00', 1],
    ['2026-12-01', '2026-12-01', '10:00', '10:00', 1],
    ['2026-12-31', '2027-01-02', '08:00', '12:00', 3],
    ['2026-12-08', '2026-12-01', '10:00', '10:00', 0],
  ])('%s %s → %s %s is %d days', (from, to, pickupTime, dropoffTime, days) => {
    expect(carChargedDays(rental(from, to, pickupTime, dropoffTime))).toBe(days);
  });
});

describe('rentalDays', () => {
  it('takes one day per charged day from the pick-up', () => {
    expect(rentalDays(rental('2026-12-30', '2027-01-01', '10:00', '11:00'))).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect(rentalDays(rental('2026-12-01', '2026-12-01'))).toEqual(['2026-12-01']);
  });
});

describe('carPrice (R069)', () => {
  it('spreads the first rate over the day difference and charges the charged days', () => {
    expect(carPrice(700, rental('2026-12-01', '2026-12-08', '10:00', '12:00'))).toBe(800);
    expect(carPrice(700, rental('2026-12-01', '2026-12-08'))).toBe(700);
    expect(carPrice(90, rental('2026-12-01', '2026-12-01', '09:00', '18:00'))).toBe(90);
  });
});

describe('rentalProblems', () => {
  it('takes a rental from today for up to 90 charged days, on the half hour', () => {
    expect(rentalProblems(rental('2026-12-01', '2026-12-01', '09:30', '18:00'), '2026-12-01')).toEqual([]);
    // 2026-12-01 + 90 days, the drop-off no later in the day than the pick-up: 90 charged days.
    expect(rentalProblems(rental('2026-12-01', '2027-03-01'), '2026-11-28')).toEqual([]);
  });

  it('names every problem at once, by field, with the API’s code', () => {
    expect(rentalProblems(rental('2026-11-27', '2026-11-26', '10:15', '24:00'), '2026-11-28')).toEqual([
      { field: 'pickupDate', code: 'pickup_past' },
      { field: 'dropoffDate', code: 'dropoff_before_pickup' },
      { field: 'pickupTime', code: 'half_hour_steps' },
      { field: 'dropoffTime', code: 'half_hour_steps' },
    ]);
    // One day more than 90: the same day 90 days on, later in the day.
    expect(rentalProblems(rental('2026-12-01', '2027-03-01', '10:00', '10:30'), '2026-11-28')).toEqual([
      { field: 'dropoffDate', code: 'rental_too_long', params: { max: MAX_RENTAL_DAYS } },
    ]);
  });
});
