import {
  type ChosenRate,
  type GuestInput,
  guestSpaces,
  isCardNeeded,
  stayBookingPayload,
  validateContact,
} from '@tern/core/bookingEngine';
import type { RateOffer, StayBookingBody, UnitWithRates } from '@tern/sdk';
import { stayBookingBody } from '@tern/sdk';
import { UserError } from '../errors.js';
import { GUEST_SYNTAX, parseGuest } from './guests.js';
import { FileProblems, reader, readOrderFile } from './orderFile.js';
import { invalidFlags } from './queryFlags.js';

/** A stay booking as flags or a file give it, before it meets the property's rates. */
export interface StayOrder {
  checkin?: string | undefined;
  checkout?: string | undefined;
  currency?: string | undefined;
  rooms: { rate: string; count: number; guests: GuestInput[] }[];
  /** `--guest` values, filling the rooms in order. */
  guests: GuestInput[];
  customer: {
    name?: string | undefined;
    surname?: string | undefined;
    email?: string | undefined;
    phone?: string | undefined;
    country?: string | undefined;
    city?: string | undefined;
    address?: string | undefined;
    zipCode?: string | undefined;
  };
  reservationName?: string | undefined;
  reference?: string | undefined;
  specialRequest?: string | undefined;
  cardToken?: string | undefined;
  acceptPolicies?: boolean | undefined;
  idempotencyKey?: string | undefined;
}

export interface StayBookFlags {
  checkin?: string;
  checkout?: string;
  currency?: string;
  room?: string[];
  guest?: string[];
  name?: string;
  surname?: string;
  email?: string;
  phone?: string;
  country?: string;
  city?: string;
  address?: string;
  zipCode?: string;
  reservationName?: string;
  reference?: string;
  specialRequest?: string;
  cardToken?: string;
  acceptPolicies?: boolean;
  idempotencyKey?: string;
  fromFile?: string;
}

/** `RATE[:COUNT]` of `--room`. */
function parseRoom(value: string): { rate: string; count: number } | null {
  const match = /^([^:\s]+)(?::(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const count = match[2] === undefined ? 1 : Number(match[2]);
  return count >= 1 ? { rate: match[1]!, count } : null;
}

/** The file's order (see the README for its keys), its property id, or a user error naming what is wrong. */
async function orderFromFile(file: string): Promise<FileOrder> {
  return orderOfJson(await readOrderFile(file), file);
}

/** An order and its property as a file (or one line of a batch file) gives them. */
export interface FileOrder {
  order: StayOrder;
  property?: string | undefined;
}

/** One order as JSON (the keys of `--from-file`); `where` names it in errors (the file, or the file and line). */
export function orderOfJson(json: Record<string, unknown>, where: string): FileOrder {
  const problems = new FileProblems(where);
  const read = reader(json, problems);
  const customer = read.object('customer') ?? {};
  const c = reader(customer, problems, 'customer.');
  const rooms = (read.array('rooms') ?? []).map((room, i) => {
    const r = reader(room, problems, `rooms[${i}].`);
    const rate = r.string('rate');
    if (!rate) problems.add(`rooms[${i}].rate`, 'a rate id from `tern property rates` is needed');
    const guests = (r.array('guests') ?? []).map((guest, j) => {
      const g = reader(guest, problems, `rooms[${i}].guests[${j}].`);
      return {
        name: g.string('name') ?? '',
        surname: g.string('surname') ?? '',
        nationality: g.string('nationality') ?? '',
      };
    });
    return { rate: rate ?? '', count: r.count('count') ?? 1, guests };
  });
  const order: StayOrder = {
    checkin: read.string('checkin'),
    checkout: read.string('checkout'),
    currency: read.string('currency'),
    rooms,
    guests: [],
    customer: {
      name: c.string('name'),
      surname: c.string('surname'),
      email: c.string('email'),
      phone: c.string('phone'),
      country: c.string('country'),
      city: c.string('city'),
      address: c.string('address'),
      zipCode: c.string('zipCode'),
    },
    reservationName: read.string('reservationName'),
    reference: read.string('reference'),
    specialRequest: read.string('specialRequest'),
    cardToken: read.string('cardToken'),
    acceptPolicies: read.boolean('acceptPolicies'),
    idempotencyKey: read.string('idempotencyKey'),
  };
  const property = read.string('property');
  problems.throwIfAny();
  return { order, property };
}

const pick = <T>(flag: T | undefined, file: T | undefined) => (flag !== undefined ? flag : file);

/** The order of `tern book stay`: the file's (with `--from-file`), each flag given replacing its value. */
export async function stayOrderOf(flags: StayBookFlags, given?: FileOrder): Promise<FileOrder> {
  const base: { order: StayOrder | null; property?: string | undefined } =
    given ?? (flags.fromFile ? await orderFromFile(flags.fromFile) : { order: null, property: undefined });
  const problems: [string, string][] = [];
  const rooms = (flags.room ?? []).map((value) => {
    const room = parseRoom(value);
    if (!room) problems.push(['--room', `use RATE or RATE:COUNT (e.g. abc~2-0-0:2), not “${value}”`]);
    return { rate: room?.rate ?? '', count: room?.count ?? 1, guests: [] };
  });
  const guests = (flags.guest ?? []).map((value) => {
    const guest = parseGuest(value);
    if (!guest) problems.push(['--guest', `use ${GUEST_SYNTAX}, not “${value}”`]);
    return guest ?? { name: '', surname: '', nationality: '' };
  });
  if (problems.length > 0) throw invalidFlags(problems);
  const file = base.order;
  const order: StayOrder = {
    checkin: pick(flags.checkin, file?.checkin),
    checkout: pick(flags.checkout, file?.checkout),
    currency: pick(flags.currency, file?.currency),
    rooms: rooms.length > 0 ? rooms : (file?.rooms ?? []),
    guests: guests.length > 0 ? guests : (file?.guests ?? []),
    customer: {
      name: pick(flags.name, file?.customer.name),
      surname: pick(flags.surname, file?.customer.surname),
      email: pick(flags.email, file?.customer.email),
      phone: pick(flags.phone, file?.customer.phone),
      country: pick(flags.country, file?.customer.country),
      city: pick(flags.city, file?.customer.city),
      address: pick(flags.address, file?.customer.address),
      zipCode: pick(flags.zipCode, file?.customer.zipCode),
    },
    reservationName: pick(flags.reservationName, file?.reservationName),
    reference: pick(flags.reference, file?.reference),
    specialRequest: pick(flags.specialRequest, file?.specialRequest),
    cardToken: pick(flags.cardToken, file?.cardToken),
    acceptPolicies: flags.acceptPolicies === true ? true : file?.acceptPolicies,
    idempotencyKey: pick(flags.idempotencyKey, file?.idempotencyKey),
  };
  return { order, property: base.property };
}

export interface PreparedStay {
  body: StayBookingBody;
  chosen: (ChosenRate & { unit: UnitWithRates; rate: RateOffer })[];
  cardNeeded: boolean;
}

export const CARD_NEEDED =
  'A rate you chose needs a card, and a card cannot be typed into a terminal: book it in the web app, or pass --card-token TOKEN (a token from the card vault)';

/**
 * Finds each rate among the units, fills the rooms with guests, checks the contact and the card, builds the body.
 * A booking sent with an Idempotency-Key the user gave (or a batch line's) may have been made by an earlier run
 * that took the last rooms: whether the rate is open and has rooms left is then the server's to answer — it
 * replays the booking made with that key, or refuses a new one — so `serverDecides` skips those two checks here.
 */
export function prepareStayBooking(
  order: StayOrder,
  units: UnitWithRates[],
  stay: { checkinDate: string; checkoutDate: string; currency: string },
  { serverDecides = false }: { serverDecides?: boolean } = {},
): PreparedStay {
  const problems: [string, string][] = [];
  if (order.rooms.length === 0)
    problems.push([
      '--room',
      'choose at least one rate: --room RATE[:COUNT] (the ids of `tern property rates`)',
    ]);
  const chosen: PreparedStay['chosen'] = [];
  const fileGuests: GuestInput[][] = [];
  for (const room of order.rooms) {
    const unit = units.find((u) => u.ratePlans.some((r) => r.id === room.rate));
    const rate = unit?.ratePlans.find((r) => r.id === room.rate);
    if (!unit || !rate) {
      problems.push(['--room', `no rate ${room.rate} for these dates (see \`tern property rates\`)`]);
      continue;
    }
    if (rate.unavailableReason && !serverDecides) {
      problems.push([
        '--room',
        `${rate.title} (${rate.id}) cannot be booked for these dates: ${rate.unavailableReason.replace(/_/g, ' ')}`,
      ]);
      continue;
    }
    const taken = chosen.filter((c) => c.unitId === unit.id).reduce((n, c) => n + c.quantity, 0);
    if (!serverDecides && taken + room.count > Math.min(unit.availability, rate.availability)) {
      problems.push([
        '--room',
        `only ${Math.min(unit.availability, rate.availability) - taken} of ${unit.title} left for these dates`,
      ]);
      continue;
    }
    chosen.push({ unitId: unit.id, unit, rate, quantity: room.count });
    fileGuests.push(room.guests);
  }
  // `--guest` flags fill every room in order; otherwise each room of the file takes its own guests.
  if (order.guests.length > 0) fillGuests(chosen, order.guests, '--guest', problems);
  else
    for (const [i, room] of chosen.entries())
      fillGuests([room], fileGuests[i] ?? [], `rooms[${i}].guests`, problems);
  const contact = validateContact({
    surname: order.customer.surname ?? '',
    mail: order.customer.email ?? '',
  });
  if (contact.surname) problems.push(['--surname', 'the guest’s surname is needed']);
  if (contact.mail)
    problems.push([
      '--email',
      contact.mail === 'validation_messages.required'
        ? 'an e-mail for the confirmation is needed'
        : 'use an e-mail address such as name@example.com',
    ]);
  if (!order.acceptPolicies)
    problems.push(['--accept-policies', 'read the rates’ policies (`tern property rates`) and accept them']);
  if (problems.length > 0) throw invalidFlags(problems);

  const cardNeeded = isCardNeeded(chosen.map((c) => c.rate.cancellationPolicy));
  if (cardNeeded && !order.cardToken) throw new UserError(CARD_NEEDED, { code: 'card_needed' });
  const body = stayBookingPayload({
    currency: stay.currency,
    checkinDate: stay.checkinDate,
    checkoutDate: stay.checkoutDate,
    customer: {
      name: order.customer.name?.trim() ?? '',
      surname: order.customer.surname?.trim() ?? '',
      ...optional('mail', order.customer.email),
      ...optional('phone', order.customer.phone),
      ...optional('country', order.customer.country?.toUpperCase()),
      ...optional('city', order.customer.city),
      ...optional('address', order.customer.address),
      ...optional('zipCode', order.customer.zipCode),
    },
    chosen,
    cardToken: order.cardToken,
    reservationName: order.reservationName,
    externalReference: order.reference,
    specialRequest: order.specialRequest,
  });
  const checked = stayBookingBody.safeParse(body);
  if (!checked.success)
    throw invalidFlags(checked.error.issues.map((i) => [i.path.slice(1).join('.'), i.message]));
  return { body, chosen, cardNeeded };
}

const optional = <K extends string>(key: K, value: string | undefined) =>
  value?.trim() ? ({ [key]: value.trim() } as Record<K, string>) : {};

/** Guests fill the rooms in order, each room up to its guest spaces (core's rule). */
function fillGuests(
  rooms: PreparedStay['chosen'],
  guests: GuestInput[],
  where: string,
  problems: [string, string][],
) {
  if (guests.length === 0) return;
  const queue = [...guests];
  for (const room of rooms) {
    room.guests = Array.from({ length: room.quantity }, () =>
      queue.splice(0, guestSpaces(room.rate.occupancy)),
    );
  }
  if (queue.length > 0) problems.push([where, `${queue.length} guest(s) more than the rooms chosen sleep`]);
}
