import { type RatePlan, type RatePlanBody, ratePlanBody } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  emptyRatePlanForm,
  formOfRatePlan,
  INHERIT_FLAGS,
  MEAL_TYPES,
  MODIFIER_TYPES,
  type RatePlanForm,
  type RatePlanFormErrors,
  validateRatePlanForm,
} from './ratePlans.js';
import { setSellMode } from './sellMode.js';

const blank = emptyRatePlanForm({ id: 'u1', maxOccupancy: 3 }, 'EUR');
const base: RatePlanForm = {
  ...blank,
  title: 'Flexible',
  options: blank.options.map((o) => ({ ...o, rate: 100 })),
};
const perPerson: RatePlanForm = setSellMode(base, 'per_person', 3);

describe('emptyRatePlanForm (§9, R188)', () => {
  const form = emptyRatePlanForm({ id: 'u1', maxOccupancy: 2 }, 'ISK');
  it.each<[string, unknown]>([
    ['sellMode', 'per_room'],
    ['rateMode', 'manual'],
    ['childrenFee', 0],
    ['infantFee', 0],
    ['minStayArrival', [1, 1, 1, 1, 1, 1, 1]],
    ['minStayThrough', [1, 1, 1, 1, 1, 1, 1]],
    ['maxStay', [0, 0, 0, 0, 0, 0, 0]],
    ['closedToArrival', Array(7).fill(false)],
    ['closedToDeparture', Array(7).fill(false)],
    ['stopSell', Array(7).fill(false)],
    ['availabilityOffset', 0],
    [
      'autoRateSettings',
      { decreaseMode: '%', decreaseValue: 0, increaseMode: '%', increaseValue: 0, mode: '%' },
    ],
    ['currency', 'ISK'],
    ['parentRatePlanId', null],
  ])('%s is %j', (field, value) => {
    expect(form[field as keyof RatePlanForm]).toEqual(value);
  });
  it('inherits nothing and has one primary option for the maximum', () => {
    expect(INHERIT_FLAGS.map((f) => form[f])).toEqual(Array(7).fill(false));
    expect(form.options).toEqual([
      { occupancy: 2, rate: null, isPrimary: true, derivedOption: { rate: [] } },
    ]);
  });
  it('lists 23 meal types and four modifier types (§9)', () => {
    expect(new Set(MEAL_TYPES).size).toBe(23);
    expect([...MODIFIER_TYPES].sort()).toEqual([
      'decrease_by_amount',
      'decrease_by_percent',
      'increase_by_amount',
      'increase_by_percent',
    ]);
  });
});

const opt = (form: RatePlanForm, i: number, patch: Partial<RatePlanForm['options'][number]>) => ({
  ...form,
  options: form.options.map((o, j) => (j === i ? { ...o, ...patch } : o)),
});
const week = <T>(values: T[]) => values as unknown as [T, T, T, T, T, T, T];

describe('validateRatePlanForm (§5, §3)', () => {
  it.each<[string, RatePlanForm, RatePlanFormErrors]>([
    ['a new plan with a title', base, {}],
    ['a per-person plan', perPerson, {}],
    ['no rate on the primary', opt(base, 0, { rate: null }), { options: 'validation_messages.required' }],
    [
      'no rate on the primary of a plan inheriting the rate',
      { ...opt(base, 0, { rate: null }), inheritRate: true },
      {},
    ],
    ['no rate on another option', opt(perPerson, 2, { rate: null }), {}],
    [
      'no primary per room',
      opt(base, 0, { isPrimary: false }),
      { options: 'validation_messages.not_an_option' },
    ],
    ['a blank title (R187)', { ...base, title: ' ' }, { title: 'validation_messages.required' }],
    ['no currency', { ...base, currency: '' }, { currency: 'validation_messages.required' }],
    ['no unit', { ...base, unitId: '' }, { unitId: 'validation_messages.required' }],
    [
      'an unknown sell mode',
      { ...base, sellMode: 'per_bed' as never },
      { sellMode: 'validation_messages.not_an_option' },
    ],
    [
      'derived per room (R189)',
      { ...base, rateMode: 'derived' },
      { rateMode: 'validation_messages.not_an_option' },
    ],
    [
      'auto per room (R189)',
      { ...base, rateMode: 'auto' },
      { rateMode: 'validation_messages.not_an_option' },
    ],
    ['derived per person', { ...perPerson, rateMode: 'derived' }, {}],
    [
      'an unknown meal',
      { ...base, mealType: 'brunch' as never },
      { mealType: 'validation_messages.not_an_option' },
    ],
    ['the last meal type', { ...base, mealType: 'lunch_and_dinner' }, {}],
    [
      'a negative children fee',
      { ...base, childrenFee: -1 },
      { childrenFee: 'validation_messages.not_negative' },
    ],
    [
      'a NaN infant fee',
      { ...base, infantFee: Number.NaN },
      { infantFee: 'validation_messages.not_negative' },
    ],
    [
      'a negative option rate',
      opt(base, 0, { rate: -5 }),
      { optionErrors: { 0: 'validation_messages.not_negative' } },
    ],
    [
      'an option for 0 persons',
      opt(base, 0, { occupancy: 0 }),
      { optionErrors: { 0: 'validation_messages.at_least_one' } },
    ],
    [
      'an occupancy twice',
      opt(perPerson, 1, { occupancy: 3 }),
      { optionErrors: { 1: 'validation_messages.not_an_option' } },
    ],
    [
      'a negative derived step',
      opt(perPerson, 1, { derivedOption: { rate: [['increase_by_amount', -1]] } }),
      { optionErrors: { 1: 'validation_messages.not_negative' } },
    ],
    [
      'a decrease of more than 100 %',
      opt(perPerson, 2, { derivedOption: { rate: [['decrease_by_percent', 101]] } }),
      { optionErrors: { 2: 'validation_messages.percent_max' } },
    ],
    [
      'an unknown step type',
      opt(perPerson, 2, { derivedOption: { rate: [['double' as never, 1]] } }),
      { optionErrors: { 2: 'validation_messages.not_an_option' } },
    ],
    [
      'no primary per person',
      opt(perPerson, 0, { isPrimary: false }),
      { options: 'validation_messages.not_an_option', primaryOccupancy: 'validation_messages.not_an_option' },
    ],
    [
      'two primaries',
      opt(perPerson, 1, { isPrimary: true }),
      { options: 'validation_messages.not_an_option' },
    ],
    [
      'no options per person',
      { ...perPerson, options: [] },
      { options: 'validation_messages.required', primaryOccupancy: 'validation_messages.not_an_option' },
    ],
    [
      'no primary occupancy',
      { ...perPerson, primaryOccupancy: null },
      { primaryOccupancy: 'validation_messages.required' },
    ],
    [
      'a primary occupancy not the primary option',
      { ...perPerson, primaryOccupancy: 2 },
      { primaryOccupancy: 'validation_messages.not_an_option' },
    ],
    [
      'auto values below 0',
      { ...base, autoRateSettings: { ...base.autoRateSettings, decreaseValue: -1, increaseValue: -1 } },
      {
        decreaseValue: 'validation_messages.not_negative',
        increaseValue: 'validation_messages.not_negative',
      },
    ],
    [
      'an auto percent decrease above 100',
      { ...base, autoRateSettings: { ...base.autoRateSettings, decreaseValue: 120 } },
      { decreaseValue: 'validation_messages.percent_max' },
    ],
    [
      'an auto amount decrease above 100',
      { ...base, autoRateSettings: { ...base.autoRateSettings, decreaseMode: 'EUR', decreaseValue: 120 } },
      {},
    ],
    [
      'a blank auto mode',
      { ...base, autoRateSettings: { ...base.autoRateSettings, increaseMode: '' } },
      { increaseValue: 'validation_messages.required' },
    ],
    [
      'a min stay of 0 on Wednesday',
      { ...base, minStayArrival: week([1, 1, 0, 1, 1, 1, 1]) },
      { weekErrors: { minStayArrival: { day: 2, key: 'validation_messages.at_least_one' } } },
    ],
    [
      'a min stay through of 1.5 on Sunday',
      { ...base, minStayThrough: week([1, 1, 1, 1, 1, 1, 1.5]) },
      { weekErrors: { minStayThrough: { day: 6, key: 'validation_messages.whole_number' } } },
    ],
    [
      'a max stay below the min stay on Friday',
      { ...base, minStayArrival: week([1, 1, 1, 1, 3, 1, 1]), maxStay: week([0, 0, 0, 0, 2, 0, 0]) },
      { weekErrors: { maxStay: { day: 4, key: 'validation_messages.max_below_min' } } },
    ],
    [
      'a max stay equal to the min stay',
      { ...base, minStayArrival: week([2, 1, 1, 1, 1, 1, 1]), maxStay: week([2, 0, 0, 0, 0, 0, 0]) },
      {},
    ],
    [
      'a negative max stay',
      { ...base, maxStay: week([-1, 0, 0, 0, 0, 0, 0]) },
      { weekErrors: { maxStay: { day: 0, key: 'validation_messages.not_negative' } } },
    ],
    [
      'a closure that is not a yes or no',
      { ...base, stopSell: week([false, null, false, false, false, false, false]) as never },
      { weekErrors: { stopSell: { day: 1, key: 'validation_messages.required' } } },
    ],
    ['a negative max sell', { ...base, maxSell: -1 }, { maxSell: 'validation_messages.not_negative' }],
    ['a max availability of 0', { ...base, maxAvailability: 0 }, {}],
    [
      'a fractional max availability',
      { ...base, maxAvailability: 2.5 },
      { maxAvailability: 'validation_messages.whole_number' },
    ],
    ['a negative offset', { ...base, availabilityOffset: -2 }, {}],
    [
      'a fractional offset',
      { ...base, availabilityOffset: 0.5 },
      { availabilityOffset: 'validation_messages.whole_number' },
    ],
  ])('%s', (_, form, errors) => {
    expect(validateRatePlanForm(form)).toEqual(errors);
  });

  it('refuses a plan as its own parent', () => {
    expect(validateRatePlanForm({ ...base, parentRatePlanId: 'r1' }, { id: 'r1' })).toEqual({
      parentRatePlanId: 'validation_messages.not_an_option',
    });
    expect(validateRatePlanForm({ ...base, parentRatePlanId: 'r0' }, { id: 'r1' })).toEqual({});
  });
});

describe('the form and the contract', () => {
  it('a form with its property is a ratePlanBody the contract accepts', () => {
    const body: RatePlanBody = { ...base, propertyId: '7f1c0c7e-56a8-4a8e-9a3e-6d4f0f0e2b11' };
    const parsed = ratePlanBody.safeParse({ ...body, unitId: '1b2c3d4e-56a8-4a8e-9a3e-6d4f0f0e2b11' });
    expect(parsed.success).toBe(true);
  });
});

describe('formOfRatePlan (the drawer edits a saved plan)', () => {
  const saved: RatePlan = {
    ...perPerson,
    id: 'r1',
    type: 'ratePlan',
    propertyId: 'p1',
    parentRatePlanId: 'r0',
    inheritRate: true,
    minStayArrival: [2, 2, 2, 2, 2, 3, 3],
    stopSell: [false, false, false, false, false, true, true],
    updatedAt: '2030-01-01T00:00:00.000Z',
  };

  it('gives back the values the plan was saved with, and nothing of the record', () => {
    const form = formOfRatePlan(saved);
    const { id: _i, type: _t, propertyId: _p, updatedAt: _u, ...values } = saved;
    expect(form).toEqual(values);
    expect(validateRatePlanForm(form, { id: 'r1' })).toEqual({});
  });

  it('pads a short week with §9’s defaults and cuts a long one to seven days', () => {
    const form = formOfRatePlan({ ...saved, maxStay: [5, 5], closedToArrival: Array(9).fill(true) });
    expect(form.maxStay).toEqual([5, 5, 0, 0, 0, 0, 0]);
    expect(form.closedToArrival).toEqual([true, true, true, true, true, true, true]);
  });

  it('copies the options, so editing the form leaves the plan as it was', () => {
    const form = formOfRatePlan(saved);
    form.options[0]!.derivedOption.rate.push(['increase_by_amount', 5]);
    expect(saved.options[0]!.derivedOption.rate).toEqual([]);
  });
});
