import type { InventoryCalendar, TernClient } from '@tern/sdk';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarWindow } from './calendarModel';
import { contiguous, monthKeys, useMonths } from './useMonths';

describe('contiguous', () => {
  it('groups consecutive months into one run, and starts a new run after a gap', () => {
    const m = calendarWindow('2026-11-24').months;
    const keys = (runs: { key: string }[][]) => runs.map((run) => run.map((month) => month.key));
    expect(keys(contiguous([m[0]!, m[1]!, m[3]!]))).toEqual([['2026-11', '2026-12'], ['2027-02']]);
    expect(keys(contiguous([m[2]!]))).toEqual([['2027-01']]);
    expect(contiguous([])).toEqual([]);
  });
});

describe('monthKeys', () => {
  it('names the months a range of days touches, across a year’s end', () => {
    expect(monthKeys('2026-11-24', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthKeys('2027-03-01', '2027-03-31')).toEqual(['2027-03']);
    expect(monthKeys('2027-03-05', '2027-03-01')).toEqual([]);
  });
});

describe('useMonths', () => {
  // React's act() without a rendered screen (renderHook's updates come from promises and frames).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the months in view in one call, then each month ahead once those are drawn', async () => {
    // Frames run when the test says.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const frame = () =>
      act(() => {
        for (const callback of frames.splice(0)) callback(performance.now());
      });
    const asked: string[] = [];
    const calendar = vi.fn(async ({ query }: { query: { from: string; to: string } }) => {
      asked.push(`${query.from}..${query.to}`);
      return {
        propertyId: 'p1',
        from: query.from,
        to: query.to,
        currency: 'EUR',
        units: [],
        ratePlans: [],
      } satisfies InventoryCalendar;
    });
    const client = { inventory: { calendar } } as unknown as TernClient;
    const { result } = renderHook(() => useMonths(client, 'p1'));
    const months = calendarWindow('2026-11-24').months;

    const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    await act(async () => result.current.ensure(months.slice(0, 2), months.slice(2, 3)));
    // November and December (in view) come in one call and are drawn in the next frame; January (ahead) waits
    // for the months in view to be painted and drawn.
    expect(asked).toEqual(['2026-11-01..2026-12-31']);
    expect(result.current.status['2026-11']).toEqual({ state: 'ready' });
    expect(result.current.status['2026-12']).toEqual({ state: 'ready' });
    expect(result.current.status['2027-01']).toEqual({ state: 'loading' });
    await tick();
    expect(asked).toHaveLength(1);
    await frame();
    await tick();
    await frame();
    await tick();
    expect(asked).toEqual(['2026-11-01..2026-12-31', '2027-01-01..2027-01-31']);
    await frame();
    // A month ahead alone is asked for after the next paint, not at once.
    await act(async () => result.current.ensure([], months.slice(3, 4)));
    await tick();
    expect(asked).toHaveLength(2);
    await frame();
    await tick();
    expect(asked.at(-1)).toBe('2027-02-01..2027-02-28');
    // A month already asked for is not asked again; one that failed is.
    await act(async () => result.current.ensure(months.slice(2, 4)));
    await tick();
    expect(asked).toHaveLength(3);
    // Each month's load was measured, from its call to the frame after it was drawn.
    const measured = performance
      .getEntriesByType('measure')
      .map((m) => m.name)
      .filter((name) => name.startsWith('inventory-month:'));
    expect(measured.slice(0, 3)).toEqual([
      'inventory-month:2026-11',
      'inventory-month:2026-12',
      'inventory-month:2027-01',
    ]);
    await frame();
  });
});
