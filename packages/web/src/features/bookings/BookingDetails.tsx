import { bookedUnits } from '@tern/core/bookings';
import type { BookedUnit, BookingRecord, Role } from '@tern/sdk';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { useErrorText } from '../errors/useErrorText';
import {
  BookingSummary,
  CancellationPolicyInfo,
  DetailsSection,
  GuaranteeInfo,
  PropertyPolicyInfo,
} from './BookingFacts';
import { BookingHistory } from './BookingHistory';
import { BookingUnits } from './BookingUnits';
import { DriverEditor } from './DriverEditor';
import { GuestsEditor } from './GuestsEditor';
import { RequestEditor } from './RequestEditor';
import { type BookingDetailsListeners, useBookingDetails } from './useBookingDetails';

type Editing = null | { kind: 'guests' } | { kind: 'request' } | { kind: 'driver'; unit: BookedUnit };
/** Where a save was asked: one of the edit forms, or a unit's Remove. */
type SavedFrom = NonNullable<Editing>['kind'] | 'remove';

/**
 * One booking in the drawer (document 1 §2, §4, §6, §8; R115–R125), on core's booking details machine. A
 * reseller may cancel, edit the guests or the driver, the special request, and remove a room or car while
 * more than one remains — while the booking is changeable; otherwise the buttons are disabled and say why.
 * Suppliers and admins see the same details without any action.
 */
export function BookingDetails({
  booking,
  role,
  onClose,
  ...listeners
}: { booking: BookingRecord; role: Role; onClose: () => void } & BookingDetailsListeners) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { snapshot, send } = useBookingDetails(booking, listeners);
  const { context } = snapshot;
  const current = context.booking;
  const car = current.propertyType === 'vehicle';
  const reseller = role === 'reseller';
  const busy = snapshot.hasTag('busy');
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<BookedUnit | null>(null);
  const savedFrom = useRef<SavedFrom | null>(null);
  const save = (from: SavedFrom, event: Parameters<typeof send>[0]) => {
    savedFrom.current = from;
    send(event);
  };
  // A refused save of the open form shows in that form's frame; any other refusal in the notice above.
  const formFailure =
    editing && context.error !== null && savedFrom.current === editing.kind ? errorText(context.error) : null;
  // A saved change brings the server's record: the form it came from closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new record is the signal.
  useEffect(() => setEditing(null), [current]);

  const notice = useRef<HTMLDivElement>(null);
  const message = context.cancelFailed ?? context.error ?? (context.saved ? 'saved' : null);
  useEffect(() => {
    if (message) notice.current?.focus();
  }, [message]);

  // The machine decides what can happen now (changeable, and not busy with another call).
  const canCancel = snapshot.can({ type: 'cancel.ask' });
  const canEdit = snapshot.can({ type: 'request.save', specialRequest: '' });
  const reasonId = useId();
  const reason =
    !current.changeable && current.changeBlock ? t(`bookings.blocked.${current.changeBlock}`) : null;
  const describedBy = reason ? reasonId : undefined;
  const booked = bookedUnits(current);
  const dismiss = () => send({ type: 'notice.dismiss' });

  const edit = (next: Editing) => {
    dismiss();
    setEditing(next);
  };
  const editButton = (label: string, next: Editing) =>
    reseller && !editing ? (
      <Button
        variant="secondary"
        isDisabled={!canEdit}
        aria-describedby={describedBy}
        onPress={() => edit(next)}
      >
        {label}
      </Button>
    ) : null;

  // One notice at a time: a failed cancel, a failed save, or a saved change.
  const shown = context.cancelFailed
    ? {
        variant: 'error' as const,
        title: t('bookings.cancel_failed_title'),
        text: errorText(context.cancelFailed),
      }
    : context.error !== null && formFailure === null
      ? {
          variant: 'error' as const,
          title: t('general.error_message'),
          text: errorText(context.error),
        }
      : context.saved
        ? { variant: 'success' as const, title: t('general.success_message'), text: null }
        : null;

  return (
    <div className="booking-details">
      {shown ? (
        <Alert
          ref={notice}
          variant={shown.variant}
          title={shown.title}
          action={
            <Button variant="quiet" onPress={dismiss}>
              {t('bookings.dismiss')}
            </Button>
          }
        >
          {shown.text ? <p>{shown.text}</p> : null}
        </Alert>
      ) : null}

      {reseller ? (
        <div className="booking-details__actions">
          <Button
            variant="danger"
            isDisabled={!canCancel}
            isPending={snapshot.matches('cancelling')}
            aria-describedby={describedBy}
            onPress={() => send({ type: 'cancel.ask' })}
          >
            {t('bookings.cancel')}
          </Button>
          {reason ? (
            <p id={reasonId} className="booking-details__blocked">
              {reason}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="muted">{t('bookings.read_only')}</p>
      )}

      <DetailsSection title={t('bookings.details.booking')}>
        <BookingSummary booking={current} />
      </DetailsSection>

      <DetailsSection
        title={car ? t('bookings.details.driver') : t('bookings.details.guests')}
        action={
          car
            ? booked[0]
              ? editButton(t('bookings.edit_driver'), { kind: 'driver', unit: booked[0] })
              : null
            : editButton(t('bookings.edit_guests'), { kind: 'guests' })
        }
      >
        {editing?.kind === 'guests' ? (
          <GuestsEditor
            booking={current}
            errors={context.formErrors}
            busy={busy}
            failure={formFailure}
            onSave={(edits) => save('guests', { type: 'guests.save', edits })}
            onCancel={() => edit(null)}
          />
        ) : editing?.kind === 'driver' ? (
          <DriverEditor
            unit={editing.unit}
            errors={context.formErrors}
            busy={busy}
            failure={formFailure}
            onSave={(driver) => save('driver', { type: 'driver.save', unitId: editing.unit.id, driver })}
            onCancel={() => edit(null)}
          />
        ) : (
          <BookingUnits
            booking={current}
            action={
              // R119: a room (or car) can go while more than one remains.
              reseller && booked.length > 1
                ? (unit) =>
                    unit.status === 'booked' ? (
                      <Button
                        variant="link"
                        isDisabled={!snapshot.can({ type: 'units.remove', unitIds: [unit.id] })}
                        aria-describedby={describedBy}
                        aria-label={t('bookings.remove_unit_named', { unit: unit.title })}
                        onPress={() => setRemoving(unit)}
                      >
                        {t('bookings.remove_unit')}
                      </Button>
                    ) : null
                : undefined
            }
          />
        )}
      </DetailsSection>

      <DetailsSection
        title={t('bookings.details.special_request')}
        action={editButton(t('bookings.edit_request'), { kind: 'request' })}
      >
        {editing?.kind === 'request' ? (
          <RequestEditor
            booking={current}
            busy={busy}
            failure={formFailure}
            onSave={(edit) => save('request', { type: 'request.save', ...edit })}
            onCancel={() => edit(null)}
          />
        ) : (
          <>
            <p>{current.specialRequest || t('bookings.details.none')}</p>
            {current.notes ? (
              <p>
                <strong>{t('bookings.details.notes')}:</strong> {current.notes}
              </p>
            ) : null}
          </>
        )}
      </DetailsSection>

      <DetailsSection title={t('bookings.details.policy')}>
        <CancellationPolicyInfo booking={current} />
      </DetailsSection>
      {current.propertyPolicy ? (
        <DetailsSection title={t('bookings.details.property_policy')}>
          <PropertyPolicyInfo policy={current.propertyPolicy} />
        </DetailsSection>
      ) : null}
      {current.guarantee ? (
        <DetailsSection title={t('bookings.details.card')}>
          <GuaranteeInfo guarantee={current.guarantee} />
        </DetailsSection>
      ) : null}

      <DetailsSection title={t('bookings.history.title')}>
        <BookingHistory booking={current} />
      </DetailsSection>

      <div className="booking-details__footer">
        <Button variant="secondary" onPress={onClose}>
          {t('bookings.close')}
        </Button>
      </div>

      <AlertDialog
        title={t('bookings.cancel_title', { number: current.reservationId })}
        isOpen={snapshot.matches('confirmingCancel')}
        onOpenChange={() => {}}
        onCancel={() => send({ type: 'cancel.dismiss' })}
        confirmLabel={t('bookings.cancel_confirm')}
        cancelLabel={t('bookings.keep')}
        destructive
        onConfirm={() => send({ type: 'cancel.confirm' })}
      >
        <p>{t('bookings.cancel_text', { property: current.hotelName })}</p>
      </AlertDialog>
      <AlertDialog
        title={t('bookings.remove_title', {
          unit: removing?.title ?? '',
          number: current.reservationId,
        })}
        isOpen={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        confirmLabel={t('bookings.remove_confirm')}
        cancelLabel={t('bookings.keep')}
        destructive
        onConfirm={() => {
          if (removing) save('remove', { type: 'units.remove', unitIds: [removing.id] });
        }}
      >
        <p>{t('bookings.remove_text')}</p>
      </AlertDialog>
    </div>
  );
}
