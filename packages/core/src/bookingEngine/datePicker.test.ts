import type { ClosedDates } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  checkRange,
  closedNights,
  type DateRange,
  dayBlock,
  isDayDisabled,
  pickDay,
  spansClosedNight,
} from './datePicker.js';

const today = '2030-05-01';
const closed = new Set(['2030-05-05']);
const options = { today, closed };

describe('closedNights (R042)', () => {
  const dates: ClosedDates = {
    closedDates: ['2030-05-05'],
    ratePlans: [{ ratePlanId: 'rp-saver', closedDates: ['2030-05-07', '2030-05-05'] }],
  };
  it.each([
    [undefined, ['2030-05-05']],
    ['rp-saver', ['2030-05-05', '2030-05-07']],
    ['rp-unknown', ['2030-05-05']],
  ])('for rate %s', (rate, expected) => {
    expect([...closedNights(dates, rate)].sort()).toEqual(expected);
  });
  it('is empty without closed dates', () => expect(closedNights(null).size).toBe(0));
});

describe('isDayDisabled (R041, R042)', () => {
  it.each([
    ['2030-04-30', false, true],
    ['2030-04-30', true, true],
    ['2030-05-01', false, false],
    ['2030-05-05', false, true],
    ['2030-05-05', true, false],
  ])('%s as check-out %s → %s', (day, asCheckout, disabled) => {
    expect(isDayDisabled(day, { ...options, asCheckout })).toBe(disabled);
  });
});

describe('dayBlock (R041–R043): a closed day can end a stay, not start one or lie inside it', () => {
  it.each<[string, string | null, ReturnType<typeof dayBlock>]>([
    ['2030-04-30', null, 'past'],
    ['2030-04-30', '2030-04-28', 'past'],
    ['2030-05-02', null, null],
    ['2030-05-05', null, 'closed'],
    // With 03/05 picked as check-in: the closed 05/05 can be the check-out day, 06/05 cannot (its stay has the night of 05/05).
    ['2030-05-04', '2030-05-03', null],
    ['2030-05-05', '2030-05-03', null],
    ['2030-05-06', '2030-05-03', 'closed_night_before'],
    ['2030-05-20', '2030-05-03', 'closed_night_before'],
    // A day before or on the check-in would start the stay instead.
    ['2030-05-02', '2030-05-03', null],
    ['2030-05-05', '2030-05-06', 'closed'],
    ['2030-05-05', '2030-05-05', 'closed'],
    // After the closed day, a stay from 06/05 on has only open nights.
    ['2030-05-09', '2030-05-06', null],
  ])('%s with check-in %s → %s', (day, checkIn, expected) => {
    expect(dayBlock(day, { ...options, checkIn })).toBe(expected);
  });
});

describe('pickDay (R043, R045)', () => {
  const none: DateRange = { start: null, end: null };
  it.each<[string, DateRange, string, ReturnType<typeof pickDay>]>([
    ['a past day', none, '2030-04-30', { kind: 'ignored', range: none }],
    ['a closed start', none, '2030-05-05', { kind: 'ignored', range: none }],
    ['a start', none, '2030-05-02', { kind: 'started', range: { start: '2030-05-02', end: null } }],
    [
      'an end',
      { start: '2030-05-02', end: null },
      '2030-05-04',
      { kind: 'completed', range: { start: '2030-05-02', end: '2030-05-04' }, nights: 2 },
    ],
    [
      'an end on a closed day',
      { start: '2030-05-02', end: null },
      '2030-05-05',
      { kind: 'completed', range: { start: '2030-05-02', end: '2030-05-05' }, nights: 3 },
    ],
    [
      'a range over a closed night',
      { start: '2030-05-02', end: null },
      '2030-05-08',
      { kind: 'cleared', range: { start: null, end: null } },
    ],
    [
      'a day before the start',
      { start: '2030-05-03', end: null },
      '2030-05-02',
      { kind: 'started', range: { start: '2030-05-02', end: null } },
    ],
    [
      'the start again',
      { start: '2030-05-03', end: null },
      '2030-05-03',
      { kind: 'started', range: { start: '2030-05-03', end: null } },
    ],
    [
      'a day after a complete range',
      { start: '2030-05-02', end: '2030-05-04' },
      '2030-05-10',
      { kind: 'started', range: { start: '2030-05-10', end: null } },
    ],
  ])('%s', (_, range, day, expected) => {
    expect(pickDay(range, day, options)).toEqual(expected);
  });
});

describe('checkRange', () => {
  it.each<[DateRange, DateRange]>([
    [
      { start: '2030-05-02', end: '2030-05-05' },
      { start: '2030-05-02', end: '2030-05-05' },
    ],
    [
      { start: '2030-05-04', end: '2030-05-06' },
      { start: null, end: null },
    ],
    [
      { start: '2030-05-05', end: null },
      { start: '2030-05-05', end: null },
    ],
  ])('%o → %o', (range, expected) => expect(checkRange(range, closed)).toEqual(expected));
});

describe('spansClosedNight', () => {
  it('clears a stay over a closed night, but not one leaving on it', () => {
    const closed = new Set(['2030-05-10']);
    expect(spansClosedNight({ start: '2030-05-08', end: '2030-05-12' }, closed)).toBe(true);
    expect(spansClosedNight({ start: '2030-05-08', end: '2030-05-10' }, closed)).toBe(false);
    expect(spansClosedNight({ start: '2030-05-11', end: '2030-05-12' }, closed)).toBe(false);
  });
});
