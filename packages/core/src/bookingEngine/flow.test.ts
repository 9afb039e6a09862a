import { describe, expect, it } from 'vitest';
import {
  canEnterCheckout,
  clearFlow,
  FLOW_STORAGE_KEY,
  type FlowData,
  type FlowStorage,
  flowPaths,
  memoryFlowStorage as memoryStorage,
  queryWithType,
  readFlow,
  type StayFlow,
  selectedRooms,
  stepStates,
  writeFlow,
} from './flow.js';

const stay: StayFlow = {
  kind: 'accommodation',
  channelId: 'p1',
  checkinDate: '2030-05-01',
  checkoutDate: '2030-05-03',
  currency: 'EUR',
  adults: 2,
  children: 0,
  childrenAge: [],
  selection: { u1: { r1: 1, r2: 0 } },
};

describe('flow storage', () => {
  it('writes, reads and clears the flow', () => {
    const storage = memoryStorage();
    expect(readFlow(storage)).toEqual({});
    writeFlow(storage, { stay });
    expect(readFlow(storage)).toEqual({ stay });
    clearFlow(storage);
    expect(storage.data.has(FLOW_STORAGE_KEY)).toBe(false);
  });

  it.each(['not json', '[1,2]', 'null', '"text"'])('reads %s as an empty flow', (raw) => {
    expect(readFlow(memoryStorage({ [FLOW_STORAGE_KEY]: raw }))).toEqual({});
  });

  it('ignores a storage that throws', () => {
    const broken: FlowStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readFlow(broken)).toEqual({});
    expect(() => writeFlow(broken, { stay })).not.toThrow();
    expect(() => clearFlow(broken)).not.toThrow();
  });
});

describe('canEnterCheckout (R077)', () => {
  const car = { kind: 'vehicle', channelId: 'vt-1' } as FlowData['car'];
  it.each<[string, FlowData, 'accommodation' | 'vehicle', string, boolean]>([
    ['a selection with both dates', { stay }, 'accommodation', 'p1', true],
    ['another property', { stay }, 'accommodation', 'p2', false],
    ['nothing chosen', { stay: { ...stay, selection: { u1: { r1: 0 } } } }, 'accommodation', 'p1', false],
    ['no check-out', { stay: { ...stay, checkoutDate: '' } }, 'accommodation', 'p1', false],
    ['no flow', {}, 'accommodation', 'p1', false],
    ['the chosen car', { car }, 'vehicle', 'vt-1', true],
    ['another car', { car }, 'vehicle', 'vt-2', false],
    ['a stay for a car route', { stay }, 'vehicle', 'p1', false],
  ])('%s', (_, flow, kind, channelId, expected) => {
    expect(canEnterCheckout(flow, kind, channelId)).toBe(expected);
  });

  it('counts the rooms of a selection', () => {
    expect(selectedRooms({ a: { x: 2, y: 0 }, b: { z: 1, w: -1 } })).toBe(3);
  });
});

describe('steps (R098)', () => {
  it.each([
    ['property', ['current', 'disabled', 'disabled'], [false, false, false]],
    ['checkout', ['done', 'current', 'disabled'], [true, false, false]],
    ['confirmation', ['done', 'done', 'current'], [false, false, false]],
  ] as const)('on %s', (current, status, clickable) => {
    const steps = stepStates(current);
    expect(steps.map((s) => s.status)).toEqual(status);
    expect(steps.map((s) => s.clickable)).toEqual(clickable);
  });
});

describe('paths', () => {
  it('keeps the query string', () => {
    expect(flowPaths.property('p 1', '?currency=EUR')).toBe('/property/p%201?currency=EUR');
    expect(flowPaths.checkout('p1', '')).toBe('/property/p1/booking_info');
    expect(flowPaths.confirmation('p1', 'b/1', 'adults=2')).toBe('/property/p1/confirmation/b%2F1?adults=2');
    expect(flowPaths.carSearch('type=vehicle')).toBe('/search_cars?type=vehicle');
  });

  it('sets the type in the query (R095)', () => {
    expect(queryWithType('currency=EUR&type=vehicle', 'accommodation')).toBe(
      'currency=EUR&type=accommodation',
    );
    expect(queryWithType('', 'accommodation')).toBe('type=accommodation');
  });
});
