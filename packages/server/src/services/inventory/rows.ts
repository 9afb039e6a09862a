import { addDays, roundMoney, todayIn } from '@tern/core';
import { type BulkRowsResult, type bulkRowsBody, INVENTORY_MAX_DAYS } from '@tern/sdk';
import type { z } from 'zod';
import type { Db } from '../../db/db.js';
import { fieldError, HttpError, invalidField } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import type { Actor } from '../admin/audit.js';
import { recordChangeSet } from './changeSets.js';
import {
  DEFAULT_RESTRICTIONS,
  hotelOnly,
  inTransaction,
  type RateCell,
  type RateNight,
  rateNights,
  sameNight,
  setAvailability,
  unitsAndPlans,
  writeRates,
} from './grid.js';

// The year-long bulk call (issue 11): prices and restrictions per rate plan and night, availability per unit and
// night, for a whole property in one transaction — read what is there with one statement per table, write with
// one multi-row statement per table (PGlite: a thousand single-row inserts cost 40× one multi-row one).

type Body = z.output<typeof bulkRowsBody>;

/** A 404 naming the row whose id is not one of the property's. */
const notOurs = (code: 'unit_not_found' | 'rate_plan_not_found', field: string) =>
  new HttpError(404, code, { fields: [fieldError(field, code)] });

function span(dates: string[]): { from: string; to: string } {
  let from = dates[0]!;
  let to = from;
  for (const d of dates) {
    if (d < from) from = d;
    if (d > to) to = d;
  }
  return { from, to };
}

export async function putInventoryRows(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  body: Body,
): Promise<BulkRowsResult> {
  hotelOnly(property);
  if (body.rows.length + body.availability.length === 0) throw invalidField('required', 'rows');
  const today = todayIn(property.timezone, actor.clock.now());
  const { units, plans } = await unitsAndPlans(db, property.id);
  const unitIds = new Set(units.map((u) => u.id));
  const planIds = new Set(plans.map((p) => p.id));
  const seen = new Set<string>();
  const check = (list: 'rows' | 'availability', i: number, id: string, date: string) => {
    if (date < today) throw invalidField('inventory_day_past', `${list}.${i}.date`, { today });
    const k = `${id}|${date}`;
    if (seen.has(k)) throw invalidField('inventory_row_twice', `${list}.${i}.date`, { date });
    seen.add(k);
  };
  body.rows.forEach((r, i) => {
    if (!planIds.has(r.ratePlanId)) throw notOurs('rate_plan_not_found', `rows.${i}.ratePlanId`);
    check('rows', i, r.ratePlanId, r.date);
  });
  body.availability.forEach((a, i) => {
    if (!unitIds.has(a.unitId)) throw notOurs('unit_not_found', `availability.${i}.unitId`);
    check('availability', i, a.unitId, a.date);
  });
  const dates = [...body.rows.map((r) => r.date), ...body.availability.map((a) => a.date)];
  const { from, to } = span(dates);
  if (to > addDays(from, INVENTORY_MAX_DAYS - 1))
    throw invalidField('inventory_range_too_long', 'rows', { days: INVENTORY_MAX_DAYS });

  return inTransaction(db, async (tx) => {
    const availability = await setAvailability(
      tx,
      body.availability.map((a) => ({ unitId: a.unitId, date: a.date, total: a.availability })),
      true,
    );
    const rateCells: RateCell[] = [];
    if (body.rows.length > 0) {
      const range = span(body.rows.map((r) => r.date));
      const nights = await rateNights(
        tx,
        [...new Set(body.rows.map((r) => r.ratePlanId))],
        range.from,
        range.to,
        true,
      );
      body.rows.forEach((r, i) => {
        const was = nights.get(`${r.ratePlanId}|${r.date}`) ?? null;
        if (!was && r.price === undefined)
          throw invalidField('price_required', `rows.${i}.price`, { date: r.date });
        const patch = Object.fromEntries(
          Object.entries(r.restrictions ?? {}).filter(([, v]) => v !== undefined),
        );
        const night: RateNight = {
          ...(was ?? { price: 0, ...DEFAULT_RESTRICTIONS }),
          ...patch,
          price: r.price === undefined ? was!.price : roundMoney(r.price, property.currency),
        };
        if (!sameNight(was, night))
          rateCells.push({ kind: 'rate', ratePlanId: r.ratePlanId, date: r.date, from: was, to: night });
      });
      await writeRates(tx, rateCells);
    }
    const summary = { availability: availability.length, rates: rateCells.length };
    const cells = [...availability, ...rateCells];
    const changeSetId =
      cells.length === 0
        ? null
        : await recordChangeSet(tx, actor, property.id, 'rows', {
            request: { from, to, rows: body.rows.length, availabilityRows: body.availability.length },
            cells,
            summary,
          });
    return { changeSetId, summary };
  });
}
