import type { RateOffer, StayBookingBody, VehicleBookingBody } from '@tern/sdk';
import { type GuestInput, guestForPayload } from './guests.js';

// The booking calls' bodies and replies (document 1 §3, R091, R092).

/** The first non-empty of uniqueId, bookingUniqueId, bookingId. */
export function bookingIdOf(reply: {
  uniqueId?: string | null;
  bookingUniqueId?: string | null;
  bookingId?: string | null;
}): string {
  return reply.uniqueId || reply.bookingUniqueId || reply.bookingId || '';
}

export interface ChosenRate {
  unitId: string;
  rate: Pick<RateOffer, 'id' | 'occupancy'>;
  quantity: number;
  /** Guests of each of the `quantity` rooms, in order. */
  guests?: GuestInput[][];
}

export interface StayBookingInput {
  currency: string;
  checkinDate: string;
  checkoutDate: string;
  customer: StayBookingBody['booking']['customer'];
  chosen: ChosenRate[];
  cardToken?: string | undefined;
  reservationName?: string | undefined;
  externalReference?: string | undefined;
  specialRequest?: string | undefined;
}

const present = <K extends string>(key: K, value: string | undefined) =>
  value?.trim() ? ({ [key]: value.trim() } as Record<K, string>) : {};

/** The create_booking body — one room entry per room booked, guests per room. */
export function stayBookingPayload(input: StayBookingInput): StayBookingBody {
  return {
    booking: {
      currency: input.currency,
      arrivalDate: input.checkinDate,
      departureDate: input.checkoutDate,
      customer: input.customer,
      ...present('reservationName', input.reservationName),
      ...present('externalReference', input.externalReference),
      ...present('specialRequest', input.specialRequest),
      ...(input.cardToken ? { guarantee: { cardToken: input.cardToken } } : {}),
      rooms: input.chosen.flatMap(({ unitId, rate, quantity, guests }) =>
        Array.from({ length: quantity }, (_, i) => ({
          ratePlanId: rate.id,
          roomTypeCode: unitId,
          occupancy: rate.occupancy,
          guests: (guests?.[i] ?? []).map(guestForPayload),
        })),
      ),
      policyAccepted: true,
    },
  };
}

export interface VehicleBookingInput {
  vehicleChannelId: string;
  rateId: string;
  rental: { pickupDate: string; dropoffDate: string; pickupTime: string; dropoffTime: string };
  currency: string;
  driver: VehicleBookingBody['booking']['driver'];
  cardToken?: string | undefined;
  notes?: string | undefined;
  reservationName?: string | undefined;
  externalReference?: string | undefined;
}

/** The v3 bookings body for a car offer. */
export function vehicleBookingPayload(input: VehicleBookingInput): VehicleBookingBody {
  return {
    booking: {
      vehicleChannelId: input.vehicleChannelId,
      rateId: input.rateId,
      ...input.rental,
      currency: input.currency,
      ...present('notes', input.notes),
      ...present('reservationName', input.reservationName),
      ...present('externalReference', input.externalReference),
      driver: input.driver,
      ...(input.cardToken ? { guarantee: { cardToken: input.cardToken } } : {}),
      policyAccepted: true,
    },
  };
}
