/** @jsxRuntime automatic @jsxImportSource react */
import { randomUUID } from 'node:crypto';
import { bookingFlowMachine, formatPrice, isCardNeeded, memoryFlowStorage } from '@tern/core';
import type { TernClient, VehicleBookingBody, VehicleOffer } from '@tern/sdk';
import { Box, Text } from 'ink';
import { useEffect, useReducer, useState } from 'react';
import { createActor } from 'xstate';
import { type Booked, bookedText, carBookedLines } from '../booking/booked.js';
import { bookCarOffer } from '../booking/carCheckout.js';
import { CAR_CARD_NEEDED, type CarBookFlags, prepareCarBooking } from '../booking/carOrder.js';
import { policyLine } from '../booking/format.js';
import type { CarQuery } from '../booking/queryFlags.js';
import { vehicleQuery } from '../booking/vehicleSearch.js';
import { withClient } from '../client.js';
import type { Context } from '../context.js';
import { bugLine, toUserError, UserError } from '../errors.js';
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
  /** Where the checkout is, once core's booking flow has opened it: the driver, the summary, the call. */
  checkout: 'driver' | 'confirm' | 'booking';
  cursor: number;
  offer: VehicleOffer | null;
  driverFields: FieldsState;
  body: VehicleBookingBody | null;
  message: string | null;
}

export interface BookCarWizardProps {
  client: TernClient;
  /** The clock (the booking's pick-up is checked against the station's today). */
  now: () => number;
  flags: CarBookFlags;
  query: CarQuery;
  describe: (error: unknown) => string;
  done: (booked: Booked | null) => void;
}

const DRIVER_FIELDS: FieldSpec[] = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
];

const FLAG_FIELD: Record<string, string> = {
  '--first-name': 'firstName',
  '--last-name': 'lastName',
  '--email': 'email',
  '--phone': 'phone',
};

/** The server prices an offer for its charged days. */
const price = (offer: VehicleOffer) => {
  const first = offer.ratePlans[0];
  return first ? formatPrice(first.totalPrice, first.currency) : '—';
};

/** The car wizard of `tern book car` on a terminal: the search (polled), the offer, the driver, confirm, book. */
export function BookCarWizard(props: BookCarWizardProps) {
  const { client, flags, query } = props;
  const [get, set] = useSyncState<State>(() => ({
    checkout: 'driver',
    cursor: 0,
    offer: null,
    driverFields: fieldsState(DRIVER_FIELDS, {
      firstName: flags.firstName,
      lastName: flags.lastName,
      email: flags.email,
      phone: flags.phone,
    }),
    body: null,
    message: null,
  }));
  const [idempotencyKey] = useState(() => flags.idempotencyKey ?? randomUUID());
  const patch = (change: Partial<State>) => set({ ...get(), ...change });

  // The search is core's vehicleQueryMachine (the web app's search page), started once for the flags the
  // wizard opened with; the offers step draws its snapshot: the providers answering, then the offers.
  const [search] = useState(() => vehicleQuery(client, query));
  // Core's booking flow (the web app's car search → checkout → confirmation), its data kept in memory.
  const [flow] = useState(() =>
    createActor(bookingFlowMachine, {
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
    patch({ checkout: 'driver', offer, message: null });
  };

  const prepare = (values: Record<string, string>) => {
    const offer = get().offer;
    if (!offer) return;
    try {
      const body = prepareCarBooking(
        { ...flags, ...values, offer: offer.id, acceptPolicies: true },
        offer,
        query,
      );
      patch({ checkout: 'confirm', body, message: null });
    } catch (error) {
      const fields = error instanceof UserError ? error.fields : [];
      const errors = Object.fromEntries(
        fields.filter((f) => FLAG_FIELD[f.field]).map((f) => [FLAG_FIELD[f.field], f.message]),
      );
      if (Object.keys(errors).length > 0)
        patch({ driverFields: withErrors(DRIVER_FIELDS, get().driverFields, errors) });
      else patch({ message: props.describe(error) });
    }
  };

  const book = () => {
    const { body, offer, driverFields } = get();
    if (!body || !offer) return;
    patch({ checkout: 'booking', message: null });
    // Core's checkout books it, with the price shown: the server refuses it if it changed since (409).
    const driver = { ...flags, ...driverFields.values, offer: offer.id, acceptPolicies: true };
    bookCarOffer(
      client,
      driver,
      offer,
      query,
      idempotencyKey,
      props.now(),
      offer.ratePlans[0]?.totalPrice,
    ).then(
      ({ created, body: sent }) => {
        flow.send({
          type: 'booking.succeeded',
          booked: {
            bookingId: created.bookingId,
            reservationId: created.reservationId,
            email: sent.booking.driver.email,
            kind: 'vehicle',
            provider: offer.provider,
          },
        });
        props.done({ created, lines: carBookedLines(offer, query, sent) });
      },
      (error: unknown) => patch({ checkout: 'confirm', message: props.describe(error) }),
    );
  };

  /** The step shown: the flow's car search (the offers), or the checkout's part. */
  const stepOf = (): Step => (flow.getSnapshot().matches('checkout') ? get().checkout : 'offers');
  const keys = {
    offers: {
      up: () => patch({ cursor: Math.max(0, get().cursor - 1), message: null }),
      down: () => patch({ cursor: Math.min(offers().length - 1, get().cursor + 1), message: null }),
      enter: () => (search.actor.getSnapshot().matches('finished') ? chooseOffer() : undefined),
      escape: () => props.done(null),
    },
    driver: {
      ...fieldKeys(
        DRIVER_FIELDS,
        () => get().driverFields,
        (driverFields) => patch({ driverFields }),
        prepare,
      ),
      escape: () => {
        flow.send({ type: 'flow.back' });
        patch({ message: null });
      },
    },
    confirm: {
      text: (t: string) =>
        t.toLowerCase() === 'y'
          ? book()
          : t.toLowerCase() === 'n'
            ? patch({ checkout: 'driver', message: null })
            : undefined,
      escape: () => patch({ checkout: 'driver', message: null }),
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
      {(step === 'confirm' || step === 'booking') && state.offer && state.body ? (
        <Box flexDirection="column">
          <Text>
            {state.offer.make} {state.offer.model} from {state.offer.stationTitle} ({state.offer.provider})
          </Text>
          <Text bold>Price: {price(state.offer)}</Text>
          <Text>
            Driver: {state.body.booking.driver.firstName} {state.body.booking.driver.lastName} &lt;
            {state.body.booking.driver.email}&gt;
          </Text>
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

/** `tern book car` on a terminal: the wizard, then the booking number printed as by the flags. */
export async function bookCarOnTerminal(ctx: Context, flags: CarBookFlags, query: CarQuery) {
  await withClient(ctx, { session: true }, async ({ client, apiUrl }) => {
    const booked = await runWizard<Booked>(ctx.io, (done) => (
      <BookCarWizard
        client={client}
        now={() => ctx.now()}
        flags={flags}
        query={query}
        describe={(error) => toUserError(error, { apiUrl, signedIn: true })?.message ?? bugLine(error)}
        done={done}
      />
    ));
    if (!booked) throw new UserError('Booking cancelled', { code: 'cancelled' });
    ctx.out.result(booked.created, () => bookedText(booked.created, booked.lines));
  });
}
