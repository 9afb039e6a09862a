import {
  type CheckoutData,
  type CheckoutField,
  type CheckoutOutput,
  canAddGuest,
  canRemoveGuest,
  cardFrameMachine,
  checkoutMachine,
  engineActors,
} from '@tern/core/bookingEngine';
import type { CancellationPolicy, UnitWithRates } from '@tern/sdk';
import { useMachine, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { AlertDialog } from '../../../components/AlertDialog';
import { TextField } from '../../../components/TextField';
import { useServices } from '../../../session/SessionContext';
import { useErrorText } from '../../errors/useErrorText';
import { liveInspect } from '../../qa/liveInspect';
import { PriceSummary, type PriceSummaryProps } from '../property/PriceSummary';
import { type CardFrameActor, CardSection } from './CardSection';
import { CheckoutActions } from './CheckoutActions';
import { DriverForm } from './DriverForm';
import { GuestRooms } from './GuestRooms';
import { PolicyInfo } from './PolicyInfo';

export interface CheckoutFormProps {
  data: CheckoutData;
  cardNeeded: boolean;
  /** Stays: the units, for the guest rooms' titles. */
  units?: UnitWithRates[];
  policy: CancellationPolicy | null;
  /**
   * When the policy's deadline is counted from (check-in or pick-up), the time (00:00 without one) and the
   * property's zone it is in.
   */
  policyFrom: { date: string; time: string | null; timeZone?: string };
  summary: Omit<PriceSummaryProps, 'action'>;
  /** The total on the book button, formatted. */
  totalText: string | null;
  /** Cars: the driver's age and country, from the search (shown, not editable). */
  driver?: { age: number; country: string };
  onBooked: (output: CheckoutOutput) => void;
}

/** Core's checkout machine (M03) with the page's edges: the client's calls, the card frame, the focus. */
export function useCheckoutEdges() {
  const { client } = useServices();
  const form = useRef<HTMLFormElement>(null);
  const frame = useRef<HTMLIFrameElement | null>(null);
  const logic = useMemo(() => {
    // After the errors are drawn, the named input gets the focus (and scrolls into view).
    const focusInput = (name: string) =>
      requestAnimationFrame(() => {
        const input = form.current?.querySelector<HTMLElement>(`[name="${name}"]`);
        input?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        input?.focus({ preventScroll: true });
      });
    // Core's actors on the client: the vault form's URL, and create_booking with the attempt's key (a retry of
    // an unanswered attempt books at most once).
    const actors = engineActors(client);
    return checkoutMachine.provide({
      actors: {
        ...actors.checkout,
        cardFrame: cardFrameMachine.provide({
          actors: actors.cardFrame,
          actions: {
            postToFrame: (_, params: { message: unknown; origin: string }) =>
              frame.current?.contentWindow?.postMessage(params.message, params.origin),
          },
        }),
      },
      actions: {
        // R082: the first wrong field.
        focusFirstInvalid: (_, { field }: { field: CheckoutField }) => focusInput(field),
        // R088: the first row past what the room takes, to remove it or another.
        focusExtraGuest: (_, { room, guest }: { room: number; guest: number }) =>
          focusInput(`room-${room}-guest-${guest}-name`),
      },
    });
  }, [client]);
  return { logic, form, frame };
}

export type CheckoutEdges = ReturnType<typeof useCheckoutEdges>;
type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/** The checkout form on its own checkout machine (a car's; a stay's runs in core's stay wizard). */
export function CheckoutForm(props: CheckoutFormProps) {
  const edges = useCheckoutEdges();
  const [, , actor] = useMachine(edges.logic, {
    input: { data: props.data, cardNeeded: props.cardNeeded },
    inspect: liveInspect,
  });
  return <CheckoutFormView {...props} actor={actor} edges={edges} />;
}

/**
 * The checkout form on core's checkout machine (M03): fields, guest rooms with paste-to-fill, the card
 * frame child when a rate needs a card, the policy agreement, validation with focus on the first wrong
 * field, the server's refusal (the form stays) and the booking made.
 */
export function CheckoutFormView({
  actor,
  edges: { form, frame },
  cardNeeded,
  units = [],
  policy,
  policyFrom,
  summary,
  totalText,
  driver,
  onBooked,
}: Omit<CheckoutFormProps, 'data' | 'onBooked'> & {
  actor: CheckoutActor;
  edges: CheckoutEdges;
  /** The booking made (a stay's wizard takes it itself). */
  onBooked?: (output: CheckoutOutput) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { now } = useServices();
  const errorRef = useRef<HTMLDivElement>(null);
  const snapshot = useSelector(actor, (s) => s);
  const send = actor.send;
  const data = snapshot.context.data;
  const { fields, fieldErrors, rooms, agreed, error, pendingPaste } = snapshot.context;
  const cardFrame = useSelector(actor, (s) => s.children.cardFrame) as CardFrameActor | undefined;
  const cardError = useSelector(cardFrame, (s) => s?.context.error ?? null);
  const busy = snapshot.hasTag('busy');

  // The frame's messages go to the machine, which listens to the vault's origin only (R080).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `frame` is the edges' ref, read when a message comes
  useEffect(() => {
    if (!cardNeeded) return;
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      send({ type: 'frame.message', origin: event.origin, data: event.data });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [cardNeeded, send]);

  useEffect(() => {
    if (snapshot.status === 'done' && snapshot.output) onBooked?.(snapshot.output);
  }, [snapshot.status, snapshot.output, onBooked]);

  // A refusal moves the focus to its message (the form stays as it was).
  useEffect(() => {
    if (error && snapshot.matches('filling')) requestAnimationFrame(() => errorRef.current?.focus());
  }, [error, snapshot]);

  const field = (
    name: CheckoutField,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      name={name}
      value={fields[name]}
      onChange={(value) => send({ type: 'field.change', field: name, value })}
      errorMessage={fieldErrors[name] ? t(fieldErrors[name]!) : null}
      {...extra}
    />
  );

  const unitTitle = (unitId: string) => units.find((u) => u.id === unitId)?.title ?? '';
  const rateTitle = (unitId: string, rateId: string) =>
    units.find((u) => u.id === unitId)?.ratePlans.find((r) => r.id === rateId)?.title ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit' });
  }

  return (
    <>
      <form ref={form} className="checkout__layout" onSubmit={submit} noValidate>
        <div className="checkout__main">
          {data.kind === 'accommodation' ? (
            <>
              <section className="checkout-section" aria-labelledby="contact-heading">
                <h2 id="contact-heading">{t('payment_page.contact')}</h2>
                <p className="muted">{t('payment_page.contact_intro')}</p>
                <div className="form-grid">
                  {field('name', t('payment_page.first_name'), { autoComplete: 'given-name' })}
                  {field('surname', t('payment_page.last_name'), {
                    isRequired: true,
                    autoComplete: 'family-name',
                  })}
                  {field('mail', t('payment_page.email'), {
                    isRequired: true,
                    type: 'email',
                    inputMode: 'email',
                    autoComplete: 'email',
                  })}
                  {field('phone', t('payment_page.phone'), {
                    type: 'tel',
                    inputMode: 'tel',
                    autoComplete: 'tel',
                  })}
                </div>
              </section>
              <section className="checkout-section" aria-labelledby="guests-heading">
                <h2 id="guests-heading">{t('guests.heading')}</h2>
                <GuestRooms
                  rooms={rooms.map((room, i) => ({
                    key: `${room.unitId}-${room.rateId}-${i}`,
                    unitTitle: unitTitle(room.unitId),
                    rateTitle: rateTitle(room.unitId, room.rateId),
                    maxGuests: room.maxGuests,
                    guests: room.guests,
                    canAdd: canAddGuest(room),
                    canRemove: (guest) => canRemoveGuest(room, guest),
                  }))}
                  onGuestChange={(room, guest, name, value) =>
                    send({ type: 'guest.change', room, guest, field: name, value })
                  }
                  onAddGuest={(room) => send({ type: 'guest.add', room })}
                  onRemoveGuest={(room, guest) => send({ type: 'guest.remove', room, guest })}
                  onPaste={(room, guest, text) => send({ type: 'guest.paste', room, guest, text })}
                />
              </section>
              <section className="checkout-section" aria-labelledby="extras-heading">
                <h2 id="extras-heading">{t('payment_page.extras_heading')}</h2>
                <div className="form-grid">
                  {field('reservationName', t('payment_page.reservation_name'))}
                  {field('externalReference', t('payment_page.external_reference'))}
                </div>
                <TextAreaField
                  name="specialRequest"
                  label={t('payment_page.special_request')}
                  value={fields.specialRequest}
                  onChange={(value) => send({ type: 'field.change', field: 'specialRequest', value })}
                />
              </section>
            </>
          ) : (
            <section className="checkout-section" aria-labelledby="driver-heading">
              <h2 id="driver-heading">{t('driver.heading')}</h2>
              <DriverForm
                value={fields}
                onChange={(name, value) => send({ type: 'field.change', field: name, value })}
                errors={fieldErrors}
                age={driver?.age ?? 30}
                country={driver?.country ?? ''}
              />
              {field('notes', t('payment_page.notes'))}
            </section>
          )}
          {cardNeeded && cardFrame ? (
            <CardSection
              actor={cardFrame}
              frame={frame}
              onFailed={() => send({ type: 'frame.failed' })}
              onReload={() => send({ type: 'frame.reload' })}
            />
          ) : null}
          <section className="checkout-section" aria-labelledby="policy-heading">
            <h2 id="policy-heading">{t('payment_page.policy_info.heading')}</h2>
            <PolicyInfo
              policy={policy}
              checkinDate={policyFrom.date}
              checkinTime={policyFrom.time}
              timeZone={policyFrom.timeZone}
              now={now()}
            />
          </section>
        </div>
        <aside className="checkout__aside">
          <PriceSummary
            {...summary}
            action={
              <CheckoutActions
                ref={errorRef}
                agreed={agreed}
                onAgreedChange={(value) => send({ type: 'agreement.set', agreed: value })}
                submitting={busy}
                total={totalText}
                // The vault's refusal shows under its frame; the server's here.
                error={error && error.message !== cardError?.message ? errorText(error) : null}
              />
            }
          />
        </aside>
      </form>
      <AlertDialog
        title={t('payment_page.error_modal.header')}
        isOpen={snapshot.matches('frameNotReady')}
        onOpenChange={(open) => !open && send({ type: 'modal.close' })}
        confirmLabel={t('payment_page.error_modal.close')}
        variant="error"
      >
        <p>{t('payment_page.error_modal.text')}</p>
      </AlertDialog>
      <AlertDialog
        title={t('guests.extra_rows_title')}
        isOpen={pendingPaste !== null}
        onOpenChange={() => undefined}
        confirmLabel={t('guests.extra_rows_yes')}
        cancelLabel={t('guests.extra_rows_no', {
          max: pendingPaste ? rooms[pendingPaste.room]?.maxGuests : 0,
        })}
        onConfirm={() => send({ type: 'paste.confirm' })}
        onCancel={() => send({ type: 'paste.decline' })}
      >
        <p>
          {pendingPaste
            ? t('guests.extra_rows_text', {
                count: pendingPaste.overflow,
                unit: unitTitle(rooms[pendingPaste.room]?.unitId ?? ''),
                max: rooms[pendingPaste.room]?.maxGuests,
              })
            : null}
        </p>
      </AlertDialog>
    </>
  );
}

function TextAreaField({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <span className="field__control">
        <textarea
          name={name}
          className="field__input field__textarea"
          rows={3}
          maxLength={2000}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </span>
    </label>
  );
}
