import type { cancellationPolicyBody, hotelPolicyBody, PropertyPolicies } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../db/db.js';
import { conflict } from '../http/errors.js';
import { type Actor, audit } from './admin/audit.js';
import { policyFromRow } from './engine/load.js';

// A property's hotel and cancellation policies (document 2 §2 policies; document 1's policies as the engine
// shows and applies them). A cancellation policy that booked rooms were sold with is never changed in place:
// a save makes a new version, moves the rate plans to it and archives the old one, so what was booked stays.

type HotelPolicy = z.output<typeof hotelPolicyBody>;
type CancellationBody = z.output<typeof cancellationPolicyBody>;

export async function getPolicies(db: Db, propertyId: string): Promise<PropertyPolicies> {
  const property = (await db.one<{ currency: string; policy: Record<string, unknown> }>(
    'select currency, policy from properties where id = $1',
    [propertyId],
  ))!;
  const rows = await db.query<Record<string, unknown>>(
    `select cp.*, (select count(*) from rate_plans rp where rp.cancellation_policy_id = cp.id) as rate_plans
       from cancellation_policies cp where cp.property_id = $1 and not cp.archived order by cp.title, cp.id`,
    [propertyId],
  );
  const policy = property.policy;
  return {
    id: propertyId,
    type: 'policies',
    propertyPolicy:
      policy && Object.keys(policy).length > 0
        ? ({ ...policy, currency: property.currency } as PropertyPolicies['propertyPolicy'])
        : null,
    cancellationPolicies: rows.map((r) => ({
      ...policyFromRow(r, property.currency),
      ratePlans: Number(r.rate_plans),
    })),
  };
}

export async function updateHotelPolicy(
  db: Db,
  actor: Actor,
  propertyId: string,
  body: HotelPolicy,
): Promise<PropertyPolicies> {
  await db.transaction(async (tx) => {
    const before = await tx.one<{ policy: Record<string, unknown> }>(
      'select policy from properties where id = $1 for update',
      [propertyId],
    );
    await tx.query('update properties set policy = $2, updated_at = $3 where id = $1', [
      propertyId,
      JSON.stringify(body),
      actor.clock.now(),
    ]);
    await audit(tx, actor, {
      objectType: 'property',
      objectId: propertyId,
      action: 'update_hotel_policy',
      before: before?.policy ?? null,
      after: body,
    });
  });
  return getPolicies(db, propertyId);
}

const values = (b: CancellationBody) => [
  b.title,
  b.cancellationPolicyLogic,
  b.cancellationPolicyLogic === 'deadline' ? b.cancellationPolicyDeadline : null,
  b.cancellationPolicyLogic === 'deadline' ? b.cancellationPolicyDeadlineType : null,
  b.cancellationPolicyLogic === 'free' ? 0 : b.cancellationPolicyPenalty,
  b.cancellationPolicyMode,
  b.guaranteePaymentPolicy,
  b.guaranteePaymentPolicy === 'none' ? 0 : b.guaranteePaymentAmount,
];
const INSERT = `insert into cancellation_policies (property_id, title, logic, deadline, deadline_type, penalty, mode,
    guarantee_payment_policy, guarantee_payment_amount, created_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`;

export async function createCancellationPolicy(
  db: Db,
  actor: Actor,
  propertyId: string,
  body: CancellationBody,
): Promise<PropertyPolicies> {
  await db.transaction(async (tx) => {
    const row = await tx.one<{ id: string }>(INSERT, [propertyId, ...values(body), actor.clock.now()]);
    await audit(tx, actor, {
      objectType: 'property',
      objectId: propertyId,
      action: 'create_cancellation_policy',
      before: null,
      after: { id: row!.id, ...body },
    });
  });
  return getPolicies(db, propertyId);
}

export async function updateCancellationPolicy(
  db: Db,
  actor: Actor,
  propertyId: string,
  policyId: string,
  body: CancellationBody,
): Promise<PropertyPolicies> {
  await db.transaction(async (tx) => {
    const before = await tx.one<Record<string, unknown>>(
      'select * from cancellation_policies where id = $1 for update',
      [policyId],
    );
    const booked = await tx.one('select 1 from booking_rooms where cancellation_policy_id = $1 limit 1', [
      policyId,
    ]);
    if (booked) {
      // Rooms were sold with it: they keep this version; rate plans sell with the new one from now on.
      const next = await tx.one<{ id: string }>(INSERT, [propertyId, ...values(body), actor.clock.now()]);
      await tx.query('update rate_plans set cancellation_policy_id = $2 where cancellation_policy_id = $1', [
        policyId,
        next!.id,
      ]);
      await tx.query('update cancellation_policies set archived = true where id = $1', [policyId]);
    } else {
      await tx.query(
        `update cancellation_policies set title = $2, logic = $3, deadline = $4, deadline_type = $5, penalty = $6,
                mode = $7, guarantee_payment_policy = $8, guarantee_payment_amount = $9 where id = $1`,
        [policyId, ...values(body)],
      );
    }
    await audit(tx, actor, {
      objectType: 'property',
      objectId: propertyId,
      action: 'update_cancellation_policy',
      before: before,
      after: { ...before, ...body },
    });
  });
  return getPolicies(db, propertyId);
}

export async function deleteCancellationPolicy(
  db: Db,
  actor: Actor,
  propertyId: string,
  policyId: string,
): Promise<PropertyPolicies> {
  await db.transaction(async (tx) => {
    const used = await tx.one('select 1 from rate_plans where cancellation_policy_id = $1 limit 1', [
      policyId,
    ]);
    if (used) throw conflict('policy_in_use');
    const before = await tx.one<Record<string, unknown>>(
      'select * from cancellation_policies where id = $1',
      [policyId],
    );
    const booked = await tx.one('select 1 from booking_rooms where cancellation_policy_id = $1 limit 1', [
      policyId,
    ]);
    // Booked rooms keep their policy: it is archived, not deleted.
    if (booked) await tx.query('update cancellation_policies set archived = true where id = $1', [policyId]);
    else await tx.query('delete from cancellation_policies where id = $1', [policyId]);
    await audit(tx, actor, {
      objectType: 'property',
      objectId: propertyId,
      action: 'delete_cancellation_policy',
      before,
      after: null,
    });
  });
  return getPolicies(db, propertyId);
}
