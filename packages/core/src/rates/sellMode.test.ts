import { describe, expect, it } from 'vitest';
import {
  type AutoRateSettings,
  type DerivedModifier,
  emptyRatePlanForm,
  type RatePlanForm,
} from './ratePlans.js';
import {
  autoModifier,
  canUseRateMode,
  editOption,
  perPersonOptions,
  recomputeAuto,
  setAutoSettings,
  setRateMode,
  setSellMode,
  switchPrimary,
} from './sellMode.js';

const base: RatePlanForm = { ...emptyRatePlanForm({ id: 'u1', maxOccupancy: 3 }, 'EUR'), title: 'Flexible' };
const occupancies = (form: RatePlanForm) => form.options.map((o) => o.occupancy);
const primaryOf = (form: RatePlanForm) => form.options.filter((o) => o.isPrimary).map((o) => o.occupancy);
const steps = (form: RatePlanForm) => form.options.map((o) => o.derivedOption.rate);

describe('perPersonOptions (R190): from the maximum down to 1', () => {
  it.each([
    [1, [1]],
    [3, [3, 2, 1]],
    [4, [4, 3, 2, 1]],
    [0, [1]],
    [2.7, [2, 1]],
  ])('maximum %s → %j, the maximum primary', (max, list) => {
    const options = perPersonOptions(max);
    expect(options.map((o) => o.occupancy)).toEqual(list);
    expect(options.filter((o) => o.isPrimary).map((o) => o.occupancy)).toEqual([list[0]]);
  });
  it('keeps the rates and the primary it had', () => {
    const before = [
      { occupancy: 2, rate: 90, isPrimary: true, derivedOption: { rate: [] } },
      { occupancy: 5, rate: 200, isPrimary: false, derivedOption: { rate: [] } },
    ];
    expect(perPersonOptions(3, before).map((o) => [o.occupancy, o.rate, o.isPrimary])).toEqual([
      [3, null, false],
      [2, 90, true],
      [1, null, false],
    ]);
  });
  it('makes the maximum primary when the old primary is no longer listed', () => {
    const before = [{ occupancy: 5, rate: 1, isPrimary: true, derivedOption: { rate: [] } }];
    expect(perPersonOptions(2, before).map((o) => o.isPrimary)).toEqual([true, false]);
  });
});

describe('setSellMode', () => {
  it('to per person adds the options and sets the primary occupancy', () => {
    const form = setSellMode(base, 'per_person', 3);
    expect(occupancies(form)).toEqual([3, 2, 1]);
    expect(form.primaryOccupancy).toBe(3);
    expect(form.sellMode).toBe('per_person');
  });
  it('back to per room keeps one primary option and turns the rate mode to manual', () => {
    const derived = setRateMode(setSellMode(base, 'per_person', 3), 'auto');
    const form = setSellMode(editOption(derived, 0, { rate: 120 }), 'per_room', 3);
    expect(form).toMatchObject({ sellMode: 'per_room', rateMode: 'manual', primaryOccupancy: null });
    expect(form.options).toEqual([{ occupancy: 3, rate: 120, isPrimary: true, derivedOption: { rate: [] } }]);
  });
  it('the same mode again changes nothing', () => {
    expect(setSellMode(base, 'per_room', 3)).toBe(base);
  });
});

describe('rate modes (R189)', () => {
  it.each([
    ['per_room', 'manual', true],
    ['per_room', 'derived', false],
    ['per_room', 'auto', false],
    ['per_person', 'manual', true],
    ['per_person', 'derived', true],
    ['per_person', 'auto', true],
  ] as const)('%s allows %s: %s', (sell, rate, allowed) => {
    expect(canUseRateMode(sell, rate)).toBe(allowed);
    const form = sell === 'per_room' ? base : setSellMode(base, 'per_person', 3);
    expect(setRateMode(form, rate).rateMode).toBe(allowed ? rate : form.rateMode);
  });
});

describe('switchPrimary (R191)', () => {
  const derived = editOption(
    editOption(setRateMode(setSellMode(base, 'per_person', 3), 'derived'), 1, {
      derived: [['decrease_by_percent', 10]],
    }),
    2,
    { derived: [['decrease_by_amount', 20]] },
  );
  it('makes the occupancy the only primary and empties every derived step', () => {
    expect(steps(derived)).toEqual([[], [['decrease_by_percent', 10]], [['decrease_by_amount', 20]]]);
    const form = switchPrimary(derived, 2);
    expect(primaryOf(form)).toEqual([2]);
    expect(form.primaryOccupancy).toBe(2);
    expect(steps(form)).toEqual([[], [], []]);
  });
  it('ignores an occupancy that is not an option', () => {
    expect(switchPrimary(derived, 7)).toBe(derived);
  });
  it('in auto mode recomputes from the new primary', () => {
    const auto = setAutoSettings(setRateMode(setSellMode(base, 'per_person', 3), 'auto'), {
      decreaseValue: 10,
      increaseValue: 5,
    });
    expect(steps(switchPrimary(auto, 1))).toEqual([
      [['increase_by_percent', 10]],
      [['increase_by_percent', 5]],
      [],
    ]);
  });
});

const settings = (patch: Partial<AutoRateSettings>): AutoRateSettings => ({
  decreaseMode: '%',
  decreaseValue: 10,
  increaseMode: '%',
  increaseValue: 5,
  mode: '%',
  ...patch,
});

describe('autoModifier (R192): fewer persons a decrease, more an increase, times the distance', () => {
  it.each<[string, Partial<AutoRateSettings>, number, number, DerivedModifier | null]>([
    ['the primary itself', {}, 2, 2, null],
    ['one fewer, percent', {}, 1, 2, ['decrease_by_percent', 10]],
    ['two fewer, percent', {}, 1, 3, ['decrease_by_percent', 20]],
    ['one more, percent', {}, 3, 2, ['increase_by_percent', 5]],
    ['three more, percent', {}, 4, 1, ['increase_by_percent', 15]],
    ['one fewer, amount', { decreaseMode: 'EUR' }, 2, 3, ['decrease_by_amount', 10]],
    ['two more, amount', { increaseMode: 'ISK', increaseValue: 1500 }, 4, 2, ['increase_by_amount', 3000]],
    ['a decrease with the increase in amount', { increaseMode: 'EUR' }, 1, 2, ['decrease_by_percent', 10]],
    ['values of 0', { decreaseValue: 0 }, 1, 3, ['decrease_by_percent', 0]],
  ])('%s', (_, patch, o, p, step) => {
    expect(autoModifier(settings(patch), o, p)).toEqual(step);
  });
});

describe('recomputeAuto and setAutoSettings', () => {
  const auto = setRateMode(setSellMode(base, 'per_person', 3), 'auto');
  it('gives every occupancy its step from the primary', () => {
    const form = setAutoSettings(auto, { decreaseValue: 10 });
    expect(steps(form)).toEqual([[], [['decrease_by_percent', 10]], [['decrease_by_percent', 20]]]);
  });
  it('the one mode sets both directions', () => {
    const form = setAutoSettings(switchPrimary(auto, 2), { mode: 'EUR', decreaseValue: 7, increaseValue: 9 });
    expect(form.autoRateSettings).toMatchObject({ decreaseMode: 'EUR', increaseMode: 'EUR', mode: 'EUR' });
    expect(steps(form)).toEqual([[['increase_by_amount', 9]], [], [['decrease_by_amount', 7]]]);
  });
  it('leaves manual plans’ steps alone, but recomputes when asked', () => {
    const manual = setAutoSettings(setSellMode(base, 'per_person', 3), { decreaseValue: 10 });
    expect(steps(manual)).toEqual([[], [], []]);
    expect(steps(recomputeAuto(manual))[2]).toEqual([['decrease_by_percent', 20]]);
  });
  it('editOption changes the rate but not computed steps in auto mode', () => {
    const form = editOption(setAutoSettings(auto, { decreaseValue: 10 }), 1, {
      rate: 80,
      derived: [['increase_by_amount', 1]],
    });
    expect(form.options[1]).toMatchObject({
      rate: 80,
      derivedOption: { rate: [['decrease_by_percent', 10]] },
    });
    expect(editOption(form, 9, { rate: 1 })).toBe(form);
  });
});
