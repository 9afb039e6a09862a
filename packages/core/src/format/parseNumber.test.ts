import { describe, expect, it } from 'vitest';
import { numberError, parseNumber } from './parseNumber.js';

describe('parseNumber', () => {
  it.each([
    ['', undefined, null],
    ['   ', undefined, null],
    ['-', undefined, Number.NaN],
    ['.', undefined, Number.NaN],
    [',', undefined, Number.NaN],
    ['1,5', undefined, 1.5],
    ['1.5', undefined, 1.5],
    [' 1.5 ', undefined, 1.5],
    ['1 000', undefined, 1000],
    ['1\u00a0000,25', undefined, 1000.25],
    ['12 345 678', undefined, 12345678],
    ['1 00', undefined, Number.NaN],
    ['10 000 0', undefined, Number.NaN],
    ['1000', undefined, 1000],
    ['-12,5', undefined, -12.5],
    ['+3', undefined, 3],
    ['1.', undefined, 1],
    ['.5', undefined, 0.5],
    ['0', undefined, 0],
    ['1,000.50', undefined, Number.NaN],
    ['1.2.3', undefined, Number.NaN],
    ['1e3', undefined, Number.NaN],
    ['0x10', undefined, Number.NaN],
    ['abc', undefined, Number.NaN],
    ['12 kr', undefined, Number.NaN],
    // The currency's decimals: ISK 0, EUR 2, KWD 3; trailing zeros are no decimals.
    ['1,5', 0, Number.NaN],
    ['1500', 0, 1500],
    ['1,0', 0, 1],
    ['1,25', 2, 1.25],
    ['1,255', 2, Number.NaN],
    ['1,250', 2, 1.25],
    ['1,255', 3, 1.255],
  ] as const)('%j (decimals %s) reads as %s', (text, decimals, expected) => {
    expect(parseNumber(text, decimals)).toBe(expected);
  });
});

describe('numberError', () => {
  it.each([
    ['', 0, null],
    ['1 000', 0, null],
    ['1,5', 2, null],
    ['-', 2, 'validation_messages.not_a_number'],
    ['12 kr', undefined, 'validation_messages.not_a_number'],
    ['1,5', 0, 'validation_messages.whole_number'],
    ['1,255', 2, 'validation_messages.decimals_max'],
  ] as const)('%j (decimals %s): %s', (text, decimals, expected) => {
    expect(numberError(text, decimals)).toBe(expected);
  });
});
