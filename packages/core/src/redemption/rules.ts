import type {
  RedeemableCard,
  RedemptionBookingBody,
  RedemptionClosedDates,
  RedemptionProperty,
  RedemptionRate,
  RedemptionRooms,
  StoreLocale,
} from '@tern/sdk';
import {
  GIFT_CARD_CODE_PATTERN,
  GIFT_CARD_TEXT_MAX,
  plainGiftCardCode,
  STORE_PAYER_TEXT_MAX,
} from '@tern/sdk/limits';
import { addDays, type Day, isoWeekday, monthOf } from '../dates/dates.js';
import { isEmailShaped } from '../internal/email.js';
import { type StoreMessageKey, storeKey } from '../store/words.js';
import { type RedeemMessageKey, redeemKey } from './words.js';

// Redeeming a gift card for a stay (document 3 §2.1–§2.2, §5 Use gift card / Booking checkout / Date picker
// (redemption), §8, §9; rules R312–R320): the number's check, where a card stands, the properties page, the date
// picker, the checkout form and its body, the cancel page's query. M34 and M35 (redemptionMachine.ts,
// cancelMachine.ts), the web's redemption pages and `tern gift-cards redeem` all ask these.

/** A message of the redemption's rules: a store word (`required`, `email`…) or a redemption one. */
export type RedeemMessage = StoreMessageKey | RedeemMessageKey;

/** The card's code as the server reads it (spaces, dashes and case ignored), or `null` when it cannot be one. */
export function giftCardNumberOf(typed: string): string | null {
  const plain = plainGiftCardCode(typed);
  return GIFT_CARD_CODE_PATTERN.test(plain) ? plain : null;
}

/** R312: the number is required and must be a card's code (the server checks it is one next). */
export function giftCardNumberError(typed: string): RedeemMessage | null {
  if (typed.trim() === '') return storeKey('required');
  return giftCardNumberOf(typed) ? null : redeemKey('not_a_number');
}

/**
 * Why a card cannot be booked now (R313 and decision 5), or `null` when it can: used ('Gift certificates have
 * already been used'), expired, held by an upsell's payment under way, or of no property (contact the hotel).
 */
export function unredeemableReason(
  card: Pick<RedeemableCard, 'state' | 'properties'>,
): RedeemMessageKey | null {
  if (card.state === 'used') return redeemKey('already_used');
  if (card.state === 'expired') return redeemKey('expired');
  if (card.state === 'pending_payment') return redeemKey('payment_pending');
  if (card.properties.length === 0) return redeemKey('no_property');
  return null;
}

/** The hotel a card books at: the one chosen of a multi-property card, else its only one (`null`: choose). */
export function propertyOfCard(card: RedeemableCard, chosen: string | null): RedemptionProperty | null {
  if (chosen) return card.properties.find((p) => p.id === chosen) ?? null;
  return card.properties.length === 1 ? card.properties[0]! : null;
}

/** The properties page of a multi-property card shows 5 a page (document 3 §9). */
export const PROPERTIES_PAGE_SIZE = 5;

/** One page (1-based, clamped) of a multi-property card's hotels. */
export function propertiesPage<T>(properties: readonly T[], page: number) {
  const pages = Math.max(1, Math.ceil(properties.length / PROPERTIES_PAGE_SIZE));
  const at = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const start = (at - 1) * PROPERTIES_PAGE_SIZE;
  return { items: properties.slice(start, start + PROPERTIES_PAGE_SIZE), page: at, pages };
}

// The date picker (R314): the dates span exactly the card's length of stay; picking one sets the other.

/** A stay: its arrival and departure days. */
export interface Stay {
  arrival: Day;
  departure: Day;
}

/**
 * The last arrival a card allows: no night of the stay after its expiry (decision 2: the stay's last night on
 * the expiry day at the latest), so `expiry − (lengthOfStay − 1)`.
 */
export const lastArrivalOf = (expirationDate: Day, lengthOfStay: number): Day =>
  addDays(expirationDate, -(Math.max(1, lengthOfStay) - 1));

/**
 * The stay a picked day makes (R314): picked as the arrival, the departure is `lengthOfStay` nights later;
 * picked as the departure, the arrival is that many nights before. The store's grid picks arrivals.
 */
export function stayOfPick(day: Day, lengthOfStay: number, as: 'arrival' | 'departure' = 'arrival'): Stay {
  const nights = Math.max(1, lengthOfStay);
  return as === 'arrival'
    ? { arrival: day, departure: addDays(day, nights) }
    : { arrival: addDays(day, -nights), departure: day };
}

/** The arrivals a card may take: from the property's today to its last arrival, less the closed ones. */
export type ArrivalWindow = Pick<RedemptionClosedDates, 'firstArrival' | 'lastArrival' | 'closedArrivals'>;

/** The window before the server's closed dates are known: today … the card's last arrival, nothing closed. */
export const arrivalWindowOf = (
  card: Pick<RedeemableCard, 'expirationDate' | 'lengthOfStay'>,
  today: Day,
) => ({
  firstArrival: today,
  lastArrival: lastArrivalOf(card.expirationDate, card.lengthOfStay),
  closedArrivals: [] as string[],
});

/** R314: an arrival is open when not past, not closed for the card's rates, and within the card's expiry. */
export function arrivalOpen(day: Day, window: ArrivalWindow): boolean {
  return day >= window.firstArrival && day <= window.lastArrival && !window.closedArrivals.includes(day);
}

/** Whether a day lies in a stay's nights or is its departure (the grid marks the range). */
export const dayInStay = (day: Day, stay: Stay | null): boolean =>
  stay !== null && day >= stay.arrival && day <= stay.departure;

/** A month of the date grid: its weeks, Monday first, each 7 days (`null` before the 1st and after the last). */
export function monthGrid(anyDayOfMonth: Day): (Day | null)[][] {
  const { from, to } = monthOf(anyDayOfMonth);
  const cells: (Day | null)[] = Array.from({ length: isoWeekday(from) - 1 }, () => null);
  for (let day = from; day <= to; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** The first open arrival on or after `from` within the window, or `null` (where the grid's focus starts). */
export function firstOpenArrival(window: ArrivalWindow, from: Day = window.firstArrival): Day | null {
  for (let day = from < window.firstArrival ? window.firstArrival : from; day <= window.lastArrival; ) {
    if (arrivalOpen(day, window)) return day;
    day = addDays(day, 1);
  }
  return null;
}

// The rooms and rates.

/** The room and rate chosen to book. */
export interface RateChoice {
  roomTypeId: string;
  ratePlanId: string;
}

/** The chosen room's rate in the rooms answered, or `null`. */
export function rateOf(rooms: RedemptionRooms | null, choice: RateChoice | null): RedemptionRate | null {
  if (!rooms || !choice) return null;
  const room = rooms.rooms.find((r) => r.roomTypeId === choice.roomTypeId);
  return room?.rates.find((r) => r.ratePlanId === choice.ratePlanId) ?? null;
}

/** A rate can be booked for the stay: rooms are left and nothing stands in the way. */
export const rateBookable = (rate: RedemptionRate | null): rate is RedemptionRate =>
  rate !== null && rate.availability > 0 && rate.unavailableReason === null;

// The booking checkout (R315).

export const bookerFields = [
  'name',
  'surname',
  'email',
  'nationality',
  'phone',
  'hotelName',
  'address',
] as const;
export type BookerField = (typeof bookerFields)[number];
export const redemptionPayerFields = ['firstName', 'lastName', 'email', 'phone', 'address'] as const;
export type RedemptionPayerField = (typeof redemptionPayerFields)[number];

/** The booking checkout as the form holds it. */
export interface RedemptionForm {
  booker: Record<BookerField, string>;
  /** The upsell's payer is the booker (default); else `payer` is asked (R315). */
  payerIsBooker: boolean;
  payer: Record<RedemptionPayerField, string>;
  adults: number;
  children: number;
  notes: string;
}

/** An empty form, or one with the booker as given before. */
export const emptyRedemptionForm = (booker: Partial<Record<BookerField, string>> = {}): RedemptionForm => ({
  booker: Object.fromEntries(bookerFields.map((f) => [f, booker[f] ?? ''])) as Record<BookerField, string>,
  payerIsBooker: true,
  payer: Object.fromEntries(redemptionPayerFields.map((f) => [f, ''])) as Record<
    RedemptionPayerField,
    string
  >,
  adults: 1,
  children: 0,
  notes: '',
});

/** What the form asks beyond the booker: a marketing campaign's hotel name, an upsell's address and payer. */
export interface FormNeeds {
  marketingCampaign: boolean;
  upsell: boolean;
}

export interface RedemptionFormErrors {
  booker: Partial<Record<BookerField, RedeemMessage>>;
  payer: Partial<Record<RedemptionPayerField, RedeemMessage>>;
}

const COUNTRY = /^[A-Za-z]{2}$/;

/**
 * R315: name and surname required, at most 80; e-mail required, valid ('Please enter valid Email'), at most
 * 80; nationality and phone required; the hotel name for a marketing-campaign gift; the address for an upsell;
 * the payer's fields, each required and at most 160, when an upsell's payer is not the booker.
 */
export function validateRedemptionForm(form: RedemptionForm, needs: FormNeeds): RedemptionFormErrors {
  const booker: RedemptionFormErrors['booker'] = {};
  const payer: RedemptionFormErrors['payer'] = {};
  const need = <F extends string>(
    into: Partial<Record<F, RedeemMessage>>,
    field: F,
    value: string,
    max: number,
  ) => {
    if (value.trim() === '') into[field] = storeKey('required');
    else if (value.trim().length > max)
      into[field] = storeKey(max === GIFT_CARD_TEXT_MAX ? 'name_too_long' : 'payer_too_long');
  };
  const b = form.booker;
  need(booker, 'name', b.name, GIFT_CARD_TEXT_MAX);
  need(booker, 'surname', b.surname, GIFT_CARD_TEXT_MAX);
  need(booker, 'email', b.email, GIFT_CARD_TEXT_MAX);
  if (!booker.email && !isEmailShaped(b.email)) booker.email = storeKey('email');
  if (!COUNTRY.test(b.nationality.trim()))
    booker.nationality = b.nationality.trim() === '' ? storeKey('required') : redeemKey('choose_country');
  need(booker, 'phone', b.phone, 40);
  if (needs.marketingCampaign) need(booker, 'hotelName', b.hotelName, STORE_PAYER_TEXT_MAX);
  if (needs.upsell) need(booker, 'address', b.address, STORE_PAYER_TEXT_MAX);
  if (needs.upsell && !form.payerIsBooker) {
    for (const field of redemptionPayerFields) need(payer, field, form.payer[field], STORE_PAYER_TEXT_MAX);
    if (!payer.email && !isEmailShaped(form.payer.email)) payer.email = storeKey('email');
  }
  return { booker, payer };
}

export const formValid = (errors: RedemptionFormErrors): boolean =>
  Object.keys(errors.booker).length === 0 && Object.keys(errors.payer).length === 0;

/** The `redemption.book` body of a valid form: trimmed, only the fields the card and rate ask. */
export function redemptionBody(args: {
  propertyId: string;
  arrival: Day;
  choice: RateChoice;
  form: RedemptionForm;
  needs: FormNeeds;
  locale: StoreLocale;
}): RedemptionBookingBody {
  const { form, needs } = args;
  const b = form.booker;
  const payer =
    needs.upsell && !form.payerIsBooker
      ? (Object.fromEntries(redemptionPayerFields.map((f) => [f, form.payer[f].trim()])) as Record<
          RedemptionPayerField,
          string
        >)
      : undefined;
  return {
    propertyId: args.propertyId,
    arrivalDate: args.arrival,
    roomTypeId: args.choice.roomTypeId,
    ratePlanId: args.choice.ratePlanId,
    adults: form.adults,
    children: form.children,
    customer: {
      name: b.name.trim(),
      surname: b.surname.trim(),
      email: b.email.trim(),
      nationality: b.nationality.trim().toUpperCase(),
      phone: b.phone.trim(),
    },
    ...(needs.marketingCampaign ? { hotelName: b.hotelName.trim() } : {}),
    ...(needs.upsell ? { address: b.address.trim() } : {}),
    ...(payer ? { payer } : {}),
    ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    locale: args.locale,
  };
}

/**
 * R317: a failed booking's words — a plain rate's 'An error occurred' + 'Sorry, booking could not be completed.',
 * an upsell's checkout 'Something went wrong. Please try again.' (the server's own reason is shown beside them).
 */
export const bookingFailedKey = (upsell: boolean): RedeemMessageKey =>
  redeemKey(upsell ? 'upsell_failed' : 'booking_failed');

// The confirmation (R318).

/** The confirmation asks for the booking every 3 s (document 3 §9). */
export const CONFIRMATION_POLL_MS = 3000;
/** …at most 40 times (2 minutes; docs/decisions.md), then says it is still working and will e-mail. */
export const CONFIRMATION_POLLS_MAX = 40;

// The public cancel page (R320).

/** The cancel page's query (document 3 §2.2): the reservation, its dates (shown only) and the last name. */
export interface CancelQuery {
  reservationId: string;
  lastName: string;
  checkin: Day | null;
  checkout: Day | null;
}

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** R320: `reservation_id`, `checkin_date`, `checkout_date`, `last_name` of the cancel page's address. */
export function cancelQueryOf(read: (name: string) => string | null): CancelQuery {
  const day = (name: string) => {
    const value = read(name)?.trim() ?? '';
    return DAY_SHAPE.test(value) ? value : null;
  };
  return {
    reservationId: read('reservation_id')?.trim() ?? '',
    lastName: read('last_name')?.trim() ?? '',
    checkin: day('checkin_date'),
    checkout: day('checkout_date'),
  };
}

/** The cancel call needs both the reservation and the last name. */
export const cancelQueryComplete = (q: Pick<CancelQuery, 'reservationId' | 'lastName'>): boolean =>
  q.reservationId.trim() !== '' && q.lastName.trim() !== '';
