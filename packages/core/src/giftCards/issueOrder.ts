import { GIFT_CARD_TEXT_MAX, type GiftCardPurchaseCreateBody, type IssueGiftCardsBody } from '@tern/sdk';
import { type FormDrawerInput, type FormErrors, formDrawerInput } from '../admin/formDrawerMachine.js';
import { isEmailShaped, validationKeys } from '../auth/rules.js';
import type { Day } from '../dates/dates.js';
import { isGiftCardExpired } from './expiry.js';
import { giftCardValidationKeys as keys } from './keys.js';
import { type RecipientRow, recipientFieldErrors, recipientsForQuantity } from './recipients.js';

// The issue order form (document 3 §3, §4 M26 issue form, §5): a buyer, a price, a quantity, the recipients'
// rows that follow the quantity, a custom last day, paid or unpaid — a quantity of 1 is always paid.

export type PurchaseState = 'paid' | 'unpaid';

export interface IssueOrderForm {
  giftCardTypeId: string | null;
  /** The buyer. */
  name: string;
  email: string;
  companyRegistrationNumber: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  /** What each card is sold for: a whole number ≥ 0 (the type's net price to begin with). */
  netPrice: number | null;
  quantity: number | null;
  /** Empty: the type's own validity (`giftCardExpiry`). */
  customExpirationDate: Day | null;
  purchaseState: PurchaseState;
  recipients: RecipientRow[];
  /** Mail each card to its recipient as it is issued (a type's issue; a purchase's job mails its cards anyway). */
  sendEmail: boolean;
}

/** A new order of a type (or of none chosen yet): one card, paid, the type's net price. */
export function newIssueOrderForm(type: { id: string; netPrice: number } | null = null): IssueOrderForm {
  return {
    giftCardTypeId: type?.id ?? null,
    name: '',
    email: '',
    companyRegistrationNumber: '',
    phone: '',
    address: '',
    city: '',
    country: '',
    netPrice: type ? Math.round(type.netPrice) : null,
    quantity: 1,
    customExpirationDate: null,
    purchaseState: 'paid',
    recipients: recipientsForQuantity([], 1),
    sendEmail: true,
  };
}

/** Unpaid can be chosen only for more than one card (document 3 §4: quantity 1 forces paid). */
export const unpaidAllowed = (quantity: number | null): boolean => quantity !== null && quantity > 1;

/**
 * A change of the form, with what follows from it: the rows follow the quantity, a quantity of 1 makes it paid,
 * and another type brings its net price. The edge sends the result as `form.change`.
 */
export function changeIssueOrder(
  form: IssueOrderForm,
  patch: Partial<IssueOrderForm>,
  type: { id: string; netPrice: number } | null = null,
): IssueOrderForm {
  const next = { ...form, ...patch };
  if (patch.giftCardTypeId !== undefined && patch.giftCardTypeId !== form.giftCardTypeId && type)
    next.netPrice = Math.round(type.netPrice);
  if (patch.quantity !== undefined && next.quantity !== null && Number.isInteger(next.quantity))
    next.recipients = recipientsForQuantity(next.recipients, next.quantity);
  if (!unpaidAllowed(next.quantity)) next.purchaseState = 'paid';
  return next;
}

export interface IssueOrderContext {
  /** The property's today. */
  today: Day;
  /** The chosen type's stock, when known: more cards than that are refused. */
  stock?: number | null;
}

const blank = (v: number | null) => v === null || Number.isNaN(v);

/** The issue order form's errors by field (document 3 §5); rows as `recipients.<i>.name|email`. */
export function validateIssueOrder(form: IssueOrderForm, ctx: IssueOrderContext): FormErrors {
  const e: Record<string, string> = {};
  if (!form.giftCardTypeId) e.giftCardTypeId = validationKeys.required;
  if (form.name.trim() === '') e.name = validationKeys.required;
  else if (form.name.trim().length > GIFT_CARD_TEXT_MAX) e.name = keys.max80;
  if (form.email.trim() === '') e.email = validationKeys.required;
  else if (form.email.trim().length > GIFT_CARD_TEXT_MAX) e.email = keys.max80;
  else if (!isEmailShaped(form.email)) e.email = validationKeys.email;
  if (blank(form.netPrice)) e.netPrice = validationKeys.required;
  else if (!Number.isInteger(form.netPrice)) e.netPrice = keys.wholeNumber;
  else if (form.netPrice! < 0) e.netPrice = keys.notNegative;
  if (blank(form.quantity)) e.quantity = validationKeys.required;
  else if (!Number.isInteger(form.quantity)) e.quantity = keys.wholeNumber;
  else if (form.quantity! < 1) e.quantity = keys.atLeastOne;
  else if (ctx.stock != null && form.quantity! > ctx.stock) e.quantity = keys.stock;
  if (form.customExpirationDate && isGiftCardExpired(form.customExpirationDate, ctx.today))
    e.customExpirationDate = keys.beforeToday;
  if (form.purchaseState === 'unpaid' && !unpaidAllowed(form.quantity)) e.purchaseState = keys.notAnOption;
  Object.assign(e, recipientFieldErrors(form.recipients));
  if (!e.quantity && form.quantity !== null && form.recipients.length !== form.quantity)
    e.recipients = validationKeys.required;
  return e;
}

/** The drawer machine's input for an issue order (`formDrawerMachine`). */
export const issueOrderFormInput = (form: IssueOrderForm, ctx: IssueOrderContext): FormDrawerInput<object> =>
  formDrawerInput<IssueOrderForm>({ values: form, validate: (v) => validateIssueOrder(v, ctx) });

/**
 * The issue call's body for a valid form (document 3 §7 issue_cards): each row keyed `<orderKey>:<n>` so a
 * repeated send of the same order issues each card once (the edge picks one `orderKey` per opened form).
 */
export function issueBodyOf(form: IssueOrderForm, propertyId: string, orderKey: string): IssueGiftCardsBody {
  return {
    propertyId,
    recipients: form.recipients.map((r, i) => ({
      rowKey: `${orderKey}:${i + 1}`,
      name: r.name.trim(),
      email: r.email.trim(),
    })),
    expirationDate: form.customExpirationDate,
    netPrice: form.netPrice,
    buyerName: form.name.trim(),
    buyerEmail: form.email.trim(),
    sendEmail: form.sendEmail,
  };
}

/**
 * The purchase call's body for a valid form (document 3 §7 gift_card_purchases create): the order as a purchase of
 * the form's type, the buyer's company details, paid or unpaid, one recipient a card.
 */
export function purchaseBodyOf(form: IssueOrderForm, propertyId: string): GiftCardPurchaseCreateBody {
  return {
    propertyId,
    giftCardTypeId: form.giftCardTypeId!,
    name: form.name.trim(),
    email: form.email.trim(),
    companyRegistrationNumber: form.companyRegistrationNumber.trim(),
    phone: form.phone.trim(),
    address: form.address.trim(),
    city: form.city.trim(),
    country: form.country.trim(),
    netPrice: form.netPrice!,
    quantity: form.quantity!,
    customExpirationDate: form.customExpirationDate,
    purchaseState: form.purchaseState,
    recipientsInfo: form.recipients.map((r) => ({ name: r.name.trim(), email: r.email.trim() })),
  };
}
