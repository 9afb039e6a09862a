import type { PropertyInfo, UnitWithRates } from '@tern/sdk';
import type { ActorRef, SnapshotFrom } from 'xstate';
import { type CheckoutField, type GuestRoom, guestRoomsFor, type StayCheckout } from './checkout.js';
import type { CheckoutEvent, checkoutMachine } from './checkoutMachine.js';
import type { GuestInput } from './engineRules.js';
import type { RatesSelection } from './flow.js';
import { bookingTotal, isCardNeeded } from './pricing.js';
import { chosenRates, roomsOf } from './rateSelection.js';

/** The stay the wizard books: its days and currency, checked against the property's today. */
export interface WizardStay {
  checkinDate: string;
  checkoutDate: string;
  currency: string;
}

/** The stay's fields as typed (the property's id, its days, its currency). */
export interface StayFieldValues {
  property: string;
  checkin: string;
  checkout: string;
  currency: string;
}

/** What opening a stay found: the property and the stay checked, or the fields' problems by field. */
export type OpenedStay = { info: PropertyInfo; stay: WizardStay } | { fieldErrors: Record<string, string> };

/** A line of the rooms step: a rate of a unit. */
export interface StayRow {
  unit: UnitWithRates;
  rate: UnitWithRates['ratePlans'][number];
}

/** Every rate of every unit, in table order (the rows the rooms step's cursor moves over). */
export const stayRows = (units: readonly UnitWithRates[]): StayRow[] =>
  units.flatMap((unit) => unit.ratePlans.map((rate) => ({ unit, rate })));

/** The rates chosen, with their unit and how many rooms of each, in table order. */
export const stayChosen = (units: UnitWithRates[], selection: RatesSelection) =>
  chosenRates<UnitWithRates>(units, selection);

export type StayChosen = ReturnType<typeof stayChosen>[number];

/** Guests fill the rooms in order, each up to what it sleeps; `extra` counts those left over. */
export function guestsByRoom(rooms: readonly GuestRoom[], guests: readonly GuestInput[]) {
  const queue = [...guests];
  return { rooms: rooms.map((room) => queue.splice(0, room.maxGuests)), extra: queue.length };
}

/** The guests given up front, room by room, for the rooms chosen. */
export const guestsFor = (chosen: readonly StayChosen[], guests: readonly GuestInput[]) =>
  guestsByRoom(
    guestRoomsFor(chosen.map(({ unit, rate, quantity }) => ({ unitId: unit.id, rate, quantity }))),
    guests,
  );

/** Whether a chosen rate asks for a card. */
export const chosenNeedCard = (chosen: readonly StayChosen[]) =>
  isCardNeeded(chosen.map((c) => c.rate.cancellationPolicy));

/** The checkout's data for the rooms chosen, with the total shown (the server refuses it if the price changed). */
export function stayCheckoutData(
  propertyId: string,
  stay: WizardStay,
  chosen: readonly StayChosen[],
): StayCheckout {
  return {
    kind: 'accommodation',
    propertyId,
    currency: stay.currency,
    checkinDate: stay.checkinDate,
    checkoutDate: stay.checkoutDate,
    chosen: chosen.map(({ unit, rate, quantity }) => ({ unitId: unit.id, rate, quantity })),
    total: bookingTotal(roomsOf(chosen), stay.currency),
  };
}

type CheckoutRef = ActorRef<SnapshotFrom<typeof checkoutMachine>, CheckoutEvent>;

/** Types the fields (those given) and a stay's guests, room by room, into core's checkout. */
export function fillCheckout(
  actor: CheckoutRef,
  fields: Partial<Record<CheckoutField, string | undefined>>,
  guests: readonly (readonly GuestInput[])[] = [],
): void {
  for (const [field, value] of Object.entries(fields))
    if (value !== undefined) actor.send({ type: 'field.change', field: field as CheckoutField, value });
  for (const [room, roomGuests] of guests.entries())
    for (const [guest, values] of roomGuests.entries()) {
      if (guest > 0) actor.send({ type: 'guest.add', room });
      for (const key of ['name', 'surname', 'nationality'] as const)
        actor.send({ type: 'guest.change', room, guest, field: key, value: values[key] });
    }
}
