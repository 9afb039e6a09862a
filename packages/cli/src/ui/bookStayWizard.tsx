/** @jsxRuntime automatic @jsxImportSource react */
import {
  bookingFlowMachine,
  bookingPolicy,
  bookingTotal,
  type CheckoutField,
  type CheckoutFields,
  engineActors,
  engineCalls,
  formatPrice,
  type GuestInput,
  type GuestRoom,
  guestRoomsFor,
  isCardNeeded,
  isScarce,
  memoryFlowStorage,
  nightsBetween,
  type RatesSelection,
  ratesTableMachine,
  todayIn,
} from '@tern/core';
import { ApiError, type PropertyInfo, type RateOffer, type TernClient, type UnitWithRates } from '@tern/sdk';
import { Box, Text } from 'ink';
import { useEffect, useRef } from 'react';
import { type ActorRefFrom, createActor } from 'xstate';
import { type Booked, bookedText, stayBookedLines } from '../booking/booked.js';
import { policyLine } from '../booking/format.js';
import {
  type CheckoutRun,
  fillCheckout,
  startCheckout,
  submitCheckout,
} from '../booking/headlessCheckout.js';
import { stayDates } from '../booking/queryFlags.js';
import { CARD_NEEDED, type StayOrder } from '../booking/stayOrder.js';
import { withClient } from '../client.js';
import type { Context } from '../context.js';
import { bugLine, toUserError, UserError } from '../errors.js';
import { cliInspect } from '../inspect/server.js';
import { checkoutErrors, typeIntoCheckout } from './checkoutFields.js';
import {
  Choices,
  type FieldSpec,
  Fields,
  type FieldsState,
  fieldKeys,
  fieldsState,
  Hint,
  runWizard,
  useKeys,
  useSyncState,
  withErrors,
} from './wizard.js';

type Stay = { checkinDate: string; checkoutDate: string; currency: string };
/** What the screen shows: the stay's fields, then the booking flow's pages (rooms, then the checkout's parts). */
type Step = 'stay' | 'rooms' | 'contact' | 'confirm' | 'booking';

interface State {
  /** The stay's fields, or core's booking flow (which says whether the rooms or the checkout are open). */
  stage: 'stay' | 'flow';
  /** The checkout's summary is shown (core's rules found the contact right), waiting for y. */
  reviewing: boolean;
  stayFields: FieldsState;
  propertyId: string;
  stay: Stay | null;
  info: PropertyInfo | null;
  cursor: number;
  contactFields: FieldsState;
  message: string | null;
}

export interface BookStayWizardProps {
  client: TernClient;
  /** The clock: the days are checked against the property's today in its time zone. */
  now: () => number;
  propertyId: string | undefined;
  order: StayOrder;
  describe: (error: unknown) => string;
  done: (booked: Booked | null) => void;
}

const STAY_FIELDS: FieldSpec[] = [
  { key: 'property', label: 'Property', hint: 'its id, from `tern search stays`' },
  { key: 'checkin', label: 'Check-in', hint: 'YYYY-MM-DD' },
  { key: 'checkout', label: 'Check-out', hint: 'YYYY-MM-DD' },
  { key: 'currency', label: 'Currency', hint: 'USD' },
];

/** The contact's fields typed here: core's checkout fields of the same keys. */
const CONTACT_FIELDS: (FieldSpec & { key: CheckoutField })[] = [
  { key: 'name', label: 'First name' },
  { key: 'surname', label: 'Surname' },
  { key: 'mail', label: 'E-mail', hint: 'the confirmation goes there' },
  { key: 'phone', label: 'Phone' },
];

const FLAG_FIELD: Record<string, string> = {
  '--checkin': 'checkin',
  '--checkout': 'checkout',
  '--currency': 'currency',
};

/** A user error's flags as field errors of a form (`--checkin: …` → the check-in field). */
function fieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof UserError) || error.fields.length === 0) return null;
  const errors: Record<string, string> = {};
  for (const { field, message } of error.fields) {
    const key = FLAG_FIELD[field];
    if (!key) return null;
    errors[key] = message;
  }
  return errors;
}

interface Row {
  unit: UnitWithRates;
  rate: RateOffer;
}

const rowsOf = (units: UnitWithRates[]): Row[] =>
  units.flatMap((unit) => unit.ratePlans.map((rate) => ({ unit, rate })));

/** A rate chosen in the rates table, with its unit and how many rooms of it. */
type Chosen = Row & { unitId: string; quantity: number };

/** Each room booked, as its rate (a rate taken twice counts twice). */
const ratesOf = (chosen: readonly Chosen[]): RateOffer[] =>
  chosen.flatMap((c) => Array(c.quantity).fill(c.rate) as RateOffer[]);

/**
 * The stay wizard of `tern book stay` on a terminal: the stay, then core's booking flow — the rooms on core's
 * rates table, the checkout on core's checkout machine (the web app's): the contact typed into it, its rules
 * checking it, y ticking the agreement and submitting, its attempt's key on every retry.
 */
export function BookStayWizard(props: BookStayWizardProps) {
  const { client, order } = props;
  const [get, set] = useSyncState<State>(() => ({
    stage: 'stay',
    reviewing: false,
    stayFields: fieldsState(STAY_FIELDS, {
      property: props.propertyId,
      checkin: order.checkin,
      checkout: order.checkout,
      currency: order.currency ?? 'USD',
    }),
    propertyId: props.propertyId ?? '',
    stay: null,
    info: null,
    cursor: 0,
    contactFields: fieldsState(CONTACT_FIELDS, { ...order.customer, mail: order.customer.email }),
    message: null,
  }));
  const rates = useRef<ActorRefFrom<typeof ratesTableMachine> | null>(null);
  const flow = useRef<ActorRefFrom<typeof bookingFlowMachine> | null>(null);
  const checkout = useRef<CheckoutRun | null>(null);
  useEffect(
    () => () => {
      rates.current?.stop();
      flow.current?.stop();
      checkout.current?.actor.stop();
    },
    [],
  );
  const state = get();
  const patch = (change: Partial<State>) => set({ ...get(), ...change });

  // The property's info first: its time zone gives the today the days are checked against (the server's).
  const loading = useRef(false);
  const loadRates = (values: Record<string, string>) => {
    const propertyId = values.property?.trim() ?? '';
    if (!propertyId)
      return patch({
        stayFields: withErrors(STAY_FIELDS, get().stayFields, { property: 'the property id is needed' }),
      });
    if (loading.current) return;
    loading.current = true;
    engineCalls(client)
      .info('accommodations', propertyId)
      .then(
        (info) => openRooms(values, propertyId, info),
        (error: unknown) => patch({ message: props.describe(error) }),
      )
      .finally(() => {
        loading.current = false;
      });
  };

  const openRooms = (values: Record<string, string>, propertyId: string, info: PropertyInfo) => {
    let stay: Stay;
    try {
      stay = stayDates(
        { checkin: values.checkin, checkout: values.checkout, currency: values.currency || undefined },
        todayIn(info.timezone || 'UTC', props.now()),
      );
    } catch (error) {
      const errors = fieldErrors(error);
      return errors
        ? patch({ stayFields: withErrors(STAY_FIELDS, get().stayFields, errors) })
        : patch({ message: props.describe(error) });
    }
    patch({ stage: 'flow', reviewing: false, cursor: 0, message: null, propertyId, stay, info });
    // Core's booking flow (the web app's property page → checkout → confirmation), its data kept in memory.
    flow.current?.stop();
    flow.current = createActor(bookingFlowMachine, {
      inspect: cliInspect,
      input: {
        storage: memoryFlowStorage(),
        kind: 'accommodation',
        channelId: propertyId,
        step: 'property',
        query: '',
      },
    });
    flow.current.subscribe(() => patch({}));
    flow.current.start();
    // Core's rates table (the web app's property page) loads the rates and holds the rooms chosen.
    rates.current?.stop();
    let failure: unknown = null;
    const actors = engineActors(client, { onError: (error) => (failure = error) });
    const actor = createActor(ratesTableMachine.provide({ actors: actors.ratesTable }), {
      inspect: cliInspect,
      input: {
        kind: 'accommodations',
        propertyId,
        search: { ...stay, adults: 1, children: 0, childrenAge: [] },
      },
    });
    rates.current = actor;
    actor.subscribe((snapshot) => {
      if (rates.current !== actor) return;
      if (snapshot.matches('error'))
        patch({
          stage: 'stay',
          message: props.describe(failure ?? new Error(snapshot.context.error?.message ?? '')),
        });
      else patch({});
    });
    actor.start();
  };

  /** The units of the rates table, and how many rooms of each rate are chosen there. */
  const table = () => {
    const context = rates.current?.getSnapshot().context;
    return { units: context?.units ?? [], selection: context?.selection ?? {} };
  };
  const chosenOf = (rate: RateOffer, unit: UnitWithRates) => table().selection[unit.id]?.[rate.id] ?? 0;
  const chosenRows = (): Chosen[] =>
    rowsOf(table().units)
      .map((row) => ({ ...row, unitId: row.unit.id, quantity: chosenOf(row.rate, row.unit) }))
      .filter((row) => row.quantity > 0);
  /** The rooms step waits while the rates table loads (its `busy` tag). */
  const loadingRates = () => rates.current?.getSnapshot().hasTag('busy') ?? false;

  // The machine takes a quantity only from what is left (`quantityOptions`); a rate that cannot be sold is
  // skipped here, as core's `validQuantity` does not look at `unavailableReason` (reported to core).
  const changeQuantity = (by: 1 | -1) => {
    const row = rowsOf(table().units)[get().cursor];
    if (!row || row.rate.unavailableReason) return;
    const quantity = chosenOf(row.rate, row.unit) + by;
    rates.current?.send({ type: 'rates.select', unitId: row.unit.id, rateId: row.rate.id, quantity });
    patch({ message: null });
  };

  const chooseRooms = () => {
    const chosen = chosenRows();
    const cardNeeded = isCardNeeded(chosen.map((c) => c.rate.cancellationPolicy));
    if (cardNeeded && !order.cardToken) return patch({ message: CARD_NEEDED });
    const { stay, propertyId } = get();
    if (!stay) return;
    // `--guest` flags fill the rooms in order, each up to what it sleeps (the checkout's guest rows).
    const guests = guestsByRoom(guestRoomsFor(chosen), order.guests);
    if (guests.extra > 0)
      return patch({ message: `${guests.extra} guest(s) more than the rooms chosen sleep (--guest)` });
    // The flow opens the checkout only for rooms chosen that sleep every guest (its `bookable` guard).
    flow.current?.send({
      type: 'flow.book',
      stay: {
        kind: 'accommodation',
        channelId: propertyId,
        ...stay,
        adults: 1,
        children: 0,
        childrenAge: [],
        selection: table().selection,
      },
      chosen: chosen.map((c) => ({ rate: c.rate, quantity: c.quantity })),
    });
    if (!flow.current?.getSnapshot().matches('checkout'))
      return patch({ message: 'Choose at least one room: → adds one' });
    // Core's checkout for these rooms, with the total shown (the server refuses it if the price changed).
    checkout.current?.actor.stop();
    const run = startCheckout({
      client,
      data: {
        kind: 'accommodation',
        propertyId,
        currency: stay.currency,
        checkinDate: stay.checkinDate,
        checkoutDate: stay.checkoutDate,
        chosen: chosen.map(({ unitId, rate, quantity }) => ({ unitId, rate, quantity })),
        total: bookingTotal(ratesOf(chosen), stay.currency),
      },
      cardNeeded,
      cardToken: order.cardToken,
      idempotencyKey: order.idempotencyKey,
    });
    fillCheckout(
      run.actor,
      {
        ...get().contactFields.values,
        country: order.customer.country,
        city: order.customer.city,
        address: order.customer.address,
        zipCode: order.customer.zipCode,
        reservationName: order.reservationName,
        externalReference: order.reference,
        specialRequest: order.specialRequest,
      },
      guests.rooms,
    );
    run.actor.subscribe(() => patch({}));
    checkout.current = run;
    patch({ reviewing: false, message: null });
  };

  /** The contact as typed goes into core's checkout, field by field. */
  const typeContact = (contactFields: FieldsState) => {
    patch({ contactFields });
    typeIntoCheckout(checkout.current, CONTACT_FIELDS, contactFields.values);
  };

  /** Enter on the contact: core's rules check it (as the web's submit does); right, the summary opens. */
  const review = () => {
    const run = checkout.current;
    if (!run) return;
    const errors = checkoutErrors(run);
    if (Object.keys(errors).length > 0)
      return patch({ contactFields: withErrors(CONTACT_FIELDS, get().contactFields, errors) });
    patch({ reviewing: true, message: null, contactFields: { ...get().contactFields, errors: {} } });
  };

  /** y: core's checkout ticks the agreement and submits; a refusal leaves the summary with its words. */
  const book = () => {
    const run = checkout.current;
    const { propertyId, stay } = get();
    if (!run || !stay || run.actor.getSnapshot().hasTag('busy')) return;
    patch({ message: null });
    const chosen = chosenRows();
    submitCheckout(run).then(
      ({ created }) => {
        flow.current?.send({
          type: 'booking.succeeded',
          booked: {
            bookingId: created.bookingId,
            reservationId: created.reservationId,
            email: run.actor.getSnapshot().context.fields.mail || null,
            kind: 'accommodation',
            provider: null,
          },
        });
        props.done({ created, lines: stayBookedLines(propertyId, stay, chosen) });
      },
      (error: unknown) =>
        error instanceof ApiError && error.code === 'price_changed'
          ? repriced(error)
          : patch({ message: props.describe(error) }),
    );
  };

  /**
   * The server refused the total shown (the price changed since the rates were read): the rates are read again,
   * the rooms chosen kept, and the summary shows the new total — y books at it (the checkout sends it).
   */
  const repriced = (error: ApiError) => {
    const actor = rates.current;
    if (!actor) return patch({ message: props.describe(error) });
    patch({ reviewing: false, message: `${props.describe(error)} Reading the new prices…` });
    const watch = actor.subscribe((snapshot) => {
      if (snapshot.hasTag('busy')) return;
      watch.unsubscribe();
      if (!snapshot.matches('fresh') || chosenRows().length === 0)
        return patch({ message: props.describe(error) });
      chooseRooms();
      patch({
        reviewing: true,
        message: 'The price has changed: the summary shows the new total. y books at it, n goes back.',
      });
    });
    actor.send({ type: 'search.submit' });
  };

  /** The step shown: the stay's fields, else the flow's page (the rooms), else the checkout's part. */
  const stepOf = (): Step => {
    const { stage, reviewing } = get();
    if (stage === 'stay' || !flow.current) return 'stay';
    if (!flow.current.getSnapshot().matches('checkout') || !checkout.current) return 'rooms';
    if (checkout.current.actor.getSnapshot().matches('submitting')) return 'booking';
    return reviewing ? 'confirm' : 'contact';
  };
  const keys = {
    stay: {
      ...fieldKeys(
        STAY_FIELDS,
        () => get().stayFields,
        (stayFields) => patch({ stayFields }),
        loadRates,
      ),
      escape: () => props.done(null),
    },
    rooms: {
      up: () => patch({ cursor: Math.max(0, get().cursor - 1) }),
      down: () => patch({ cursor: Math.min(rowsOf(table().units).length - 1, get().cursor + 1) }),
      right: () => changeQuantity(1),
      left: () => changeQuantity(-1),
      text: (t: string) => (t === '+' ? changeQuantity(1) : t === '-' ? changeQuantity(-1) : undefined),
      enter: () => (loadingRates() ? undefined : chooseRooms()),
      escape: () => patch({ stage: 'stay', message: null }),
    },
    contact: {
      ...fieldKeys(CONTACT_FIELDS, () => get().contactFields, typeContact, review),
      escape: () => {
        flow.current?.send({ type: 'flow.back' });
        checkout.current?.actor.stop();
        checkout.current = null;
        patch({ message: null });
      },
    },
    confirm: {
      text: (t: string) =>
        t.toLowerCase() === 'y'
          ? book()
          : t.toLowerCase() === 'n'
            ? patch({ reviewing: false, message: null })
            : undefined,
      escape: () => patch({ reviewing: false, message: null }),
    },
    booking: {},
  } satisfies Record<Step, object>;
  useKeys(() => keys[stepOf()]);
  const step = stepOf();

  return (
    <Box flexDirection="column">
      <Text bold>
        Book a stay{state.info ? `: ${state.info.title}` : ''}
        {state.stay ? ` · ${state.stay.checkinDate} to ${state.stay.checkoutDate}` : ''}
      </Text>
      {step === 'stay' ? (
        <>
          <Fields fields={STAY_FIELDS} state={state.stayFields} />
          <Hint>Enter: next · Tab: switch field · Esc: cancel</Hint>
        </>
      ) : null}
      {step === 'rooms' && loadingRates() ? <Text color="yellow">Loading the rooms and rates…</Text> : null}
      {step === 'rooms' && !loadingRates() ? <RoomsStep state={state} {...table()} /> : null}
      {step === 'contact' ? (
        <>
          <Text>Who is the booking for?</Text>
          <Fields fields={CONTACT_FIELDS} state={state.contactFields} />
          <Hint>Enter: next · Esc: back to the rooms</Hint>
        </>
      ) : null}
      {(step === 'confirm' || step === 'booking') && state.stay && checkout.current ? (
        <ConfirmStep
          stay={state.stay}
          chosen={chosenRows()}
          fields={checkout.current.actor.getSnapshot().context.fields}
          booking={step === 'booking'}
        />
      ) : null}
      {state.message ? <Text color="red">✗ {state.message}</Text> : null}
    </Box>
  );
}

/** Guests fill the rooms in order, each up to what it sleeps; `extra` counts those left over. */
function guestsByRoom(rooms: readonly GuestRoom[], guests: readonly GuestInput[]) {
  const queue = [...guests];
  return { rooms: rooms.map((room) => queue.splice(0, room.maxGuests)), extra: queue.length };
}

function RoomsStep({
  state,
  units,
  selection,
}: {
  state: State;
  units: UnitWithRates[];
  selection: RatesSelection;
}) {
  const rows = rowsOf(units);
  const currency = state.stay?.currency ?? 'USD';
  const countOf = ({ unit, rate }: Row) => selection[unit.id]?.[rate.id] ?? 0;
  const chosen = rows.flatMap((r) => Array(countOf(r)).fill(r.rate) as RateOffer[]);
  if (rows.length === 0) return <Text>No rates for these dates. Esc: other dates</Text>;
  return (
    <>
      <Text>
        {state.stay ? nightsBetween(state.stay.checkinDate, state.stay.checkoutDate) : 0} nights · prices for
        one room
      </Text>
      <Choices
        items={rows}
        cursor={state.cursor}
        row={({ unit, rate }, selected) => {
          const count = countOf({ unit, rate });
          const off = rate.unavailableReason !== null;
          const line = `${count > 0 ? `${count}×` : '  '} ${unit.title} · ${rate.title} · ${rate.occupancy.adults} ad${rate.occupancy.children ? ` ${rate.occupancy.children} ch` : ''} · ${formatPrice(rate.totalPrice, rate.currency)}`;
          const note = off
            ? ` (${rate.unavailableReason?.replace(/_/g, ' ')})`
            : `${isScarce(rate.availability) ? ` · ${rate.availability} left` : ''}${isCardNeeded([rate.cancellationPolicy]) ? ' · card' : ''}`;
          return (
            <Text dimColor={off} bold={selected}>
              {line}
              {note}
            </Text>
          );
        }}
      />
      <Text>Total: {chosen.length > 0 ? formatPrice(bookingTotal(chosen, currency), currency) : '—'}</Text>
      <Hint>↑ ↓: rate · → or +: one more room · ← or -: one less · Enter: continue · Esc: back</Hint>
    </>
  );
}

function ConfirmStep({
  stay,
  chosen,
  fields,
  booking,
}: {
  stay: Stay;
  chosen: Chosen[];
  fields: CheckoutFields;
  booking: boolean;
}) {
  const rates = ratesOf(chosen);
  const policy = bookingPolicy(rates.map((r) => r.cancellationPolicy));
  return (
    <Box flexDirection="column">
      {chosen.map((c) => (
        <Text key={c.rate.id}>
          {c.quantity} × {c.unit.title}, {c.rate.title}:{' '}
          {formatPrice(c.rate.totalPrice * c.quantity, c.rate.currency)}
        </Text>
      ))}
      <Text bold>Total: {formatPrice(bookingTotal(rates, stay.currency), stay.currency)}</Text>
      <Text>
        For: {fields.name.trim()} {fields.surname.trim()} &lt;{fields.mail.trim()}&gt;
      </Text>
      <Text>Policy: {policyLine(policy)}</Text>
      {booking ? (
        <Text color="yellow">Booking…</Text>
      ) : (
        <Hint>Accept the policy and book? y: book · n or Esc: back</Hint>
      )}
    </Box>
  );
}

/** `tern book stay` on a terminal: the wizard, then the booking number printed as by the flags. */
export async function bookStayOnTerminal(ctx: Context, propertyId: string | undefined, order: StayOrder) {
  await withClient(ctx, { session: true }, async ({ client, apiUrl }) => {
    const booked = await runWizard<Booked>(ctx.io, (done) => (
      <BookStayWizard
        client={client}
        now={() => ctx.now()}
        propertyId={propertyId}
        order={order}
        describe={(error) => toUserError(error, { apiUrl, signedIn: true })?.message ?? bugLine(error)}
        done={done}
      />
    ));
    if (!booked) throw new UserError('Booking cancelled', { code: 'cancelled' });
    ctx.out.result(booked.created, () => bookedText(booked.created, booked.lines));
  });
}
