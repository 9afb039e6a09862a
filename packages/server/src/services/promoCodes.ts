import { todayIn } from '@tern/core/dates';
import { isValidFromAllowed } from '@tern/core/promoCodes';
import type { ListMeta, PromoCode, promoCodeBody } from '@tern/sdk';
import type * as z from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/db.js';
import { conflict, invalidField } from '../http/errors.js';
import type { OwnedProperty } from '../http/ownership.js';
import { type Actor, audit } from './admin/audit.js';
import { ListFilter, listPage, orderBy } from './listQuery.js';
import { checkPromoStores } from './stores.js';

// Promo codes of a property (document 2 §2–§5, §8): listed, made and changed by its staff; taken by the store
// (later) through `takePromoCode`, whose conditional update never lets the usage pass the limit.

type Body = z.output<typeof promoCodeBody>;

interface PromoRow {
  id: string;
  property_id: string;
  name: string;
  code: string;
  code_type: PromoCode['codeType'];
  amount: number;
  usage_limit: number | null;
  usage_count: number;
  status: PromoCode['status'];
  valid_from: string | null;
  valid_to: string | null;
  applies_to: { store_id: string; gift_card_type_ids: string[] }[];
  created_at: Date;
  updated_at: Date;
}

const toPromo = (r: PromoRow): PromoCode => ({
  id: r.id,
  type: 'promoCode',
  propertyId: r.property_id,
  name: r.name,
  code: r.code,
  codeType: r.code_type,
  amount: Number(r.amount),
  usageLimit: r.usage_limit,
  usageCount: r.usage_count,
  status: r.status,
  validFrom: r.valid_from,
  validTo: r.valid_to,
  appliesTo: r.applies_to.map((a) => ({ storeId: a.store_id, giftCardTypeIds: a.gift_card_type_ids })),
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const COLUMNS = `id, property_id, name, code, code_type, amount, usage_limit, usage_count, status,
  valid_from, valid_to, applies_to, created_at, updated_at`;

/** The list's sort columns, by the contract's `orderBy`: names and codes in any case together. */
const PROMO_ORDER = { created_at: 'created_at', name: 'lower(name)', code: 'lower(code)' } as const;

export function listPromoCodes(
  db: Db,
  propertyId: string,
  query: {
    term?: string | undefined;
    page: number;
    limit: number;
    orderBy: 'created_at' | 'name' | 'code';
    orderDirection: 'asc' | 'desc';
  },
): Promise<{ items: PromoCode[]; meta: ListMeta }> {
  return listPage(db, {
    select: `select ${COLUMNS} from promo_codes`,
    from: 'promo_codes',
    filter: new ListFilter([propertyId], ['property_id = $1']).search(query.term, ['name', 'code']),
    order: orderBy(PROMO_ORDER, query.orderBy, query.orderDirection, 'id'),
    page: query.page,
    limit: query.limit,
    items: (rows: PromoRow[]) => rows.map(toPromo),
  });
}

export async function getPromoCode(db: Db, id: string): Promise<PromoCode> {
  return toPromo((await db.one<PromoRow>(`select ${COLUMNS} from promo_codes where id = $1`, [id]))!);
}

/** The checks the contract cannot make: the range against the property's today (the stores: `checkPromoStores`). */
function check(body: Body, property: OwnedProperty, clock: Clock, keptFrom: string | null): void {
  const today = todayIn(property.timezone, clock.now());
  if (body.validFrom && !isValidFromAllowed(body.validFrom, today, keptFrom))
    throw invalidField('valid_from_past', 'validFrom', { today });
}

function codeTaken(error: unknown): never {
  if ((error as { code?: string }).code === '23505') throw conflict('promo_code_taken');
  throw error;
}

const values = (b: Body) => [
  b.name,
  b.code,
  b.codeType,
  b.amount,
  b.usageLimit ?? null,
  b.status,
  b.validFrom,
  b.validTo,
  JSON.stringify(b.appliesTo.map((a) => ({ store_id: a.storeId, gift_card_type_ids: a.giftCardTypeIds }))),
];

/** What the trail follows of a code: its fields, not its timestamps. */
const trailOf = ({ createdAt: _c, updatedAt: _u, type: _t, ...fields }: PromoCode) => fields;

export async function createPromoCode(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  body: Body,
): Promise<PromoCode> {
  const clock = actor.clock;
  check(body, property, clock, null);
  await checkPromoStores(db, property.id, body.appliesTo);
  return db.transaction(async (tx) => {
    const row = await tx
      .one<PromoRow>(
        `insert into promo_codes (property_id, name, code, code_type, amount, usage_limit, status, valid_from, valid_to,
                                applies_to, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) returning ${COLUMNS}`,
        [property.id, ...values(body), clock.now()],
      )
      .catch(codeTaken);
    const made = toPromo(row!);
    await audit(tx, actor, {
      objectType: 'promoCode',
      objectId: made.id,
      action: 'create',
      before: null,
      after: trailOf(made),
    });
    return made;
  });
}

export async function updatePromoCode(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  id: string,
  body: Body,
): Promise<PromoCode> {
  const clock = actor.clock;
  return db.transaction(async (tx) => {
    const before = await tx.one<PromoRow>(`select ${COLUMNS} from promo_codes where id = $1 for update`, [
      id,
    ]);
    check(body, property, clock, before!.valid_from);
    await checkPromoStores(tx, property.id, body.appliesTo);
    if (body.usageLimit != null && body.usageLimit < before!.usage_count)
      throw invalidField('usage_limit_below_uses', 'usageLimit', { uses: before!.usage_count });
    const row = await tx
      .one<PromoRow>(
        `update promo_codes set name = $2, code = $3, code_type = $4, amount = $5, usage_limit = $6, status = $7,
                valid_from = $8, valid_to = $9, applies_to = $10, updated_at = $11
          where id = $1 returning ${COLUMNS}`,
        [id, ...values(body), clock.now()],
      )
      .catch(codeTaken);
    const after = toPromo(row!);
    await audit(tx, actor, {
      objectType: 'promoCode',
      objectId: id,
      action: 'update',
      before: trailOf(toPromo(before!)),
      after: trailOf(after),
    });
    return after;
  });
}

/**
 * Takes one use of a property's code for a purchase, in the purchase's transaction: active, within its range
 * on the property's `today`, under its limit — all in one conditional update, so concurrent purchases never
 * take more uses than the limit. `null` when the code cannot be used (unknown, inactive, out of range, used up).
 */
export async function takePromoCode(
  tx: Db,
  propertyId: string,
  code: string,
  today: string,
): Promise<PromoCode | null> {
  const row = await tx.one<PromoRow>(
    `update promo_codes set usage_count = usage_count + 1
      where property_id = $1 and lower(code) = lower($2) and status = 'active'
        and (valid_from is null or valid_from <= $3::date) and (valid_to is null or valid_to >= $3::date)
        and (usage_limit is null or usage_count < usage_limit)
      returning ${COLUMNS}`,
    [propertyId, code.trim(), today],
  );
  return row ? toPromo(row) : null;
}
