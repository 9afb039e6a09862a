import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { wireReply } from '../bench/decode.js';
import { decodeValue, FALLBACK } from '../src/fastDecode.js';
import {
  contract,
  decodeReply,
  type Endpoint,
  SchemaMismatchError,
  toCamel,
  unwrapReply,
} from '../src/index.js';

// The object loop checks leaf fields (strings, numbers, integers, booleans, enums, literals, null, and those
// nullable, optional or defaulted) itself, and builds each decoded object at its schema's size. Each case
// below is decoded both ways: where zod accepts the value, the fast path gives zod's value; where zod refuses
// it, the fast path gives up (FALLBACK), so decodeReply reports zod's issues.

/** The fast path's answer for `{ value }` read as `{ value: schema }`, or FALLBACK. */
function fast(schema: z.ZodType, value: unknown): unknown {
  try {
    return decodeValue(z.object({ value: schema }), { value });
  } catch (error) {
    if (error === FALLBACK) return FALLBACK;
    throw error;
  }
}

const cases: [string, z.ZodType, unknown[], unknown[]][] = [
  ['a bounded string', z.string().min(1).max(3), ['a', 'abc'], ['', 'abcd', 3, null, undefined]],
  ['a nullable string', z.string().nullable(), ['x', '', null], [1, false, {}]],
  ['a number', z.number(), [0, -1.5, 1e300], [Number.NaN, Number.POSITIVE_INFINITY, '1', null]],
  ['a bounded integer', z.number().int().min(0).max(10), [0, 10, 3], [-1, 11, 1.5, '2', null]],
  ['a safe integer', z.number().int(), [2 ** 53 - 1, -(2 ** 53 - 1)], [2 ** 53, 0.5]],
  ['a nullable integer', z.number().int().nullable(), [null, 2], [2.5, 'x']],
  ['an exclusive bound (checked by its own step)', z.number().gt(0), [1, 0.5], [0, -1]],
  ['a boolean', z.boolean(), [true, false], ['true', 0, null]],
  ['a nullable enum', z.enum(['a', 'b']).nullable(), ['a', 'b', null], ['c', 0, 'A']],
  ['a literal', z.literal('booking'), ['booking'], ['bookings', null]],
  ['a null literal', z.literal(null), [null], ['null', 0]],
  ['null', z.null(), [null], [0, '', undefined]],
  ['an optional string', z.string().optional(), ['x'], [5, null]],
  ['a defaulted string', z.string().max(2).default(''), ['ab'], ['abc', 1]],
  ['a trimmed string (its decoder)', z.string().trim().max(3), [' ab ', 'abc'], ['abcd', 2]],
  ['an ISO date (zod’s own check)', z.iso.date(), ['2028-02-29'], ['2026-02-29', '2026-1-1']],
];

describe('leaf fields checked in the object loop', () => {
  it.each(cases)('%s: what zod accepts comes back as zod gives it', (_, schema, accepted) => {
    for (const value of accepted) {
      expect(fast(schema, value), JSON.stringify(value)).toStrictEqual(
        z.object({ value: schema }).parse({ value }),
      );
    }
  });

  it.each(cases)('%s: what zod refuses falls back to zod', (_, schema, __, refused) => {
    for (const value of refused) {
      expect(z.object({ value: schema }).safeParse({ value }).success, String(value)).toBe(false);
      expect(fast(schema, value), String(value)).toBe(FALLBACK);
    }
  });

  it('applies a default by name when the field is not there at all', () => {
    const schema = z.object({ first: z.string(), second: z.string().default('d') });
    expect(decodeValue(schema, { first: 'a' })).toStrictEqual({ first: 'a', second: 'd' });
  });

  it('leaves a schema with a field named __proto__ to zod', () => {
    const schema = z.object({ ['__proto__']: z.string() });
    expect(() => decodeValue(schema, JSON.parse('{"__proto__": "x"}'))).toThrow();
  });
});

describe('decoded objects', () => {
  const list = contract.bookings.list as Endpoint;
  const generic = (json: unknown) => list.response.parse(unwrapReply(list, json));

  it('are plain objects, strictly equal to zod’s', () => {
    const fastList = decodeReply(list, JSON.parse(wireReply(12))) as { items: Record<string, unknown>[] };
    expect(fastList).toStrictEqual(generic(JSON.parse(wireReply(12))));
    const booking = fastList.items[11]!;
    const unit = (booking.units as Record<string, unknown>[])[1]!;
    for (const value of [booking, unit, booking.cancellationPolicy, booking.guarantee, unit.meta]) {
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect((value as object).constructor).toBe(Object);
      expect(Object.prototype.toString.call(value)).toBe('[object Object]');
      expect(structuredClone(value)).toStrictEqual(value);
    }
    expect(JSON.parse(JSON.stringify(booking))).toStrictEqual(booking);
    // Each object is its own: changing one changes no other.
    booking.hotelName = 'changed';
    expect(fastList.items[10]!.hotelName).toBe('Hótel Borg');
  });

  it('take any number of fields, past the room made for 32', () => {
    // itemX, itemXx, itemXxx… on the wire item_x, item_xx, item_xxx… (keys that camelCase back to themselves).
    const words = Array.from({ length: 45 }, (_, i) => `X${'x'.repeat(i)}`);
    const schema = z.object(Object.fromEntries(words.map((w) => [`item${w}`, z.number()])));
    const wire = Object.fromEntries(words.map((w, i) => [`item_${w.toLowerCase()}`, i]));
    const camel = Object.fromEntries(words.map((w, i) => [`item${w}`, i]));
    expect(schema.parse(toCamel(wire))).toStrictEqual(camel);
    for (let round = 0; round < 20; round++) expect(decodeValue(schema, wire)).toStrictEqual(camel);
  });

  it('leave to zod a key whose wire spelling does not camelCase back to it (URL → url → url)', () => {
    const schema = z.object({ URL: z.string() });
    expect(schema.safeParse(toCamel({ url: 'x' })).success).toBe(false);
    expect(fast(schema, { url: 'x' })).toBe(FALLBACK);
  });

  it('copy an array from the first element that changes, sharing those before it', () => {
    const schema = z.array(z.object({ name: z.string().trim() }));
    const input = [{ name: 'a' }, { name: ' b ' }, { name: 'c' }];
    const out = decodeValue(schema, input) as { name: string }[];
    expect(out).toStrictEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(out).not.toBe(input);
    expect(out[0]).toBe(input[0]);
    expect(input[1]!.name).toBe(' b ');
  });

  it('a wrong leaf deep in a long list is zod’s SchemaMismatchError', () => {
    const json = JSON.parse(wireReply(30));
    json.data[29].attributes.units[1].cancellation_policy.guarantee_payment_amount = '0';
    expect(() => decodeReply(list, json)).toThrow(SchemaMismatchError);
    const nightJson = JSON.parse(wireReply(3));
    nightJson.data[2].attributes.total_nights = -0.5;
    expect(() => decodeReply(list, nightJson)).toThrow(SchemaMismatchError);
  });
});
