import type { UndoResult } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import { conflict } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { type Actor, audit } from '../admin/audit.js';
import {
  type AvailabilityCell,
  type AvailabilityTarget,
  hotelOnly,
  inTransaction,
  type RateCell,
  setAvailability,
  writeRates,
} from './grid.js';

// Change sets: every applied bulk change is stored with each cell's value before and after, so the property's
// last one can be undone; each is one entry of the property's audit trail (never one per cell).

type Cell = AvailabilityCell | RateCell;

/** Stores an applied change and audits it, in the change's transaction. Returns its id. */
export async function recordChangeSet(
  tx: Db,
  actor: Actor,
  propertyId: string,
  kind: 'edit' | 'rows',
  change: {
    request: Record<string, unknown>;
    cells: Cell[];
    summary: { availability: number; rates: number };
  },
): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `insert into inventory_change_sets (property_id, user_id, kind, request, cells, created_at)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      propertyId,
      actor.auth?.user.id ?? null,
      kind,
      JSON.stringify(change.request),
      JSON.stringify(change.cells),
      actor.clock.now(),
    ],
  );
  await audit(tx, actor, {
    objectType: 'property',
    objectId: propertyId,
    action: kind === 'edit' ? 'inventory_edit' : 'inventory_rows',
    before: null,
    after: { changeSet: row!.id, ...change.request, ...change.summary },
  });
  return row!.id;
}

/**
 * Takes back the property's newest change set not yet undone: each cell as it was before it (availability
 * checked against what is booked now, as any availability change is). Refused when there is none.
 */
export async function undoLastChange(db: Db, actor: Actor, property: OwnedProperty): Promise<UndoResult> {
  hotelOnly(property);
  return inTransaction(db, async (tx) => {
    const last = await tx.one<{ id: string; cells: Cell[] }>(
      `select id, cells from inventory_change_sets where property_id = $1 and undone_at is null
        order by created_at desc, id desc limit 1 for update`,
      [property.id],
    );
    if (!last) throw conflict('nothing_to_undo');
    const back: AvailabilityTarget[] = [];
    const rates: RateCell[] = [];
    for (const cell of last.cells) {
      if (cell.kind === 'availability')
        back.push({ unitId: cell.unitId, date: cell.date, total: cell.from ?? 0 });
      else
        rates.push({
          kind: 'rate',
          ratePlanId: cell.ratePlanId,
          date: cell.date,
          from: cell.to,
          to: cell.from,
        });
    }
    const availability = await setAvailability(tx, back, true);
    await writeRates(tx, rates);
    await tx.query('update inventory_change_sets set undone_at = $2 where id = $1', [
      last.id,
      actor.clock.now(),
    ]);
    const summary = { availability: availability.length, rates: rates.length };
    await audit(tx, actor, {
      objectType: 'property',
      objectId: property.id,
      action: 'inventory_undo',
      before: null,
      after: { changeSet: last.id, ...summary },
    });
    return { changeSetId: last.id, cells: [...availability, ...rates], summary };
  });
}
