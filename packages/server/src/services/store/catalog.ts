import { roundMoney } from '@tern/core/bookingEngine';
import { todayIn } from '@tern/core/dates';
import { type PromoAppliesTo, promoAppliesTo, promoNetPrice, promoUsable } from '@tern/core/promoCodes';
import {
  type CartPrices,
  type CartPricesBody,
  GIFT_CARD_MULTI,
  giftCardDiscountOf,
  type PromoCodeType,
  type Storefront,
  type StorefrontType,
} from '@tern/sdk';
import { type Db, prepared } from '../../db/db.js';
import { fieldError, HttpError } from '../../http/errors.js';
import type { OwnedTypes } from '../../http/ownership.js';
import { hotelNamesOf, planHotelsSql } from '../stores.js';
import { sanitiseRichText } from './richText.js';

// The public store's catalogue (document 3 §1, §2.1–§2.2, §3 "Store settings", "Cart item", §5 Cart): a store's
// look and property with the published types it sells in its order, one type, and a cart priced as the server
// sees it now. `priceCart` is the one pricing of a cart: the checkout prices with it too, in its transaction.
// Stock and a promo code's uses count what open checkouts hold at the server's instant (migration 059's
// `gift_card_type_stock` and `promo_code_held`, the one definition the checkout reads too).

/** A store as ownership resolved it (an active store, found by its slug in any case). */
export type PublicStore = OwnedTypes['publicStore'];

/** Uses of the promo code `c` taken or held by open checkouts at the instant `at` (against its `usage_limit`). */
const promoUsesSql = (c: string, at: string): string => `${c}.usage_count + promo_code_held(${c}.id, ${at})`;

interface TypeRow {
  id: string;
  giftcard_type: 0 | 1 | 2;
  title: string;
  description: string;
  price: string | number;
  net_price: string | number | null;
  stock: number;
  expiration_type: 0 | 1;
  expiration_duration: number | null;
  expiration_unit: StorefrontType['expirationDurationUnit'];
  absolute_expiration_date: string | null;
  length_of_stay: number | null;
  offer_letter_delivery: boolean;
  offer_pickup_at_hotel: boolean;
  photos: string[];
  priority: number;
  property_title: string;
  plan_hotels: string[];
}

/**
 * The published types store `$1` sells, in its order, with their stock at the instant `$2` (migration 060's
 * `gift_card_types_stock`, one pass for them all); `only` narrows them to the ids of a parameter. One statement,
 * its hotel names included (the rate plans' hotels are read for multi-property types only: `hotelNamesOf` names
 * the others without them); the storefront nests it as JSON.
 */
const typesSql = (only?: string) => `
  with sold as (
    select t.id, t.giftcard_type, x.priority
      from store_gift_card_types x join gift_card_types t on t.id = x.gift_card_type_id
     where x.store_id = $1 and t.status = 'published'${only ? ` and t.id = any(${only}::uuid[])` : ''})
  select t.id, t.giftcard_type, t.title, t.description, t.price, t.net_price, s.stock, t.expiration_type,
         t.expiration_duration, t.expiration_unit,
         to_char(t.absolute_expiration_date, 'YYYY-MM-DD') as absolute_expiration_date, t.length_of_stay,
         t.offer_letter_delivery, t.offer_pickup_at_hotel, t.photos, sold.priority, p.title as property_title,
         coalesce(h.plan_hotels, '{}') as plan_hotels
    from sold
    join gift_card_types t on t.id = sold.id
    join gift_card_types_stock(array(select id from sold), $2) s on s.gift_card_type_id = t.id
    join properties p on p.id = t.property_id
    left join (${planHotelsSql(`select id from sold where giftcard_type = ${GIFT_CARD_MULTI}`)}) h on h.gift_card_type_id = t.id
   order by sold.priority, t.id`;

function toType(r: TypeRow): StorefrontType {
  const price = Number(r.price);
  const netPrice = r.net_price === null ? price : Number(r.net_price);
  return {
    id: r.id,
    type: 'storefrontType',
    giftcardType: r.giftcard_type,
    title: r.title,
    description: sanitiseRichText(r.description),
    price,
    netPrice,
    discount: giftCardDiscountOf(price, r.net_price === null ? null : netPrice),
    stock: r.stock,
    expirationType: r.expiration_type,
    expirationDuration: r.expiration_duration,
    expirationDurationUnit: r.expiration_unit,
    absoluteExpirationDate: r.absolute_expiration_date,
    lengthOfStay: r.length_of_stay,
    offerLetterDelivery: r.offer_letter_delivery,
    offerPickupAtHotel: r.offer_pickup_at_hotel,
    photos: r.photos.map((url, position) => ({ url, position })),
    hotelNames: hotelNamesOf(r),
    priority: r.priority,
  };
}

interface StorefrontRow {
  name: string;
  slug: string;
  allow_pickup_at_hotel: boolean;
  allow_pickup_at_hotel_info: string;
  allow_cancellation: boolean;
  logo: string | null;
  photo: string | null;
  banner_title: string;
  banner_paragraph: string;
  title_font: Storefront['settings']['titleFont'];
  text_font: Storefront['settings']['textFont'];
  tag_color: string;
  corner_style: Storefront['settings']['cornerStyle'];
  ga_tracking_id: string;
  terms_and_conditions: string;
  property_title: string;
  currency: string;
  country: string;
  store_icelandic_only: boolean;
  types: TypeRow[];
}

const urlOf = (file: string | null) => (file ? `/photos/${file}` : null);

/**
 * The storefront's statement, prepared: a connection plans it once (planning it took about as long as running
 * it for a store of 200 types). `$1` the store, `$2` the instant.
 */
const storefrontSql = prepared(
  `select s.name, s.slug, s.allow_pickup_at_hotel, s.allow_pickup_at_hotel_info, s.allow_cancellation, s.logo,
          s.photo, s.banner_title, s.banner_paragraph, s.title_font, s.text_font, s.tag_color, s.corner_style,
          s.ga_tracking_id, s.terms_and_conditions, p.title as property_title, p.currency, p.country,
          p.store_icelandic_only,
          (select coalesce(json_agg(q), '[]') from (${typesSql()}) q) as types
     from stores s join properties p on p.id = s.property_id
    where s.id = $1`,
  { readOnly: true },
);
/** Some of a store's types (`$3`, ids) at the instant `$2`, prepared likewise. */
const someTypesSql = prepared(typesSql('$3'), { readOnly: true });

/** The storefront (`store.get`): the store, its look, its property and its types with their stock, in one statement. */
export async function getStorefront(db: Db, store: PublicStore, now: Date): Promise<Storefront> {
  const r = await db.one<StorefrontRow>(storefrontSql, [store.id, now]);
  if (!r) throw new HttpError(404, 'store_not_found');
  return {
    store: {
      id: store.id,
      name: r.name,
      slug: r.slug,
      allowPickupAtHotel: r.allow_pickup_at_hotel,
      allowPickupAtHotelInfo: r.allow_pickup_at_hotel_info,
      allowCancellation: r.allow_cancellation,
    },
    settings: {
      logoUrl: urlOf(r.logo),
      photoUrl: urlOf(r.photo),
      bannerTitle: r.banner_title,
      bannerParagraph: r.banner_paragraph,
      titleFont: r.title_font,
      textFont: r.text_font,
      tagColor: r.tag_color,
      cornerStyle: r.corner_style,
      gaTrackingId: r.ga_tracking_id,
      termsAndConditions: r.terms_and_conditions,
    },
    property: {
      id: store.propertyId,
      title: r.property_title,
      currency: r.currency,
      country: r.country,
      icelandicOnly: r.store_icelandic_only,
    },
    types: r.types.map(toType),
  };
}

/** The types of `ids` store sells (published), by id. */
async function typesOf(
  db: Db,
  store: PublicStore,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, StorefrontType>> {
  const rows = await db.query<TypeRow>(someTypesSql, [store.id, now, [...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, toType(r)]));
}

/** One type the store sells (`store.type`); ownership has answered 404 for any other. */
export async function getStorefrontType(
  db: Db,
  store: PublicStore,
  typeId: string,
  now: Date,
): Promise<StorefrontType> {
  const type = (await typesOf(db, store, [typeId], now)).get(typeId);
  if (!type) throw new HttpError(404, 'gift_card_type_not_found');
  return type;
}

interface PromoRow {
  id: string;
  code: string;
  code_type: PromoCodeType;
  amount: string | number;
  status: 'active' | 'inactive';
  valid_from: string | null;
  valid_to: string | null;
  usage_limit: number | null;
  uses: number;
  applies_to: { store_id: string; gift_card_type_ids: string[] }[];
  currency: string;
  timezone: string;
}

/** A code the store's visitor typed: refused on its field, with the one code for every reason (document 3 §5). */
const promoInvalid = () =>
  new HttpError(422, 'promo_code_invalid', { fields: [fieldError('promoCode', 'promo_code_invalid')] });

/** A promo code the store may take now, applied to a cart. */
export interface CartPromo {
  id: string;
  code: string;
}

export type PricedCart = CartPrices & { promo: CartPromo | null };

/**
 * Prices a cart (document 3 §5): each line at its type's net price, the promo code — matched in any case among
 * the store's property's codes, active, inside its dates in the property's time zone, with uses left (taken +
 * held), on the types it applies to — taken off each card it applies to; the total in the property's currency.
 * A code that is unknown, not usable now or applies to nothing in the cart: 422 `promo_code_invalid`. The
 * lines' ids are types the store sells (ownership checked them); the checkout calls this in its transaction,
 * after locking the types, and keeps `promo` to take the code.
 */
export async function priceCart(
  db: Db,
  store: PublicStore,
  items: CartPricesBody['items'],
  promoCode: string | undefined,
  now: Date,
): Promise<PricedCart> {
  const code = promoCode?.trim() ?? '';
  const types = await typesOf(
    db,
    store,
    items.map((i) => i.id),
    now,
  );
  const promo = await db.one<PromoRow>(
    `select p.currency, p.timezone, c.id, c.code, c.code_type, c.amount, c.status,
            to_char(c.valid_from, 'YYYY-MM-DD') as valid_from, to_char(c.valid_to, 'YYYY-MM-DD') as valid_to,
            c.usage_limit, ${promoUsesSql('c', '$3')} as uses, c.applies_to
       from properties p left join promo_codes c on c.property_id = p.id and lower(c.code) = lower($2)
      where p.id = $1`,
    [store.propertyId, code, now],
  );
  const currency = promo!.currency;
  const usable =
    code !== '' &&
    promo!.id !== null &&
    promoUsable(
      {
        status: promo!.status,
        validFrom: promo!.valid_from,
        validTo: promo!.valid_to,
        usageLimit: promo!.usage_limit,
        usageCount: Number(promo!.uses),
      },
      todayIn(promo!.timezone, now),
    );
  if (code !== '' && !usable) throw promoInvalid();
  const appliesTo: PromoAppliesTo[] = (promo!.applies_to ?? []).map((a) => ({
    storeId: a.store_id,
    giftCardTypeIds: a.gift_card_type_ids,
  }));
  const off = { codeType: promo!.code_type, amount: Number(promo!.amount) };
  const lines = items.map((item) => {
    const type = types.get(item.id);
    if (!type) throw new HttpError(404, 'gift_card_type_not_found');
    const applied = usable && promoAppliesTo(appliesTo, store.id, type.id);
    return {
      id: type.id,
      quantity: item.quantity,
      price: type.price,
      netPrice: applied ? promoNetPrice(type.netPrice, off, currency) : type.netPrice,
      promoCodeApplied: applied,
      stock: type.stock,
    };
  });
  if (usable && !lines.some((l) => l.promoCodeApplied)) throw promoInvalid();
  return {
    items: lines,
    promoCode: usable ? promo!.code : null,
    promo: usable ? { id: promo!.id, code: promo!.code } : null,
    total: roundMoney(
      lines.reduce((sum, l) => sum + l.netPrice * l.quantity, 0),
      currency,
    ),
    currency,
  };
}

/** `store.cartPrices`: the cart priced now, as the contract answers it. */
export async function cartPrices(
  db: Db,
  store: PublicStore,
  body: { items: CartPricesBody['items']; promoCode?: string | undefined },
  now: Date,
): Promise<CartPrices> {
  const { promo: _promo, ...prices } = await priceCart(db, store, body.items, body.promoCode, now);
  return prices;
}
