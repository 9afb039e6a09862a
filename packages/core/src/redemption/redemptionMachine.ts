import type {
  RedeemableCard,
  RedemptionBooking,
  RedemptionBookingBody,
  RedemptionBookingStatus,
  RedemptionClosedDates,
  RedemptionRooms,
  StoreLocale,
} from '@tern/sdk';
import { assign, setup } from 'xstate';
import type { Day } from '../dates/dates.js';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { outcomeUnknown } from '../internal/outcome.js';
import {
  arrivalOpen,
  type BookerField,
  bookingFailedKey,
  CONFIRMATION_POLL_MS,
  CONFIRMATION_POLLS_MAX,
  emptyRedemptionForm,
  formValid,
  giftCardNumberError,
  giftCardNumberOf,
  propertyOfCard,
  type RateChoice,
  type RedeemMessage,
  type RedemptionForm,
  type RedemptionFormErrors,
  type RedemptionPayerField,
  rateBookable,
  rateOf,
  redemptionBody,
  type Stay,
  stayOfPick,
  unredeemableReason,
  validateRedemptionForm,
} from './rules.js';
import { type RedeemMessageKey, redeemKey } from './words.js';

/**
 * M34, redeeming a gift card for a stay (document 3 §2.1–§2.2, §4, §5, §8, §9; R312–R319, R321): the number
 * entered and checked (`enterNumber` → `checkingNumber`), the hotel chosen for a multi-property card
 * (`choosingProperty`), the card loaded on its booking page (`loadingCard`: used → `alreadyUsed`, expired, held
 * or of no hotel → `unusable`), the arrival picked in the date grid with the card's closed dates (`pickingDates`),
 * the rooms and rates for the stay (`loadingRooms` → `choosingRate`), the booking checkout (`checkoutForm`, R315),
 * then `redemption.book` (`submitting`, one Idempotency-Key an attempt): a plain rate is booked at once and the
 * confirmation polls (`confirmationPolling`, every 3 s, at most `CONFIRMATION_POLLS_MAX` polls, then
 * `stillWorking`: "we will e-mail you"); an upsell goes to the payment provider (`providerPayment`) and comes back
 * to the confirmation with the provider's signed return. A failed booking waits in `failed` (R317's words).
 *
 * The pages are separate addresses: the edge action `show` moves the visitor to the page a state is drawn on
 * (`properties`, `booking`, `checkout`, `confirmation`), and a page the visitor opens directly starts the machine
 * there (`start`: the use page, a card's booking page, its confirmation).
 */

export type RedemptionPage = 'properties' | 'booking' | 'checkout' | 'confirmation';

/** An upsell's signed return from the payment provider (all three, or none). */
export interface RedemptionReturn {
  referenceNumber: string;
  propertyId: string;
  digitalSignature: string;
}

export interface RedemptionInput {
  locale: StoreLocale;
  /** Where the visitor opened the flow: the use page, a card's booking page, or its confirmation. */
  start: 'enterNumber' | 'card' | 'confirmation';
  /** The card's code (from the address), for `card` and `confirmation`. */
  code?: string;
  /** The hotel chosen on the properties page (`selected_property=true`). */
  propertyId?: string | null;
  /** The provider's signed return, on the confirmation of an upsell. */
  paymentReturn?: RedemptionReturn | null;
  /** The booker as given before (the CLI gives it all at once). */
  booker?: Partial<RedemptionForm['booker']>;
  /** Polls at most (default `CONFIRMATION_POLLS_MAX`). */
  pollsMax?: number;
  /** Makes an attempt's Idempotency-Key (default: a random UUID). */
  newKey?: () => string;
}

export interface KeyedRedemption {
  code: string;
  body: RedemptionBookingBody;
  idempotencyKey: string;
}

export interface RedemptionContext {
  locale: StoreLocale;
  /** Where the visitor opened the flow (a card's pages need its code). */
  opened: RedemptionInput['start'];
  typed: string;
  code: string;
  numberError: RedeemMessage | null;
  card: RedeemableCard | null;
  propertyId: string | null;
  dates: RedemptionClosedDates | null;
  stay: Stay | null;
  rooms: RedemptionRooms | null;
  choice: RateChoice | null;
  form: RedemptionForm;
  formErrors: RedemptionFormErrors;
  attempt: KeyedRedemption | null;
  booking: RedemptionBooking | null;
  paymentReturn: RedemptionReturn | null;
  status: RedemptionBookingStatus | null;
  polls: number;
  pollsMax: number;
  /** What the page says (the spec's words: already used, booking failed…). */
  notice: RedeemMessageKey | null;
  /** The last failed call. */
  error: Failure | null;
  newKey: () => string;
}

export type RedemptionEvent =
  | { type: 'number.change'; value: string }
  | { type: 'number.submit' }
  | { type: 'property.choose'; propertyId: string }
  | { type: 'property.change' }
  | { type: 'date.pick'; date: Day; as?: 'arrival' | 'departure' }
  | { type: 'rate.book'; roomTypeId: string; ratePlanId: string }
  | { type: 'booker.change'; field: BookerField; value: string }
  | { type: 'payer.self'; payerIsBooker: boolean }
  | { type: 'payer.change'; field: RedemptionPayerField; value: string }
  | { type: 'party.change'; adults: number; children: number }
  | { type: 'notes.change'; value: string }
  | { type: 'form.back' }
  | { type: 'form.submit' }
  | { type: 'user.retry' };

const output = <T>(event: unknown) => (event as { output: T }).output;
const codeOf = (event: unknown) => failureOf((event as { error?: unknown }).error).code;
const noErrors: RedemptionFormErrors = { booker: {}, payer: {} };

/** The card's rate chosen is an upsell (the form asks address and payer; it is paid first). */
const upsellChosen = (c: RedemptionContext) => rateOf(c.rooms, c.choice)?.upsell ?? false;
const needsOf = (c: RedemptionContext) => ({
  marketingCampaign: c.card?.marketingCampaign ?? false,
  upsell: upsellChosen(c),
});
const pickedStay = (c: RedemptionContext, event: RedemptionEvent) =>
  event.type === 'date.pick' ? stayOfPick(event.date, c.card?.lengthOfStay ?? 1, event.as) : null;

export const redemptionMachine = setup({
  types: {
    context: {} as RedemptionContext,
    events: {} as RedemptionEvent,
    input: {} as RedemptionInput,
  },
  actors: {
    loadCard: notProvided<RedeemableCard, { code: string }>('loadCard'),
    closedDates: notProvided<RedemptionClosedDates, { code: string; propertyId: string }>('closedDates'),
    rooms: notProvided<RedemptionRooms, { code: string; propertyId: string; checkin: Day }>('rooms'),
    book: notProvided<RedemptionBooking, KeyedRedemption>('book'),
    bookingStatus: notProvided<
      RedemptionBookingStatus,
      { code: string; paymentReturn: RedemptionReturn | null }
    >('bookingStatus'),
  },
  actions: {
    /** Moves the visitor to the page the next state is drawn on. */
    show: (_, _params: { page: RedemptionPage; code: string; propertyId: string | null }) => {},
    /** Opens the payment provider's page (an upsell). */
    redirect: (_, _params: { url: string }) => {},
  },
  delays: { pollWait: CONFIRMATION_POLL_MS },
  guards: {
    startsAt: ({ context }, where: RedemptionInput['start']) => context.opened === where,
    numberValid: ({ context }) => giftCardNumberError(context.typed) === null,
    cardUsed: ({ context }) => context.card?.state === 'used',
    cardUnusable: ({ context }) => context.card !== null && unredeemableReason(context.card) !== null,
    propertyNeeded: ({ context }) =>
      context.card !== null && !propertyOfCard(context.card, context.propertyId),
    multiProperty: ({ context }) => (context.card?.properties.length ?? 0) > 1,
    propertyOfCard: ({ context, event }) =>
      event.type === 'property.choose' &&
      context.card?.properties.some((p) => p.id === event.propertyId) === true,
    arrivalOpen: ({ context, event }) => {
      const stay = pickedStay(context, event);
      return stay !== null && context.dates !== null && arrivalOpen(stay.arrival, context.dates);
    },
    rateBookable: ({ context, event }) =>
      event.type === 'rate.book' && rateBookable(rateOf(context.rooms, event)),
    formValid: ({ context }) => formValid(validateFormOf(context)),
    notFound: ({ event }) => codeOf(event) === 'gift_card_not_found',
    redeemed: ({ event }) => codeOf(event) === 'gift_card_redeemed',
    toPay: ({ event }) => output<RedemptionBooking>(event).status === 'payment',
    booked: ({ event }) => output<RedemptionBookingStatus>(event).status === 'booked',
    paymentEnded: ({ event }) =>
      ['refunded', 'expired', 'failed'].includes(output<RedemptionBookingStatus>(event).status),
    pollsLeft: ({ context }) => context.polls < context.pollsMax,
    attemptOpen: ({ context }) => context.attempt !== null,
  },
}).createMachine({
  id: 'redemption',
  context: ({ input }) => ({
    locale: input.locale,
    typed: input.code ?? '',
    code: input.code ? (giftCardNumberOf(input.code) ?? input.code) : '',
    numberError: null,
    card: null,
    propertyId: input.propertyId ?? null,
    dates: null,
    stay: null,
    rooms: null,
    choice: null,
    form: emptyRedemptionForm(input.booker),
    formErrors: noErrors,
    attempt: null,
    booking: null,
    paymentReturn: input.paymentReturn ?? null,
    status: null,
    opened: input.code ? input.start : 'enterNumber',
    polls: 0,
    pollsMax: input.pollsMax ?? CONFIRMATION_POLLS_MAX,
    notice: null,
    error: null,
    newKey: input.newKey ?? (() => crypto.randomUUID()),
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        {
          guard: { type: 'startsAt', params: 'confirmation' },
          target: 'confirmationPolling',
        },
        { guard: { type: 'startsAt', params: 'card' }, target: 'loadingCard' },
        { target: 'enterNumber' },
      ],
    },
    /** The use page (R312): the number, required and a card's code, then checked by the server. */
    enterNumber: {
      on: {
        'number.change': { actions: assign(({ event }) => ({ typed: event.value, numberError: null })) },
        'number.submit': [
          {
            guard: 'numberValid',
            target: 'checkingNumber',
            actions: assign(({ context }) => ({ code: giftCardNumberOf(context.typed)!, error: null })),
          },
          { actions: assign(({ context }) => ({ numberError: giftCardNumberError(context.typed) })) },
        ],
      },
    },
    checkingNumber: {
      tags: ['busy'],
      invoke: {
        id: 'checkNumber',
        src: 'loadCard',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: ({ event }) => event.output.properties.length > 1 && event.output.state === 'usable',
            target: 'choosingProperty',
            actions: [
              assign(({ event }) => ({ card: event.output })),
              {
                type: 'show',
                params: ({ context }) => ({ page: 'properties', code: context.code, propertyId: null }),
              },
            ],
          },
          {
            target: 'cardLoaded',
            actions: [
              assign(({ event }) => ({ card: event.output })),
              {
                type: 'show',
                params: ({ context, event }) => ({
                  page: 'booking',
                  code: context.code,
                  propertyId: event.output.properties[0]?.id ?? null,
                }),
              },
            ],
          },
        ],
        onError: [
          {
            guard: 'notFound',
            target: 'enterNumber',
            actions: assign({ numberError: redeemKey('card_not_found') }),
          },
          { target: 'enterNumber', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
        ],
      },
    },
    /** A card's booking page opened: the card is read again (it may have been used meanwhile). */
    loadingCard: {
      tags: ['busy'],
      invoke: {
        id: 'loadCard',
        src: 'loadCard',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'cardLoaded',
          actions: assign(({ event }) => ({ card: event.output, error: null })),
        },
        onError: [
          { guard: 'notFound', target: 'unusable', actions: assign({ notice: redeemKey('card_not_found') }) },
          { target: 'cardFailed', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
        ],
      },
    },
    cardFailed: { on: { 'user.retry': 'loadingCard' } },
    cardLoaded: {
      always: [
        { guard: 'cardUsed', target: 'alreadyUsed', actions: assign({ notice: redeemKey('already_used') }) },
        {
          guard: 'cardUnusable',
          target: 'unusable',
          actions: assign(({ context }) => ({ notice: unredeemableReason(context.card!) })),
        },
        {
          guard: 'propertyNeeded',
          target: 'choosingProperty',
          actions: [
            assign({ propertyId: null }),
            {
              type: 'show',
              params: ({ context }) => ({ page: 'properties', code: context.code, propertyId: null }),
            },
          ],
        },
        {
          target: 'pickingDates',
          actions: assign(({ context }) => ({
            propertyId: propertyOfCard(context.card!, context.propertyId)!.id,
          })),
        },
      ],
    },
    /** R313: 'Gift certificates have already been used', and the store. */
    alreadyUsed: { type: 'final' },
    /** Expired, held by an upsell's payment, of no hotel, or no such card: the page says which. */
    unusable: { type: 'final' },
    /** R319: a multi-property card's hotels (5 a page); the chosen one leads on with `selected_property=true`. */
    choosingProperty: {
      on: {
        'property.choose': {
          guard: 'propertyOfCard',
          target: 'pickingDates',
          actions: [
            assign(({ event }) => ({
              propertyId: event.propertyId,
              dates: null,
              stay: null,
              rooms: null,
              choice: null,
            })),
            {
              type: 'show',
              params: ({ context, event }) => ({
                page: 'booking',
                code: context.code,
                propertyId: event.propertyId,
              }),
            },
          ],
        },
      },
    },
    /** R314: the date grid, with the card's closed dates at the hotel. */
    pickingDates: {
      initial: 'loading',
      on: {
        'property.change': {
          guard: 'multiProperty',
          target: 'choosingProperty',
          actions: {
            type: 'show',
            params: ({ context }) => ({ page: 'properties', code: context.code, propertyId: null }),
          },
        },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'closedDates',
            src: 'closedDates',
            input: ({ context }) => ({ code: context.code, propertyId: context.propertyId! }),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({ dates: event.output, error: null })),
            },
            onError: {
              target: 'failed',
              actions: assign(({ event }) => ({ error: failureOf(event.error) })),
            },
          },
        },
        failed: { on: { 'user.retry': 'loading' } },
        ready: {
          on: {
            'date.pick': [
              {
                guard: 'arrivalOpen',
                target: '#redemption.loadingRooms',
                actions: assign(({ context, event }) => ({
                  stay: pickedStay(context, event),
                  rooms: null,
                  choice: null,
                  notice: null,
                  error: null,
                })),
              },
              { actions: assign({ notice: redeemKey('date_unavailable') }) },
            ],
          },
        },
      },
    },
    loadingRooms: {
      tags: ['busy'],
      invoke: {
        id: 'rooms',
        src: 'rooms',
        input: ({ context }) => ({
          code: context.code,
          propertyId: context.propertyId!,
          checkin: context.stay!.arrival,
        }),
        onDone: { target: 'choosingRate', actions: assign(({ event }) => ({ rooms: event.output })) },
        onError: {
          target: '#redemption.pickingDates.ready',
          actions: assign(({ event }) => ({ error: failureOf(event.error), stay: null })),
        },
      },
    },
    /** The rooms and rates the card covers for the stay; another date loads them again. */
    choosingRate: {
      on: {
        'date.pick': [
          {
            guard: 'arrivalOpen',
            target: 'loadingRooms',
            actions: assign(({ context, event }) => ({
              stay: pickedStay(context, event),
              choice: null,
              notice: null,
            })),
          },
          { actions: assign({ notice: redeemKey('date_unavailable') }) },
        ],
        'rate.book': [
          {
            guard: 'rateBookable',
            target: 'checkoutForm',
            actions: [
              assign(({ event }) => ({
                choice: { roomTypeId: event.roomTypeId, ratePlanId: event.ratePlanId },
                notice: null,
                formErrors: noErrors,
              })),
              {
                type: 'show',
                params: ({ context }) => ({
                  page: 'checkout',
                  code: context.code,
                  propertyId: context.propertyId,
                }),
              },
            ],
          },
          { actions: assign({ notice: redeemKey('rate_unavailable') }) },
        ],
        'property.change': {
          guard: 'multiProperty',
          target: 'choosingProperty',
          actions: {
            type: 'show',
            params: ({ context }) => ({ page: 'properties', code: context.code, propertyId: null }),
          },
        },
      },
    },
    /** R315: the booker, the hotel name of a campaign's gift, an upsell's address and payer. */
    checkoutForm: {
      on: {
        'booker.change': {
          actions: assign(({ context, event }) => fieldChanged(context, 'booker', event.field, event.value)),
        },
        'payer.self': {
          actions: assign(({ context, event }) => ({
            form: { ...context.form, payerIsBooker: event.payerIsBooker },
            formErrors: { ...context.formErrors, payer: {} },
          })),
        },
        'payer.change': {
          actions: assign(({ context, event }) => fieldChanged(context, 'payer', event.field, event.value)),
        },
        'party.change': {
          actions: assign(({ context, event }) => {
            const rate = rateOf(context.rooms, context.choice);
            const clamp = (n: number, min: number, max: number) =>
              Math.min(Math.max(Math.trunc(n) || min, min), max);
            return {
              form: {
                ...context.form,
                adults: clamp(event.adults, 1, Math.max(1, rate?.maxAdults ?? 1)),
                children: clamp(event.children, 0, Math.max(0, rate?.maxChildren ?? 0)),
              },
            };
          }),
        },
        'notes.change': {
          actions: assign(({ context, event }) => ({ form: { ...context.form, notes: event.value } })),
        },
        'form.back': {
          target: 'choosingRate',
          actions: {
            type: 'show',
            params: ({ context }) => ({
              page: 'booking',
              code: context.code,
              propertyId: context.propertyId,
            }),
          },
        },
        'form.submit': [
          {
            guard: 'formValid',
            target: 'submitting',
            actions: assign(({ context }) => {
              const body = redemptionBody({
                propertyId: context.propertyId!,
                arrival: context.stay!.arrival,
                choice: context.choice!,
                form: context.form,
                needs: needsOf(context),
                locale: context.locale,
              });
              const same = context.attempt && JSON.stringify(context.attempt.body) === JSON.stringify(body);
              return {
                attempt: {
                  code: context.code,
                  body,
                  idempotencyKey: same ? context.attempt!.idempotencyKey : context.newKey(),
                },
                formErrors: noErrors,
                notice: null,
                error: null,
              };
            }),
          },
          { actions: assign(({ context }) => ({ formErrors: validateFormOf(context) })) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'book',
        src: 'book',
        input: ({ context }) => context.attempt!,
        onDone: [
          {
            guard: 'toPay',
            target: 'providerPayment',
            actions: assign(({ event }) => ({ booking: event.output })),
          },
          {
            target: 'confirmationPolling',
            actions: [
              assign(({ event }) => ({ booking: event.output, polls: 0 })),
              {
                type: 'show',
                params: ({ context }) => ({
                  page: 'confirmation',
                  code: context.code,
                  propertyId: context.propertyId,
                }),
              },
            ],
          },
        ],
        onError: [
          {
            guard: 'redeemed',
            target: 'alreadyUsed',
            actions: assign({ notice: redeemKey('already_used'), attempt: null }),
          },
          {
            target: 'failed',
            actions: assign(({ context, event }) => ({
              error: failureOf(event.error),
              notice: bookingFailedKey(upsellChosen(context)),
              attempt: outcomeUnknown(event.error) ? context.attempt : null,
            })),
          },
        ],
      },
    },
    /** R317: the booking failed; a retry resends an attempt whose outcome is unknown with its key. */
    failed: {
      on: {
        'user.retry': [
          { guard: 'attemptOpen', target: 'submitting', actions: assign({ error: null, notice: null }) },
          { target: 'checkoutForm', actions: assign({ error: null, notice: null }) },
        ],
        'form.back': { target: 'checkoutForm', actions: assign({ error: null, notice: null }) },
      },
    },
    /** R316: an upsell is paid on the provider's page first; it comes back to the confirmation. */
    providerPayment: {
      type: 'final',
      entry: { type: 'redirect', params: ({ context }) => ({ url: context.booking!.redirectUrl! }) },
    },
    /** R318: the booking asked for every 3 s until it is there, `pollsMax` times at most. */
    confirmationPolling: {
      initial: 'checking',
      states: {
        checking: {
          tags: ['busy'],
          entry: assign(({ context }) => ({ polls: context.polls + 1 })),
          invoke: {
            id: 'bookingStatus',
            src: 'bookingStatus',
            input: ({ context }) => ({ code: context.code, paymentReturn: context.paymentReturn }),
            onDone: [
              {
                guard: 'booked',
                target: '#redemption.confirmed',
                actions: assign(({ event }) => ({ status: event.output, error: null })),
              },
              {
                guard: 'paymentEnded',
                target: '#redemption.paymentEnded',
                actions: assign(({ event }) => ({ status: event.output, error: null })),
              },
              {
                guard: 'pollsLeft',
                target: 'waiting',
                actions: assign(({ event }) => ({ status: event.output, error: null })),
              },
              {
                target: '#redemption.stillWorking',
                actions: assign(({ event }) => ({ status: event.output, error: null })),
              },
            ],
            onError: [
              {
                guard: 'pollsLeft',
                target: 'waiting',
                actions: assign(({ event }) => ({ error: failureOf(event.error) })),
              },
              {
                target: '#redemption.stillWorking',
                actions: assign(({ event }) => ({ error: failureOf(event.error) })),
              },
            ],
          },
        },
        waiting: { after: { pollWait: 'checking' } },
      },
    },
    /** 'Booking confirmed.': the stay and its cancel link. */
    confirmed: { type: 'final' },
    /** The upsell's payment was refunded, expired or failed: nothing booked, the card usable. */
    paymentEnded: { type: 'final' },
    /** No booking after the polls: still working on it, an e-mail follows (docs/decisions.md). */
    stillWorking: { type: 'final' },
  },
});

/** A field of the booker or the payer typed: its value kept, its error gone until the next submit. */
function fieldChanged(context: RedemptionContext, part: 'booker' | 'payer', field: string, value: string) {
  const { [field]: _, ...errors } = context.formErrors[part] as Record<string, RedeemMessage>;
  return {
    form: { ...context.form, [part]: { ...context.form[part], [field]: value } },
    formErrors: { ...context.formErrors, [part]: errors },
  };
}

/** The form's errors for the card and the rate chosen. */
function validateFormOf(context: RedemptionContext): RedemptionFormErrors {
  return validateRedemptionForm(context.form, needsOf(context));
}
