import * as z from 'zod';
import { id, isoDate, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';

// Tern's own inventory calendar (document 2 §2 inventory page, §7 `auth/one_time_token`, M22): a
// property's rooms free and booked per unit and night, and price and restrictions per rate plan and night;
// bulk edits over a range and weekdays with a preview and an undo; a year of rows in one call. The calendar
// opens in a frame with a one-time token bound to the property, exchanged for a calendar session. A bulk edit
// and an undo take an Idempotency-Key (`creates`): a retried edit is applied once.

/** The longest range one call reads or writes: a year. */
export const INVENTORY_MAX_DAYS = 366;
/** Rows of one bulk call: a year of 40 rate plans. */
export const INVENTORY_MAX_ROWS = 366 * 40;
/** Availability per unit and night at most (a hotel's rooms of one type). */
export const INVENTORY_MAX_ROOMS = 10_000;
export const INVENTORY_MAX_PRICE = 10_000_000;
/** Min and max stay: nights, at most a year. */
export const INVENTORY_MAX_STAY = 366;

/** 1 Monday … 7 Sunday (ISO, as core's `isoWeekday`). */
export const weekday = z.number().int().min(1).max(7);

const price = z.number().min(0).max(INVENTORY_MAX_PRICE);

/** Adults, as a key of `occupancyRates`: 1 to 99. */
export const OCCUPANCY_KEY = /^[1-9][0-9]?$/;
/**
 * A manual per-person plan's rates of a night by occupancy (adults → the room's rate for that many; the primary
 * occupancy's is the night's `price`). In a change, `null` removes an occupancy's rate (the option's own applies).
 */
export const occupancyRates = z.record(z.string().regex(OCCUPANCY_KEY), price);
export const occupancyRatesPatch = z.record(z.string().regex(OCCUPANCY_KEY), price.nullable());
const rooms = z.number().int().min(0).max(INVENTORY_MAX_ROOMS);
const stay = z.number().int().min(1).max(INVENTORY_MAX_STAY);

/** A night's restrictions of a rate plan (document 2 §3 rate plan). */
export const nightRestrictions = z.object({
  stopSell: z.boolean(),
  closedToArrival: z.boolean(),
  closedToDeparture: z.boolean(),
  minStayArrival: z.number().int(),
  minStayThrough: z.number().int(),
  /** `null`: no maximum. */
  maxStay: z.number().int().nullable(),
});
export type NightRestrictions = z.infer<typeof nightRestrictions>;

/** Restrictions to set: only the fields given change. */
export const restrictionsPatch = z.object({
  stopSell: z.boolean().optional(),
  closedToArrival: z.boolean().optional(),
  closedToDeparture: z.boolean().optional(),
  minStayArrival: stay.optional(),
  minStayThrough: stay.optional(),
  maxStay: stay.nullable().optional(),
});
export type RestrictionsPatch = z.infer<typeof restrictionsPatch>;

export const unitNight = z.object({
  date: z.string(),
  /** Rooms the hotel has that night: free + booked. */
  total: z.number().int(),
  booked: z.number().int(),
  free: z.number().int(),
});
export type UnitNight = z.infer<typeof unitNight>;

/** A value of a night a child plan can take from its parent: the price, or one of the restrictions. */
export const inheritedValue = z.enum([
  'price',
  'stopSell',
  'closedToArrival',
  'closedToDeparture',
  'minStayArrival',
  'minStayThrough',
  'maxStay',
]);
export type InheritedValue = z.infer<typeof inheritedValue>;

export const planNight = nightRestrictions.extend({
  date: z.string(),
  /**
   * The night's price (per room, or the primary occupancy's for `per_person`) as the engine sells it — a child
   * plan inheriting the rate shows its parent's with its modifier; `null` when none is set (not sellable).
   */
  price: z.number().nullable(),
  /**
   * The price for 1, 2, … adults (core's `occupancyNightPrice`, as the engine sells it), up to the plan's maximum;
   * `null` for an occupancy the plan does not sell; empty without a price.
   */
  byOccupancy: z.array(z.number().nullable()),
  /** A manual per-person plan's stored rates by occupancy that night (absent: none stored). */
  occupancyRates: occupancyRates.optional(),
  /** Rooms of this rate plan booked that night (bookings not cancelled). */
  sold: z.number().int(),
  /** What is left of the plan's max sell that night (max sell − sold, never below 0); `null` without a max sell. */
  maxSellLeft: z.number().int().nullable(),
});
export type PlanNight = z.infer<typeof planNight>;

export const inventoryCalendar = z.object({
  propertyId: recordId,
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  units: z.array(
    z.object({ id: recordId, title: z.string(), count: z.number().int(), nights: z.array(unitNight) }),
  ),
  ratePlans: z.array(
    z.object({
      id: recordId,
      unitId: recordId,
      title: z.string(),
      sellMode: z.enum(['per_room', 'per_person']),
      maxAdults: z.number().int(),
      /** How a per-person plan prices its occupancies; `manual` ones take rates by occupancy per night. */
      rateMode: z.enum(['manual', 'derived', 'auto']),
      /** Rooms the plan sells per night at most (document 2 §3), `null`: no cap. */
      maxSell: z.number().int().nullable(),
      /** A child plan's parent (R195), or `null`. */
      parentRatePlanId: recordId.nullable(),
      /**
       * What a child plan takes from its parent (its inherit flags): its nights show the parent's value there (as
       * the engine sells it), which the calendar does not edit. Empty for a plan of its own.
       */
      inherited: z.array(inheritedValue),
      nights: z.array(planNight),
    }),
  ),
});
export type InventoryCalendar = z.infer<typeof inventoryCalendar>;

/** How a bulk edit changes the price: set it, or move it by a percentage or an amount (never below 0). */
export const priceChange = z.object({
  op: z.enum([
    'set',
    'increase_by_percent',
    'decrease_by_percent',
    'increase_by_amount',
    'decrease_by_amount',
  ]),
  value: price,
});
export type PriceChange = z.infer<typeof priceChange>;

/**
 * What a bulk edit changes. An edit of nothing is refused by the server (400 `required` on `changes`), and its
 * other rules are core's `validateBulkEdit` (`core/src/rates/bulkEdit.ts`), which the page and the CLI check
 * before calling.
 */
export const inventoryChanges = z.object({
  price: priceChange.optional(),
  /** Rooms the hotel has of each unit on each night (free + booked); never below what is booked. */
  availability: rooms.optional(),
  restrictions: restrictionsPatch.optional(),
  /** A manual per-person plan's rates by occupancy to set (`null`: remove); other occupancies stay. */
  occupancyRates: occupancyRatesPatch.optional(),
});
export type InventoryChanges = z.infer<typeof inventoryChanges>;

export const inventoryRange = {
  from: isoDate,
  /** Included. */
  to: isoDate,
};

export const bulkEditBody = z
  .object({
    ...inventoryRange,
    /** Only these days of the week (1 Monday … 7 Sunday); every day when absent. */
    weekdays: z.array(weekday).min(1).max(7).optional(),
    /** Units whose availability changes (and whose plans' prices, without `ratePlanIds`); all when absent. */
    unitIds: z.array(id).min(1).max(200).optional(),
    /** Rate plans whose price and restrictions change; the chosen units' plans when absent. */
    ratePlanIds: z.array(id).min(1).max(500).optional(),
    changes: inventoryChanges,
    /** Say what would change, and change nothing. */
    preview: z.boolean().optional(),
  })
  .refine((b) => b.to >= b.from, { error: 'The range ends before it starts', path: ['to'] });
export type BulkEditBody = z.input<typeof bulkEditBody>;

const restrictionsOrNull = nightRestrictions
  .extend({ price: z.number().nullable(), occupancyRates: occupancyRates.optional() })
  .nullable();

/** One cell a change touched, before and after. */
export const changedCell = z.union([
  z.object({
    kind: z.literal('availability'),
    unitId: recordId,
    date: z.string(),
    booked: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int(),
  }),
  z.object({
    kind: z.literal('rate'),
    ratePlanId: recordId,
    date: z.string(),
    from: restrictionsOrNull,
    to: restrictionsOrNull,
  }),
]);
export type ChangedCell = z.infer<typeof changedCell>;

export const inventoryChangeResult = z.object({
  /** The stored change set (undo takes it back); `null` for a preview or a change of nothing. */
  changeSetId: recordId.nullable(),
  preview: z.boolean(),
  /** Cells whose value changes (unchanged cells are left out). */
  cells: z.array(changedCell),
  summary: z.object({ availability: z.number().int(), rates: z.number().int() }),
});
export type InventoryChangeResult = z.infer<typeof inventoryChangeResult>;

/** What the bulk rows changed, counted (the cells themselves are in the change set, for undo). */
export const bulkRowsResult = z.object({
  changeSetId: recordId.nullable(),
  summary: z.object({ availability: z.number().int(), rates: z.number().int() }),
});
export type BulkRowsResult = z.infer<typeof bulkRowsResult>;

export const undoResult = z.object({
  changeSetId: recordId,
  /**
   * The cells put back, each `from` what the change had made `to` what it was before (for a rows call, the
   * availability cells only: its rate nights are put back by the database and counted in `summary`).
   */
  cells: z.array(changedCell),
  summary: z.object({ availability: z.number().int(), rates: z.number().int() }),
});
export type UndoResult = z.infer<typeof undoResult>;

/** A row of the year-long bulk call: a rate plan's price and restrictions on a night. */
export const rateRow = z.object({
  ratePlanId: id,
  date: isoDate,
  /** Required for a night that has no price yet. */
  price: price.optional(),
  restrictions: restrictionsPatch.optional(),
  /** A manual per-person plan's rates by occupancy (`null`: remove one); those not given stay. */
  occupancyRates: occupancyRatesPatch.optional(),
});
export type RateRow = z.infer<typeof rateRow>;
/** A unit's availability on a night (rooms in all: free + booked). */
export const availabilityRow = z.object({ unitId: id, date: isoDate, availability: rooms });
export type AvailabilityRow = z.infer<typeof availabilityRow>;

/** At least one row of either list (the server refuses an empty call: 400 `required` on `rows`). */
export const bulkRowsBody = z.object({
  rows: z.array(rateRow).max(INVENTORY_MAX_ROWS).default([]),
  availability: z.array(availabilityRow).max(INVENTORY_MAX_ROWS).default([]),
});
export type BulkRowsBody = z.input<typeof bulkRowsBody>;

export const oneTimeToken = z.object({
  /** Shown once; single use, for `inventory.openCalendar` within `expiresIn` seconds. */
  token: z.string(),
  propertyId: recordId,
  expiresAt: z.string(),
  expiresIn: z.number().int(),
});
export type OneTimeToken = z.infer<typeof oneTimeToken>;

export const calendarSession = z.object({
  /** A session for the inventory calendar of this property only. */
  token: z.string(),
  propertyId: recordId,
  /**
   * The property's IANA time zone (`UTC` when it has none): the calendar's "today", first month and past days
   * are the property's, not the device's.
   */
  timezone: z.string(),
  expiresAt: z.string(),
});
export type CalendarSession = z.infer<typeof calendarSession>;

const INVENTORY = '/api/v1/tern_hotels/properties/{propertyId}/inventory';
const STAFF = ['supplier', 'admin'] as const;

export const inventoryArea = defineArea('inventory', {
  calendar: endpoint({
    method: 'GET',
    path: INVENTORY,
    summary:
      'The calendar from `from` to `to` (at most a year): per unit and night the rooms in all, booked and free; per rate plan and night the price (and per occupancy) and restrictions.',
    access: STAFF,
    owns: { propertyId: 'property', unitIds: 'unit', ratePlanIds: 'ratePlan' },
    params: z.object({ propertyId: id }),
    query: z
      .object({
        ...inventoryRange,
        unitIds: z.array(id).max(200).optional(),
        ratePlanIds: z.array(id).max(500).optional(),
      })
      .refine((q) => q.to >= q.from, { error: 'The range ends before it starts', path: ['to'] }),
    reply: 'plain',
    response: inventoryCalendar,
    errors: [400, 404],
  }),
  edit: endpoint({
    method: 'POST',
    path: `${INVENTORY}/edits`,
    summary:
      'A bulk edit over a range and weekdays: set or move prices, set availability (never below the rooms booked), set restrictions. Answers the cells it changed; with `preview` it changes nothing. Checked with the calendar page’s rules (core’s `validateBulkEdit`, `cellError`): a decrease over 100 %, or a maximum stay below a night’s minimum arrival stay, is 400 on its field. Audited once. With an `Idempotency-Key` (the SDK sends one per call and keeps it for its retries) a repeat is applied once: it replays the first reply (a “+10 %” never counts twice); the same key with another body is 409 `idempotency_key_reused`.',
    access: STAFF,
    owns: { propertyId: 'property', unitIds: 'unit', ratePlanIds: 'ratePlan' },
    params: z.object({ propertyId: id }),
    body: bulkEditBody,
    reply: 'plain',
    response: inventoryChangeResult,
    creates: true,
    errors: [400, 404, 409],
  }),
  undo: endpoint({
    method: 'POST',
    path: `${INVENTORY}/edits/undo`,
    summary:
      'Takes back the property’s last change set not yet undone (a bulk edit or bulk rows): each cell as it was. Refused when availability would fall below what was booked since. With an `Idempotency-Key`, a repeat replays the first reply instead of undoing the change before.',
    access: STAFF,
    owns: { propertyId: 'property' },
    params: z.object({ propertyId: id }),
    reply: 'plain',
    response: undoResult,
    creates: true,
    errors: [404, 409],
  }),
  putRows: endpoint({
    method: 'PUT',
    path: INVENTORY,
    summary:
      'Many rows at once (a year of every rate plan): prices and restrictions per rate plan and night, availability per unit and night, applied in one transaction or not at all.',
    access: STAFF,
    owns: { propertyId: 'property', 'rows[].ratePlanId': 'narrows', 'availability[].unitId': 'narrows' },
    params: z.object({ propertyId: id }),
    body: bulkRowsBody,
    reply: 'plain',
    response: bulkRowsResult,
    errors: [400, 404, 409],
  }),
  oneTimeToken: endpoint({
    method: 'POST',
    path: '/api/v1/tern_hotels/auth/one_time_token',
    summary:
      'A one-time token that opens the inventory calendar of the property: single use, for 60 seconds, bound to the property and the caller.',
    access: STAFF,
    owns: { propertyId: 'property' },
    body: z.object({ propertyId: id }),
    reply: 'plain',
    response: oneTimeToken,
    errors: [404],
  }),
  openCalendar: endpoint({
    method: 'POST',
    path: '/api/v1/tern_hotels/auth/one_time_token/session',
    summary:
      'Exchanges a one-time token for a calendar session of its property (the inventory calls of that property only). A used, expired or unknown token, or one of another property, is refused.',
    access: 'public',
    owns: { propertyId: 'narrows' },
    body: z.object({ token: z.string().min(1).max(200), propertyId: id }),
    reply: 'plain',
    response: calendarSession,
    errors: [401],
  }),
});
