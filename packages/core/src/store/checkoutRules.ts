import type { StoreCheckoutBody, StoreDelivery, StorefrontType, StoreLocale } from '@tern/sdk';
import {
  GIFT_CARD_TEXT_MAX,
  STORE_CARD_MESSAGE_MAX,
  STORE_DEFAULT_DELIVERY_COUNTRY,
  STORE_PAYER_TEXT_MAX,
} from '@tern/sdk/limits';
import { isEmailShaped } from '../internal/email.js';
import type { CartLine } from './cart.js';
import { type StoreMessageKey, storeKey } from './words.js';

// The store's checkout (document 3 §3 "Checkout payload", §5 Store checkout, §9; M31): one recipient per card
// with its delivery, the payer, the terms tick, and the `store.checkout` body they make.

/** What the checkout needs of a type in the cart. */
export type CheckoutType = Pick<StorefrontType, 'id' | 'offerLetterDelivery' | 'offerPickupAtHotel'>;

/**
 * The deliveries a cart may choose (document 3 §5): e-mail always; letter only when every item offers it;
 * pickup only when every item offers it and the store allows pickup.
 */
export function deliveryOptions(types: readonly CheckoutType[], storeAllowsPickup: boolean): StoreDelivery[] {
  const options: StoreDelivery[] = ['email'];
  if (types.length > 0 && types.every((t) => t.offerLetterDelivery)) options.push('letter');
  if (storeAllowsPickup && types.length > 0 && types.every((t) => t.offerPickupAtHotel))
    options.push('pickup');
  return options;
}

/** A letter's address fields (document 3 §3 "Checkout payload"), sent only for a card delivered by letter. */
export const letterDeliveryFields = [
  'deliveryName',
  'deliveryAddress',
  'deliveryZipCode',
  'deliveryCity',
  'deliveryState',
  'deliveryCountry',
] as const;
export type LetterDeliveryField = (typeof letterDeliveryFields)[number];

export const recipientFields = ['name', 'email', 'info', ...letterDeliveryFields] as const;
export type RecipientField = (typeof recipientFields)[number];

/** One card's recipient as the form holds it. */
export type CheckoutRecipient = { typeId: string; delivery: StoreDelivery } & Record<RecipientField, string>;

export const emptyRecipient = (typeId: string): CheckoutRecipient => ({
  typeId,
  delivery: 'email',
  ...(Object.fromEntries(recipientFields.map((f) => [f, ''])) as Record<RecipientField, string>),
  deliveryCountry: STORE_DEFAULT_DELIVERY_COUNTRY,
});

/**
 * One recipient per card of the cart, in its order; a recipient already filled for a card of the same type
 * keeps its place (a cart change keeps what was typed), and a delivery no longer offered falls back to e-mail.
 */
export function recipientsForCart(
  lines: readonly CartLine[],
  previous: readonly CheckoutRecipient[],
  offered: readonly StoreDelivery[],
): CheckoutRecipient[] {
  const left = [...previous];
  return lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => {
      const at = left.findIndex((r) => r.typeId === line.typeId);
      const kept = at >= 0 ? left.splice(at, 1)[0]! : emptyRecipient(line.typeId);
      return offered.includes(kept.delivery) ? kept : { ...kept, delivery: 'email' as const };
    }),
  );
}

export type RecipientErrors = Partial<Record<RecipientField, StoreMessageKey>>;

const tooLong = (value: string, max: number) => value.trim().length > max;

/**
 * A recipient's errors by delivery (document 3 §5): a name (at most 80); by e-mail a valid address; by letter
 * name, address, zip, city and country; pickup asks for nothing more.
 */
export function validateRecipient(r: CheckoutRecipient): RecipientErrors {
  const errors: RecipientErrors = {};
  const need = (field: RecipientField, max: number) => {
    if (r[field].trim() === '') errors[field] = storeKey('required');
    else if (tooLong(r[field], max))
      errors[field] = storeKey(max === GIFT_CARD_TEXT_MAX ? 'name_too_long' : 'payer_too_long');
  };
  need('name', GIFT_CARD_TEXT_MAX);
  if (r.delivery === 'email') {
    need('email', GIFT_CARD_TEXT_MAX);
    if (!errors.email && !isEmailShaped(r.email)) errors.email = storeKey('email');
  }
  if (r.delivery === 'letter') {
    need('deliveryName', GIFT_CARD_TEXT_MAX);
    need('deliveryAddress', STORE_PAYER_TEXT_MAX);
    need('deliveryZipCode', 20);
    need('deliveryCity', GIFT_CARD_TEXT_MAX);
    need('deliveryCountry', GIFT_CARD_TEXT_MAX);
  }
  if (tooLong(r.info, STORE_CARD_MESSAGE_MAX)) errors.info = storeKey('message_too_long');
  return errors;
}

/** Each recipient's errors, by index (only those in error). */
export function validateRecipients(
  recipients: readonly CheckoutRecipient[],
): Record<number, RecipientErrors> {
  const all: Record<number, RecipientErrors> = {};
  recipients.forEach((r, i) => {
    const errors = validateRecipient(r);
    if (Object.keys(errors).length > 0) all[i] = errors;
  });
  return all;
}

export const payerFields = [
  'firstName',
  'lastName',
  'address',
  'phone',
  'phoneCountryCode',
  'email',
] as const;
export type PayerField = (typeof payerFields)[number];
export type CheckoutPayer = Record<PayerField, string>;
export const emptyPayer: CheckoutPayer = Object.fromEntries(payerFields.map((f) => [f, ''])) as CheckoutPayer;
export type PayerErrors = Partial<Record<PayerField, StoreMessageKey>>;

/** The payer's errors (document 3 §5, §9): name, address, phone and e-mail required, at most 160; e-mail valid. */
export function validatePayer(p: CheckoutPayer): PayerErrors {
  const errors: PayerErrors = {};
  for (const field of ['firstName', 'lastName', 'address', 'phone', 'email'] as const) {
    if (p[field].trim() === '') errors[field] = storeKey('required');
    else if (tooLong(p[field], field === 'phone' ? 40 : STORE_PAYER_TEXT_MAX))
      errors[field] = storeKey('payer_too_long');
  }
  if (!errors.email && !isEmailShaped(p.email)) errors.email = storeKey('email');
  if (tooLong(p.phoneCountryCode, 8)) errors.phoneCountryCode = storeKey('payer_too_long');
  return errors;
}

/** The terms tick (document 3 §5): needed only when the store has terms. */
export const termsSatisfied = (hasTerms: boolean, ticked: boolean): boolean => !hasTerms || ticked;

const trimmed = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The `store.checkout` body: each recipient with only its delivery's fields, trimmed. */
export function checkoutBody(args: {
  locale: StoreLocale;
  promoCode: string | null;
  recipients: readonly CheckoutRecipient[];
  payer: CheckoutPayer;
  termsAccepted: boolean;
  expectedTotal: number;
}): StoreCheckoutBody {
  const cards = args.recipients.map((r) => ({
    giftCardTypeId: r.typeId,
    delivery: r.delivery,
    name: r.name.trim(),
    info: trimmed(r.info),
    ...(r.delivery === 'email' ? { email: r.email.trim() } : {}),
    ...(r.delivery === 'letter'
      ? (Object.fromEntries(letterDeliveryFields.map((f) => [f, trimmed(r[f])])) as Partial<
          Record<LetterDeliveryField, string>
        >)
      : {}),
  }));
  const p = args.payer;
  return {
    locale: args.locale,
    ...(args.promoCode ? { promoCode: args.promoCode } : {}),
    cards,
    payer: {
      firstName: p.firstName.trim(),
      lastName: p.lastName.trim(),
      address: p.address.trim(),
      phone: p.phone.trim(),
      phoneCountryCode: trimmed(p.phoneCountryCode),
      email: p.email.trim(),
    },
    termsAccepted: args.termsAccepted,
    expectedTotal: args.expectedTotal,
  };
}
