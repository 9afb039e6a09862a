import * as z from 'zod';
import { id, listOf, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import { facilityGroup, mealType } from './engine.js';
import { photosBody, propertyPhotos } from './photos.js';
import { facilityOptions, isCurrency } from './propertySettings.js';

// A hotel's rooms and rates (document 2 §2 "Rooms and rates page", §3 "Unit (room type)" and "Rate plan", §5,
// §7 H1–H14, §9): units (room types) and their rate plans as the hotel's staff edit them. What a save writes is
// what the booking engine sells at once: a new unit gets its rooms free for every day of the inventory window, a
// new plan its nightly price and restrictions from its primary rate and seven-day arrays.

/** Lists are paged 100 at a time; callers continue while a full page comes back (§7). */
export const ROOMS_PAGE_SIZE = 100;

export const roomKind = z.enum(['room', 'dorm']);
export const sellMode = z.enum(['per_room', 'per_person']);
export const rateMode = z.enum(['manual', 'derived', 'auto']);
/** §9's 23 meal types (the engine's `mealType`). */
export const ratePlanMealType = mealType;
export const modifierType = z.enum([
  'increase_by_amount',
  'decrease_by_amount',
  'increase_by_percent',
  'decrease_by_percent',
]);
/** The inherit_* flags of §3, in order: what a plan takes from its parent plan instead of its own values. */
export const INHERIT_FIELDS = [
  'inheritStopSell',
  'inheritRate',
  'inheritMinStayThrough',
  'inheritMinStayArrival',
  'inheritMaxStay',
  'inheritClosedToDeparture',
  'inheritClosedToArrival',
] as const;

const count = (min: number, max: number) => z.number().int({ error: 'Use a whole number' }).min(min).max(max);
const amount = z.number().min(0).max(10_000_000);

// ---------------------------------------------------------------------------------------------------------------
// Units

export const unit = z.object({
  id: recordId,
  type: z.literal('unit'),
  propertyId: recordId,
  title: z.string(),
  roomKind,
  countOfRooms: z.number().int(),
  occAdults: z.number().int(),
  occChildren: z.number().int(),
  occInfants: z.number().int(),
  /** Persons a room is usually sold for; `null`: not given. */
  defaultOccupancy: z.number().int().nullable(),
  content: z.object({
    description: z.string(),
    photos: z.array(z.object({ url: z.string(), description: z.string() })),
  }),
  facilities: z.array(facilityGroup),
  /** How many rate plans sell it. */
  ratePlans: z.number().int(),
});
export type Unit = z.infer<typeof unit>;

export const unitBody = z
  .object({
    propertyId: id,
    title: z.string().trim().min(1, { error: 'required' }).max(200),
    roomKind: roomKind.default('room'),
    countOfRooms: count(1, 10_000),
    occAdults: count(1, 50),
    occChildren: count(0, 50),
    occInfants: count(0, 50),
    defaultOccupancy: count(1, 100).nullable().default(null),
    content: z
      .object({ description: z.string().trim().max(20_000).default('') })
      .default({ description: '' }),
    /** Facility codes of the catalogue's room categories (`roomFacilityOptions`). */
    facilities: z.array(z.string().max(64)).max(300).default([]),
  })
  .refine((u) => u.defaultOccupancy === null || u.defaultOccupancy <= u.occAdults + u.occChildren, {
    error: 'At most the persons the room holds',
    path: ['defaultOccupancy'],
  });
export type UnitBody = z.input<typeof unitBody>;

export const unitOptions = z.object({ roomKinds: z.array(roomKind) });

// ---------------------------------------------------------------------------------------------------------------
// Rate plans

const week = <T extends z.ZodType>(item: T, value: z.input<T>) =>
  z
    .array(item)
    .length(7, { error: 'Seven values, Monday first' })
    .default(Array.from({ length: 7 }, () => value) as never);

export const ratePlanOption = z.object({
  /** Persons (adults) this option is sold for. */
  occupancy: count(1, 50),
  /** The option's own rate, in the plan's currency; `null`: none set (derived from the primary). */
  rate: amount.nullable(),
  isPrimary: z.boolean(),
  /** Derived and auto modes: the steps from the primary's rate, `[modifier type, value]`, applied in order. */
  derivedOption: z.object({ rate: z.array(z.tuple([modifierType, amount])).max(10) }).default({ rate: [] }),
});
export type RatePlanOption = z.infer<typeof ratePlanOption>;

/** `'%'` or a currency code. */
const autoMode = z.string().refine((m) => m === '%' || isCurrency(m), { error: 'Use % or a currency' });
export const autoRateSettings = z.object({
  decreaseMode: autoMode,
  decreaseValue: amount,
  increaseMode: autoMode,
  increaseValue: amount,
  mode: autoMode,
});

const ratePlanFields = {
  title: z.string(),
  unitId: recordId,
  parentRatePlanId: recordId.nullable(),
  currency: z.string(),
  sellMode,
  rateMode,
  primaryOccupancy: z.number().int().nullable(),
  childrenFee: z.number(),
  infantFee: z.number(),
  mealType: ratePlanMealType,
  cancellationPolicyId: recordId.nullable(),
  options: z.array(ratePlanOption),
  autoRateSettings,
  inheritStopSell: z.boolean(),
  inheritRate: z.boolean(),
  inheritMinStayThrough: z.boolean(),
  inheritMinStayArrival: z.boolean(),
  inheritMaxStay: z.boolean(),
  inheritClosedToDeparture: z.boolean(),
  inheritClosedToArrival: z.boolean(),
  /** Seven values each, Monday first. 0: no maximum stay. */
  maxStay: z.array(z.number().int()),
  minStayArrival: z.array(z.number().int()),
  minStayThrough: z.array(z.number().int()),
  closedToArrival: z.array(z.boolean()),
  closedToDeparture: z.array(z.boolean()),
  stopSell: z.array(z.boolean()),
  /** Rooms this plan may sell a day at most; `null`: no cap. */
  maxSell: z.number().int().nullable(),
  /** Availability shown for this plan at most; `null`: no cap. */
  maxAvailability: z.number().int().nullable(),
  /** Rooms held back from the unit's availability (negative to oversell). */
  availabilityOffset: z.number().int(),
};

export const ratePlan = z.object({
  id: recordId,
  type: z.literal('ratePlan'),
  propertyId: recordId,
  ...ratePlanFields,
  updatedAt: z.string(),
});
export type RatePlan = z.infer<typeof ratePlan>;

export const ratePlanBody = z
  .object({
    propertyId: id,
    /** The unit (room type) it sells: the spec's roomTypeId. */
    unitId: id,
    title: z.string().trim().min(1, { error: 'required' }).max(200),
    parentRatePlanId: id.nullable().default(null),
    /** The property's currency (the only one its nightly prices are kept in); absent: that one. */
    currency: z.string().trim().toUpperCase().optional(),
    sellMode: sellMode.default('per_room'),
    rateMode: rateMode.default('manual'),
    primaryOccupancy: count(1, 50).nullable().default(null),
    childrenFee: amount.default(0),
    infantFee: amount.default(0),
    mealType: ratePlanMealType.default('room_only'),
    cancellationPolicyId: id.nullable().default(null),
    options: z.array(ratePlanOption).min(1, { error: 'required' }).max(50),
    autoRateSettings: autoRateSettings.default({
      decreaseMode: '%',
      decreaseValue: 0,
      increaseMode: '%',
      increaseValue: 0,
      mode: '%',
    }),
    inheritStopSell: z.boolean().default(false),
    inheritRate: z.boolean().default(false),
    inheritMinStayThrough: z.boolean().default(false),
    inheritMinStayArrival: z.boolean().default(false),
    inheritMaxStay: z.boolean().default(false),
    inheritClosedToDeparture: z.boolean().default(false),
    inheritClosedToArrival: z.boolean().default(false),
    maxStay: week(count(0, 365), 0),
    minStayArrival: week(count(1, 365), 1),
    minStayThrough: week(count(1, 365), 1),
    closedToArrival: week(z.boolean(), false),
    closedToDeparture: week(z.boolean(), false),
    stopSell: week(z.boolean(), false),
    maxSell: count(0, 10_000).nullable().default(null),
    maxAvailability: count(0, 10_000).nullable().default(null),
    availabilityOffset: count(-10_000, 10_000).default(0),
  })
  .refine((p) => p.options.filter((o) => o.isPrimary).length === 1, {
    error: 'Mark exactly one option as primary',
    path: ['options'],
  })
  .refine((p) => new Set(p.options.map((o) => o.occupancy)).size === p.options.length, {
    error: 'Each occupancy once',
    path: ['options'],
  })
  .refine((p) => p.inheritRate || p.options.find((o) => o.isPrimary)?.rate != null, {
    error: 'Give the primary option a rate',
    path: ['options'],
  })
  .refine((p) => p.rateMode === 'manual' || p.sellMode === 'per_person', {
    error: 'Derived and auto rates are for per-person plans',
    path: ['rateMode'],
  })
  .refine(
    (p) =>
      p.sellMode !== 'per_person' ||
      (p.primaryOccupancy !== null && p.options.find((o) => o.isPrimary)?.occupancy === p.primaryOccupancy),
    { error: 'The primary occupancy is the primary option’s', path: ['primaryOccupancy'] },
  )
  .refine(
    (p) =>
      p.options.every((o) =>
        o.derivedOption.rate.every(([type, value]) => type !== 'decrease_by_percent' || value <= 100),
      ),
    { error: 'A percentage decrease is at most 100', path: ['options'] },
  )
  .refine(
    (p) =>
      (p.autoRateSettings.decreaseMode !== '%' || p.autoRateSettings.decreaseValue <= 100) &&
      (p.autoRateSettings.mode !== '%' || p.autoRateSettings.decreaseValue <= 100),
    { error: 'A percentage decrease is at most 100', path: ['autoRateSettings', 'decreaseValue'] },
  )
  .refine((p) => p.maxStay.every((max, day) => max === 0 || max >= (p.minStayArrival[day] ?? 1)), {
    error: 'A maximum stay is not below the minimum',
    path: ['maxStay'],
  });
export type RatePlanBody = z.input<typeof ratePlanBody>;

export const ratePlanOptions = z.object({
  mealTypes: z.array(ratePlanMealType),
  sellModes: z.array(sellMode),
  rateModes: z.array(rateMode),
  modifierTypes: z.array(modifierType),
  /** The property's currency: a plan's prices are kept in it. */
  currencies: z.array(z.string()),
  cancellationPolicies: z.array(z.object({ id: recordId, title: z.string() })),
  /** Plans a plan may inherit from: the property's (of the unit asked, when one is). */
  parents: z.array(z.object({ id: recordId, title: z.string(), unitId: recordId })),
});

export const roomTypeRatePlans = z.object({
  roomTypes: z.array(
    z.object({
      id: recordId,
      title: z.string(),
      ratePlans: z.array(z.object({ id: recordId, title: z.string() })),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------------------

const BASE = '/api/v1/tern_hotels';
const staff = ['supplier', 'admin'] as const;
const page = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ROOMS_PAGE_SIZE).default(ROOMS_PAGE_SIZE),
};

export const roomsAndRatesArea = defineArea('roomsAndRates', {
  listUnits: endpoint({
    method: 'GET',
    path: `${BASE}/room_types`,
    summary:
      'A hotel’s units (room types), 100 a page in display order: continue while a full page comes back.',
    access: staff,
    owns: { propertyId: 'property' },
    query: z.object({ propertyId: id, ...page }),
    reply: 'list',
    response: listOf(unit),
    errors: [404],
  }),
  unitOptions: endpoint({
    method: 'GET',
    path: `${BASE}/room_types/options`,
    summary: 'What the unit form offers: the room kinds.',
    access: staff,
    reply: 'plain',
    response: unitOptions,
  }),
  getUnit: endpoint({
    method: 'GET',
    path: `${BASE}/room_types/{roomTypeId}`,
    summary: 'One unit (room type) of the hotel.',
    access: staff,
    owns: { propertyId: 'property', roomTypeId: 'unit' },
    params: z.object({ roomTypeId: id }),
    query: z.object({ propertyId: id }),
    reply: 'resource',
    response: unit,
    errors: [404],
  }),
  createUnit: endpoint({
    method: 'POST',
    path: `${BASE}/room_types`,
    summary:
      'Adds a unit (room type): its rooms are free for every day of the inventory window, so a rate plan of it sells at once.',
    access: staff,
    owns: { propertyId: 'property' },
    body: unitBody,
    reply: 'resource',
    response: unit,
    creates: true,
    errors: [400, 404],
  }),
  updateUnit: endpoint({
    method: 'PUT',
    path: `${BASE}/room_types/{roomTypeId}`,
    summary:
      'Saves a unit. A changed count of rooms changes the rooms free on coming days by the difference, never below none free: rooms booked stay booked.',
    access: staff,
    owns: { propertyId: 'property', roomTypeId: 'unit' },
    params: z.object({ roomTypeId: id }),
    body: unitBody,
    reply: 'resource',
    response: unit,
    errors: [400, 404],
  }),
  deleteUnit: endpoint({
    method: 'DELETE',
    path: `${BASE}/room_types/{roomTypeId}`,
    summary:
      'Removes a unit and its rate plans; refused (409) while a booking of it stands for a coming night, or when bookings keep it in their records.',
    access: staff,
    owns: { propertyId: 'property', roomTypeId: 'unit' },
    params: z.object({ roomTypeId: id }),
    query: z.object({ propertyId: id }),
    reply: 'empty',
    response: z.undefined(),
    errors: [404, 409],
  }),
  unitPhotos: endpoint({
    method: 'GET',
    path: `${BASE}/room_types/{roomTypeId}/photos`,
    summary:
      'A unit’s photos in their order (removed ones last, with no position); `logoUrl` is always `null` (a unit has no logo).',
    access: staff,
    owns: { roomTypeId: 'unit' },
    params: z.object({ roomTypeId: id }),
    reply: 'plain',
    response: propertyPhotos,
    errors: [404],
  }),
  saveUnitPhotos: endpoint({
    method: 'PUT',
    path: `${BASE}/room_types/{roomTypeId}/photos`,
    summary:
      'Saves a unit’s photos as the property’s are saved: their order (positions renumbered from 0), descriptions (required) and kinds, at most 100 shown; new ones are uploads of the unit’s property (`upload_image`); a saved photo left out or marked removed is kept as removed. The engine shows the unit’s shown photos at once, in this order.',
    access: staff,
    owns: { roomTypeId: 'unit' },
    params: z.object({ roomTypeId: id }),
    body: photosBody,
    reply: 'plain',
    response: propertyPhotos,
    errors: [400, 404],
  }),
  roomFacilityOptions: endpoint({
    method: 'GET',
    path: `${BASE}/room_facilities/options`,
    summary: 'The facilities a unit may list, by category (the grouped multi-select).',
    access: staff,
    reply: 'plain',
    response: facilityOptions,
  }),
  listRatePlans: endpoint({
    method: 'GET',
    path: `${BASE}/rate_plans`,
    summary: 'A unit’s rate plans, 100 a page: continue while a full page comes back.',
    access: staff,
    owns: { propertyId: 'property', roomTypeId: 'unit' },
    query: z.object({ propertyId: id, roomTypeId: id, ...page }),
    reply: 'list',
    response: listOf(ratePlan),
    errors: [404],
  }),
  ratePlanOptions: endpoint({
    method: 'GET',
    path: `${BASE}/rate_plans/options`,
    summary:
      'What the rate plan form offers: meal types, sell and rate modes, modifier types, the currency, the property’s cancellation policies and the plans a plan may inherit from.',
    access: staff,
    owns: { propertyId: 'property', roomTypeId: 'unit' },
    query: z.object({ propertyId: id, roomTypeId: id.optional() }),
    reply: 'plain',
    response: ratePlanOptions,
    errors: [404],
  }),
  getRatePlan: endpoint({
    method: 'GET',
    path: `${BASE}/rate_plans/{ratePlanId}`,
    summary: 'One rate plan.',
    access: staff,
    owns: { propertyId: 'property', ratePlanId: 'ratePlan' },
    params: z.object({ ratePlanId: id }),
    query: z.object({ propertyId: id }),
    reply: 'resource',
    response: ratePlan,
    errors: [404],
  }),
  createRatePlan: endpoint({
    method: 'POST',
    path: `${BASE}/rate_plans`,
    summary:
      'Adds a rate plan to a unit: its nightly price (from the primary option) and restrictions (the seven-day arrays, or the parent’s where inherited) are written for the inventory window, so it sells at once — to agencies whose contract covers every plan, or names it.',
    access: staff,
    owns: {
      propertyId: 'property',
      unitId: 'unit',
      parentRatePlanId: 'ratePlan',
      cancellationPolicyId: 'cancellationPolicy',
    },
    body: ratePlanBody,
    reply: 'resource',
    response: ratePlan,
    creates: true,
    errors: [400, 404],
  }),
  updateRatePlan: endpoint({
    method: 'PUT',
    path: `${BASE}/rate_plans/{ratePlanId}`,
    summary:
      'Saves a rate plan: a changed rate, fee-free restriction or inherited value is written to every coming night (the calendar’s day-by-day changes of that value are replaced), and passed on to the plans inheriting it.',
    access: staff,
    owns: {
      propertyId: 'property',
      ratePlanId: 'ratePlan',
      unitId: 'unit',
      parentRatePlanId: 'ratePlan',
      cancellationPolicyId: 'cancellationPolicy',
    },
    params: z.object({ ratePlanId: id }),
    body: ratePlanBody,
    reply: 'resource',
    response: ratePlan,
    errors: [400, 404],
  }),
  deleteRatePlan: endpoint({
    method: 'DELETE',
    path: `${BASE}/rate_plans/{ratePlanId}`,
    summary:
      'Removes a rate plan; refused (409) while plans inherit from it, a booking of it stands for a coming night, or bookings keep it in their records.',
    access: staff,
    owns: { propertyId: 'property', ratePlanId: 'ratePlan', roomTypeId: 'unit' },
    params: z.object({ ratePlanId: id }),
    query: z.object({ propertyId: id, roomTypeId: id.optional() }),
    reply: 'empty',
    response: z.undefined(),
    errors: [404, 409],
  }),
  roomTypeRatePlans: endpoint({
    method: 'GET',
    path: `${BASE}/properties/{id}/room_type_rate_plans`,
    summary: 'A hotel’s units, each with its rate plans (ids and titles), in display order.',
    access: staff,
    owns: { id: 'property' },
    params: z.object({ id }),
    reply: 'plain',
    response: roomTypeRatePlans,
    errors: [404],
  }),
});
