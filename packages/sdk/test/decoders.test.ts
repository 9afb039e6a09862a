import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { wireReply } from '../bench/decode.js';
import { endpointNamed, GENERATED, render } from '../scripts/gen-decoders.js';
import * as generated from '../src/decoders.gen.js';
import { generatedDecoder, loadGenerated } from '../src/decoders.js';
import {
  contract,
  decodeReply,
  type Endpoint,
  encodeReply,
  endpointNamed as findEndpoint,
  SchemaMismatchError,
  unwrapReply,
} from '../src/index.js';

// The decoders generated at build time (scripts/gen-decoders.ts → src/decoders.gen.ts) for the longest replies
// must be current, in use, and give exactly zod's answer: zod's value for a valid reply, zod's issues in a
// SchemaMismatchError for an invalid one.

const list = contract.bookings.list as Endpoint;
const show = contract.bookings.show as Endpoint;
type Json = Record<string, unknown>;

/** zod's answer for a reply: its value, or the issues of its SchemaMismatchError. */
function zods(endpoint: Endpoint, json: unknown): { value: unknown } | { issues: unknown } {
  const parsed = endpoint.response.safeParse(unwrapReply(endpoint, structuredClone(json)));
  return parsed.success ? { value: parsed.data } : { issues: parsed.error.issues };
}

function sdks(endpoint: Endpoint, json: unknown): { value: unknown } | { issues: unknown } {
  try {
    return { value: decodeReply(endpoint, json, endpointNamed) };
  } catch (error) {
    if (error instanceof SchemaMismatchError) return { issues: error.issues };
    throw error;
  }
}

const bookings = (rows: number) => JSON.parse(wireReply(rows)) as { data: Json[]; meta: Json };
const attributes = (row: Json) => row.attributes as Json;

describe('generated reply decoders', () => {
  it('are current: src/decoders.gen.ts is what the generator writes for the contract as it is', () => {
    const stale = 'src/decoders.gen.ts is stale: run `npm run decoders` in packages/sdk';
    expect(readFileSync(new URL('../src/decoders.gen.ts', import.meta.url), 'utf8'), stale).toBe(render());
  });

  it('are used for their endpoints, and only for them', () => {
    for (const name of GENERATED)
      expect(generatedDecoder(endpointNamed(name), endpointNamed), name).toBeTypeOf('function');
    expect(generatedDecoder(contract.bookings.history as Endpoint, endpointNamed)).toBeUndefined();
    // The same schema under another reply kind is not theirs.
    expect(generatedDecoder({ reply: 'plain', response: list.response }, endpointNamed)).toBeUndefined();
  });

  it('are not used when generated from other schemas than the live ones (a stale file)', () => {
    expect(loadGenerated(endpointNamed, generated).size).toBe(GENERATED.length);
    expect(loadGenerated(endpointNamed, { ...generated, hash: 'stale' }).size).toBe(0);
    expect(loadGenerated(findEndpoint, { ...generated, endpoints: ['bookings.gone'] }).size).toBe(0);
  });

  it('decode valid replies as zod does', () => {
    const cases: [string, Endpoint, (json: { data: Json[]; meta: Json }) => unknown][] = [
      ['a list', list, (json) => json],
      ['an empty list', list, (json) => ({ data: [], meta: json.meta })],
      ['a booking', show, (json) => ({ data: json.data[1] })],
      [
        'nulls where they are allowed',
        list,
        (json) => {
          Object.assign(attributes(json.data[0]!), {
            guarantee: null,
            cancellation_policy: null,
            reservation_name: null,
            change_block: 'policy',
          });
          const unit = (attributes(json.data[0]!).units as Json[])[0]!;
          Object.assign(unit, { meal_type: null, cancellation_policy: null });
          return json;
        },
      ],
      [
        'a property policy',
        show,
        (json) => {
          attributes(json.data[0]!).property_policy = {
            checkin_from_time: '15:00',
            checkin_to_time: null,
            checkout_from_time: null,
            checkout_to_time: '11:00',
            internet_access_type: 'wifi',
            internet_access_cost: null,
            internet_access_coverage: 'rooms',
            parking_type: 'none',
            parking_is_private: false,
            parking_reservation: 'not_needed',
            pets_policy: 'allowed',
            pets_non_refundable_fee: 20,
            pets_refundable_deposit: null,
            smoking_policy: 'no_smoking',
            currency: 'EUR',
            is_adults_only: true,
          };
          return { data: json.data[0] };
        },
      ],
      [
        'trimmed names, defaults, a driver with and without an address',
        list,
        (json) => {
          const unit = (attributes(json.data[2]!).units as Json[])[1]!;
          unit.guests = [
            { name: '  Páll ', surname: 'Jónsson' },
            { name: 'Anna', surname: 'B', nationality: 'IS' },
          ];
          unit.drivers = [
            { first_name: ' Anna', last_name: 'Berg', age: 40, email: 'anna@example.test', phone: '+354 1' },
            {
              first_name: 'Jón',
              last_name: 'Jónsson',
              age: 30,
              email: 'jon@example.test',
              phone: '1',
              address: {
                address_line_1: 'Laugavegur 1 ',
                address_line_2: '',
                address_line_3: '',
                city: 'Reykjavík',
                state: '',
                postal_code: '101',
                country_code: 'IS',
              },
            },
          ];
          return json;
        },
      ],
      [
        'fields in another order, extra fields, a key spelled the camelCase way',
        list,
        (json) => {
          json.data[0]!.attributes = Object.fromEntries(Object.entries(attributes(json.data[0]!)).reverse());
          attributes(json.data[1]!).internal_note = 'dropped';
          const third = attributes(json.data[2]!);
          third.reservationId = third.reservation_id;
          delete third.reservation_id;
          (json.data[0] as Json).links = { self: '/x' };
          return json;
        },
      ],
    ];
    for (const [name, endpoint, make] of cases) {
      const json = make(bookings(3));
      const answer = zods(endpoint, json) as { value: unknown };
      expect(answer, name).toHaveProperty('value');
      expect(sdks(endpoint, json), name).toStrictEqual(answer);
      // Decoded by the generated code (an object of unusual keys by the run-time decoder), not handed to zod.
      if (!name.includes('camelCase'))
        expect(generatedDecoder(endpoint, endpointNamed)!(json), name).toStrictEqual(answer.value);
    }
  });

  it('refuse invalid replies with zod’s SchemaMismatchError and issues', () => {
    const gone = Symbol('deleted');
    const at = (...path: (string | number)[]) => ['data', 0, 'attributes', ...path];
    const cases: [string, (string | number)[], unknown][] = [
      ['an unknown status', at('status'), 'lost'],
      ['an id that is a number', ['data', 0, 'id'], 7],
      ['an empty id', ['data', 1, 'id'], ''],
      ['the wrong type', ['data', 0, 'type'], 'bookings'],
      ['half a night', at('total_nights'), 1.5],
      ['not a date', at('arrival_date'), '2026-02-30'],
      ['a price without total', at('price'), { currency: 'EUR' }],
      ['a field missing', at('hotel_name'), gone],
      ['no attributes', ['data', 2, 'attributes'], gone],
      ['an unknown meal type', at('units', 0, 'meal_type'), 'brunch'],
      ['a guest name too long', at('units', 1, 'guests', 0, 'name'), 'x'.repeat(101)],
      ['a card with its code', at('guarantee', 'cvv'), '123'],
      ['no meta', ['meta'], gone],
      ['a page that is a string', ['meta', 'page'], '1'],
      ['data that is not a list', ['data'], {}],
    ];
    for (const [name, path, value] of cases) {
      const json = bookings(3);
      const parent = path.slice(0, -1).reduce<Json>((o, key) => o[key] as Json, json);
      if (value === gone) delete parent[path.at(-1)!];
      else parent[path.at(-1)!] = value;
      const answer = zods(list, json);
      expect(answer, name).toHaveProperty('issues');
      expect(sdks(list, json), name).toStrictEqual(answer);
    }
  });

  it('give zod’s answer for hundreds of bookings replies changed at random', () => {
    const random = seeded(20_261_124);
    let valid = 0;
    for (let n = 0; n < 400; n++) {
      const endpoint = random() < 0.8 ? list : show;
      const whole = bookings(2);
      const json = endpoint === list ? whole : { data: whole.data[1] };
      mutate(json, random);
      const answer = zods(endpoint, json);
      if ('value' in answer) valid++;
      expect(sdks(endpoint, json), `case ${n}: ${JSON.stringify(json).slice(0, 200)}`).toStrictEqual(answer);
    }
    // Both kinds of answer were tried.
    expect(valid).toBeGreaterThan(40);
    expect(valid).toBeLessThan(360);
  });

  it.each(GENERATED)(
    'give zod’s answer for %s: replies made from its schema, and changed at random',
    (name) => {
      const endpoint = endpointNamed(name);
      const random = seeded(name.length);
      let valid = 0;
      for (let n = 0; n < 200; n++) {
        const json = encodeReply(endpoint, sampleOf(endpoint.response, random)) as Json;
        // The first replies as made (every one valid, or the sampler is wrong), the others changed.
        if (n < 20) {
          const made = zods(endpoint, json) as { value: unknown };
          expect(made, `sample ${n}`).toHaveProperty('value');
          // Decoded by the generated code itself, not handed to zod.
          expect(generatedDecoder(endpoint, endpointNamed)!(json), `sample ${n}`).toStrictEqual(made.value);
        } else mutate(json, random);
        const answer = zods(endpoint, json);
        if ('value' in answer) valid++;
        expect(sdks(endpoint, json), `case ${n}: ${JSON.stringify(json).slice(0, 200)}`).toStrictEqual(
          answer,
        );
      }
      expect(valid).toBeGreaterThan(30);
      expect(valid).toBeLessThan(190);
    },
  );
});

/** Numbers in [0, 1) from a seed: the same cases on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const oddValues = [
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  '',
  'x',
  'x'.repeat(70),
  ' padded ',
  true,
  false,
  [],
  {},
  'new',
];
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Every object in a JSON value. */
function containers(value: unknown, found: Json[] = []): Json[] {
  if (Array.isArray(value)) for (const v of value) containers(v, found);
  else if (value && typeof value === 'object') {
    found.push(value as Json);
    for (const v of Object.values(value)) containers(v, found);
  }
  return found;
}

/** One or two changes somewhere in a reply: a value, a key missing, extra, spelled both ways or respelled, the keys in another order. */
function mutate(json: Json, random: () => number): void {
  for (let changes = 1 + Math.floor(random() * 2); changes > 0; changes--) {
    const target = pick(random, containers(json));
    const keys = Object.keys(target);
    const key = keys.length ? pick(random, keys) : 'extra_field';
    const how = random();
    if (how < 0.45) target[key] = pick(random, oddValues);
    else if (how < 0.6) delete target[key];
    else if (how < 0.75) target[`${key}_x`] = pick(random, oddValues);
    // Spelled both ways, with the same value or another.
    else if (how < 0.9)
      target[camel(key) === key ? `${key}_` : camel(key)] =
        random() < 0.5 ? target[key] : pick(random, oddValues);
    else if (how < 0.95) {
      // Respelled, the usual spelling gone.
      target[camel(key)] = target[key];
      if (camel(key) !== key) delete target[key];
    } else {
      // The same keys in the other order.
      const entries = Object.entries(target).reverse();
      for (const [k] of entries) delete target[k];
      for (const [k, v] of entries) target[k] = v;
    }
  }
}

type Def = Record<string, unknown> & { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** A bound of a string's length or a number from a schema's checks. */
function bound(def: Def, check: string): number | undefined {
  const found = def.checks?.find((c) => c._zod.def.check === check)?._zod.def;
  return (found?.minimum ?? found?.maximum ?? found?.value) as number | undefined;
}

const formats: Record<string, string> = {
  date: '2026-12-10',
  datetime: '2026-11-24T12:00:00.000Z',
  time: '12:00:00',
  email: 'anna@example.test',
  guid: '3f0e3c1e-8c1a-4c1e-9a1e-1c1e3c1e8c1a',
  uuid: '3f0e3c1e-8c1a-4c1e-9a1e-1c1e3c1e8c1a',
  url: 'https://example.test/',
};

/** A value the schema accepts (its output, camelCase), choices made at random: null or not, which member, sizes. */
function sampleOf(schema: unknown, random: () => number): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const format = def.format as string | undefined;
      if (format) {
        if (!(format in formats)) throw new Error(`no sample for the string format ${format}`);
        return formats[format];
      }
      const min = bound(def, 'min_length') ?? 0;
      const max = bound(def, 'max_length') ?? 12;
      return 'x'.repeat(Math.min(max, min + Math.floor(random() * 6)));
    }
    case 'number': {
      const int = def.checks?.some((c) => c._zod.def.format === 'safeint');
      const low = bound(def, 'greater_than') ?? 0;
      const value = low + Math.floor(random() * 5) + (int ? 0 : 0.5);
      return Math.min(value, bound(def, 'less_than') ?? value);
    }
    case 'boolean':
      return random() < 0.5;
    case 'enum':
      return pick(random, Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return pick(random, def.values as unknown[]);
    case 'null':
      return null;
    case 'nullable':
      return random() < 0.3 ? null : sampleOf(def.innerType, random);
    case 'optional':
      // Sometimes absent (the key left out of its object).
      return random() < 0.3 ? undefined : sampleOf(def.innerType, random);
    case 'default':
      return sampleOf(def.innerType, random);
    case 'array': {
      const min = bound(def, 'min_length') ?? 0;
      const max = bound(def, 'max_length') ?? 3;
      const length = Math.min(max, min + Math.floor(random() * 3));
      return Array.from({ length }, () => sampleOf(def.element, random));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>)
          .map(([k, v]) => [k, sampleOf(v, random)])
          .filter(([, v]) => v !== undefined),
      );
    case 'record': {
      // Keys among a few its key schema accepts (the calendar's occupancies are '1' to '99').
      const keys = ['1', '2', '3', 'x'].filter((k) => (def.keyType as z.ZodType).safeParse(k).success);
      const count = Math.floor(random() * 3);
      return Object.fromEntries(keys.slice(0, count).map((k) => [k, sampleOf(def.valueType, random)]));
    }
    case 'union':
      return sampleOf(pick(random, def.options as unknown[]), random);
    default:
      throw new Error(`no sample for a ${def.type} schema`);
  }
}
