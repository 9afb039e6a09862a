import {
  type AvailabilityCell,
  type BulkEdit,
  bulkEditDays,
  bulkEditTargets,
  cellError,
  expandBulkEdit,
  type RateCell,
  validateBulkEdit,
} from '@tern/core/rates';
import type { bulkEditBody, InventoryChangeResult } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { fieldError, HttpError } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import type { Actor } from '../admin/audit.js';
import { recordChangeSet } from './changeSets.js';
import {
  applyAvailability,
  availabilityValues,
  checkRange,
  hotelOnly,
  inTransaction,
  notPast,
  ofProperty,
  rateValues,
  unitsAndPlans,
  writeRates,
} from './grid.js';

// A bulk edit: over a range and weekdays, for units and rate plans, set or move the price, set the
// rooms in all (never below what is booked), set restrictions. What it acts on, its days and the cells it changes
// are core's (`bulkEditTargets`, `bulkEditDays`, `expandBulkEdit`: the calendar page previews with the same),
// checked with core's rules (`validateBulkEdit`, `cellError`); this reads the values (locked when it writes) and
// writes the cells. A preview answers the same cells and changes nothing; an applied edit is one transaction,
// stored as a change set with what it replaced (for undo), and one entry of the audit trail. Called with an
// Idempotency-Key (the contract's `creates`), the key commits with the change: a retry replays it.

type Body = z.output<typeof bulkEditBody>;

/** Where each of core's form fields is in the body. */
const FIELD: Record<string, string> = {
  price: 'changes.price.value',
  availability: 'changes.availability',
  minStayArrival: 'changes.restrictions.minStayArrival',
  minStayThrough: 'changes.restrictions.minStayThrough',
  maxStay: 'changes.restrictions.maxStay',
  occupancyRates: 'changes.occupancyRates',
};

/**
 * Core's rules refuse the edit: 400 naming each field with `required` or `invalid_value` (the screens' message
 * key says which rule); the error's code is the field's when one field is wrong (an edit of nothing: `required`
 * on `changes`), else `invalid_input`.
 */
function refuse(errors: Record<string, string>, params?: { date: string; ratePlanId: string }): void {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  const code = (key: string) => (key === 'validation_messages.required' ? 'required' : 'invalid_value');
  const fields = entries.map(([name, key]) => fieldError(FIELD[name] ?? name, code(key), params));
  throw new HttpError(400, entries.length === 1 ? code(entries[0]![1]) : 'invalid_input', { fields });
}

/**
 * A plan night the edit would leave wrong (core's `cellError`): a maximum stay set below the night's minimum
 * arrival stay, or a minimum raised above its maximum. Named on the restriction the edit gives.
 */
function refuseRateCell(cell: RateCell, restrictions: Body['changes']['restrictions']): void {
  const touches = restrictions?.maxStay !== undefined || restrictions?.minStayArrival !== undefined;
  if (!touches || !cellError(cell)) return;
  const field = restrictions?.maxStay != null ? 'maxStay' : 'minStayArrival';
  refuse({ [field]: 'invalid' }, { date: cell.date, ratePlanId: cell.ratePlanId });
}

export async function editInventory(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  body: Body,
): Promise<InventoryChangeResult> {
  hotelOnly(property);
  refuse(validateBulkEdit(body));
  checkRange(body.from, body.to);
  const preview = body.preview === true;
  if (!preview) notPast(property, body.from, 'from', actor.clock.now());
  const { units, plans } = await unitsAndPlans(db, property.id);
  ofProperty(body.unitIds, new Set(units.map((u) => u.id)), 'unit_not_found');
  ofProperty(body.ratePlanIds, new Set(plans.map((p) => p.id)), 'rate_plan_not_found');
  const edit: BulkEdit = {
    ...body,
    ...bulkEditTargets(
      body,
      units,
      plans.map((p) => ({ id: p.id, unitId: p.unit_id })),
    ),
  };
  const days = bulkEditDays(edit);
  const { price, availability, restrictions, occupancyRates } = body.changes;
  const byOccupancy = Object.keys(occupancyRates ?? {}).length > 0;
  const touchesRates =
    price !== undefined || byOccupancy || Object.values(restrictions ?? {}).some((v) => v !== undefined);
  // Rates by occupancy price a manual per-person plan only (core's `occupancyRate`): others would keep them unused.
  if (byOccupancy) {
    const manual = new Set(
      plans.filter((p) => p.sell_mode === 'per_person' && p.rate_mode === 'manual').map((p) => p.id),
    );
    if (edit.ratePlanIds.some((id) => !manual.has(id))) refuse({ occupancyRates: 'invalid' });
  }

  const run = async (tx: Db): Promise<InventoryChangeResult> => {
    const [first, last] = [days[0], days[days.length - 1]];
    // Availability first, locked in (unit, date) order as bookings take it; then the plans' nights.
    const values = {
      availability:
        availability === undefined || !first || !last
          ? {}
          : await availabilityValues(tx, [...edit.unitIds].sort(), first, last, !preview),
      rates:
        !touchesRates || !first || !last
          ? {}
          : await rateValues(tx, [...edit.ratePlanIds], first, last, !preview),
    };
    const cells = expandBulkEdit(edit, values, property.currency);
    const availabilityCells = cells.filter((c): c is AvailabilityCell => c.kind === 'availability');
    const rateCells = cells.filter((c): c is RateCell => c.kind === 'rate');
    await applyAvailability(tx, availabilityCells, !preview);
    for (const c of rateCells) refuseRateCell(c, restrictions);
    if (!preview) await writeRates(tx, rateCells);
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
