/** @jsxRuntime automatic @jsxImportSource react */
import {
  bookingPolicy,
  bookingTotal,
  type CheckoutField,
  type CheckoutFields,
  checkoutMachine,
  engineActors,
  engineCalls,
  formatPrice,
  isCardNeeded,
  isScarce,
  type OpenedStay,
  ratesTableMachine,
  roomsOf,
  type StayChosen,
  type StayFieldValues,
  type StayRow,
  type StayWizardNotice,
  stayWizardMachine,
  type WizardStay,
  wizardChosen,
  wizardRows,
} from '@tern/core/bookingEngine';
import { nightsBetween, todayIn } from '@tern/core/dates';
import { validationWords } from '@tern/core/i18n';
import type { PropertyInfo, TernClient } from '@tern/sdk';
import { Box, Text } from 'ink';
import { useEffect, useReducer, useRef } from 'react';
import { createActor, fromPromise, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { type Booked, bookedText, stayBookedLines } from '../bookingEngine/booked.js';
import { policyLine } from '../bookingEngine/format.js';
import { stayDates } from '../bookingEngine/queryFlags.js';
import { CARD_NEEDED, type StayOrder } from '../bookingEngine/stayOrder.js';
import { withClient } from '../client.js';
import type { Context } from '../context.js';
import { bugLine, toUserError, UserError } from '../errors.js';
import { cliInspect } from '../inspect/server.js';
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

/** What the screen shows: the stay's fields, then the rooms, then the checkout's parts. */
type Step = 'stay' | 'rooms' | 'contact' | 'confirm' | 'booking';

/** The two forms being typed (their values, focus and errors as shown); the rest is core's wizard machine. */
interface Forms {
  stayFields: FieldsState;
  contactFields: FieldsState;
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

/** The stay typed, checked against the property's today in its time zone (the server's). */
function openStay(client: TernClient, now: () => number) {
  return async (values: StayFieldValues): Promise<OpenedStay> => {
    const propertyId = values.property.trim();
    if (!propertyId) return { fieldErrors: { property: 'the property id is needed' } };
    const info: PropertyInfo = await engineCalls(client).info('accommodations', propertyId);
    try {
      const stay = stayDates(
        { checkin: values.checkin, checkout: values.checkout, currency: values.currency || undefined },
        todayIn(info.timezone || 'UTC', now()),
      );
      return { info, stay };
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors) return { fieldErrors: errors };
      throw error;
    }
  };
}

/** Core's stay wizard on the SDK client: its children on core's engine actors, reported to `--inspect`. */
function startWizard(props: BookStayWizardProps, onEvent: (event: InspectionEvent) => void) {
  const { client, order } = props;
  const { email, ...customer } = order.customer;
  let failure: unknown = null;
  const actors = engineActors(client, { onError: (error) => (failure = error) });
  const open = openStay(client, props.now);
  const actor = createActor(
    stayWizardMachine.provide({
      actors: {
        openStay: fromPromise(({ input }: { input: StayFieldValues }) =>
          open(input).catch((error: unknown) => {
            failure = error;
            throw error;
          }),
        ),
        ratesTable: ratesTableMachine.provide({ actors: actors.ratesTable }),
        checkout: checkoutMachine.provide({ actors: actors.checkout }),
      },
    }),
    {
      inspect: (event) => {
        cliInspect(event);
        onEvent(event);
      },
      input: {
        values: {
          property: props.propertyId ?? '',
          checkin: order.checkin ?? '',
          checkout: order.checkout ?? '',
          currency: order.currency ?? 'USD',
        },
        contact: {
          ...customer,
          mail: email,
          reservationName: order.reservationName,
          externalReference: order.reference,
          specialRequest: order.specialRequest,
        },
        guests: order.guests,
        ...(order.cardToken ? { cardToken: order.cardToken } : {}),
        ...(order.idempotencyKey ? { idempotencyKey: order.idempotencyKey } : {}),
      },
    },
  );
  return { actor, failure: () => failure };
}

/** The step shown: the stay's fields, the rooms, or the checkout's part (the contact while repricing). */
function stepOf(snapshot: SnapshotFrom<typeof stayWizardMachine>): Step {
  if (snapshot.matches('booked')) return 'booking';
  if (!snapshot.matches('flow')) return 'stay';
  if (!snapshot.matches({ flow: 'checkout' })) return 'rooms';
  if (snapshot.matches({ flow: { checkout: 'booking' } })) return 'booking';
  return snapshot.matches({ flow: { checkout: 'reviewing' } }) ? 'confirm' : 'contact';
}

/** The wizard's notice in words (the SDK's own error of the last call, as `describe` words it). */
function noticeText(notice: StayWizardNotice | null, describe: () => string): string | null {
  if (!notice) return null;
  switch (notice.code) {
    case 'failed':
      return describe();
    case 'card_needed':
      return CARD_NEEDED;
    case 'extra_guests':
      return `${notice.count} guest(s) more than the rooms chosen sleep (--guest)`;
    case 'no_rooms':
      return 'Choose at least one room: → adds one';
    case 'repricing':
      return `${describe()} Reading the new prices…`;
    case 'repriced':
      return 'The price has changed: the summary shows the new total. y books at it, n goes back.';
  }
}

/**
 * The stay wizard of `tern book stay` on a terminal: core's `stayWizardMachine` (the stay, the rooms on the
 * rates table, the checkout — the web app's machines — each page taken by the booking flow), drawn here with
 * keys sent to it as its events.
 */
export function BookStayWizard(props: BookStayWizardProps) {
  const { order } = props;
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [get, set] = useSyncState<Forms>(() => ({
    stayFields: fieldsState(STAY_FIELDS, {
      property: props.propertyId,
      checkin: order.checkin,
      checkout: order.checkout,
      currency: order.currency ?? 'USD',
    }),
    contactFields: fieldsState(CONTACT_FIELDS, { ...order.customer, mail: order.customer.email }),
  }));
  const wizard = useRef<ReturnType<typeof startWizard> | null>(null);
  if (!wizard.current)
    wizard.current = startWizard(props, (event) => event.type === '@xstate.snapshot' && redraw());
  const { actor, failure } = wizard.current;
  const latest = useRef({ get, set, done: props.done });
  latest.current = { get, set, done: props.done };
  useEffect(() => {
    // Field problems found on opening the stay go on its fields; the booking made ends the wizard.
    let shown: Record<string, string> = {};
    const watch = actor.subscribe((snapshot) => {
      const { get, set, done } = latest.current;
      const errors = snapshot.context.fieldErrors;
      if (errors !== shown && Object.keys(errors).length > 0)
        set({ ...get(), stayFields: withErrors(STAY_FIELDS, get().stayFields, errors) });
      shown = errors;
      if (snapshot.status !== 'done') return;
      const booked = snapshot.output;
      done(
        booked && {
          created: booked.created,
          lines: stayBookedLines(booked.propertyId, booked.stay, booked.chosen),
        },
      );
    });
    actor.start();
    return () => {
      watch.unsubscribe();
      actor.stop();
    };
  }, [actor]);

  const snapshot = actor.getSnapshot();
  const { context } = snapshot;
  const checkout = context.checkout?.getSnapshot();
  /** The rooms step waits while the rates table loads (its `busy` tag). */
  const loadingRates = () => actor.getSnapshot().context.rates?.getSnapshot().hasTag('busy') ?? false;
  const send = actor.send.bind(actor);

  /** Enter on the contact: core's rules check it (as the web's submit does); right, the summary opens. */
  const review = () => {
    send({ type: 'contact.submit' });
    const errors = actor.getSnapshot().context.contactErrors;
    const words = Object.fromEntries(
      Object.entries(errors).map(([field, key]) => [field, validationWords(key)]),
    );
    set({
      ...get(),
      contactFields:
        Object.keys(words).length > 0
          ? withErrors(CONTACT_FIELDS, get().contactFields, words)
          : { ...get().contactFields, errors: {} },
    });
  };

  const step = stepOf(snapshot);
  const keys = {
    stay: {
      ...fieldKeys(
        STAY_FIELDS,
        () => get().stayFields,
        (stayFields) => set({ ...get(), stayFields }),
        (values) => send({ type: 'stay.submit', values: values as unknown as StayFieldValues }),
      ),
      escape: () => send({ type: 'wizard.cancel' }),
    },
    rooms: {
      up: () => send({ type: 'rooms.move', by: -1 }),
      down: () => send({ type: 'rooms.move', by: 1 }),
      right: () => send({ type: 'rooms.change', by: 1 }),
      left: () => send({ type: 'rooms.change', by: -1 }),
      text: (t: string) =>
        t === '+'
          ? send({ type: 'rooms.change', by: 1 })
          : t === '-'
            ? send({ type: 'rooms.change', by: -1 })
            : undefined,
      enter: () => (loadingRates() ? undefined : send({ type: 'rooms.choose' })),
      escape: () => send({ type: 'stay.edit' }),
    },
    contact: {
      ...fieldKeys(
        CONTACT_FIELDS,
        () => get().contactFields,
        (contactFields) => {
          set({ ...get(), contactFields });
          // The contact as typed goes into core's checkout, field by field.
          const current = actor.getSnapshot().context.checkout?.getSnapshot().context.fields;
          for (const { key } of CONTACT_FIELDS) {
            const value = contactFields.values[key];
            if (value !== undefined && value !== current?.[key])
              send({ type: 'field.change', field: key, value });
          }
        },
        review,
      ),
      escape: () => send({ type: 'checkout.back' }),
    },
    confirm: {
      text: (t: string) =>
        t.toLowerCase() === 'y'
          ? send({ type: 'booking.confirm' })
          : t.toLowerCase() === 'n'
            ? send({ type: 'review.cancel' })
            : undefined,
      escape: () => send({ type: 'review.cancel' }),
    },
    booking: {},
  } satisfies Record<Step, object>;
  // Asked for each key: keys arriving in one chunk go to the step the previous key led to.
  useKeys(() => keys[stepOf(actor.getSnapshot())]);
  const message = noticeText(context.notice, () =>
    props.describe(
      failure() ??
        new Error(context.notice && 'failure' in context.notice ? context.notice.failure.message : ''),
    ),
  );
  const forms = get();

  return (
    <Box flexDirection="column">
      <Text bold>
        Book a stay{context.info ? `: ${context.info.title}` : ''}
        {context.stay ? ` · ${context.stay.checkinDate} to ${context.stay.checkoutDate}` : ''}
      </Text>
      {step === 'stay' ? (
        <>
          <Fields fields={STAY_FIELDS} state={forms.stayFields} />
          <Hint>Enter: next · Tab: switch field · Esc: cancel</Hint>
        </>
      ) : null}
      {step === 'rooms' && loadingRates() ? <Text color="yellow">Loading the rooms and rates…</Text> : null}
      {step === 'rooms' && !loadingRates() && context.stay ? (
        <RoomsStep
          stay={context.stay}
          cursor={context.cursor}
          rows={wizardRows(context)}
          chosen={wizardChosen(context)}
        />
      ) : null}
      {step === 'contact' ? (
        <>
          <Text>Who is the booking for?</Text>
          <Fields fields={CONTACT_FIELDS} state={forms.contactFields} />
          <Hint>Enter: next · Esc: back to the rooms</Hint>
        </>
      ) : null}
      {(step === 'confirm' || step === 'booking') && context.stay && checkout ? (
        <ConfirmStep
          stay={context.stay}
          chosen={wizardChosen(context)}
          fields={checkout.context.fields}
          booking={step === 'booking'}
        />
      ) : null}
      {message ? <Text color="red">✗ {message}</Text> : null}
    </Box>
  );
}

function RoomsStep({
  stay,
  cursor,
  rows,
  chosen,
}: {
  stay: WizardStay;
  cursor: number;
  rows: StayRow[];
  chosen: StayChosen[];
}) {
  const countOf = ({ unit, rate }: StayRow) =>
    chosen.find((c) => c.unit.id === unit.id && c.rate.id === rate.id)?.quantity ?? 0;
  const rooms = roomsOf(chosen);
  if (rows.length === 0) return <Text>No rates for these dates. Esc: other dates</Text>;
  return (
    <>
      <Text>{nightsBetween(stay.checkinDate, stay.checkoutDate)} nights · prices for one room</Text>
      <Choices
        items={rows}
        cursor={cursor}
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
      <Text>
        Total: {rooms.length > 0 ? formatPrice(bookingTotal(rooms, stay.currency), stay.currency) : '—'}
      </Text>
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
  stay: WizardStay;
  chosen: StayChosen[];
  fields: CheckoutFields;
  booking: boolean;
}) {
  const rates = roomsOf(chosen);
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
