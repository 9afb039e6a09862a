import type { BookedUnit, BookingRecord, Driver, Guest, Role } from '@tern/sdk';
import { guestForPayload, guestSpaces, validateDriver } from '../bookingEngine/engineRules.js';

// The edits a reseller makes in the booking details (document 1 §4, §6, §7; R118, R119, R121, R125): which
// units can be removed, the guests and drivers forms, and the bulk calls they become.

/** Booking details drawer width (R121): 560 for a supplier (and an admin), 700 for a reseller; full window at ≤ 900. */
export const BOOKING_DRAWER_FULL_MAX = 900;
export function bookingDrawerWidth(role: Role, viewportWidth: number): number | 'full' {
  if (viewportWidth <= BOOKING_DRAWER_FULL_MAX) return 'full';
  return role === 'reseller' ? 700 : 560;
}

/** The cancel failure message stays this long (R123). */
export const CANCEL_FAILURE_MS = 4000;

export const bookedUnits = (booking: Pick<BookingRecord, 'units'>): BookedUnit[] =>
  booking.units.filter((unit) => unit.status === 'booked');

/** A unit may be removed while more than one booked unit remains (R119), and only from a changeable booking. */
export function canRemoveUnits(
  booking: Pick<BookingRecord, 'units' | 'changeable'>,
  unitIds: readonly string[],
): boolean {
  const booked = bookedUnits(booking);
  const ids = new Set(unitIds);
  return (
    booking.changeable &&
    ids.size > 0 &&
    [...ids].every((id) => booked.some((unit) => unit.id === id)) &&
    booked.length - ids.size >= 1
  );
}

/** The guest rows of a room for its edit form: the booked guests, or one empty row when it has none. */
export function guestRowsOf(unit: BookedUnit): Guest[] {
  const guests = unit.guests.map((g) => ({
    name: g.name === 'No Name' ? '' : g.name,
    surname: g.surname,
    nationality: g.nationality,
  }));
  return guests.length > 0 ? guests : [{ name: '', surname: '', nationality: '' }];
}

export type GuestEditErrors = Record<string, 'too_many' | 'nationality'>;

/**
 * Problems of a guests form, keyed `unitId` (too many rows for the room: adults + children + infants) or
 * `unitId.index.nationality` (a nationality is a two-letter country code). Empty rows are allowed: the server
 * stores a nameless guest as "No Name", as at checkout.
 */
export function validateGuestEdits(
  booking: Pick<BookingRecord, 'units'>,
  edits: Readonly<Record<string, readonly Guest[]>>,
): GuestEditErrors {
  const errors: GuestEditErrors = {};
  for (const unit of bookedUnits(booking)) {
    const guests = edits[unit.id];
    if (!guests) continue;
    if (guests.length > guestSpaces(unit.occupancy)) errors[unit.id] = 'too_many';
    guests.forEach((guest, index) => {
      const code = guest.nationality.trim();
      if (code !== '' && !/^[A-Za-z]{2}$/.test(code))
        errors[`${unit.id}.${index}.nationality`] = 'nationality';
    });
  }
  return errors;
}

/** The `booking_rooms/bulk_update` body (R125): every edited room with its guests, rate and unit codes. */
export function guestUpdateBody(
  booking: Pick<BookingRecord, 'units' | 'propertyChannelId'>,
  edits: Readonly<Record<string, readonly Guest[]>>,
) {
  return {
    units: bookedUnits(booking)
      .filter((unit) => edits[unit.id])
      .map((unit) => ({
        id: unit.id,
        guests: (edits[unit.id] ?? []).map((g) =>
          guestForPayload({ ...g, nationality: g.nationality.trim().toUpperCase() }),
        ),
        ratePlanCode: unit.ratePlanCode,
        unitTypeCode: unit.unitTypeCode,
      })),
    propertyId: booking.propertyChannelId,
    propertyType: 'accommodation' as const,
  };
}

export type DriverForm = Pick<Driver, 'firstName' | 'lastName' | 'email' | 'phone'>;

export const driverFormOf = (unit: BookedUnit): DriverForm => {
  const d = unit.drivers[0];
  return {
    firstName: d?.firstName ?? '',
    lastName: d?.lastName ?? '',
    email: d?.email ?? '',
    phone: d?.phone ?? '',
  };
};

/** The driver form's problems, as at checkout (R086): names, e-mail and phone are needed. */
export const validateDriverEdit = (form: DriverForm) => validateDriver(form);

/**
 * The `rental_vehicles/bulk_update` body (R125): the car's driver with the edited names and contact; the age
 * and address stay as booked (they decided the price).
 */
export function driverUpdateBody(
  booking: Pick<BookingRecord, 'units' | 'propertyChannelId'>,
  unitId: string,
  form: DriverForm,
) {
  const unit = bookedUnits(booking).find((u) => u.id === unitId);
  const booked = unit?.drivers[0];
  if (!unit || !booked) throw new Error('This car is not part of the booking');
  return {
    units: [
      {
        id: unit.id,
        drivers: [
          {
            ...booked,
            firstName: form.firstName.trim(),
            lastName: form.lastName.trim(),
            email: form.email.trim(),
            phone: form.phone.trim(),
          },
        ],
        ratePlanCode: unit.ratePlanCode,
        unitTypeCode: unit.unitTypeCode,
      },
    ],
    propertyId: booking.propertyChannelId,
    propertyType: 'vehicle' as const,
  };
}

/** The bulk remove body (R125). */
export const removeUnitsBody = (
  booking: Pick<BookingRecord, 'propertyChannelId' | 'propertyType'>,
  unitIds: readonly string[],
) => ({
  deleteUnitIds: [...unitIds],
  propertyId: booking.propertyChannelId,
  propertyType: booking.propertyType,
});
