import type { Day } from '@tern/core/dates';
import { formatDay } from '@tern/core/format';
import { bookingCancelMachine, bookingStatusOf } from '@tern/core/giftCards';
import type { GiftCard } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { ErrorState } from '../../components/ErrorState';
import { FormActions } from '../../components/FormFrame';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';

type LinkedBooking = NonNullable<GiftCard['agentBooking']>;

/**
 * "Show booking" of an issued card (document 3 §2.3, §4 "Booking cancel"): a drawer with the booking the card was
 * redeemed for and, while it is not cancelled and its arrival has not passed, Cancel. Cancelling asks whether to
 * reissue the card — yes cancels the booking and marks the card unused, no only cancels — through core's
 * bookingCancelMachine (M25): a failure offers Retry from the step that failed (a cancelled booking is not
 * cancelled twice). `onChanged` reloads the list once the booking is cancelled.
 */
export function BookingDrawer({
  card,
  propertyId,
  today,
  onClose,
  onChanged,
}: {
  card: GiftCard | null;
  propertyId: string;
  today: Day;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const booking = card?.agentBooking ?? null;
  return (
    <Drawer
      title={card ? t('gift_card_orders.booking.title', { code: card.generatedId }) : ''}
      isOpen={card !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="end"
      width="400px"
    >
      {card && booking ? (
        <BookingPanel
          key={`${card.id}:${booking.bookingId}`}
          card={card}
          booking={booking}
          propertyId={propertyId}
          today={today}
          onDone={onClose}
          onChanged={onChanged}
        />
      ) : card ? (
        <p>{t('gift_card_orders.booking.none')}</p>
      ) : null}
    </Drawer>
  );
}

function BookingPanel({
  card,
  booking,
  propertyId,
  today,
  onDone,
  onChanged,
}: {
  card: GiftCard;
  booking: LinkedBooking;
  propertyId: string;
  today: Day;
  onDone: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const logic = useMemo(
    () =>
      bookingCancelMachine.provide({
        actors: {
          cancelBooking: fromPromise<unknown, { bookingId: string; reservationId: string }>(() =>
            client.giftCards.cancelBooking({ params: { id: card.id }, body: { propertyId } }),
          ),
          reissueCard: fromPromise<unknown, { cardId: string }>(() =>
            client.giftCards.markUnused({
              params: { id: card.id },
              body: {
                propertyId,
                notes: t('gift_card_orders.booking.reissue_note', { reservation: booking.reservationId }),
              },
            }),
          ),
        },
      }),
    [client, propertyId, card.id, booking.reservationId, t],
  );
  const [snapshot, send, actor] = useMachine(logic, {
    input: {
      cardId: card.id,
      booking: {
        bookingId: booking.bookingId,
        reservationId: booking.reservationId,
        arrivalDate: booking.arrivalDate as Day,
        status: booking.status,
        bookingType: booking.bookingType,
      },
      today,
    },
  });
  const doneRef = useRef({ onDone, onChanged });
  doneRef.current = { onDone, onChanged };
  useEffect(() => {
    const sub = actor.on('booking.cancelled', ({ reissued }) => {
      toast.success(
        t(reissued ? 'gift_card_orders.booking.cancelled_reissued' : 'gift_card_orders.booking.cancelled', {
          reservation: booking.reservationId,
          code: card.generatedId,
        }),
      );
      doneRef.current.onChanged();
      doneRef.current.onDone();
    });
    return () => sub.unsubscribe();
  }, [actor, t, booking.reservationId, card.generatedId]);
  const asking = snapshot.matches('confirmReissue');
  const firstAnswer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) firstAnswer.current?.querySelector('button')?.focus();
  }, [asking]);
  const busy = snapshot.hasTag('busy');
  const { error, cancelled } = snapshot.context;
  const status = cancelled ? 'canceled' : bookingStatusOf(booking);
  const statusWord = ['new', 'modified', 'canceled'].includes(status)
    ? t(`gift_card_orders.booking.statuses.${status}`)
    : status;
  return (
    <div className="stack" aria-busy={busy}>
      <dl className="gift-booking">
        <dt>{t('gift_card_orders.booking.reservation')}</dt>
        <dd>
          <code>{booking.reservationId}</code>
        </dd>
        <dt>{t('gift_card_orders.booking.arrival')}</dt>
        <dd>{formatDay(booking.arrivalDate)}</dd>
        <dt>{t('gift_card_orders.booking.status')}</dt>
        <dd>{statusWord}</dd>
        <dt>{t('gift_card_orders.booking.kind')}</dt>
        <dd>{t(`gift_card_orders.booking.kinds.${booking.bookingType}`)}</dd>
        <dt>{t('gift_card_orders.booking.card')}</dt>
        <dd>
          <code>{card.generatedId}</code> ·{' '}
          {t(card.booked ? 'gift_card_orders.used' : 'gift_card_orders.unused')}
        </dd>
      </dl>
      {snapshot.matches('viewing') ? (
        snapshot.can({ type: 'cancel.ask' }) ? (
          <FormActions>
            <Button variant="danger" onPress={() => send({ type: 'cancel.ask' })}>
              {t('gift_card_orders.booking.cancel')}
            </Button>
          </FormActions>
        ) : (
          <p className="muted">{t('gift_card_orders.booking.not_cancellable')}</p>
        )
      ) : null}
      {asking ? (
        <section className="stack gift-booking__ask" aria-labelledby="gift-booking-ask">
          <h3 id="gift-booking-ask">
            {t('gift_card_orders.booking.ask_title', { reservation: booking.reservationId })}
          </h3>
          <p>{t('gift_card_orders.booking.ask_body', { code: card.generatedId })}</p>
          <div className="gift-booking__answers" ref={firstAnswer}>
            <Button variant="danger" onPress={() => send({ type: 'reissue.yes' })}>
              {t('gift_card_orders.booking.reissue_yes')}
            </Button>
            <Button variant="secondary" onPress={() => send({ type: 'reissue.no' })}>
              {t('gift_card_orders.booking.reissue_no')}
            </Button>
            <Button variant="quiet" onPress={() => send({ type: 'dismiss' })}>
              {t('gift_card_orders.booking.keep')}
            </Button>
          </div>
        </section>
      ) : null}
      {busy ? (
        <p role="status">
          {t(
            snapshot.matches('reissuing')
              ? 'gift_card_orders.booking.reissuing'
              : 'gift_card_orders.booking.cancelling',
          )}
        </p>
      ) : null}
      {snapshot.matches('error') && error ? (
        <ErrorState
          retryLabel={t('gift_card_orders.booking.retry')}
          onRetry={() => send({ type: 'user.retry' })}
          dismiss={{ label: t('gift_card_orders.booking.close'), onPress: () => send({ type: 'dismiss' }) }}
        >
          {errorText(error)}
        </ErrorState>
      ) : null}
    </div>
  );
}
