import { describe, expect, it } from 'vitest';
import { endpointNamed, GENERATED } from '../scripts/gen-decoders.js';
import { type Kit, planOf } from '../src/decodePlan.js';
import * as generated from '../src/decoders.gen.js';
import { generatedDecoder } from '../src/decoders.js';
import { decoderOf, FALLBACK, resourceDecoderOf } from '../src/fastDecode.js';
import {
  contract,
  decodeReply,
  type Endpoint,
  encodeReply,
  type InventoryCalendar,
  SchemaMismatchError,
  unwrapReply,
} from '../src/index.js';

// The inventory calendar's month (drawn in ≤ 100 ms) is decoded by code generated at build time,
// as the engine's lists are: exactly zod's answer, its nights with or without rates by occupancy (an optional
// field) read by the generated code itself.

const calendar = contract.inventory.calendar as Endpoint;
const days = ['2026-12-01', '2026-12-02', '2026-12-03'];
const restrictions = {
  stopSell: false,
  closedToArrival: false,
  closedToDeparture: true,
  minStayArrival: 1,
  minStayThrough: 2,
  maxStay: null,
};

function month(): InventoryCalendar {
  return {
    propertyId: 'p-1',
    from: days[0]!,
    to: days.at(-1)!,
    currency: 'ISK',
    units: [
      {
        id: 'u-1',
        title: 'Double',
        count: 4,
        nights: days.map((date, i) => ({ date, total: 4, booked: i, free: 4 - i })),
      },
    ],
    ratePlans: [
      {
        id: 'r-1',
        unitId: 'u-1',
        title: 'Per person',
        sellMode: 'per_person',
        maxAdults: 3,
        rateMode: 'manual',
        maxSell: 2,
        parentRatePlanId: null,
        inherited: [],
        // Rates by occupancy on the second night only.
        nights: days.map((date, i) => ({
          ...restrictions,
          date,
          price: 100,
          byOccupancy: [80, 100, i === 1 ? 130 : 120],
          ...(i === 1 ? { occupancyRates: { '1': 80, '3': 130 } } : {}),
          sold: 1,
          maxSellLeft: 1,
        })),
      },
      {
        id: 'r-2',
        unitId: 'u-1',
        title: 'Child',
        sellMode: 'per_room',
        maxAdults: 2,
        rateMode: 'manual',
        maxSell: null,
        parentRatePlanId: 'r-1',
        inherited: ['price', 'stopSell'],
        nights: days.map((date) => ({
          ...restrictions,
          maxStay: 7,
          date,
          price: null,
          byOccupancy: [],
          sold: 0,
          maxSellLeft: null,
        })),
      },
    ],
  };
}

const wire = () => encodeReply(calendar, month()) as Record<string, unknown>;
type Json = Record<string, unknown>;
const planNight = (json: Json, plan: number, night: number) =>
  ((json.rate_plans as Json[])[plan]!.nights as Json[])[night]!;

function zods(json: unknown): { value: unknown } | { issues: unknown } {
  const parsed = calendar.response.safeParse(unwrapReply(calendar, structuredClone(json)));
  return parsed.success ? { value: parsed.data } : { issues: parsed.error.issues };
}

function sdks(json: unknown): { value: unknown } | { issues: unknown } {
  try {
    return { value: decodeReply(calendar, json, endpointNamed) };
  } catch (error) {
    if (error instanceof SchemaMismatchError) return { issues: error.issues };
    throw error;
  }
}

/** The generated decoder of the calendar with run-time helpers that say when an object was handed to them. */
function generatedWithWitness() {
  const { schemas } = planOf(GENERATED.map(endpointNamed));
  const handed: number[] = [];
  const kit: Kit = {
    fail: () => {
      throw FALLBACK;
    },
    runtime: schemas.runtime.map(decoderOf),
    objects: schemas.objects.map(({ schema, resource }, i) => {
      const decode = resource ? resourceDecoderOf(schema) : decoderOf(schema);
      return (value: unknown) => {
        handed.push(i);
        return decode(value);
      };
    }),
  };
  return { decode: generated.make(kit)[GENERATED.indexOf('inventory.calendar')]!, handed };
}

describe('the inventory calendar’s reply decoder', () => {
  it('is generated, and used for the calendar', () => {
    expect(GENERATED).toContain('inventory.calendar');
    expect(generatedDecoder(calendar, endpointNamed)).toBeTypeOf('function');
  });

  it('decodes a month as zod does, nights with and without rates by occupancy read by the generated code', () => {
    const json = wire();
    expect(planNight(json, 0, 1).occupancy_rates).toEqual({ '1': 80, '3': 130 });
    expect(planNight(json, 0, 0)).not.toHaveProperty('occupancy_rates');
    const answer = zods(json) as { value: InventoryCalendar };
    expect(answer).toHaveProperty('value');
    const { decode, handed } = generatedWithWitness();
    const decoded = decode(json) as InventoryCalendar;
    // toStrictEqual: a night without rates has no `occupancyRates` key (not one holding undefined).
    expect(decoded).toStrictEqual(answer.value);
    expect(handed, 'objects handed to the run-time decoder').toEqual([]);
    expect(decoded.ratePlans[0]!.nights[0]).not.toHaveProperty('occupancyRates');
    expect(decoded.ratePlans[0]!.nights[1]!.occupancyRates).toEqual({ '1': 80, '3': 130 });
    expect(sdks(json)).toStrictEqual(answer);
  });

  it('gives zod’s answer when a night’s keys are not the usual ones (the run-time decoder reads that night)', () => {
    const json = wire();
    const night = planNight(json, 1, 2);
    night.occupancyRates = night.occupancy_rates ?? { '2': 90 };
    night.extra = true;
    const answer = zods(json);
    expect(answer).toHaveProperty('value');
    expect(sdks(json)).toStrictEqual(answer);
  });

  it.each([
    ['an occupancy of 0', { '0': 80 }],
    ['an occupancy of 100', { '100': 80 }],
    ['a negative rate', { '2': -1 }],
    ['a rate that is a string', { '2': '80' }],
    ['a rate that is null', { '2': null }],
    ['rates that are a list', [80, 100]],
    ['rates that are null', null],
  ])('refuses %s with zod’s issues', (_, rates) => {
    const json = wire();
    planNight(json, 0, 2).occupancy_rates = rates;
    const answer = zods(json);
    expect(answer).toHaveProperty('issues');
    expect(sdks(json)).toStrictEqual(answer);
  });

  it.each([
    ['a night without sold', (json: Json) => delete planNight(json, 0, 0).sold],
    ['a night without its date', (json: Json) => delete planNight(json, 1, 1).date],
    ['half a room booked', (json: Json) => (((json.units as Json[])[0]!.nights as Json[])[0]!.booked = 0.5)],
    ['an unknown inherited value', (json: Json) => ((json.rate_plans as Json[])[1]!.inherited = ['meal'])],
    ['an occupancy price that is a string', (json: Json) => (planNight(json, 0, 0).by_occupancy = ['80'])],
  ])('refuses %s with zod’s issues', (_, change) => {
    const json = wire();
    change(json);
    const answer = zods(json);
    expect(answer).toHaveProperty('issues');
    expect(sdks(json)).toStrictEqual(answer);
  });
});
