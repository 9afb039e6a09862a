import { formatMoney } from '@tern/core/format';
import {
  type BookerField,
  type RedemptionContext,
  type RedemptionInput,
  type RedemptionReturn,
  rateBookable,
  redeemWords,
  redemptionMachine,
} from '@tern/core/redemption';
import { storeWords } from '@tern/core/store';
import { PAYMENT_RETURN_QUERY, type RedemptionStay, type TernClient } from '@tern/sdk';
import { type Actor, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { bookingKey } from '../../bookingEngine/idempotency.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { paySandbox, sandboxCard } from '../store/sandboxPay.js';

// `tern gift-cards redeem CODE --checkin DATE …`: core's M34 (redemptionMachine) without a screen — the card read,
// its hotel, the closed dates, the rooms for the stay, the rate, the booking checkout, the booking, the
// confirmation's polls — what the store's booking page does, as a script.

export interface RedeemFlags {
  checkin: string;
  property?: string;
  room?: string;
  rate?: string;
  name: string;
  surname: string;
  email: string;
  nationality: string;
  phone: string;
  hotelName?: string;
  address?: string;
  adults?: number;
  children?: number;
  /** Pays an upsell's price on the sandbox payment page with this card. */
  card?: string;
  idempotencyKey?: string;
}

type Snapshot = SnapshotFrom<typeof redemptionMachine>;

/** The redemption's machine over the SDK's public calls. */
function machineFor(client: TernClient) {
  return redemptionMachine.provide({
    actors: {
      loadCard: fromPromise(({ input }) => client.redemption.card({ params: { code: input.code } })),
      closedDates: fromPromise(({ input }) =>
        client.redemption.closedDates({
          params: { code: input.code },
          query: { propertyId: input.propertyId },
        }),
      ),
      rooms: fromPromise(({ input }) =>
        client.redemption.rooms({
          params: { code: input.code },
          query: { propertyId: input.propertyId, checkin: input.checkin },
        }),
      ),
      book: fromPromise(({ input }) =>
        client.redemption.book(
          { params: { code: input.code }, body: input.body },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
      bookingStatus: fromPromise(({ input }) =>
        client.redemption.bookingStatus({ params: { code: input.code }, query: input.paymentReturn ?? {} }),
      ),
    },
  });
}

const settled = (actor: Actor<typeof redemptionMachine>): Promise<Snapshot> =>
  waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 60_000 });

/** Why the flow stopped where it did, in words: the rules' message and the server's reason. */
function stopped(snapshot: Snapshot, doing: string): UserError {
  const { notice, error } = snapshot.context;
  const words = [notice ? redeemWords(notice) : null, error?.message].filter(Boolean).join(': ');
  return new UserError(`${doing}: ${words || `stopped in ${JSON.stringify(snapshot.value)}`}`, {
    code: error?.code ?? (notice ? notice.slice('redeem_messages.'.length) : 'redemption_failed'),
  });
}

const formErrors = (c: RedemptionContext) =>
  Object.entries({ ...c.formErrors.booker, ...c.formErrors.payer })
    .map(
      ([field, key]) =>
        `  ${field}: ${key!.startsWith('store_messages.') ? storeWords({ key: key as never }) : redeemWords(key as never)}`,
    )
    .join('\n');

/** The confirmation's polls (M34 from `confirmation`), until booked or their end. */
async function confirmation(client: TernClient, input: RedemptionInput, pollMs: number | undefined) {
  const actor = createActor(
    machineFor(client).provide(pollMs !== undefined ? { delays: { pollWait: pollMs } } : {}),
    { input },
  ).start();
  const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 10 * 60_000 });
  actor.stop();
  return done;
}

const stayText = (stay: RedemptionStay) =>
  [
    `Booked ${stay.reservationId} at ${stay.propertyTitle}: ${stay.arrivalDate} → ${stay.departureDate}`,
    `  ${stay.roomTypeTitle}, ${stay.ratePlanTitle}, for ${stay.guestName} (${stay.bookingType}, ${stay.status})`,
  ].join('\n');

/**
 * `tern gift-cards redeem CODE --checkin DATE …`: books the stay the card pays for, from `--checkin` for exactly
 * its length of stay, at its hotel (`--property` for a multi-property card), on `--room`/`--rate` or else the
 * first plain rate the card covers that is free. A plain rate is booked at once and its booking printed; an
 * upsell answers its payment address — printed, exit 0 — or, with `--card`, is paid on the sandbox page and its
 * booking printed once the confirmation finds it. Public: no sign-in.
 */
export async function redeemGiftCard(ctx: Context, code: string, flags: RedeemFlags): Promise<void> {
  const booker: Partial<Record<BookerField, string>> = {
    name: flags.name,
    surname: flags.surname,
    email: flags.email,
    nationality: flags.nationality,
    phone: flags.phone,
    hotelName: flags.hotelName ?? '',
    address: flags.address ?? '',
  };
  await withClient(ctx, { session: false }, async ({ client }) => {
    const actor = createActor(machineFor(client), {
      input: {
        locale: 'en',
        start: 'card',
        code,
        propertyId: flags.property ?? null,
        booker,
        newKey: () => bookingKey(flags.idempotencyKey),
      },
    }).start();
    try {
      let s = await settled(actor);
      if (s.matches('choosingProperty')) {
        const hotels = s.context.card!.properties.map((p) => `${p.id} (${p.title})`).join(', ');
        if (!flags.property)
          throw new UserError(`This card books at several hotels: pass --property, one of ${hotels}`, {
            code: 'invalid_input',
          });
        throw new UserError(`The card does not book at ${flags.property}: one of ${hotels}`, {
          code: 'invalid_input',
        });
      }
      if (!s.matches({ pickingDates: 'ready' })) throw stopped(s, `Card ${code} cannot book`);
      actor.send({ type: 'date.pick', date: flags.checkin });
      s = await settled(actor);
      if (!s.matches('choosingRate')) throw stopped(s, `No stay from ${flags.checkin}`);
      const rooms = s.context.rooms!.rooms;
      const choices = rooms.flatMap((room) => room.rates.map((rate) => ({ room, rate })));
      const chosen = choices.find(
        ({ room, rate }) =>
          (!flags.room || room.roomTypeId === flags.room) &&
          (flags.rate ? rate.ratePlanId === flags.rate : !rate.upsell) &&
          (flags.rate ? true : rateBookable(rate)),
      );
      if (!chosen)
        throw new UserError(
          `No ${flags.rate ? `rate ${flags.rate}` : 'free plain rate'}${flags.room ? ` of room ${flags.room}` : ''} for ${s.context.stay!.arrival} → ${s.context.stay!.departure}: ${choices.map(({ room, rate }) => `${room.roomTypeId}/${rate.ratePlanId} (${room.title}, ${rate.title}${rate.upsell ? `, upsell ${formatMoney(rate.upsellPrice, rate.currency, 'en-GB')}` : ''}${rate.unavailableReason ? `: ${rate.unavailableReason}` : ''})`).join(', ') || 'none'}`,
          { code: 'no_longer_available' },
        );
      actor.send({
        type: 'rate.book',
        roomTypeId: chosen.room.roomTypeId,
        ratePlanId: chosen.rate.ratePlanId,
      });
      if (!actor.getSnapshot().matches('checkoutForm'))
        throw stopped(actor.getSnapshot(), 'The rate cannot be booked');
      actor.send({
        type: 'party.change',
        adults: flags.adults ?? 1,
        children: flags.children ?? 0,
      });
      actor.send({ type: 'form.submit' });
      if (actor.getSnapshot().matches('checkoutForm'))
        throw new UserError(`Check the booking's details:\n${formErrors(actor.getSnapshot().context)}`, {
          code: 'invalid_input',
        });
      s = await settled(actor);
      if (s.matches('providerPayment')) {
        const booking = s.context.booking!;
        const amount = formatMoney(booking.amount, booking.currency, 'en-GB');
        if (!flags.card) {
          ctx.out.result(
            booking,
            () =>
              `Upsell ${booking.referenceNumber}: pay ${amount} at ${booking.redirectUrl} before ${booking.holdExpiresAt}; the stay is booked once it is paid`,
          );
          return;
        }
        ctx.out.note(`Paying the upsell's ${amount} (${booking.referenceNumber})`);
        const returnUrl = await paySandbox(
          ctx.io.fetch ?? globalThis.fetch,
          booking.redirectUrl!,
          sandboxCard({ card: flags.card }, new Date(ctx.now())),
        );
        const q = new URL(returnUrl).searchParams;
        const paymentReturn: RedemptionReturn = {
          referenceNumber: q.get(PAYMENT_RETURN_QUERY.referenceNumber) ?? '',
          propertyId: q.get(PAYMENT_RETURN_QUERY.propertyId) ?? '',
          digitalSignature: q.get(PAYMENT_RETURN_QUERY.digitalSignature) ?? '',
        };
        s = await confirmation(
          client,
          { locale: 'en', start: 'confirmation', code, paymentReturn },
          ctx.io.pollMs,
        );
      } else if (s.matches('confirmationPolling')) {
        actor.stop();
        s = await confirmation(client, { locale: 'en', start: 'confirmation', code }, ctx.io.pollMs);
      }
      const stay = s.context.status?.stay ?? s.context.booking?.stay ?? null;
      if (s.matches('confirmed') && stay) {
        ctx.out.result(stay, () => stayText(stay));
        return;
      }
      if (s.matches('stillWorking'))
        throw new UserError(`The booking of card ${code} is still being made: its confirmation is e-mailed`, {
          code: 'booking_pending',
        });
      throw stopped(s, `Card ${code} was not booked`);
    } finally {
      actor.stop();
    }
  });
}
