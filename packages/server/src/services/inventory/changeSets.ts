import { type RateCell, undoChanges } from '@tern/core/rates';
import type { ChangedCell, UndoResult } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import { conflict } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { type Actor, audit } from '../admin/audit.js';
import { hotelOnly, inTransaction, setAvailability, writeRates } from './grid.js';

// Change sets: every applied bulk change is stored with each cell's value before and after, so the property's
// last one can be undone (by core's `undoChanges`, the inverse the calendar page shows); each is one entry of the
// property's audit trail (never one per cell).

type Cell = ChangedCell;

/** Stores a change set (before its cells are all known, for the rows call); `auditChange` records it. */
export async function newChangeSet(
  tx: Db,
  actor: Actor,
  propertyId: string,
  kind: 'edit' | 'rows',
  change: { request: Record<string, unknown>; cells: Cell[] },
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
  return row!.id;
}

/** The change set's one entry in the property's audit trail. */
export async function auditChange(
  tx: Db,
  actor: Actor,
  propertyId: string,
  kind: 'edit' | 'rows',
  id: string,
  change: { request: Record<string, unknown>; summary: { availability: number; rates: number } },
): Promise<void> {
  await audit(tx, actor, {
    objectType: 'property',
    objectId: propertyId,
    action: kind === 'edit' ? 'inventory_edit' : 'inventory_rows',
    before: null,
    after: { changeSet: id, ...change.request, ...change.summary },
  });
}

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
  const id = await newChangeSet(tx, actor, propertyId, kind, change);
  await auditChange(tx, actor, propertyId, kind, id, change);
  return id;
}

/** Puts back the rate nights a rows call replaced (kept by the database); answers how many. */
async function restoreRows(tx: Db, changeSetId: string): Promise<number> {
  await tx.query(
    `insert into rate_prices (rate_plan_id, date, price, min_stay_arrival, min_stay_through, max_stay,
                              closed_to_arrival, closed_to_departure, stop_sell, occupancy_rates)
     select c.rate_plan_id, c.date, c.price, c.min_stay_arrival, c.min_stay_through, c.max_stay,
            c.closed_to_arrival, c.closed_to_departure, c.stop_sell, c.occupancy_rates
       from inventory_change_rates c
       join rate_plans rp on rp.id = c.rate_plan_id
      where c.change_set_id = $1 and c.existed
     on conflict (rate_plan_id, date) do update set
       price = excluded.price, min_stay_arrival = excluded.min_stay_arrival,
       min_stay_through = excluded.min_stay_through, max_stay = excluded.max_stay,
       closed_to_arrival = excluded.closed_to_arrival, closed_to_departure = excluded.closed_to_departure,
       stop_sell = excluded.stop_sell, occupancy_rates = excluded.occupancy_rates`,
    [changeSetId],
  );
  await tx.query(
    `delete from rate_prices r using inventory_change_rates c
      where c.change_set_id = $1 and not c.existed and r.rate_plan_id = c.rate_plan_id and r.date = c.date`,
    [changeSetId],
  );
  const n = await tx.one<{ n: number }>(
    'select count(*)::int as n from inventory_change_rates where change_set_id = $1',
    [changeSetId],
  );
  return n?.n ?? 0;
}

/**
 * Takes back the property's newest change set not yet undone: each cell as it was before it (availability
 * checked against what is booked now, as any availability change is). Refused when there is none.
 */
export async function undoLastChange(db: Db, actor: Actor, property: OwnedProperty): Promise<UndoResult> {
  hotelOnly(property);
  return inTransaction(db, async (tx) => {
    const last = await tx.one<{ id: string; kind: 'edit' | 'rows'; cells: Cell[] }>(
      `select id, kind, cells from inventory_change_sets where property_id = $1 and undone_at is null
        order by created_at desc, id desc limit 1 for update`,
      [property.id],
    );
    if (!last) throw conflict('nothing_to_undo');
    // The inverse change set; availability is set back against what is booked now (as any availability change).
    const inverse = undoChanges(last.cells);
    const back = inverse.flatMap((c) =>
      c.kind === 'availability' ? [{ unitId: c.unitId, date: c.date, total: c.to }] : [],
    );
    const rates = inverse.filter((c): c is RateCell => c.kind === 'rate');
    const availability = await setAvailability(tx, back, true);
    await writeRates(tx, rates);
    const restored = last.kind === 'rows' ? await restoreRows(tx, last.id) : 0;
    await tx.query('update inventory_change_sets set undone_at = $2 where id = $1', [
      last.id,
      actor.clock.now(),
    ]);
    const summary = { availability: availability.length, rates: rates.length + restored };
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
