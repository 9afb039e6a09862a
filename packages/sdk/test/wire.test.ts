import { describe, expect, it } from 'vitest';
import {
  camelKey,
  decodeQuery,
  eachItem,
  encodeQuery,
  loadAllPages,
  snakeKey,
  toCamel,
  toSnake,
} from '../src/index.js';

describe('case conversion', () => {
  it.each([
    ['otp_client_challenge', 'otpClientChallenge'],
    ['address_1', 'address1'],
    ['tern_hotel_user_id', 'ternHotelUserId'],
    ['id', 'id'],
    // document 2's removed row keeps its leading underscore both ways
    ['_destroy', '_destroy'],
  ])('%s → %s', (snake, camel) => expect(camelKey(snake)).toBe(camel));

  it.each([
    ['otpClientChallenge', 'otp_client_challenge'],
    ['ternHotelUserId', 'tern_hotel_user_id'],
    ['checkinDate', 'checkin_date'],
    ['addressLine1', 'address_line_1'],
    ['address1', 'address_1'],
    ['id', 'id'],
  ])('%s → %s', (camel, snake) => expect(snakeKey(camel)).toBe(snake));

  it('shares the parts that need no change and never changes its input', () => {
    const input = { occupancy: { adults: 2 }, guest_list: [{ name: 'A' }], price_info: { unit_price: 1 } };
    const out = toCamel<Record<string, unknown>>(input);
    expect(out).toEqual({
      occupancy: { adults: 2 },
      guestList: [{ name: 'A' }],
      priceInfo: { unitPrice: 1 },
    });
    expect(out.occupancy).toBe(input.occupancy);
    expect(out.guestList).toBe(input.guest_list);
    expect(input.price_info).toEqual({ unit_price: 1 });
    const same = { a: 1, b: { c: [1, 2] } };
    expect(toCamel(same)).toBe(same);
    expect(toSnake({ a: 1, b: undefined })).toEqual({ a: 1 });
    expect(toSnake({ a: 1, b: { c: undefined } })).toEqual({ a: 1, b: {} });
  });

  it('round-trips keys with numbers', () => {
    for (const key of ['addressLine1', 'address1', 'addressLine3']) expect(camelKey(snakeKey(key))).toBe(key);
  });

  it('converts keys deeply but never values, and drops undefined', () => {
    expect(toSnake({ aB: { cD: ['eF', { gH: 1 }] }, skip: undefined })).toEqual({
      a_b: { c_d: ['eF', { g_h: 1 }] },
    });
    expect(toCamel({ a_b: [{ c_d: 'e_f' }] })).toEqual({ aB: [{ cD: 'e_f' }] });
  });

  it('never lets a __proto__ key replace the prototype', () => {
    const out = toCamel<Record<string, unknown>>(JSON.parse('{"__proto__": {"polluted": true}, "a_b": 1}'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out).toEqual({ aB: 1 });
  });
});

describe('query strings', () => {
  it('encodes nested filters and arrays in the Rails style and decodes them back', () => {
    const query = {
      page: 2,
      resellerIds: ['a', 'b'],
      filter: { title: { has: 'Hótel' }, latitude: { gte: 63.9, lte: 64.2 } },
      empty: '',
      none: undefined,
    };
    const encoded = encodeQuery(query);
    expect(decodeURIComponent(encoded.toString())).toBe(
      'page=2&reseller_ids[]=a&reseller_ids[]=b&filter[title][has]=Hótel&filter[latitude][gte]=63.9&filter[latitude][lte]=64.2',
    );
    expect(decodeQuery(encoded)).toEqual({
      page: '2',
      resellerIds: ['a', 'b'],
      filter: { title: { has: 'Hótel' }, latitude: { gte: '63.9', lte: '64.2' } },
    });
  });

  it('ignores prototype keys', () => {
    const decoded = decodeQuery(new URLSearchParams('__proto__[x]=1&constructor[prototype][y]=2&a=1'));
    expect(decoded).toEqual({ a: '1' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('paging', () => {
  it('continues while a full page comes back', async () => {
    const pages: number[] = [];
    const data = Array.from({ length: 23 }, (_, i) => i);
    const all = await loadAllPages(async (page, limit) => {
      pages.push(page);
      return { items: data.slice((page - 1) * limit, page * limit) };
    }, 10);
    expect(all).toEqual(data);
    expect(pages).toEqual([1, 2, 3]);
  });

  it('asks for one more page when the last one is exactly full', async () => {
    const pages: number[] = [];
    const items: number[] = [];
    for await (const n of eachItem(async (page) => {
      pages.push(page);
      return { items: page <= 2 ? [page, page] : [] };
    }, 2))
      items.push(n);
    expect(items).toEqual([1, 1, 2, 2]);
    expect(pages).toEqual([1, 2, 3]);
  });
});
