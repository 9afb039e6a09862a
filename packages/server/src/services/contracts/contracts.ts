import { type ContractAction, contractSideOf, contractTransition } from '@tern/core/contracts';
import type { AgentRow, ContractRecord, contractCreateBody, DiscoverRow, ResellerDetails } from '@tern/sdk';
import type * as z from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { badRequest, conflict, forbidden, invalidField, notFound } from '../../http/errors.js';
import { ListFilter, listPage } from '../listQuery.js';
import { html, sendMail } from '../mail.js';
import { type Viewer, visibleTo } from '../visibility.js';
import { sellsPlan, storedRatePlans } from './plans.js';

// The contract lifecycle (document 1 §4): proposed by either side; the other side approves or declines; the
// proposer cancels; an approved contract can be terminated by either. One live (proposed or approved)
// contract per agency and property.

interface Row {
  id: string;
  status: ContractRecord['status'];
  initiator: 'reseller' | 'supplier';
  agency_id: string;
  agency_name: string;
  agency_email: string;
  property_id: string;
  property_title: string;
  property_email: string;
  property_currency: string;
  kind: 'accommodation' | 'vehicle';
  modifier_logic: ContractRecord['modifierLogic'];
  modifier_amount: string;
  rate_plan_ids: string[];
  request_message: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The tables a contract's row is read from (what a list counts over). */
const FROM = 'contracts c join agencies a on a.id = c.agency_id join properties p on p.id = c.property_id';

const SELECT = `
  select c.id, c.status, c.initiator, c.agency_id, a.name as agency_name, a.email as agency_email, c.property_id,
         p.title as property_title, p.email as property_email, p.currency as property_currency, p.kind,
         c.modifier_logic, c.modifier_amount,
         c.rate_plan_ids, c.request_message, c.created_at, c.updated_at
    from ${FROM}`;

/** Which contracts a viewer is a side of (`$1`). */
const sideOf = (viewer: Viewer) => visibleTo(viewer, 'c', '$1');

async function toRecords(db: Db, rows: Row[]): Promise<ContractRecord[]> {
  if (rows.length === 0) return [];
  const plans = await db.query<{
    property_id: string;
    unit_id: string;
    unit_title: string;
    plan_id: string;
    plan_title: string;
    max_adults: number;
    max_children: number;
    max_infants: number;
  }>(
    `select u.property_id, u.id as unit_id, u.title as unit_title, rp.id as plan_id, rp.title as plan_title,
            rp.max_adults, rp.max_children, rp.max_infants
       from rate_plans rp join units u on u.id = rp.unit_id
      where u.property_id = any($1) order by u.position, u.title, rp.position, rp.title`,
    [[...new Set(rows.map((r) => r.property_id))]],
  );
  return rows.map((r) => {
    const units = new Map<string, ContractRecord['roomRates'][number]>();
    for (const p of plans) {
      if (p.property_id !== r.property_id || !sellsPlan(r.rate_plan_ids, p.plan_id)) continue;
      const unit = units.get(p.unit_id) ?? { id: p.unit_id, title: p.unit_title, ratePlans: [] };
      unit.ratePlans.push({
        id: p.plan_id,
        title: p.plan_title,
        occupancy: { adults: p.max_adults, children: p.max_children, infants: p.max_infants },
      });
      units.set(p.unit_id, unit);
    }
    return {
      id: r.id,
      type: 'contract' as const,
      status: r.status,
      initiator: r.initiator,
      agentId: r.agency_id,
      agentName: r.agency_name,
      ternHotelName: r.property_title,
      channelId: r.property_id,
      propertyType: r.kind,
      modifierLogic: r.modifier_logic,
      modifierAmount: Number(r.modifier_amount),
      currency: r.property_currency,
      requestMessage: r.request_message,
      roomRates: [...units.values()],
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
}

export async function listContracts(
  db: Db,
  viewer: Viewer,
  q: {
    status: 'active' | 'pending';
    propertyId?: string | undefined;
    term?: string | undefined;
    page: number;
    limit: number;
  },
) {
  const side = sideOf(viewer);
  const filter = new ListFilter(
    [side.param, q.status === 'active' ? 'approved' : 'proposed'],
    [side.sql, 'c.status = $2'],
  )
    .when(q.propertyId, (p) => `c.property_id::text = ${p}`)
    .search(q.term, ['a.name', 'p.title']);
  return listPage(db, {
    select: SELECT,
    from: FROM,
    filter,
    order: 'c.updated_at desc, c.id',
    page: q.page,
    limit: q.limit,
    items: (rows: Row[]) => toRecords(db, rows),
  });
}

export async function discover(
  db: Db,
  viewer: Viewer,
  q: {
    term?: string | undefined;
    propertyType?: 'accommodation' | 'vehicle' | undefined;
    withoutContract?: boolean | undefined;
    page: number;
    limit: number;
  },
): Promise<{ items: DiscoverRow[]; meta: { page: number; limit: number; total: number } }> {
  const filter = new ListFilter([viewer.agencyId])
    .search(q.term, ['p.title', 'p.city', 'p.country'])
    .when(q.propertyType, (kind) => `p.kind = ${kind}`);
  if (q.withoutContract) filter.where('c.id is null');
  // The agency's live contract with each property ($1), which the "without contract" filter reads.
  const from = `properties p
       left join lateral (
         select id, status, initiator from contracts
          where property_id = p.id and agency_id = $1 and status in ('proposed', 'approved')
          order by created_at desc limit 1
       ) c on true`;
  return listPage(db, {
    select: `select p.id, p.title, p.email, p.country, p.phone, p.timezone, p.address, p.city, p.state, p.kind,
            c.id as contract_id, c.status as contract_status, c.initiator
       from ${from}`,
    from,
    filter,
    order: 'p.title, p.id',
    page: q.page,
    limit: q.limit,
    items: (rows: Record<string, unknown>[]) =>
      rows.map((r) => ({
        id: String(r.id),
        type: 'discover' as const,
        propertyId: String(r.id),
        name: String(r.title),
        email: String(r.email),
        country: String(r.country),
        phone: String(r.phone),
        timezone: String(r.timezone),
        address: String(r.address),
        city: String(r.city),
        state: (r.state as string | null) ?? null,
        propertyType: r.kind as 'accommodation' | 'vehicle',
        contract: r.contract_id
          ? {
              id: String(r.contract_id),
              status: r.contract_status as ContractRecord['status'],
              initiator: r.initiator as 'reseller' | 'supplier',
            }
          : null,
      })),
  });
}

const resellerColumns = `id, name, email, phone, address_1, city, zip_code, country, tax_id, government_id,
  legal_name, email_invoice`;

const toResellerDetails = (r: Record<string, string>): ResellerDetails => ({
  id: r.id!,
  type: 'reseller' as const,
  name: r.name!,
  email: r.email!,
  phone: r.phone!,
  address1: r.address_1!,
  city: r.city!,
  zipCode: r.zip_code!,
  country: r.country!,
  taxId: r.tax_id!,
  governmentId: r.government_id!,
  legalName: r.legal_name!,
  emailInvoice: r.email_invoice!,
});

export async function listResellers(
  db: Db,
  q: { term?: string | undefined; page: number; limit: number },
): Promise<{ items: ResellerDetails[]; meta: { page: number; limit: number; total: number } }> {
  return listPage(db, {
    select: `select ${resellerColumns} from agencies`,
    from: 'agencies',
    filter: new ListFilter().search(q.term, ['name']),
    order: 'name, id',
    page: q.page,
    limit: q.limit,
    items: (rows: Record<string, string>[]) => rows.map(toResellerDetails),
  });
}

/** One agency's details (suppliers choose and check whom they work with; admins). */
export async function getReseller(db: Db, id: string): Promise<ResellerDetails> {
  const row = await db.one<Record<string, string>>(`select ${resellerColumns} from agencies where id = $1`, [
    id,
  ]);
  if (!row) throw notFound('agency_not_found');
  return toResellerDetails(row);
}

async function one(db: Db, id: string): Promise<ContractRecord> {
  const rows = await db.query<Row>(`${SELECT} where c.id = $1`, [id]);
  return (await toRecords(db, rows))[0]!;
}

/** The property proposed for (the contract's `owns` checked that a supplier works at it). */
async function propertyFor(tx: Db, propertyId: string) {
  const p = await tx.one<{ id: string; title: string; email: string; kind: string }>(
    'select p.id, p.title, p.email, p.kind from properties p where p.id = $1',
    [propertyId],
  );
  if (!p) throw notFound('property_not_found');
  return p;
}

async function notify(tx: Db, clock: Clock, c: ContractRecord, to: string[], what: string) {
  for (const address of to.filter(Boolean)) {
    await sendMail(tx, {
      to: address,
      subject: `Contract between ${c.agentName} and ${c.ternHotelName}: ${what}`,
      text: `The contract between ${c.agentName} and ${c.ternHotelName} ${what}.\n`,
      html: html`<p>The contract between ${c.agentName} and ${c.ternHotelName} ${what}.</p>`,
      kind: 'contract',
      at: clock.now(),
    });
  }
}

/** Proposes a contract (document 1 §5): a reseller for their agency, a supplier for their property. */
export async function createContract(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  body: z.output<typeof contractCreateBody>,
  requestMessage: string | null = null,
): Promise<ContractRecord> {
  const id = await db.transaction(async (tx) => {
    const property = await propertyFor(tx, body.propertyId);
    if (property.kind !== body.propertyType) throw badRequest('property_kind_mismatch');
    const agencyId = viewer.role === 'reseller' ? viewer.agencyId : body.agentId;
    if (!agencyId) throw invalidField('agency_required', 'agentId');
    if (!(await tx.one('select 1 from agencies where id::text = $1', [agencyId])))
      throw notFound('agency_not_found');
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`contract:${agencyId}:${property.id}`]);
    const live = await tx.one(
      `select 1 from contracts where agency_id = $1 and property_id = $2 and status in ('proposed', 'approved')`,
      [agencyId, property.id],
    );
    if (live) throw conflict('contract_exists');
    if (property.kind === 'accommodation' && body.contract.ratePlanIds.length === 0)
      throw invalidField('no_rate_plans', 'contract.ratePlanIds');
    const plans = await tx.query<{ id: string }>('select id from rate_plans where property_id = $1', [
      property.id,
    ]);
    const known = new Set(plans.map((p) => p.id));
    const unknown = body.contract.ratePlanIds.filter((p) => !known.has(p));
    if (unknown.length) throw invalidField('rate_plan_not_property', 'contract.ratePlanIds');
    const row = await tx.one<{ id: string }>(
      `insert into contracts (agency_id, property_id, status, initiator, modifier_logic, modifier_amount, rate_plan_ids,
                              request_message, created_at, updated_at)
       values ($1, $2, 'proposed', $3, $4, $5, $6, $7, $8, $8) returning id`,
      [
        agencyId,
        property.id,
        viewer.role === 'supplier' ? 'supplier' : 'reseller',
        body.contract.modifierLogic,
        body.contract.modifierAmount,
        storedRatePlans(body.contract.ratePlanIds, [...known]),
        requestMessage,
        clock.now(),
      ],
    );
    const c = await one(tx, row!.id);
    const agency = await tx.one<{ email: string }>('select email from agencies where id = $1', [agencyId]);
    await notify(tx, clock, c, [viewer.role === 'supplier' ? agency!.email : property.email], 'was proposed');
    return row!.id;
  });
  return one(db, id);
}

/** A reseller asks a property for a contract on its standard terms (all plans, no modifier). */
export async function requestContract(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  body: { propertyId: string; requestMessage: string },
): Promise<ContractRecord> {
  const property = await propertyFor(db, body.propertyId);
  const plans = await db.query<{ id: string }>('select id from rate_plans where property_id = $1', [
    property.id,
  ]);
  if (plans.length === 0 && property.kind === 'accommodation') throw conflict('nothing_to_sell');
  return createContract(
    db,
    clock,
    viewer,
    {
      propertyId: property.id,
      propertyType: property.kind as 'accommodation' | 'vehicle',
      contract: {
        modifierLogic: 'increase_by_percent',
        modifierAmount: 0,
        ratePlanIds: plans.map((p) => p.id),
      },
    },
    body.requestMessage || null,
  );
}

type Action = ContractAction;
/** How the e-mail to the other side words each action. */
const WORDS: Record<Action, string> = {
  approve: 'was accepted',
  decline: 'was declined',
  cancel: 'was withdrawn',
  terminate: 'was terminated',
};

/** Moves a contract on (document 1 §4): core's lifecycle (`contractTransition`) decides against the caller's side. */
export async function actOnContract(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  id: string,
  action: Action,
): Promise<ContractRecord> {
  await db.transaction(async (tx) => {
    const side = sideOf(viewer);
    const row = await tx.one<Pick<Row, 'id' | 'status' | 'initiator'>>(
      `select c.id, c.status, c.initiator from contracts c where ${side.sql} and c.id::text = $2 for update`,
      [side.param, id],
    );
    if (!row) throw notFound('contract_not_found');
    const mine = contractSideOf(viewer.role);
    const step = contractTransition(row, action, mine);
    if (step.refusal === 'wrong_status')
      throw conflict('wrong_status', { status: row.status === 'approved' ? 'active' : row.status });
    if (step.refusal === 'other_side_answers') throw forbidden('other_side_answers');
    if (step.refusal === 'initiator_withdraws') throw forbidden('initiator_withdraws');
    await tx.query('update contracts set status = $2, updated_at = $3 where id = $1', [
      row.id,
      step.to,
      clock.now(),
    ]);
    const c = await one(tx, row.id);
    const emails = await tx.one<{ agency: string; property: string }>(
      `select a.email as agency, p.email as property from contracts c join agencies a on a.id = c.agency_id
         join properties p on p.id = c.property_id where c.id = $1`,
      [row.id],
    );
    await notify(tx, clock, c, [mine === 'reseller' ? emails!.property : emails!.agency], WORDS[action]);
  });
  return one(db, id);
}

/** The users of an agency, by name (the booker filter of its bookings list). */
export async function listAgents(
  db: Db,
  agencyId: string,
  q: { term?: string | undefined; page: number; limit: number },
): Promise<{ items: AgentRow[]; meta: { page: number; limit: number; total: number } }> {
  return listPage(db, {
    select: 'select id, name, email from users',
    from: 'users',
    filter: new ListFilter([agencyId], ['agency_id = $1']).search(q.term, ['name', 'email']),
    order: 'name, id',
    page: q.page,
    limit: q.limit,
    items: (rows: { id: string; name: string; email: string }[]) =>
      rows.map((r) => ({ id: r.id, type: 'agent' as const, name: r.name, email: r.email })),
  });
}
