import { describe, expect, it } from 'vitest';
import { driverAgeOptions, timeOptions } from './carSearch.js';

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
