import {
  giftCardNumberOf,
  type RedemptionInput,
  type RedemptionPage,
  type RedemptionReturn,
  redemptionMachine,
} from '@tern/core/redemption';
import { PAYMENT_RETURN_QUERY } from '@tern/sdk/sandboxPayments';
import { useEffect, useRef, useState } from 'react';
import { type Actor, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { useSnapshot } from '../cart/useSnapshot';
import { useStore } from '../context';
import { storeInspect } from '../live';
import { type StoreRoute, useStorePath, useStoreRouter } from '../router';

/**
 * The redemption's one flow (core's M34 `redemptionMachine`) over its five addresses: the use page, a
 * multi-property card's hotels, the booking page, its checkout and its confirmation. One actor lives while the
 * visitor stays on one card (the five routes show one lazy component, `RedeemPage`, which stays mounted while
 * the address moves between them); the machine's `show` moves the address to the page of its state; a page
 * opened directly (a PDF's link, the payment provider's return, a reload) starts a new actor there.
 */

export type RedemptionActor = Actor<typeof redemptionMachine>;
export type RedemptionSnapshot = SnapshotFrom<typeof redemptionMachine>;

/** The store route each page of the flow is drawn on. */
const ROUTE_OF: Record<RedemptionPage | 'use', string> = {
  use: 'storeUseGiftCard',
  properties: 'storeProperties',
  booking: 'storeBooking',
  checkout: 'storeBookingCheckout',
  confirmation: 'storeBookingConfirmation',
};

/** The page a state of the flow is drawn on. */
export function pageOfState(snapshot: RedemptionSnapshot): RedemptionPage | 'use' {
  if (snapshot.matches('enterNumber') || snapshot.matches('checkingNumber')) return 'use';
  if (snapshot.matches('choosingProperty')) return 'properties';
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  if (['checkoutForm', 'submitting', 'failed', 'providerPayment'].includes(top ?? '')) return 'checkout';
  if (['confirmationPolling', 'confirmed', 'paymentEnded', 'stillWorking'].includes(top ?? ''))
    return 'confirmation';
  return 'booking';
}

/** The path of a page of the flow (the chosen hotel of a multi-property card rides in the query, R319). */
export function pathOfPage(
  path: (rest: string, query?: Record<string, string>) => string,
  page: RedemptionPage | 'use',
  code: string,
  propertyId: string | null,
  multiProperty: boolean,
): string {
  if (page === 'use') return path('/useGiftCard');
  if (page === 'properties') return path(`/${code}/properties`);
  const rest = { booking: '', checkout: '/checkout', confirmation: '/confirmation' }[page];
  const query: Record<string, string> =
    multiProperty && propertyId ? { selected_property: 'true', property_id: propertyId } : {};
  return path(`/booking/${code}${rest}`, query);
}

/** The flow's input for a page opened directly. */
function inputOf(route: StoreRoute, locale: RedemptionInput['locale']): RedemptionInput {
  const code = route.params.giftCardNumber ?? route.params.giftCardId ?? '';
  const q = route.search;
  if (route.page === 'storeBookingConfirmation') {
    const referenceNumber = q.get(PAYMENT_RETURN_QUERY.referenceNumber);
    const propertyId = q.get(PAYMENT_RETURN_QUERY.propertyId);
    const digitalSignature = q.get(PAYMENT_RETURN_QUERY.digitalSignature);
    const paymentReturn: RedemptionReturn | null =
      referenceNumber && propertyId && digitalSignature
        ? { referenceNumber, propertyId, digitalSignature }
        : null;
    return { locale, start: 'confirmation', code, paymentReturn };
  }
  if (route.page === 'storeUseGiftCard' || !code) return { locale, start: 'enterNumber' };
  const chosen = q.get('selected_property') === 'true' ? q.get('property_id') : null;
  return { locale, start: 'card', code, propertyId: chosen };
}

/** Whether the running flow is the one this address shows (the same card, drawn on this page). */
function fits(actor: RedemptionActor, route: StoreRoute): boolean {
  const snapshot = actor.getSnapshot();
  const code = route.params.giftCardNumber ?? route.params.giftCardId ?? '';
  const page = pageOfState(snapshot);
  if (ROUTE_OF[page] !== route.page) return false;
  return page === 'use' || (giftCardNumberOf(code) ?? code) === snapshot.context.code;
}

/** The redemption flow of this address: the running one when it fits, else a new one started here. */
export function useRedemption(): readonly [RedemptionSnapshot, RedemptionActor] {
  const { api, locale } = useStore();
  const { route, navigate } = useStoreRouter();
  const path = useStorePath();
  // The edge's show reads the latest router (its path keeps the locale chosen meanwhile).
  const show = useRef({ navigate, path });
  show.current = { navigate, path };

  const make = (): RedemptionActor => {
    const machine = redemptionMachine.provide({
      actors: {
        loadCard: fromPromise(({ input, signal }) => api.card(input.code, signal)),
        closedDates: fromPromise(({ input, signal }) =>
          api.closedDates(input.code, input.propertyId, signal),
        ),
        rooms: fromPromise(({ input, signal }) =>
          api.rooms(input.code, { propertyId: input.propertyId, checkin: input.checkin }, signal),
        ),
        book: fromPromise(({ input, signal }) =>
          api.book(input.code, input.body, input.idempotencyKey, signal),
        ),
        bookingStatus: fromPromise(({ input, signal }) =>
          api.bookingStatus(input.code, input.paymentReturn ?? {}, signal),
        ),
      },
      actions: {
        show: ({ context }, { page, code, propertyId }) => {
          const multi = (context.card?.properties.length ?? 0) > 1;
          const to = pathOfPage(show.current.path, page, code, propertyId, multi);
          if (to !== window.location.pathname + window.location.search) show.current.navigate(to);
        },
        redirect: (_, { url }) => window.location.assign(url),
      },
    });
    return createActor(machine, { input: inputOf(route, locale), inspect: storeInspect }) as RedemptionActor;
  };

  const [actor, setActor] = useState<RedemptionActor>(make);
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  // Another address of the site's flow (a link, the browser's back): the flow that fits it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: make reads the route of this render
  useEffect(() => {
    if (!fits(actor, route)) {
      const snapshot = actor.getSnapshot();
      // Back from the checkout to the booking page: the rooms chosen from are still there.
      if (route.page === 'storeBooking' && snapshot.can({ type: 'form.back' }))
        actor.send({ type: 'form.back' });
      else setActor(make());
    }
  }, [route.page, route.params.giftCardNumber, route.params.giftCardId]);
  return [useSnapshot(actor), actor] as const;
}
