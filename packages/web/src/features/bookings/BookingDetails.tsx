import { formatDay, formatPrice } from '@tern/core';
import type { BookingRecord } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useServices } from '../../session/SessionContext';

/** One booking in the side drawer (document 1 §2): read-only for suppliers; a reseller may cancel while allowed. */
export function BookingDetails({
  booking,
  onChanged,
  onClose,
}: {
  booking: BookingRecord;
  onChanged: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const car = booking.propertyType === 'vehicle';
  const [request, setRequest] = useState(booking.specialRequest ?? booking.notes ?? '');
  const [saved, setSaved] = useState(false);
  const reseller = booking.changeBlock !== 'not_reseller';
  const booked = booking.units.filter((u) => u.status === 'booked');
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await action();
      onChanged();
      return true;
    } catch (e) {
      setError(
        e instanceof Error ? ((e as { serverMessage?: string }).serverMessage ?? e.message) : String(e),
      );
      return false;
    } finally {
      setBusy(false);
    }
  };
  const saveRequest = async () => {
    const ok = await run(() =>
      client.bookings.updateSpecialRequest({
        params: {
          kind: car ? 'vehicles' : 'accommodations',
          propertyId: booking.propertyChannelId,
          bookingId: booking.id,
        },
        body: { specialRequest: request },
      }),
    );
    if (ok) setSaved(true);
  };
  const removeUnit = (unitId: string) =>
    run(() =>
      car
        ? client.bookings.removeVehicles({ params: { id: booking.id }, body: { deleteUnitIds: [unitId] } })
        : client.bookings.removeRooms({ params: { id: booking.id }, body: { deleteUnitIds: [unitId] } }),
    ).then((ok) => ok && onClose());
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await client.bookings.cancel({
        params: { kind: car ? 'vehicles' : 'accommodations' },
        body: {
          reservationId: booking.reservationId,
          propertyChannelId: booking.propertyChannelId,
          propertyType: booking.propertyType,
        },
      });
      onChanged();
      onClose();
    } catch (e) {
      setError(
        e instanceof Error ? ((e as { serverMessage?: string }).serverMessage ?? e.message) : String(e),
      );
    } finally {
      setBusy(false);
    }
  };
  const blocked = booking.changeBlock ? t(`bookings.blocked.${booking.changeBlock}`) : null;
  return (
    <div className="stack booking-details">
      <dl className="booking-details__facts">
        <dt>{t('bookings.columns.number')}</dt>
        <dd>{booking.reservationId}</dd>
        <dt>{t('bookings.columns.status')}</dt>
        <dd>{t(`bookings.status.${booking.status}`)}</dd>
        <dt>{t('bookings.columns.property')}</dt>
        <dd>{booking.hotelName}</dd>
        <dt>{t('bookings.columns.dates')}</dt>
        <dd>
          {formatDay(booking.arrivalDate)} – {formatDay(booking.departureDate)}
        </dd>
        <dt>{t('bookings.columns.price')}</dt>
        <dd>{formatPrice(booking.price.total, booking.price.currency)}</dd>
        <dt>{t('bookings.details.guest')}</dt>
        <dd>
          {`${booking.customer.name} ${booking.customer.surname}`.trim()}
          {booking.customer.mail ? ` · ${booking.customer.mail}` : ''}
        </dd>
        <dt>{t('bookings.details.booked_by')}</dt>
        <dd>
          {booking.user.name} ({booking.resellerName})
        </dd>
        {booking.cancellationPolicy ? (
          <>
            <dt>{t('bookings.details.policy')}</dt>
            <dd>{booking.cancellationPolicy.title}</dd>
          </>
        ) : null}
        {booking.guarantee ? (
          <>
            <dt>{t('bookings.details.card')}</dt>
            <dd>
              {booking.guarantee.cardType} {booking.guarantee.cardNumber} · {booking.guarantee.expirationDate}
            </dd>
          </>
        ) : null}
        {!reseller && (booking.specialRequest || booking.notes) ? (
          <>
            <dt>{t('bookings.details.special_request')}</dt>
            <dd>{booking.specialRequest ?? booking.notes}</dd>
          </>
        ) : null}
      </dl>
      <h3>{car ? t('bookings.details.driver') : t('bookings.details.guests')}</h3>
      <ul className="booking-details__units">
        {booking.units.map((unit) => (
          <li key={unit.id}>
            <strong>{unit.title}</strong> — {unit.roomRateTitle} ({t(`bookings.unit_status.${unit.status}`)})
            <br />
            {car
              ? unit.drivers.map((d) => `${d.firstName} ${d.lastName}`).join(', ')
              : unit.guests.length > 0
                ? unit.guests.map((g) => `${g.name} ${g.surname}`.trim()).join(', ')
                : t('guests.no_info_available')}
            {reseller && unit.status === 'booked' && booked.length > 1 ? (
              <>
                {' '}
                <Button
                  variant="link"
                  isDisabled={!booking.changeable || busy}
                  onPress={() => removeUnit(unit.id)}
                  aria-label={t('bookings.remove_unit_named', { unit: unit.title })}
                >
                  {t('bookings.remove_unit')}
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {reseller ? (
        <div className="stack">
          <TextField
            label={t('bookings.details.special_request')}
            value={request}
            onChange={setRequest}
            maxLength={2000}
            isDisabled={!booking.changeable || busy}
          />
          <div>
            <Button variant="secondary" isDisabled={!booking.changeable || busy} onPress={saveRequest}>
              {t('bookings.save_request')}
            </Button>
            {saved ? <span role="status"> {t('bookings.saved')}</span> : null}
          </div>
        </div>
      ) : null}
      {error ? (
        <Alert variant="error" title={t('general.error_message')}>
          {error}
        </Alert>
      ) : null}
      <div className="booking-details__actions">
        {booking.changeBlock === 'not_reseller' ? null : (
          <Button
            variant="secondary"
            isDisabled={!booking.changeable || busy}
            onPress={() => setAsking(true)}
            aria-describedby={blocked ? `blocked-${booking.id}` : undefined}
          >
            {t('bookings.cancel')}
          </Button>
        )}
        {blocked && booking.changeBlock !== 'not_reseller' ? (
          <span id={`blocked-${booking.id}`} className="booking-details__blocked">
            {blocked}
          </span>
        ) : null}
        <Button variant="link" onPress={onClose}>
          {t('bookings.close')}
        </Button>
      </div>
      <AlertDialog
        title={t('bookings.cancel_title', { number: booking.reservationId })}
        isOpen={asking}
        onOpenChange={setAsking}
        confirmLabel={t('bookings.cancel_confirm')}
        cancelLabel={t('bookings.keep')}
        onConfirm={cancel}
      >
        <p>{t('bookings.cancel_text', { property: booking.hotelName })}</p>
      </AlertDialog>
    </div>
  );
}
