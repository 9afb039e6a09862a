import { describe, expect, it } from 'vitest';
import {
  describeErrorCode,
  type ErrorCode,
  errorCatalogue,
  errorFromResponse,
  errorParamNames,
  isErrorCode,
} from '../src/index.js';

describe('the error catalogue', () => {
  it.each([
    [
      'price_changed',
      { currency: 'EUR', total: 240.5 },
      'The price has changed to EUR 240.5: check it and book again.',
    ],
    ['stay_too_long', { max: 60 }, 'A stay is at most 60 nights.'],
    ['sold_out', {}, 'This is sold out.'],
    ['stay_too_long', {}, 'A stay is at most max nights.'],
  ] as const)('words %s with %o', (code, params, words) => {
    expect(describeErrorCode(code, params)).toBe(words);
  });

  it('knows nothing of a code a newer server may send, nor of inherited names', () => {
    expect(describeErrorCode('from_a_newer_server')).toBeNull();
    expect(describeErrorCode('constructor')).toBeNull();
    expect(describeErrorCode('__proto__')).toBeNull();
    expect(isErrorCode('toString')).toBe(false);
  });

  it('names params as i18next does ({{name}}), each a plain word', () => {
    // Words the documents give verbatim, which clients match exactly (document 2 §8, document 3 §8): kept as written.
    const verbatim = new Set<ErrorCode>(['store_slug_taken', 'promo_code_invalid']);
    for (const code of Object.keys(errorCatalogue) as ErrorCode[]) {
      for (const name of errorParamNames(code)) expect(name, code).toMatch(/^[a-z][a-zA-Z]*$/);
      if (!verbatim.has(code)) expect(errorCatalogue[code], code).toMatch(/[.]$/);
    }
    expect(errorCatalogue.store_slug_taken).toBe('Validation failed: Name has already been taken');
    expect(errorParamNames('price_changed')).toEqual(['currency', 'total']);
  });

  it('keeps the params and field codes of a reply, and drops what is not a string or number', () => {
    const error = errorFromResponse(409, 'Conflict', {
      message: 'The price has changed to EUR 12: check it and book again.',
      code: 'price_changed',
      params: { currency: 'EUR', total: 12, nested: { no: 1 }, nan: Number.NaN },
      fields: [{ field: 'guarantee.cardToken', code: 'card_required', message: 'A card is needed.' }],
    });
    expect(error.code).toBe('price_changed');
    expect(error.params).toEqual({ currency: 'EUR', total: 12 });
    expect(error.fields).toEqual([
      { field: 'guarantee.cardToken', code: 'card_required', message: 'A card is needed.' },
    ]);
    expect(errorFromResponse(400, 'Bad Request', { message: 'x', params: [1, 2] }).params).toEqual({});
  });
});
