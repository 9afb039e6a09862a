import type { StayBookingBody, VehicleBookingBody } from '@tern/sdk';
import {
  type ChosenRate,
  type GuestInput,
  guestSpaces,
  stayBookingPayload,
  validateContact,
  validateDriver,
  vehicleBookingPayload,
} from './engineRules.js';

/**
 * The checkout form's data and rules (document 1 §2 "Checkout page", §4, §5; R077–R092), used by
 * `checkoutMachine`: the guest rooms, the fields, the validation and the create-booking request.
 */

/** A chosen rate as the checkout books it: `quantity` rooms of a unit at one rate offer. */
export interface CheckoutChoice extends Omit<ChosenRate, 'guests'> {}

export interface StayCheckout {
  kind: 'accommodation';
  /** The property (its channel id): the card form and create_booking are asked for it. */
  propertyId: string;
  currency: string;
  checkinDate: string;
  checkoutDate: string;
  chosen: CheckoutChoice[];
  /** The total shown; the server refuses the booking when the price has changed since (409). */
  total?: number;
}

export interface CarCheckout {
  kind: 'vehicle';
  propertyId: string;
  currency: string;
  vehicleChannelId: string;
  rateId: string;
  rental: { pickupDate: string; dropoffDate: string; pickupTime: string; dropoffTime: string };
  driverAge: number;
  /** The driver's country comes from the search (shown, not editable: R086). */
  driverCountry: string;
  total?: number;
}

export type CheckoutData = StayCheckout | CarCheckout;

/** One booked room's guest rows; at most `maxGuests` (adults + children + infants, R088) unless a paste was confirmed. */
export interface GuestRoom {
  unitId: string;
  rateId: string;
  maxGuests: number;
  guests: GuestInput[];
}

export const checkoutFields = [
  'name',
  'surname',
  'mail',
  'phone',
  // The stay contact's address (optional; a script's `--country`, `--city`, `--address`, `--zip-code`).
  'country',
  'city',
  'address',
  'zipCode',
  'reservationName',
  'externalReference',
  'specialRequest',
  'firstName',
  'lastName',
  'email',
  'notes',
] as const;
export type CheckoutField = (typeof checkoutFields)[number];
export type CheckoutFields = Record<CheckoutField, string>;

export const emptyGuest = (): GuestInput => ({ name: '', surname: '', nationality: '' });

/** One room per booked room (a rate chosen twice is two rooms), each with one empty guest row. */
export function guestRoomsFor(chosen: readonly CheckoutChoice[]): GuestRoom[] {
  return chosen.flatMap(({ unitId, rate, quantity }) =>
    Array.from({ length: quantity }, () => ({
      unitId,
      rateId: rate.id,
      maxGuests: guestSpaces(rate.occupancy),
      guests: [emptyGuest()],
    })),
  );
}

/** R087: a row may be added while the room has fewer rows than adults + children + infants. */
export function canAddGuest(room: GuestRoom | undefined): boolean {
  return room !== undefined && room.guests.length < room.maxGuests;
}

/** R087: any guest row but the first may be deleted. */
export function canRemoveGuest(room: GuestRoom | undefined, guest: number): boolean {
  return room !== undefined && guest > 0 && guest < room.guests.length;
}

/**
 * R088 with R089: the rooms (their indices) holding more guest rows than adults + children + infants. A
 * confirmed paste may add such rows, so the whole list is seen; the booking waits until the extra rows are
 * removed (the server refuses more guests than the occupancy).
 */
export function overfullRooms(rooms: readonly GuestRoom[]): number[] {
  return rooms.flatMap((room, index) => (room.guests.length > room.maxGuests ? [index] : []));
}

/**
 * The fields that are wrong, as `{ field: messageKey }`, in the order of the form: the contact's surname and
 * e-mail for a stay; the driver's names, e-mail and phone for a car (R086).
 */
export function validateCheckout(
  kind: CheckoutData['kind'],
  fields: CheckoutFields,
): Partial<Record<CheckoutField, string>> {
  if (kind === 'vehicle') return validateDriver(fields);
  return validateContact(fields);
}

export type CreateBookingRequest =
  | { kind: 'accommodation'; propertyId: string; body: StayBookingBody }
  | { kind: 'vehicle'; body: VehicleBookingBody };

const optional = (key: string, value: string) => (value.trim() ? { [key]: value.trim() } : {});

/**
 * The create_booking call for the form (R091, R092): a stay books one room entry per room with its guests
 * (an empty guest is "No Name") and the contact with whatever address was given, a car books the offer with its
 * driver; the card token as `guarantee` when the vault (or the caller, up front) gave one, and the total shown.
 */
export function createBookingRequest(
  data: CheckoutData,
  fields: CheckoutFields,
  rooms: readonly GuestRoom[],
  cardToken: string | null,
): CreateBookingRequest {
  if (data.kind === 'vehicle') {
    const payload = vehicleBookingPayload({
      vehicleChannelId: data.vehicleChannelId,
      rateId: data.rateId,
      rental: data.rental,
      currency: data.currency,
      driver: {
        firstName: fields.firstName.trim(),
        lastName: fields.lastName.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim(),
        age: data.driverAge,
        address: { countryCode: data.driverCountry },
      },
      cardToken: cardToken ?? undefined,
      notes: fields.notes,
      reservationName: fields.reservationName,
      externalReference: fields.externalReference,
    });
    return {
      kind: 'vehicle',
      body: { booking: { ...payload.booking, ...(data.total !== undefined ? { total: data.total } : {}) } },
    };
  }
  let next = 0;
  const payload = stayBookingPayload({
    currency: data.currency,
    checkinDate: data.checkinDate,
    checkoutDate: data.checkoutDate,
    customer: {
      name: fields.name.trim(),
      surname: fields.surname.trim(),
      ...optional('mail', fields.mail),
      ...optional('phone', fields.phone),
      ...optional('country', fields.country.toUpperCase()),
      ...optional('city', fields.city),
      ...optional('address', fields.address),
      ...optional('zipCode', fields.zipCode),
    },
    chosen: data.chosen.map((c) => ({
      ...c,
      guests: Array.from({ length: c.quantity }, () => rooms[next++]?.guests ?? []),
    })),
    cardToken: cardToken ?? undefined,
    reservationName: fields.reservationName,
    externalReference: fields.externalReference,
    specialRequest: fields.specialRequest,
  });
  return {
    kind: 'accommodation',
    propertyId: data.propertyId,
    body: { booking: { ...payload.booking, ...(data.total !== undefined ? { total: data.total } : {}) } },
  };
}
