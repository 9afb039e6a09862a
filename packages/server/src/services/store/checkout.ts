import { storeReceiptWords } from '@tern/core/store';
import {
  STORE_HOLD_MINUTES,
  type StoreCheckout,
  type StorePurchaseState,
  type StorePurchaseStatus,
  type storeCheckoutBody,
  type storePurchaseStatusQuery,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import type { RequestContext } from '../../http/context.js';
import { badRequest, conflict, fieldError, forbidden, HttpError, notFound } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { markPurchaseIssued } from '../giftCards/purchases.js';
import { sendMail, textToHtml } from '../mail.js';
import { followPayment, RefundInstead, storePageUrl, withFreshReference } from '../payments/follow.js';
import { paymentsOf } from '../payments/index.js';
import { type PublicStore, priceCart } from './catalog.js';

// The public store's checkout and its return (design.md "Money flow" 3 and 5; document 3 §5, §7). A checkout
// holds its cards — and its promo code's use — in ONE transaction: the types' rows locked in id order, the stock
// counted by the database's one definition (`gift_card_type_stock`: limit − issued − open holds), the cart priced
// by the catalogue's `priceCart`, the payment session made through the adapter. The provider's signed return is
// verified (constant time) and the provider asked for the payment's status; a paid one is settled once however
// often or concurrently it is sent (conditional updates on the checkout's status): the cards sold as one purchase
// per type (issued under the type's lock, mailed by the job `purchase.issue`), or — when a late payment finds the
// stock or the code's uses gone — the payment refunded.

type CheckoutBody = z.output<typeof storeCheckoutBody>;
type StatusQuery = z.output<typeof storePurchaseStatusQuery>;

/** What a checkout needs of its store and property. */
interface StoreRow {
  allow_pickup_at_hotel: boolean;
  terms_and_conditions: string;
  title: string;
  country: string;
}

const storeOf = async (db: Db, store: PublicStore) =>
  (await db.one<StoreRow>(
    `select s.allow_pickup_at_hotel, s.terms_and_conditions, p.title, p.country
       from stores s join properties p on p.id = s.property_id where s.id = $1`,
    [store.id],
  ))!;

/**
 * The store's rules the schema cannot know: its terms ticked when it has terms; each card's delivery offered —
 * a letter only when every type of the cart offers letters, a pickup only when every type and the store allow it.
 */
async function checkStoreRules(db: Db, store: PublicStore, body: CheckoutBody): Promise<StoreRow> {
  const row = await storeOf(db, store);
  if (row.terms_and_conditions.trim() !== '' && !body.termsAccepted)
    throw new HttpError(422, 'terms_not_accepted', {
      fields: [fieldError('termsAccepted', 'terms_not_accepted')],
    });
  const offers = await db.one<{ letter: boolean; pickup: boolean }>(
    `select coalesce(bool_and(offer_letter_delivery), false) as letter,
            coalesce(bool_and(offer_pickup_at_hotel), false) as pickup
       from gift_card_types where id = any($1::uuid[])`,
    [[...new Set(body.cards.map((c) => c.giftCardTypeId))]],
  );
  const offered = {
    email: true,
    letter: offers!.letter,
    pickup: offers!.pickup && row.allow_pickup_at_hotel,
  };
  const refused = body.cards.flatMap((card, i) =>
    offered[card.delivery] ? [] : [fieldError(`cards.${i}.delivery`, 'delivery_not_offered')],
  );
  if (refused.length) throw badRequest('delivery_not_offered', { fields: refused });
  return row;
}

/** The cards of each type a checkout asks for, in the types' id order (the order their rows are locked in). */
function quantities(cards: { giftCardTypeId: string }[]): { id: string; quantity: number }[] {
  const counts = new Map<string, number>();
  for (const c of cards) counts.set(c.giftCardTypeId, (counts.get(c.giftCardTypeId) ?? 0) + 1);
  return [...counts].map(([id, quantity]) => ({ id, quantity })).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Locks the types' rows in id order; the first that has fewer cards left than asked, or `null`. */
async function shortOf(
  tx: Db,
  items: { id: string; quantity: number }[],
  at: Date,
): Promise<{ id: string; title: string; stock: number; asked: number } | null> {
  const rows = await tx.query<{ id: string; title: string }>(
    'select id, title from gift_card_types where id = any($1::uuid[]) order by id for update',
    [items.map((i) => i.id)],
  );
  const stock = await tx.query<{ id: string; stock: number }>(
    'select id, gift_card_type_stock(id, $2) as stock from gift_card_types where id = any($1::uuid[])',
    [items.map((i) => i.id), at],
  );
  for (const item of items) {
    const left = stock.find((s) => s.id === item.id)?.stock ?? 0;
    if (left < item.quantity)
      return {
        id: item.id,
        title: rows.find((r) => r.id === item.id)?.title ?? '',
        stock: left,
        asked: item.quantity,
      };
  }
  return null;
}

const soldOut = (short: { id: string; title: string; stock: number; asked: number }) =>
  conflict('sold_out', {
    giftCardTypeId: short.id,
    title: short.title,
    stock: short.stock,
    asked: short.asked,
  });

/** The store's pages the provider sends the visitor back to, in the language they bought in (`?locale=`). */
const storeUrls = (ctx: RequestContext, store: PublicStore, locale: string) => ({
  returnUrl: storePageUrl(ctx, store.slug, 'confirmation', locale),
  cancelUrl: storePageUrl(ctx, store.slug, 'checkout', locale),
});

/** `store.checkout`: holds the cards for `STORE_HOLD_MINUTES` and answers where to pay. */
export async function checkoutStore(
  ctx: RequestContext,
  store: PublicStore,
  body: CheckoutBody,
): Promise<StoreCheckout> {
  const rules = await checkStoreRules(ctx.db, store, body);
  const payments = paymentsOf(ctx.config);
  const items = quantities(body.cards);
  const code = body.promoCode?.trim() ?? '';
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const short = await shortOf(tx, items, now);
    if (short) throw soldOut(short);
    // The code's row is locked after the types' (always in that order): its uses held are counted alone.
    if (code !== '')
      await tx.query(
        'select id from promo_codes where property_id = $1 and lower(code) = lower($2) for update',
        [store.propertyId, code],
      );
    // Priced under those locks: the code's uses left count the uses held by other open checkouts.
    const priced = await priceCart(tx, store, items, code || undefined, now);
    if (Math.abs(priced.total - body.expectedTotal) > 1e-9)
      throw conflict('price_changed', { total: priced.total, currency: priced.currency });
    const holdExpiresAt = new Date(now.getTime() + STORE_HOLD_MINUTES * 60_000);
    const checkout = await withFreshReference((reference) =>
      tx.one<{ id: string; reference_number: string }>(
        `insert into store_checkouts (reference_number, store_id, property_id, locale, promo_code_id, promo_code,
                currency, total, hold_expires_at, first_name, last_name, address, phone, phone_country_code, email,
                payment_provider, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)
         on conflict (reference_number) do nothing
         returning id, reference_number`,
        [
          reference,
          store.id,
          store.propertyId,
          body.locale,
          priced.promo?.id ?? null,
          priced.promo?.code ?? null,
          priced.currency,
          priced.total,
          holdExpiresAt,
          body.payer.firstName,
          body.payer.lastName,
          body.payer.address,
          body.payer.phone,
          body.payer.phoneCountryCode ?? null,
          body.payer.email,
          payments.adapter.name,
          now,
        ],
      ),
    );
    const line = new Map(priced.items.map((i) => [i.id, i]));
    await tx.query(
      `insert into store_checkout_cards (checkout_id, position, gift_card_type_id, delivery, name, email, info,
              delivery_name, delivery_address, delivery_zip_code, delivery_city, delivery_state, delivery_country,
              price, net_price, promo_applied)
       select $1, n, t, d, nm, e, i, dn, da, dz, dc, ds, dco, p, np, pa
         from unnest($2::int[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                     $10::text[], $11::text[], $12::text[], $13::text[], $14::numeric[], $15::numeric[], $16::bool[])
           as x(n, t, d, nm, e, i, dn, da, dz, dc, ds, dco, p, np, pa)`,
      [
        checkout.id,
        body.cards.map((_, i) => i + 1),
        body.cards.map((c) => c.giftCardTypeId),
        body.cards.map((c) => c.delivery),
        body.cards.map((c) => c.name),
        body.cards.map((c) => (c.delivery === 'email' ? (c.email ?? null) : null)),
        body.cards.map((c) => c.info ?? ''),
        ...(
          [
            'deliveryName',
            'deliveryAddress',
            'deliveryZipCode',
            'deliveryCity',
            'deliveryState',
            'deliveryCountry',
          ] as const
        ).map((f) => body.cards.map((c) => (c.delivery === 'letter' ? (c[f] ?? null) : null))),
        body.cards.map((c) => line.get(c.giftCardTypeId)!.price),
        body.cards.map((c) => line.get(c.giftCardTypeId)!.netPrice),
        body.cards.map((c) => line.get(c.giftCardTypeId)!.promoCodeApplied),
      ],
    );
    const session = await payments.adapter.createSession(
      tx,
      {
        referenceNumber: checkout.reference_number,
        propertyId: store.propertyId,
        amount: priced.total,
        currency: priced.currency,
        merchant: rules.title,
        locale: body.locale,
        expiresAt: holdExpiresAt,
        ...storeUrls(ctx, store, body.locale),
      },
      now,
    );
    await tx.query('update store_checkouts set payment_session_id = $2 where id = $1', [
      checkout.id,
      session.sessionId,
    ]);
    return {
      referenceNumber: checkout.reference_number,
      redirectUrl: session.redirectUrl,
      holdExpiresAt: holdExpiresAt.toISOString(),
      total: priced.total,
      currency: priced.currency,
    };
  });
}

interface CheckoutRow {
  id: string;
  reference_number: string;
  store_id: string;
  property_id: string;
  promo_code_id: string | null;
  status: StorePurchaseState;
  hold_expires_at: Date;
  total: string;
  currency: string;
  payment_session_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  /** The store's language the payer bought in: their receipt's and the recipients' card mails'. */
  locale: string;
  property_title: string;
}

const readCheckout = (db: Db, id: string) =>
  db.one<CheckoutRow>(
    `select c.id, c.reference_number, c.store_id, c.property_id, c.promo_code_id, c.status, c.hold_expires_at,
            c.total, c.currency, c.payment_session_id, c.first_name, c.last_name, c.email, c.phone, c.address,
            c.locale, p.title as property_title
       from store_checkouts c join properties p on p.id = c.property_id where c.id = $1`,
    [id],
  );

/** A checkout not finished: held, or expired or failed unpaid (a late payment may still settle it). */
const UNFINISHED = `status in ('held', 'expired', 'failed')`;

/** Moves an unfinished checkout to a final state (once: the update is conditional on its status). */
const finish = (db: Db, id: string, status: 'expired' | 'failed' | 'refunded', now: Date) =>
  db.query(
    `update store_checkouts set status = $2, finished_at = $3, updated_at = $3 where id = $1 and ${UNFINISHED}`,
    [id, status, now],
  );

/**
 * Checkouts whose hold ran out unpaid marked `expired` (housekeeping's sweep): only for the lists, since an
 * expired hold counts for no stock already. A payment that still comes back for one is settled or refunded.
 */
export async function expireStoreHolds(db: Db, clock: Clock): Promise<void> {
  const now = clock.now();
  await db.query(
    `update store_checkouts set status = 'expired', finished_at = $1, updated_at = $1
      where status = 'held' and hold_expires_at <= $1`,
    [now],
  );
}

/**
 * A paid checkout sold, in one transaction: the checkout paid (only from an unfinished state: a replay or a
 * concurrent return finds it paid and changes nothing), its cards' stock checked under the types' locks (its own
 * hold no longer counts once it is paid), the promo code's use taken if it still has one for it, one purchase per
 * type (source 'store', paid, its recipients with their deliveries) issued and queued for the job. Stock or the
 * code's use gone (a payment after the hold ran out): rolled back, then refunded (`followPayment`).
 */
async function settle(ctx: RequestContext, tx: Db, checkout: CheckoutRow, now: Date): Promise<void> {
  const mine = await tx.one<{ id: string }>(
    `update store_checkouts set status = 'paid', paid_at = $2, finished_at = $2, updated_at = $2
      where id = $1 and ${UNFINISHED} returning id`,
    [checkout.id, now],
  );
  if (!mine) return;
  const cards = await tx.query<CardLine>(
    `select l.gift_card_type_id, l.delivery, l.name, l.email, l.info, l.delivery_name, l.delivery_address,
            l.delivery_zip_code, l.delivery_city, l.delivery_state, l.delivery_country, l.net_price
       from store_checkout_cards l where l.checkout_id = $1 order by l.position`,
    [checkout.id],
  );
  if (await shortOf(tx, quantities(cards.map((c) => ({ giftCardTypeId: c.gift_card_type_id }))), now))
    throw new RefundInstead();
  if (checkout.promo_code_id) {
    const taken = await tx.one<{ id: string }>(
      `update promo_codes set usage_count = usage_count + 1, updated_at = $2
        where id = $1 and (usage_limit is null or usage_count + promo_code_held(id, $2) < usage_limit)
        returning id`,
      [checkout.promo_code_id, now],
    );
    if (!taken) throw new RefundInstead();
  }
  const property = (await tx.one<OwnedProperty>(
    `select id, kind, supplier_id as "supplierId", title, currency, timezone, null as "memberRole"
       from properties where id = $1`,
    [checkout.property_id],
  ))!;
  for (const typeId of [...new Set(cards.map((c) => c.gift_card_type_id))]) {
    const purchaseId = await insertPurchase(
      tx,
      checkout,
      typeId,
      cards.filter((c) => c.gift_card_type_id === typeId),
      now,
    );
    await markPurchaseIssued(tx, ctx, property, purchaseId);
    await deliveriesOnCards(tx, purchaseId);
  }
  await mailReceipt(tx, checkout, now);
}

interface CardLine {
  gift_card_type_id: string;
  delivery: 'email' | 'letter' | 'pickup';
  name: string;
  email: string | null;
  info: string;
  delivery_name: string | null;
  delivery_address: string | null;
  delivery_zip_code: string | null;
  delivery_city: string | null;
  delivery_state: string | null;
  delivery_country: string | null;
  net_price: string;
}

/** One purchase of a type's cards of a paid checkout: the payer buys, each card's recipient and delivery kept. */
async function insertPurchase(
  tx: Db,
  checkout: CheckoutRow,
  typeId: string,
  cards: CardLine[],
  now: Date,
): Promise<string> {
  // A letter or a pickup card is the payer's to hand on: it carries the payer's address.
  const recipients = cards.map((c) => ({
    name: c.name,
    email: c.email ?? checkout.email,
    delivery: c.delivery,
    info: c.info,
    ...(c.delivery === 'letter'
      ? {
          deliveryName: c.delivery_name,
          deliveryAddress: c.delivery_address,
          deliveryZipCode: c.delivery_zip_code,
          deliveryCity: c.delivery_city,
          deliveryState: c.delivery_state,
          deliveryCountry: c.delivery_country,
        }
      : {}),
  }));
  const net = Number(cards[0]!.net_price);
  const row = await withFreshReference((reference) =>
    tx.one<{ id: string }>(
      `insert into gift_card_purchases (generated_id, property_id, gift_card_type_id, status, quantity, net_price,
              total_amount, full_name, email, phone, address, recipients, paid_at, source, store_checkout_id,
              created_at, updated_at)
       values ($1, $2, $3, 'paid', $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, 'store', $13, $12, $12)
       on conflict (generated_id) do nothing
       returning id`,
      [
        reference,
        checkout.property_id,
        typeId,
        cards.length,
        net,
        cards.reduce((sum, c) => sum + Number(c.net_price), 0),
        `${checkout.first_name} ${checkout.last_name}`,
        checkout.email,
        checkout.phone,
        checkout.address,
        JSON.stringify(recipients),
        now,
        checkout.id,
      ],
    ),
  );
  return row.id;
}

/** Each card of a store purchase takes its source, its recipient's delivery, message and letter address. */
const deliveriesOnCards = (tx: Db, purchaseId: string) =>
  tx.query(
    `update gift_cards c
        set source_of_sale = 'store',
            send_by_letter = r.value->>'delivery' = 'letter',
            pickup_at_hotel = r.value->>'delivery' = 'pickup',
            notes = coalesce(r.value->>'info', ''),
            delivery_name = r.value->>'deliveryName', delivery_address = r.value->>'deliveryAddress',
            delivery_zip_code = r.value->>'deliveryZipCode', delivery_city = r.value->>'deliveryCity',
            delivery_state = r.value->>'deliveryState', delivery_country = r.value->>'deliveryCountry'
       from gift_card_purchases p, jsonb_array_elements(p.recipients) with ordinality as r(value, n)
      where p.id = $1 and c.purchase_id = p.id and c.row_key = 'purchase:' || p.id::text || ':' || r.n::text`,
    [purchaseId],
  );

/** A checkout's cards (`c`, of purchase `p`) in the order the visitor listed them. */
const CARD_ORDER = `(select min(l.position) from store_checkout_cards l
    where l.checkout_id = p.store_checkout_id and l.gift_card_type_id = p.gift_card_type_id), c.row_key collate "C"`;

/**
 * The payer's receipt, in the settling transaction (so once): every card with its number, recipient, delivery and
 * price, and the total. Each e-mail recipient gets their card with its PDF from the job `purchase.issue`.
 */
async function mailReceipt(tx: Db, checkout: CheckoutRow, now: Date): Promise<void> {
  const cards = await tx.query<{
    generated_id: string;
    title: string;
    name: string;
    net_price: string;
    send_by_letter: boolean;
    pickup_at_hotel: boolean;
    email: string;
  }>(
    `select c.generated_id, c.title, c.name, c.net_price, c.send_by_letter, c.pickup_at_hotel, c.email
       from gift_card_purchases p join gift_cards c on c.purchase_id = p.id
      where p.store_checkout_id = $1 order by ${CARD_ORDER}`,
    [checkout.id],
  );
  const words = storeReceiptWords(checkout.locale, {
    payerName: checkout.first_name,
    supplier: checkout.property_title,
    reference: checkout.reference_number,
    currency: checkout.currency,
    total: Number(checkout.total),
    cards: cards.map((c) => ({
      title: c.title,
      name: c.name,
      code: c.generated_id,
      price: Number(c.net_price),
      delivery: c.send_by_letter
        ? { kind: 'letter' as const }
        : c.pickup_at_hotel
          ? { kind: 'hotel' as const }
          : { kind: 'email' as const, email: c.email },
    })),
  });
  const text = words.lines.join('\n');
  await sendMail(tx, {
    to: checkout.email,
    subject: words.subject,
    text,
    html: textToHtml(text),
    kind: 'store_receipt',
    at: now,
  });
}

/** The state a checkout answers: paid until every purchase's cards are issued (mailed by the job). */
async function answerOf(db: Db, checkout: CheckoutRow, now: Date): Promise<StorePurchaseStatus> {
  let status = checkout.status;
  const cards =
    status === 'paid' || status === 'issued'
      ? await db.query<{
          generated_id: string;
          title: string;
          price: string;
          expiration_date: string | null;
          name: string;
          photo: string | null;
          country: string;
          send_by_letter: boolean;
          pickup_at_hotel: boolean;
          issued: boolean;
        }>(
          `select c.generated_id, t.title, c.price, to_char(c.expiration_date, 'YYYY-MM-DD') as expiration_date, c.name,
                  t.photos->>0 as photo, pr.country, c.send_by_letter, c.pickup_at_hotel,
                  p.issued_status = 'issued' as issued
             from gift_card_purchases p
             join gift_cards c on c.purchase_id = p.id
             join gift_card_types t on t.id = c.gift_card_type_id
             join properties pr on pr.id = c.property_id
            where p.store_checkout_id = $1
            order by ${CARD_ORDER}`,
          [checkout.id],
        )
      : [];
  if (status === 'paid' && cards.length > 0 && cards.every((c) => c.issued)) {
    status = 'issued';
    await db.query(
      `update store_checkouts set status = 'issued', updated_at = $2 where id = $1 and status = 'paid'`,
      [checkout.id, now],
    );
  }
  return {
    referenceNumber: checkout.reference_number,
    status,
    propertyTitle: checkout.property_title,
    total: Number(checkout.total),
    currency: checkout.currency,
    cards:
      status === 'issued'
        ? cards.map((c) => ({
            generatedId: c.generated_id,
            name: c.title,
            price: Number(c.price),
            expirationDate: c.expiration_date,
            nameOfPerson: c.name,
            photoUrl: c.photo,
            currency: checkout.currency,
            country: c.country,
            delivery: c.send_by_letter ? 'letter' : c.pickup_at_hotel ? 'pickup' : 'email',
          }))
        : [],
  };
}

/**
 * `store.purchaseStatus`: the provider's signed return verified first (403 `signature_invalid`, nothing
 * changed); then the provider asked where the payment stands: paid → settled (once), declined → failed, an open
 * or expired session after the hold → expired, else still held.
 */
export async function storePurchaseStatus(
  ctx: RequestContext,
  store: PublicStore,
  query: StatusQuery,
): Promise<StorePurchaseStatus> {
  const payments = paymentsOf(ctx.config);
  if (!payments.adapter.verifyReturn(query)) throw forbidden('signature_invalid');
  const found = await ctx.db.one<{ id: string }>(
    'select id from store_checkouts where reference_number = $1 and property_id = $2 and store_id = $3',
    [query.referenceNumber, query.propertyId, store.id],
  );
  if (!found) throw notFound('not_found');
  let checkout = (await readCheckout(ctx.db, found.id))!;
  const unfinished = ['held', 'expired', 'failed'].includes(checkout.status);
  if (unfinished && checkout.payment_session_id) {
    const row = checkout;
    await followPayment(
      ctx,
      {
        sessionId: row.payment_session_id!,
        holdExpiresAt: new Date(row.hold_expires_at),
        held: row.status === 'held',
      },
      {
        settle: (tx, now) => settle(ctx, tx, row, now),
        refunded: async (tx, now) =>
          (await tx.one(
            `update store_checkouts set status = 'refunded', paid_at = $2, finished_at = $2, updated_at = $2
              where id = $1 and ${UNFINISHED} returning id`,
            [row.id, now],
          )) !== null,
        finish: (db, status, now) => finish(db, row.id, status, now),
      },
    );
    checkout = (await readCheckout(ctx.db, found.id))!;
  }
  return answerOf(ctx.db, checkout, ctx.clock.now());
}
