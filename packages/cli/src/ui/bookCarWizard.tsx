/** @jsxRuntime automatic @jsxImportSource react */
import {
  bookingFlowMachine,
  type CheckoutField,
  type CheckoutFields,
  fillCheckout,
  formatPrice,
  isCardNeeded,
  memoryFlowStorage,
} from '@tern/core/bookingEngine';
import type { TernClient, VehicleOffer } from '@tern/sdk';
import { Box, Text } from 'ink';
import { useEffect, useReducer, useRef, useState } from 'react';
import { createActor } from 'xstate';
import { type Booked, bookedText, carBookedLines } from '../bookingEngine/booked.js';
import { CAR_CARD_NEEDED, type CarBookFlags } from '../bookingEngine/carOrder.js';
import { policyLine } from '../bookingEngine/format.js';
import { type CheckoutRun, startCheckout, submitCheckout } from '../bookingEngine/headlessCheckout.js';
import type { CarQuery } from '../bookingEngine/queryFlags.js';
import { vehicleQuery } from '../bookingEngine/vehicleSearch.js';
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

/** What the screen shows: the booking flow's car search (the offers), then the checkout's parts. */
type Step = 'offers' | 'driver' | 'confirm' | 'booking';

interface State {
  /** The checkout's summary is shown (core's rules found the driver right), waiting for y. */
  reviewing: boolean;
  cursor: number;
  offer: VehicleOffer | null;
  driverFields: FieldsState;
  message: string | null;
}

export interface BookCarWizardProps {
  client: TernClient;
  /** The clock (the booking's pick-up is checked against the station's today). */
  now: () => number;
  flags: CarBookFlags;
  query: CarQuery;
  /** The car search's wait between polls (`Io.pollMs`), when not core's. */
  pollMs?: number | undefined;
  describe: (error: unknown) => string;
  done: (booked: Booked | null) => void;
}

/** The driver's fields typed here: core's checkout fields of the same keys. */
const DRIVER_FIELDS: (FieldSpec & { key: CheckoutField })[] = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
];

/** The server prices an offer for its charged days. */
const price = (offer: VehicleOffer) => {
  const first = offer.ratePlans[0];
  return first ? formatPrice(first.totalPrice, first.currency) : '—';
};

/**
 * The car wizard of `tern book car` on a terminal: core's car search (polled), core's booking flow, and the
 * checkout on core's checkout machine (the web app's): the driver typed into it, its rules checking it, y
 * ticking the agreement and submitting, its attempt's key on every retry.
 */
export function BookCarWizard(props: BookCarWizardProps) {
  const { client, flags, query } = props;
  const [get, set] = useSyncState<State>(() => ({
    reviewing: false,
    cursor: 0,
    offer: null,
    driverFields: fieldsState(DRIVER_FIELDS, {
      firstName: flags.firstName,
      lastName: flags.lastName,
      email: flags.email,
      phone: flags.phone,
    }),
    message: null,
  }));
  const checkout = useRef<CheckoutRun | null>(null);
  const patch = (change: Partial<State>) => set({ ...get(), ...change });

  // The search is core's vehicleQueryMachine (the web app's search page), started once for the flags the
  // wizard opened with; the offers step draws its snapshot: the providers answering, then the offers.
  const [search] = useState(() => vehicleQuery(client, query, props.pollMs));
  // Core's booking flow (the web app's car search → checkout → confirmation), its data kept in memory.
  const [flow] = useState(() =>
    createActor(bookingFlowMachine, {
      inspect: cliInspect,
      input: { storage: memoryFlowStorage(), kind: 'vehicle', channelId: '', step: 'property', query: '' },
    }),
  );
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one search, for the wizard's life
  useEffect(() => {
    const subscriptions = [search.actor.subscribe(() => redraw()), flow.subscribe(() => redraw())];
    search.actor.start();
    flow.start();
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      search.actor.stop();
      flow.stop();
      checkout.current?.actor.stop();
    };
  }, []);
  const searched = search.actor.getSnapshot();
  const offers = () => search.actor.getSnapshot().context.results;
  const searching = searched.hasTag('busy');
  const answered = searched.context.providers.filter((p) => p.finished).length;
  const searchMessage = searched.matches('error')
    ? props.describe(search.failure() ?? new Error(searched.context.error?.message ?? ''))
    : searched.matches('finished') && searched.context.results.length === 0
      ? 'No cars for these days and place.'
      : null;

  const chooseOffer = () => {
    const offer = offers()[get().cursor];
    if (!offer) return;
    if (isCardNeeded([offer.cancellationPolicy]) && !flags.cardToken)
      return patch({ message: CAR_CARD_NEEDED });
    // Core's booking flow opens the checkout for the offer chosen.
    flow.send({
      type: 'car.choose',
      car: {
        kind: 'vehicle',
        channelId: offer.stationChannelId,
        offer,
        pickupDate: query.pickupDate,
        dropoffDate: query.dropoffDate,
        pickupTime: query.pickupTime,
        dropoffTime: query.dropoffTime,
        driverAge: query.driverAge,
        driverCountry: query.driverCountry,
        currency: query.currency,
      },
    });
    // Core's checkout for the offer, with the price shown (the server refuses it if the price changed).
    checkout.current?.actor.stop();
    const run = startCheckout({
      client,
      data: {
        kind: 'vehicle',
        propertyId: offer.stationChannelId,
        currency: query.currency,
        vehicleChannelId: offer.vehicleChannelId,
        rateId: offer.id,
        rental: {
          pickupDate: query.pickupDate,
          dropoffDate: query.dropoffDate,
          pickupTime: query.pickupTime,
          dropoffTime: query.dropoffTime,
        },
        driverAge: query.driverAge,
        driverCountry: query.driverCountry,
        ...(offer.ratePlans[0] ? { total: offer.ratePlans[0].totalPrice } : {}),
      },
      cardNeeded: isCardNeeded([offer.cancellationPolicy]),
      cardToken: flags.cardToken,
      idempotencyKey: flags.idempotencyKey,
    });
    fillCheckout(run.actor, {
      ...get().driverFields.values,
      notes: flags.notes,
      reservationName: flags.reservationName,
      externalReference: flags.reference,
    });
    run.actor.subscribe(() => redraw());
    checkout.current = run;
    patch({ reviewing: false, offer, message: null });
  };

  /** The driver as typed goes into core's checkout, field by field. */
  const typeDriver = (driverFields: FieldsState) => {
    patch({ driverFields });
    typeIntoCheckout(checkout.current, DRIVER_FIELDS, driverFields.values);
  };

  /** Enter on the driver: core's rules check it (as the web's submit does); right, the summary opens. */
  const review = () => {
    const run = checkout.current;
    if (!run) return;
    const errors = checkoutErrors(run);
    if (Object.keys(errors).length > 0)
      return patch({ driverFields: withErrors(DRIVER_FIELDS, get().driverFields, errors) });
    patch({ reviewing: true, message: null, driverFields: { ...get().driverFields, errors: {} } });
  };

  /** y: core's checkout ticks the agreement and submits; a refusal leaves the summary with its words. */
  const book = () => {
    const run = checkout.current;
    const { offer } = get();
    if (!run || !offer || run.actor.getSnapshot().hasTag('busy')) return;
    patch({ message: null });
    submitCheckout(run).then(
      ({ created, request }) => {
        if (request.kind !== 'vehicle') throw new Error('a car checkout booked a stay');
        flow.send({
          type: 'booking.succeeded',
          booked: {
            bookingId: created.bookingId,
            reservationId: created.reservationId,
            email: request.body.booking.driver.email,
            kind: 'vehicle',
            provider: offer.provider,
          },
        });
        props.done({ created, lines: carBookedLines(offer, query, request.body) });
      },
      (error: unknown) => patch({ message: props.describe(error) }),
    );
  };

  /** The step shown: the flow's car search (the offers), or the checkout's part. */
  const stepOf = (): Step => {
    if (!flow.getSnapshot().matches('checkout') || !checkout.current) return 'offers';
    if (checkout.current.actor.getSnapshot().matches('submitting')) return 'booking';
    return get().reviewing ? 'confirm' : 'driver';
  };
  const keys = {
    offers: {
      up: () => patch({ cursor: Math.max(0, get().cursor - 1), message: null }),
      down: () => patch({ cursor: Math.min(offers().length - 1, get().cursor + 1), message: null }),
      enter: () => (search.actor.getSnapshot().matches('finished') ? chooseOffer() : undefined),
      escape: () => props.done(null),
    },
    driver: {
      ...fieldKeys(DRIVER_FIELDS, () => get().driverFields, typeDriver, review),
      escape: () => {
        flow.send({ type: 'flow.back' });
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
  const state = get();
  useKeys(() => keys[stepOf()]);
  const step = stepOf();

  return (
    <Box flexDirection="column">
      <Text bold>
        Book a car · {query.pickupDate} {query.pickupTime} to {query.dropoffDate} {query.dropoffTime}
      </Text>
      {step === 'offers' && searching ? (
        <Text color="yellow">
          Asking the car providers…
          {searched.context.providers.length > 0
            ? ` ${answered} of ${searched.context.providers.length} answered`
            : ''}
        </Text>
      ) : null}
      {step === 'offers' && searched.matches('finished') && offers().length > 0 ? (
        <>
          <Choices
            items={offers()}
            cursor={state.cursor}
            row={(o, selected) => (
              <Text bold={selected}>
                {o.make} {o.model} ({o.acrissCode}) · {o.seats} seats · {o.transmission} · {o.stationTitle} ·{' '}
                {o.provider} · {price(o)}
                {isCardNeeded([o.cancellationPolicy]) ? ' · card' : ''}
              </Text>
            )}
          />
          <Hint>↑ ↓: offer · Enter: book this one · Esc: cancel</Hint>
        </>
      ) : null}
      {step === 'driver' ? (
        <>
          <Text>
            The driver of the {state.offer?.make} {state.offer?.model}:
          </Text>
          <Fields fields={DRIVER_FIELDS} state={state.driverFields} />
          <Hint>Enter: next · Esc: back to the offers</Hint>
        </>
      ) : null}
      {(step === 'confirm' || step === 'booking') && state.offer && checkout.current ? (
        <Box flexDirection="column">
          <Text>
            {state.offer.make} {state.offer.model} from {state.offer.stationTitle} ({state.offer.provider})
          </Text>
          <Text bold>Price: {price(state.offer)}</Text>
          <DriverLine fields={checkout.current.actor.getSnapshot().context.fields} />
          <Text>Policy: {policyLine(state.offer.cancellationPolicy)}</Text>
          {step === 'booking' ? (
            <Text color="yellow">Booking…</Text>
          ) : (
            <Hint>Accept the policy and book? y: book · n or Esc: back</Hint>
          )}
        </Box>
      ) : null}
      {state.message ? <Text color="red">✗ {state.message}</Text> : null}
      {step === 'offers' && !state.message && searchMessage ? (
        <Text color="red">✗ {searchMessage}</Text>
      ) : null}
    </Box>
  );
}

function DriverLine({ fields }: { fields: CheckoutFields }) {
  return (
    <Text>
      Driver: {fields.firstName.trim()} {fields.lastName.trim()} &lt;{fields.email.trim()}&gt;
    </Text>
  );
}

/** `tern book car` on a terminal: the wizard, then the booking number printed as by the flags. */
export async function bookCarOnTerminal(ctx: Context, flags: CarBookFlags, query: CarQuery) {
  await withClient(ctx, { session: true }, async ({ client, apiUrl }) => {
    const booked = await runWizard<Booked>(ctx.io, (done) => (
      <BookCarWizard
        client={client}
        now={() => ctx.now()}
        flags={flags}
        query={query}
        pollMs={ctx.io.pollMs}
        describe={(error) => toUserError(error, { apiUrl, signedIn: true })?.message ?? bugLine(error)}
        done={done}
      />
    ));
    if (!booked) throw new UserError('Booking cancelled', { code: 'cancelled' });
    ctx.out.result(booked.created, () => bookedText(booked.created, booked.lines));
  });
}
