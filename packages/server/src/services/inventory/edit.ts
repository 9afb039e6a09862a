import { applyModifier, roundMoney } from '@tern/core';
import { type bulkEditBody, changesSomething, type InventoryChangeResult, type PriceChange } from '@tern/sdk';
import type { z } from 'zod';
import type { Db } from '../../db/db.js';
import { invalidField } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import type { Actor } from '../admin/audit.js';
import { recordChangeSet } from './changeSets.js';
import {
  type AvailabilityTarget,
  DEFAULT_RESTRICTIONS,
  daysOn,
  hotelOnly,
  inTransaction,
  notPast,
  ofProperty,
  type RateCell,
  type RateNight,
  rangeDays,
  rateNights,
  sameNight,
  setAvailability,
  unitsAndPlans,
  writeRates,
} from './grid.js';

// A bulk edit (issue 11): over a range and weekdays, for units and rate plans, set or move the price, set the
// rooms in all (never below what is booked), set restrictions. A preview answers the same cells and changes
// nothing; an applied edit is one transaction, stored as a change set with what it replaced (for undo), and
// one entry of the audit trail.

type Body = z.output<typeof bulkEditBody>;

/** The night's new price: set, or moved by a percentage or an amount with core's modifier rule (never below 0). */
export function changedPrice(price: number, change: PriceChange, currency: string): number {
  if (change.op === 'set') return roundMoney(change.value, currency);
  return roundMoney(
    applyModifier(price, { modifierLogic: change.op, modifierAmount: change.value }),
    currency,
  );
}

export async function editInventory(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  body: Body,
): Promise<InventoryChangeResult> {
  hotelOnly(property);
  if (!changesSomething(body.changes)) throw invalidField('required', 'changes');
  const preview = body.preview === true;
  const days = daysOn(rangeDays(body.from, body.to), body.weekdays);
  if (!preview) notPast(property, body.from, 'from', actor.clock.now());
  const { units, plans } = await unitsAndPlans(db, property.id);
  ofProperty(body.unitIds, new Set(units.map((u) => u.id)), 'unit_not_found');
  ofProperty(body.ratePlanIds, new Set(plans.map((p) => p.id)), 'rate_plan_not_found');
  // The units: those named, else those of the plans named, else all; the plans: those named, else the units'.
  const unitIds = body.unitIds
    ? body.unitIds
    : body.ratePlanIds
      ? [...new Set(plans.filter((p) => body.ratePlanIds!.includes(p.id)).map((p) => p.unit_id))]
      : units.map((u) => u.id);
  const planIds = body.ratePlanIds ?? plans.filter((p) => unitIds.includes(p.unit_id)).map((p) => p.id);
  const { price, availability, restrictions } = body.changes;
  const touchesRates =
    price !== undefined || (restrictions && Object.values(restrictions).some((v) => v !== undefined));

  const run = async (tx: Db): Promise<InventoryChangeResult> => {
    const targets: AvailabilityTarget[] =
      availability === undefined
        ? []
        : unitIds.flatMap((unitId) => days.map((date) => ({ unitId, date, total: availability })));
    const availabilityCells = await setAvailability(tx, targets, !preview);
    const rateCells: RateCell[] = [];
    if (touchesRates && days.length > 0) {
      const nights = await rateNights(tx, planIds, days[0]!, days[days.length - 1]!, !preview);
      for (const ratePlanId of planIds)
        for (const date of days) {
          const from = nights.get(`${ratePlanId}|${date}`) ?? null;
          // A night without a price gets one only by setting it; moving or restricting it has nothing to act on.
          if (!from && price?.op !== 'set') continue;
          const to: RateNight = {
            ...(from ?? { price: 0, ...DEFAULT_RESTRICTIONS }),
            ...Object.fromEntries(Object.entries(restrictions ?? {}).filter(([, v]) => v !== undefined)),
            price: price ? changedPrice(from?.price ?? 0, price, property.currency) : from!.price,
          };
          if (!sameNight(from, to)) rateCells.push({ kind: 'rate', ratePlanId, date, from, to });
        }
      if (!preview) await writeRates(tx, rateCells);
    }
    const cells = [...availabilityCells, ...rateCells];
    const summary = { availability: availabilityCells.length, rates: rateCells.length };
    const changeSetId =
      preview || cells.length === 0
        ? null
        : await recordChangeSet(tx, actor, property.id, 'edit', {
            request: {
              from: body.from,
              to: body.to,
              weekdays: body.weekdays ?? null,
              unitIds: body.unitIds ?? null,
              ratePlanIds: body.ratePlanIds ?? null,
              changes: body.changes,
            },
            cells,
            summary,
          });
    return { changeSetId, preview, cells, summary };
  };
  return preview ? run(db) : inTransaction(db, run);
}
