import { describe, expect, it } from 'vitest';
import { monthKeys } from './useMonths';

describe('monthKeys', () => {
  it('names the months a range of days touches, across a year’s end', () => {
    expect(monthKeys('2026-11-24', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthKeys('2027-03-01', '2027-03-31')).toEqual(['2027-03']);
    expect(monthKeys('2027-03-05', '2027-03-01')).toEqual([]);
  });
});
