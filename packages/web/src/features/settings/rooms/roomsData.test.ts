import type { TernClient, Unit } from '@tern/sdk';
import { describe, expect, it, vi } from 'vitest';
import { loadRatePlans, loadUnits } from './roomsData';

const unit = (n: number) => ({ id: `u-${n}`, title: `Room ${n}` }) as Unit;
const pages = (total: number) =>
  vi.fn(async ({ query }: { query: { page: number; limit: number } }) => {
    const from = (query.page - 1) * query.limit;
    const items = Array.from({ length: Math.max(0, Math.min(query.limit, total - from)) }, (_, i) =>
      unit(from + i),
    );
    return { items, meta: { page: query.page, limit: query.limit, total } };
  });

describe('the lists of rooms and rates (document 2 §7: 100 a page while a full page comes back)', () => {
  it.each([
    [0, 1],
    [99, 1],
    [100, 2],
    [101, 2],
    [250, 3],
  ])('reads %i units in %i calls of 100', async (total, calls) => {
    const listUnits = pages(total);
    const client = { roomsAndRates: { listUnits } } as unknown as TernClient;
    const units = await loadUnits(client, 'p-1');
    expect(units.map((u) => u.id)).toEqual(Array.from({ length: total }, (_, i) => `u-${i}`));
    expect(listUnits).toHaveBeenCalledTimes(calls);
    expect(listUnits.mock.calls.map(([input]) => input.query)).toEqual(
      Array.from({ length: calls }, (_, i) => ({ propertyId: 'p-1', page: i + 1, limit: 100 })),
    );
  });

  it('reads a unit’s rate plans the same way, for that unit', async () => {
    const listRatePlans = pages(100);
    const client = { roomsAndRates: { listRatePlans } } as unknown as TernClient;
    expect(await loadRatePlans(client, 'p-1', 'u-9')).toHaveLength(100);
    expect(listRatePlans.mock.calls.map(([input]) => input.query)).toEqual([
      { propertyId: 'p-1', roomTypeId: 'u-9', page: 1, limit: 100 },
      { propertyId: 'p-1', roomTypeId: 'u-9', page: 2, limit: 100 },
    ]);
  });
});
