import type { InventoryCalendar } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  calendarWindow,
  cellValue,
  EMPTY_DATA,
  gridRows,
  inventoryValues,
  isInherited,
  mergeCalendar,
  monthAt,
  monthsOfRange,
  shiftMonth,
} from './calendarModel';

/** A plan of its own (no parent), without a max sell. */
const OWN_PLAN = { rateMode: 'manual' as const, maxSell: null, parentRatePlanId: null, inherited: [] };
/** A night with none of the plan's rooms booked, and no max sell. */
const UNSOLD = { sold: 0, maxSellLeft: null };

const reply = (from: string, to: string, price: number | null, plans = true): InventoryCalendar => ({
  propertyId: 'p1',
  from,
  to,
  currency: 'EUR',
  units: [{ id: 'u1', title: 'Double', count: 5, nights: [{ date: from, total: 5, booked: 2, free: 3 }] }],
  ratePlans: plans
    ? [
        {
          id: 'r1',
          unitId: 'u1',
          title: 'Flex',
          sellMode: 'per_person',
          maxAdults: 2,
          ...OWN_PLAN,
          nights: [
            {
              date: from,
              price,
              byOccupancy: price === null ? [] : [price, price * 2],
              stopSell: true,
              closedToArrival: false,
              closedToDeparture: false,
              minStayArrival: 2,
              minStayThrough: 1,
              maxStay: null,
              ...UNSOLD,
            },
          ],
        },
      ]
    : [],
});

describe('calendarWindow', () => {
  it('spans twelve whole months from the current one', () => {
    const w = calendarWindow('2026-11-24');
    expect(w.from).toBe('2026-11-01');
    expect(w.to).toBe('2027-10-31');
    expect(w.days).toHaveLength(365);
    expect(w.months.map((m) => m.key)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
    ]);
    expect(w.months[3]).toMatchObject({ from: '2027-02-01', to: '2027-02-28', start: 92, length: 28 });
    expect(w.days[92]).toBe('2027-02-01');
  });

  it('holds a leap year of 366 days at most', () => {
    expect(calendarWindow('2027-03-10').days).toHaveLength(366);
  });

  it('moves by months keeping the day, or the month’s last when shorter', () => {
    const w = calendarWindow('2026-11-24');
    const jan31 = w.days.indexOf('2027-01-31');
    expect(w.days[shiftMonth(w, jan31, 1)]).toBe('2027-02-28');
    expect(w.days[shiftMonth(w, jan31, -1)]).toBe('2026-12-31');
    // At the ends: the first or last day of the window.
    expect(w.days[shiftMonth(w, w.days.indexOf('2026-11-10'), -1)]).toBe('2026-11-01');
    expect(w.days[shiftMonth(w, w.days.indexOf('2027-10-10'), 1)]).toBe('2027-10-31');
    expect(monthAt(w, w.days.indexOf('2027-03-05')).key).toBe('2027-03');
    expect(monthsOfRange(w, '2026-12-30', '2027-01-02').map((m) => m.key)).toEqual(['2026-12', '2027-01']);
  });
});

describe('rows and values', () => {
  it('draws a unit’s rooms, then each plan’s price, prices per adult of a per-person plan, and restrictions', () => {
    const data = mergeCalendar(EMPTY_DATA, reply('2027-01-05', '2027-01-05', 100));
    const rows = gridRows(data.structure!);
    expect(rows.map((r) => (r.kind === 'occupancy' ? `occupancy${r.adults}` : r.kind))).toEqual([
      'total',
      'booked',
      'free',
      'price',
      'occupancy1',
      'occupancy2',
      'stopSell',
      'closedToArrival',
      'closedToDeparture',
      'minStayArrival',
      'minStayThrough',
      'maxStay',
    ]);
    const at = (i: number) => cellValue(rows[i]!, '2027-01-05', data);
    expect([at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(9), at(11)]).toEqual([
      5,
      2,
      3,
      100,
      100,
      200,
      true,
      2,
      null,
    ]);
    // A day not loaded yet.
    expect(cellValue(rows[0]!, '2027-01-06', data)).toBeUndefined();
  });

  it('shows what a capped plan has left to sell, and marks a child plan’s inherited rows (read-only)', () => {
    const base = reply('2027-01-05', '2027-01-05', 100);
    const plan = base.ratePlans[0]!;
    const child = {
      ...plan,
      id: 'r2',
      title: 'Flex child',
      maxSell: 3,
      parentRatePlanId: 'r1',
      inherited: ['price' as const, 'stopSell' as const],
      nights: plan.nights.map((n) => ({ ...n, sold: 2, maxSellLeft: 1 })),
    };
    const data = mergeCalendar(EMPTY_DATA, { ...base, ratePlans: [plan, child] });
    const rows = gridRows(data.structure!).filter((r) => r.plan?.id === 'r2');
    expect(rows.map((r) => (r.kind === 'occupancy' ? `occupancy${r.adults}` : r.kind))).toEqual([
      'price',
      'occupancy1',
      'occupancy2',
      'maxSellLeft',
      'stopSell',
      'closedToArrival',
      'closedToDeparture',
      'minStayArrival',
      'minStayThrough',
      'maxStay',
    ]);
    const left = rows.find((r) => r.kind === 'maxSellLeft')!;
    expect(cellValue(left, '2027-01-05', data)).toBe(1);
    expect(rows.filter(isInherited).map((r) => r.key)).toEqual([
      'r2:price',
      'r2:occupancy:1',
      'r2:occupancy:2',
      'r2:stopSell',
    ]);
    // A plan of its own inherits nothing, and has no max-sell row without a cap.
    const own = gridRows(data.structure!).filter((r) => r.plan?.id === 'r1');
    expect(own.some(isInherited)).toBe(false);
    expect(own.some((r) => r.kind === 'maxSellLeft')).toBe(false);
    // What the bulk edit reads has neither the plan's sales nor what is left.
    expect(inventoryValues(data).rates.r2!['2027-01-05']).not.toHaveProperty('sold');
    expect(inventoryValues(data).rates.r2!['2027-01-05']).not.toHaveProperty('maxSellLeft');
  });

  it('merges months, keeps the list for a narrowed reply, and gives core’s values (no row without a price)', () => {
    let data = mergeCalendar(EMPTY_DATA, reply('2027-01-05', '2027-01-05', 100));
    data = mergeCalendar(data, reply('2027-02-05', '2027-02-05', null));
    data = mergeCalendar(data, reply('2027-01-05', '2027-01-05', 120, false), true);
    expect(data.structure!.ratePlans).toHaveLength(1);
    expect(cellValue(gridRows(data.structure!)[3]!, '2027-01-05', data)).toBe(100);
    const values = inventoryValues(data);
    expect(values.availability.u1!['2027-02-05']).toEqual({ total: 5, booked: 2 });
    expect(Object.keys(values.rates.r1!)).toEqual(['2027-01-05']);
    expect(values.rates.r1!['2027-01-05']).toMatchObject({ price: 100, stopSell: true, minStayArrival: 2 });
    expect(values.rates.r1!['2027-01-05']).not.toHaveProperty('byOccupancy');
  });
});
