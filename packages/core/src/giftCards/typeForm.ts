import {
  type ExpirationUnit,
  GIFT_CARD_DEFAULT_LENGTH_OF_STAY,
  GIFT_CARD_DEFAULT_VALIDITY_MONTHS,
  GIFT_CARD_MULTI,
  GIFT_CARD_NO_PROPERTY,
  GIFT_CARD_PHOTOS_MAX,
  GIFT_CARD_TEXT_MAX,
  GIFT_CARD_TYPE_FIELDS_WHEN_LOCKED,
  type GiftCardDiscount,
  type GiftCardType,
  type GiftCardTypeCreateBody,
  type GiftCardTypeStatus,
  type GiftcardType,
  giftCardDiscountOf,
} from '@tern/sdk';
import type { FormErrors } from '../admin/formDrawerMachine.js';
import { validationKeys } from '../auth/rules.js';
import type { Day } from '../dates/dates.js';
import { isFutureExpiry } from './expiry.js';
import { giftCardValidationKeys as keys } from './keys.js';
import {
  planErrors,
  plansOfTypeProperties,
  type RatePlanChoice,
  typePropertiesOf,
  type UpsellChoice,
} from './typeFormPlans.js';

export type { RatePlanChoice, UpsellChoice };

// The gift card type form (document 3 §3, §4 M23, §5, §9; DECISIONS 13): its defaults, its rules, the discount a
// net price makes, the pickup offer, the multi-property choice and what stays editable once cards exist.

export interface GiftCardTypeForm {
  giftcardType: GiftcardType | null;
  title: string;
  description: string;
  price: number | null;
  /** Empty: no discount (it is the price). */
  netPrice: number | null;
  limit: number | null;
  expirationType: 0 | 1;
  expirationDuration: number | null;
  expirationDurationUnit: ExpirationUnit | null;
  absoluteExpirationDate: Day | null;
  lengthOfStay: number | null;
  reservationValue: 0 | 1 | null;
  storeIds: string[];
  /** The properties a multi-property type is redeemed at (its own first); empty for the other kinds. */
  propertyIds: string[];
  ratePlans: RatePlanChoice[];
  upsellRatePlans: UpsellChoice[];
  offerLetterDelivery: boolean;
  offerPickupAtHotel: boolean;
  pdfTemplateId: string | null;
  photos: { url: string }[];
  /** "Publish when created" (a new type only). */
  publish: boolean;
}

/** A new type (document 3 §9): type 0, valid 48 months, a stay of 1, reservation value 0, status created. */
export const newGiftCardTypeForm = (): GiftCardTypeForm => ({
  giftcardType: 0,
  title: '',
  description: '',
  price: null,
  netPrice: null,
  limit: null,
  expirationType: 0,
  expirationDuration: GIFT_CARD_DEFAULT_VALIDITY_MONTHS,
  expirationDurationUnit: 'months',
  absoluteExpirationDate: null,
  lengthOfStay: GIFT_CARD_DEFAULT_LENGTH_OF_STAY,
  reservationValue: 0,
  storeIds: [],
  propertyIds: [],
  ratePlans: [],
  upsellRatePlans: [],
  offerLetterDelivery: false,
  offerPickupAtHotel: false,
  pdfTemplateId: null,
  photos: [],
  publish: false,
});

/** The status a new type starts in (M23): published when "publish when created", else created. */
export const initialTypeStatus = (publish: boolean): GiftCardTypeStatus =>
  publish ? 'published' : 'created';

/** A saved type as the form edits it (the net price left empty when it is the price). */
export function giftCardTypeFormOf(type: GiftCardType): GiftCardTypeForm {
  return {
    giftcardType: type.giftcardType,
    title: type.title,
    description: type.description,
    price: type.price,
    netPrice: type.netPrice === type.price ? null : type.netPrice,
    limit: type.limit,
    expirationType: type.expirationType,
    expirationDuration: type.expirationDuration,
    expirationDurationUnit: type.expirationDurationUnit,
    absoluteExpirationDate: type.absoluteExpirationDate,
    lengthOfStay: type.settings?.lengthOfStay ?? GIFT_CARD_DEFAULT_LENGTH_OF_STAY,
    reservationValue: type.settings?.reservationValue ?? 0,
    storeIds: [...type.storeIds],
    propertyIds:
      type.giftcardType === GIFT_CARD_MULTI
        ? [
            ...new Set([
              type.propertyId,
              ...[...type.ratePlans, ...type.upsellRatePlans].map((p) => p.propertyId),
            ]),
          ]
        : [],
    ratePlans: type.ratePlans.map(({ propertyId, roomTypeId, ratePlanId }) => ({
      ...(propertyId === type.propertyId ? {} : { propertyId }),
      roomTypeId,
      ratePlanId,
    })),
    upsellRatePlans: type.upsellRatePlans.map(({ propertyId, roomTypeId, ratePlanId, price, currency }) => ({
      ...(propertyId === type.propertyId ? {} : { propertyId }),
      roomTypeId,
      ratePlanId,
      price,
      currency,
    })),
    offerLetterDelivery: type.offerLetterDelivery,
    offerPickupAtHotel: type.offerPickupAtHotel,
    pdfTemplateId: type.pdfTemplateId,
    photos: type.photos.map((p) => ({ url: p.url })),
    publish: type.status === 'published',
  };
}

/**
 * A store as the form knows it: whether it lets buyers pick a card up at the hotel, and (a multi-property type's
 * group stores) the hotel it is of.
 */
export interface StoreChoice {
  id: string;
  allowPickupAtHotel: boolean;
  propertyId?: string;
}

/**
 * The stores a type is sold in, of its hotels only (document 2 I2 "group stores"): a store of a hotel the type
 * has left is dropped; one the form does not list (kept at a hotel the user does not work at) stays.
 */
export function typeStoreIdsOf(
  form: Pick<GiftCardTypeForm, 'giftcardType' | 'propertyIds' | 'storeIds'>,
  propertyId: string,
  stores: readonly StoreChoice[],
): string[] {
  const hotels = form.giftcardType === GIFT_CARD_MULTI ? typePropertiesOf(form, propertyId) : [propertyId];
  return form.storeIds.filter((id) => {
    const of = stores.find((s) => s.id === id)?.propertyId;
    return of === undefined || hotels.includes(of);
  });
}

/** The pickup offer can be chosen only when stores are chosen and every one allows pickup (document 3 §5). */
export function pickupAllowed(storeIds: readonly string[], stores: readonly StoreChoice[]): boolean {
  return (
    storeIds.length > 0 &&
    storeIds.every((id) => stores.find((s) => s.id === id)?.allowPickupAtHotel === true)
  );
}

/** Multi-property (type 1) can be chosen on a new type by a user of at least 2 properties (document 3 §4). */
export const multiPropertyAllowed = (editing: boolean, propertyCount: number): boolean =>
  !editing && propertyCount >= 2;

/** Rate plans are chosen for single- and multi-property types, not for a no-property one (type 2). */
export const needsRatePlans = (type: GiftcardType | null): boolean => type !== GIFT_CARD_NO_PROPERTY;

/** The discount the form's prices make (document 3 §5): `null` when the net price is empty or the price. */
export const typeFormDiscount = (
  form: Pick<GiftCardTypeForm, 'price' | 'netPrice'>,
): GiftCardDiscount | null => (form.price === null ? null : giftCardDiscountOf(form.price, form.netPrice));

export type TypeFormField = keyof GiftCardTypeForm | (typeof GIFT_CARD_TYPE_FIELDS_WHEN_LOCKED)[number];

/**
 * Whether a field of a saved type can change (document 3 §4): everything until cards exist; then only what does
 * not change what was sold (title, description, photos, stores, letter and pickup offers, PDF template). The
 * type (single/multi) never changes once saved. A duplicate has no cards and is not locked.
 */
export function typeFieldEditable(field: keyof GiftCardTypeForm, type: { locked: boolean } | null): boolean {
  if (type === null) return true;
  if (field === 'giftcardType' || field === 'publish') return false;
  return !type.locked || (GIFT_CARD_TYPE_FIELDS_WHEN_LOCKED as readonly string[]).includes(field);
}

export interface TypeFormContext {
  /** The type's own property (the selected one). */
  propertyId: string;
  /** The property's today. */
  today: Day;
  stores: readonly StoreChoice[];
  /** `multiPropertyAllowed(editing, propertyCount)`; when false, type 1 is refused on a new type. */
  multiProperty: boolean;
  /** The type being edited, or `null` for a new one. */
  editing?: { giftcardType: GiftcardType } | null;
}

const blank = (v: number | null | undefined): v is null | undefined =>
  v === null || v === undefined || Number.isNaN(v);
const whole = (v: number) => Number.isInteger(v);

/**
 * The type form's errors by field (document 3 §5; DECISIONS 13). Row fields are dotted:
 * `upsellRatePlans.<i>.price`.
 */
export function validateGiftCardTypeForm(form: GiftCardTypeForm, ctx: TypeFormContext): FormErrors {
  const e: Record<string, string> = {};
  if (form.giftcardType === null) e.giftcardType = validationKeys.required;
  else if (
    form.giftcardType === GIFT_CARD_MULTI &&
    !ctx.multiProperty &&
    ctx.editing?.giftcardType !== GIFT_CARD_MULTI
  )
    e.giftcardType = keys.notAnOption;
  if (form.title.trim() === '') e.title = validationKeys.required;
  else if (form.title.trim().length > GIFT_CARD_TEXT_MAX) e.title = keys.max80;
  if (form.description.replace(/<[^>]*>/g, '').trim() === '') e.description = validationKeys.required;
  if (blank(form.price)) e.price = validationKeys.required;
  else if (form.price < 0) e.price = keys.validPrice;
  if (!blank(form.netPrice) && (form.netPrice < 1 || blank(form.price) || form.netPrice >= form.price))
    e.netPrice = keys.discount;
  if (needsRatePlans(form.giftcardType)) {
    Object.assign(
      e,
      planErrors(form, ctx.propertyId, {
        required: validationKeys.required,
        onePerRoomType: keys.onePerRoomType,
        twoProperties: keys.twoProperties,
        validPrice: keys.validPrice,
      }),
    );
    if (form.reservationValue === null) e.reservationValue = validationKeys.required;
    if (blank(form.lengthOfStay)) e.lengthOfStay = validationKeys.required;
    else if (!whole(form.lengthOfStay)) e.lengthOfStay = keys.wholeNumber;
    else if (form.lengthOfStay < 1) e.lengthOfStay = keys.atLeastOne;
  }
  if (typeStoreIdsOf(form, ctx.propertyId, ctx.stores).length === 0) e.storeIds = validationKeys.required;
  if (form.photos.length > GIFT_CARD_PHOTOS_MAX) e.photos = keys.tooManyPhotos;
  if (blank(form.limit)) e.limit = validationKeys.required;
  else if (!whole(form.limit) || form.limit < 1) e.limit = keys.validInventory;
  if (form.expirationType === 1) {
    if (!form.absoluteExpirationDate) e.absoluteExpirationDate = validationKeys.required;
    else if (!isFutureExpiry(form.absoluteExpirationDate, ctx.today))
      e.absoluteExpirationDate = keys.futureDay;
  } else {
    if (blank(form.expirationDuration)) e.expirationDuration = validationKeys.required;
    else if (!whole(form.expirationDuration)) e.expirationDuration = keys.wholeNumber;
    else if (form.expirationDuration < 1) e.expirationDuration = keys.atLeastOne;
    if (form.expirationDurationUnit === null) e.expirationDurationUnit = validationKeys.required;
  }
  return e;
}

/**
 * The body a valid form saves (document 3 §7): the pickup offer forced off unless every chosen store allows it,
 * no rate plans or stay settings for a no-property type, an empty net price sent as the price's absence, and
 * the validity as its kind needs. The discount is the server's to derive (`typeFormDiscount` shows it).
 */
export function giftCardTypeBodyOf(
  form: GiftCardTypeForm,
  propertyId: string,
  stores: readonly StoreChoice[],
): GiftCardTypeCreateBody {
  const rates = needsRatePlans(form.giftcardType);
  const properties = typePropertiesOf(form, propertyId);
  // Each row names its property when it is another one (a multi-property type); rows of properties the type
  // does not take (a property left, a kind changed) are not sent.
  const sent = <R extends RatePlanChoice>(rows: readonly R[]) =>
    plansOfTypeProperties(rows, properties, propertyId).map((r) => {
      const { propertyId: of = propertyId, ...row } = r;
      return of === propertyId ? row : { ...row, propertyId: of };
    });
  const byDate = form.expirationType === 1;
  return {
    propertyId,
    giftcardType: form.giftcardType ?? 0,
    title: form.title.trim(),
    description: form.description,
    price: form.price ?? 0,
    netPrice: form.netPrice,
    limit: form.limit ?? 0,
    expirationType: form.expirationType,
    ...(byDate
      ? { absoluteExpirationDate: form.absoluteExpirationDate }
      : {
          expirationDuration: form.expirationDuration ?? GIFT_CARD_DEFAULT_VALIDITY_MONTHS,
          expirationDurationUnit: form.expirationDurationUnit ?? 'months',
          absoluteExpirationDate: null,
        }),
    ...(rates
      ? {
          settings: {
            lengthOfStay: form.lengthOfStay ?? GIFT_CARD_DEFAULT_LENGTH_OF_STAY,
            reservationValue: form.reservationValue ?? 0,
          },
        }
      : {}),
    storeIds: typeStoreIdsOf(form, propertyId, stores),
    ratePlans: rates ? sent(form.ratePlans) : [],
    upsellRatePlans: rates
      ? sent(form.upsellRatePlans).map(({ currency: _shown, ...r }) => ({ ...r, price: r.price ?? 0 }))
      : [],
    offerLetterDelivery: form.offerLetterDelivery,
    offerPickupAtHotel:
      form.offerPickupAtHotel && pickupAllowed(typeStoreIdsOf(form, propertyId, stores), stores),
    pdfTemplateId: form.pdfTemplateId,
    photos: form.photos.map((p) => ({ url: p.url })),
    publish: form.publish,
  };
}

/** The photos a type (and a campaign option) takes: png, jpeg, jpg (document 3 §5, §9). */
export const GIFT_CARD_PHOTO_ACCEPT = '.png,.jpeg,.jpg,image/png,image/jpeg';

/** Whether a picked file is a photo the form takes: by its type when the device gives one, else by its name. */
export function isGiftCardPhotoFile(file: { name: string; type?: string | null }): boolean {
  if (file.type) return file.type === 'image/png' || file.type === 'image/jpeg';
  return /\.(png|jpe?g)$/i.test(file.name.trim());
}
