import { describe, expect, it } from 'vitest';
import {
  dayOfInstant,
  formatAmount,
  formatDay,
  formatDayShortMonth,
  formatInstant,
  formatInstantDay,
  formatInstantShortMonth,
  formatMoney,
  moneyFormat,
} from './format.js';

// Intl puts a no-break space between the code and the number; written `_` here for legibility.
const text = (s: string) => s.replaceAll('\u00a0', '_').replaceAll('\u202f', '_');

describe('formatMoney', () => {
  it.each([
    [12500, 'ISK', 'is', '12.500_ISK'],
    [12500, 'ISK', 'en', 'ISK_12,500'],
    [12500, 'ISK', 'de', '12.500_ISK'],
    [1250.5, 'isk', 'en', 'ISK_1,251'],
    [1234.5, 'EUR', 'is', '1.234,50_EUR'],
    [1234.5, 'EUR', 'en', 'EUR_1,234.50'],
    [1234.5, 'EUR', 'de', '1.234,50_EUR'],
    [-1234.5, 'EUR', 'de', '-1.234,50_EUR'],
    [-12.5, 'GBP', 'en', '-GBP_12.50'],
    [9800, 'JPY', 'en', 'JPY_9,800'],
    [9800.4, 'JPY', 'de', '9.800_JPY'],
    [1.2345, 'KWD', 'en', 'KWD_1.235'],
    [1.005, 'USD', 'en', 'USD_1.01'],
    [0, 'EUR', 'en', 'EUR_0.00'],
  ])('formatMoney(%s, %s, %s) = %s', (amount, currency, locale, expected) => {
    expect(text(formatMoney(amount, currency, locale))).toBe(expected);
  });

  it('writes a dash for a missing or unreadable amount', () => {
    expect(formatMoney(null, 'EUR', 'en')).toBe('—');
    expect(formatMoney(undefined, 'EUR', 'en')).toBe('—');
    expect(formatMoney(Number.NaN, 'EUR', 'en')).toBe('—');
    expect(formatAmount(Number.POSITIVE_INFINITY, 'EUR', 'en')).toBe('—');
  });

  it('writes the amount alone with the currency decimals for cells whose column names the currency', () => {
    expect(formatAmount(12500.4, 'ISK', 'is')).toBe('12.500');
    expect(formatAmount(-0.5, 'EUR', 'de')).toBe('-0,50');
    expect(formatAmount(3, 'KWD', 'en')).toBe('3.000');
  });

  it('makes one formatter per locale and currency, whatever the case of the code', () => {
    expect(moneyFormat('eur', 'de')).toBe(moneyFormat('EUR', 'de'));
    expect(moneyFormat('EUR', 'de')).not.toBe(moneyFormat('EUR', 'en'));
    expect(moneyFormat('EUR', 'de')).not.toBe(moneyFormat('EUR', 'de', false));
  });
});

describe('formatDay and instants', () => {
  it('writes a day DD/MM/YYYY, a dash when missing', () => {
    expect(formatDay('2026-02-03')).toBe('03/02/2026');
    expect(formatDay(null)).toBe('—');
  });

  it('writes an instant on the wall clock of the zone asked for', () => {
    const lateEvening = '2026-11-28T23:30:00Z';
    expect(formatInstant(lateEvening, 'Atlantic/Reykjavik')).toBe('28/11/2026 23:30');
    // Oslo is an hour ahead in winter: already the next day there.
    expect(formatInstant(lateEvening, 'Europe/Oslo')).toBe('29/11/2026 00:30');
    expect(formatInstantDay(lateEvening, 'Europe/Oslo')).toBe('29/11/2026');
    expect(formatInstantDay(lateEvening, 'UTC')).toBe('28/11/2026');
    expect(dayOfInstant(lateEvening, 'Europe/Oslo')).toBe('2026-11-29');
    expect(dayOfInstant(lateEvening, 'Atlantic/Reykjavik')).toBe('2026-11-28');
    // New York is behind: the UTC day after is still the evening before there.
    expect(formatInstant('2026-11-29T03:00:00Z', 'America/New_York')).toBe('28/11/2026 22:00');
    expect(formatInstant('2026-07-01T03:00:00Z', 'America/New_York')).toBe('30/06/2026 23:00');
  });

  it('writes a dash for a missing or unreadable instant', () => {
    expect(formatInstant(null, 'UTC')).toBe('—');
    expect(formatInstant('not a time', 'UTC')).toBe('—');
    expect(formatInstantDay(undefined, 'UTC')).toBe('—');
    expect(dayOfInstant('2026-13-45T00:00:00Z', 'UTC')).toBeNull();
  });
});

describe('formatInstantShortMonth', () => {
  it('writes an instant on the zone’s wall clock with a short month', () => {
    // 23:30 UTC on the 7th is 00:30 on the 8th in Lisbon (summer time) and 23:30 in Reykjavík.
    expect(formatInstantShortMonth('2030-05-07T23:30:00.000Z', 'Europe/Lisbon', 'en-GB')).toBe(
      '8 May 2030 00:30',
    );
    expect(formatInstantShortMonth('2030-05-07T23:30:00.000Z', 'Atlantic/Reykjavik', 'en-GB')).toBe(
      '7 May 2030 23:30',
    );
    expect(formatInstantShortMonth(null, 'UTC', 'en-GB')).toBe('—');
  });
});

describe('formatDayShortMonth', () => {
  it('writes a day with a short month in the language asked, the same day in any zone', () => {
    expect(formatDayShortMonth('2030-12-31', 'en-GB')).toBe('31 Dec 2030');
    expect(formatDayShortMonth('2030-01-05', 'en-US')).toBe('Jan 5, 2030');
    expect(formatDayShortMonth('2030-12-31', 'is')).toMatch(/^31\. des\.? 2030$/);
    expect(formatDayShortMonth(null, 'en')).toBe('—');
  });
});
