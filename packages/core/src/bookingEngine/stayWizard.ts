import type { BookingCreated, PropertyInfo, UnitWithRates } from '@tern/sdk';
import { type ActorRef, type ActorRefFrom, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import type { Failure } from '../internal/errorMessage.js';
import type { bookingFlowMachine } from './bookingFlowMachine.js';
import { type CheckoutField, type GuestRoom, guestRoomsFor, type StayCheckout } from './checkout.js';
import type { CheckoutEvent, CheckoutOutput, checkoutMachine } from './checkoutMachine.js';
import type { GuestInput } from './engineRules.js';
import type { FlowStorage, RatesSelection } from './flow.js';
import { bookingTotal, isCardNeeded } from './pricing.js';
import { chosenRates, roomsOf } from './rateSelection.js';
import type { RatesTableInput, ratesTableMachine } from './ratesTableMachine.js';

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

/** Types the fields (those given) and a stay's guests, room by room, into core's checkout. */
export function fillCheckout(
  actor: ActorRef<SnapshotFrom<typeof checkoutMachine>, CheckoutEvent>,
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

/** The stay as given up front and the checkout's contact and guests: the wizard's input. */
export interface StayWizardInput {
  /** The stay as given up front (flags); each field can be typed again. */
  values: StayFieldValues;
  /**
   * The stay already open (the web's property page: its route gives the property and the search): the wizard
   * starts on the rooms, and a rates failure stays there (the table offers its retry). On the flow's checkout
   * route (`step: 'checkout'`, the rooms chosen as the rates' selection) it reads the rates again for their
   * current prices and runs the checkout there (`checkoutPage`).
   */
  opened?: {
    info: PropertyInfo | null;
    rates: RatesTableInput;
    query: string;
    step?: 'property' | 'checkout';
  };
  /**
   * Where the checkout is: in the wizard (a terminal: no card frame, so a rate asking for a card needs a token
   * given up front), or the booking flow's checkout route (the web: the flow navigates there).
   */
  checkoutOn?: 'wizard' | 'route';
  /** The contact and a stay's guests given up front: they fill the checkout when it opens. */
  contact?: Partial<Record<CheckoutField, string | undefined>>;
  guests?: readonly GuestInput[];
  /** A card vault token given up front; without one a rate that asks for a card is refused (no card frame). */
  cardToken?: string;
  /** The booking's Idempotency-Key for every attempt (else core's checkout makes one per attempt). */
  idempotencyKey?: string;
  /** Where the booking flow keeps its data (default: in memory). */
  storage?: FlowStorage;
}

/** What the wizard has to say beside its step; the front end words it. */
export type StayWizardNotice =
  | { code: 'failed'; failure: Failure }
  | { code: 'card_needed' }
  | { code: 'extra_guests'; count: number }
  | { code: 'no_rooms' }
  | { code: 'repricing'; failure: Failure }
  | { code: 'repriced' };

type RatesRef = ActorRefFrom<typeof ratesTableMachine>;
type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;

export interface StayWizardOutput {
  created: BookingCreated;
  propertyId: string;
  stay: WizardStay;
  chosen: StayChosen[];
}

export interface StayWizardContext extends StayWizardInput {
  fieldErrors: Record<string, string>;
  propertyId: string;
  info: PropertyInfo | null;
  stay: WizardStay | null;
  cursor: number;
  contactErrors: Partial<Record<CheckoutField, string>>;
  /** A search was asked for without both dates (the page says which are missing). */
  missingDates: boolean;
  /** A search the table loads: the page shows the rates once they are in (then `info.shown`). */
  revealInfo: boolean;
  notice: StayWizardNotice | null;
  rates: RatesRef | null;
  flow: ActorRefFrom<typeof bookingFlowMachine> | null;
  checkout: CheckoutRef | null;
  /** What was booked, and the rooms it was for. */
  booked: Pick<StayWizardOutput, 'created' | 'chosen'> | null;
}

const tableOf = (context: StayWizardContext) => context.rates?.getSnapshot().context;
/** The rooms chosen on the rates table, in table order. */
export const wizardChosen = (context: StayWizardContext) =>
  stayChosen(tableOf(context)?.units ?? [], tableOf(context)?.selection ?? {});
/** The rates table's rows (the rooms step's lines). */
export const wizardRows = (context: StayWizardContext) => stayRows(tableOf(context)?.units ?? []);
/** How many rooms of the rate under the cursor are chosen, with its row. */
export function rowUnderCursor(context: StayWizardContext) {
  const row = wizardRows(context)[context.cursor];
  return row && { ...row, quantity: tableOf(context)?.selection[row.unit.id]?.[row.rate.id] ?? 0 };
}

/** The checkout route's checkout (the wizard's child `checkoutForm`), which the page's form drives. */
export const checkoutFormOf = (snapshot: { children: object }) =>
  (snapshot.children as { checkoutForm?: CheckoutRef }).checkoutForm;

/** The stay the rates were read for (the checkout route's: its days and currency). */
export function loadedStay(context: StayWizardContext): WizardStay | null {
  const loaded = tableOf(context)?.loaded;
  return loaded?.checkinDate && loaded.checkoutDate
    ? { checkinDate: loaded.checkinDate, checkoutDate: loaded.checkoutDate, currency: loaded.currency }
    : null;
}

/** The booking flow's `flow.book` for the rooms chosen, at the search the rates were loaded for. */
export function flowBookOf(context: StayWizardContext) {
  const loaded = tableOf(context)?.loaded;
  return {
    type: 'flow.book' as const,
    stay: {
      kind: 'accommodation' as const,
      channelId: context.propertyId,
      checkinDate: loaded?.checkinDate ?? '',
      checkoutDate: loaded?.checkoutDate ?? '',
      currency: loaded?.currency ?? '',
      adults: loaded?.adults ?? 1,
      children: loaded?.children ?? 0,
      childrenAge: loaded?.childrenAge ?? [],
      selection: tableOf(context)?.selection ?? {},
    },
    chosen: wizardChosen(context).map((c) => ({ rate: c.rate, quantity: c.quantity })),
  };
}

/** The rates table once it has settled: fresh, or the failure it keeps. */
export const settleRates = fromPromise<
  { fresh: boolean; error: Failure | null },
  { rates: RatesRef; reload: boolean }
>(async ({ input }) => {
  if (input.reload) input.rates.send({ type: 'search.submit' });
  const settled = await waitFor(input.rates, (s) => !s.hasTag('busy'));
  return { fresh: settled.matches('fresh'), error: settled.matches('error') ? settled.context.error : null };
});

/** Ticks the agreement and submits the checkout: its output, or its failure (the form stays). */
export const submitCheckout = fromPromise<CheckoutOutput, { checkout: CheckoutRef }>(async ({ input }) => {
  input.checkout.send({ type: 'agreement.set', agreed: true });
  input.checkout.send({ type: 'form.submit' });
  const settled = await waitFor(input.checkout, (s) => s.status === 'done' || s.matches('filling'));
  if (settled.status === 'done' && settled.output) return settled.output;
  throw settled.context.error ?? new Error('the checkout did not submit the form');
});
