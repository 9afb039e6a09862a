import type {
  RedeemableCard,
  RedemptionBookingStatus,
  RedemptionCancellation,
  RedemptionRooms,
  RedemptionStay,
} from '@tern/sdk';
import type { ModelOptions } from '../qa/test/paths.js';
import { cancelGiftCardMachine } from './cancelMachine.js';
import { redemptionMachine } from './redemptionMachine.js';

// The models (machine, scenarios, sample events) of the redemption's machines (M34, M35): core's model-based
// tests replay every state and transition of them (machines.model.test.ts), and the front ends may replay their
// paths through the store's redemption pages.

const refusal = (code: string, status: number) => Object.assign(new Error(code), { code, status });

const hotel = (id: string) => ({
  id,
  title: `Hotel ${id}`,
  city: 'Reykjavík',
  country: 'IS',
  photoUrl: null,
  currency: 'ISK',
  timezone: 'Atlantic/Reykjavik',
});

const card = (given: Partial<RedeemableCard> = {}): RedeemableCard => ({
  generatedId: 'ABCDEFGHJK23',
  title: 'Two nights by the harbour',
  name: 'Anna',
  state: 'usable',
  expirationDate: '2030-06-30',
  lengthOfStay: 2,
  marketingCampaign: false,
  multiProperty: false,
  storeSlug: 'harbour-view',
  properties: [hotel('p1')],
  stay: null,
  ...given,
});

const rate = (ratePlanId: string, given: object = {}) => ({
  ratePlanId,
  title: ratePlanId,
  mealType: 'breakfast' as const,
  upsell: false,
  upsellPrice: 0,
  currency: 'ISK',
  maxAdults: 2,
  maxChildren: 1,
  availability: 3,
  unavailableReason: null,
  ...given,
});

const rooms: RedemptionRooms = {
  checkin: '2030-05-02',
  checkout: '2030-05-04',
  rooms: [
    {
      roomTypeId: 'd',
      title: 'Double',
      description: '',
      photos: [],
      maxOccupancy: 3,
      rates: [
        rate('plain'),
        rate('upsell', { upsell: true, upsellPrice: 9000 }),
        rate('gone', { availability: 0, unavailableReason: 'Sold out' }),
      ],
    },
  ],
};

export const stay: RedemptionStay = {
  reservationId: 'R1',
  propertyId: 'p1',
  propertyTitle: 'Hotel p1',
  arrivalDate: '2030-05-02',
  departureDate: '2030-05-04',
  roomTypeTitle: 'Double',
  ratePlanTitle: 'plain',
  guestName: 'Anna Jónsdóttir',
  status: 'new',
  bookingType: 'normal',
};

const status = (s: RedemptionBookingStatus['status']): RedemptionBookingStatus => ({
  status: s,
  stay: s === 'booked' ? stay : null,
});

const booker = {
  name: 'Anna',
  surname: 'Jónsdóttir',
  email: 'anna@example.is',
  nationality: 'IS',
  phone: '+354 555 1234',
  address: 'Laugavegur 1',
};

const keys = () => {
  let n = 0;
  return () => `key-${++n}`;
};

export const redemptionModel: ModelOptions = {
  name: 'redemptionMachine',
  machine: redemptionMachine,
  scenarios: [
    {
      name: 'the use page',
      input: () => ({ locale: 'en', start: 'enterNumber', newKey: keys(), pollsMax: 2 }),
    },
    {
      name: 'a card’s booking page, the booker given',
      input: () => ({
        locale: 'en',
        start: 'card',
        code: 'abcd-efgh-jk23',
        booker,
        newKey: keys(),
        pollsMax: 2,
      }),
    },
    {
      name: 'an upsell’s return to the confirmation',
      input: () => ({
        locale: 'en',
        start: 'confirmation',
        code: 'ABCDEFGHJK23',
        paymentReturn: { referenceNumber: 'U1', propertyId: 'p1', digitalSignature: 'sig' },
        pollsMax: 2,
      }),
    },
  ],
  simplePaths: 1,
  // Only what tells states apart: the form's fields that change its checks, not every letter typed.
  serialize: (s) =>
    JSON.stringify({
      value: s.value,
      typed: s.context.typed,
      numberError: s.context.numberError,
      card: s.context.card ? [s.context.card.state, s.context.card.properties.length] : null,
      propertyId: s.context.propertyId,
      dates: s.context.dates !== null,
      stay: s.context.stay?.arrival ?? null,
      rooms: s.context.rooms !== null,
      choice: s.context.choice?.ratePlanId ?? null,
      form: [s.context.form.booker.name, s.context.form.payerIsBooker, s.context.form.payer.firstName],
      formErrors: [Object.keys(s.context.formErrors.booker), Object.keys(s.context.formErrors.payer)],
      attempt: s.context.attempt !== null,
      booking: s.context.booking?.status ?? null,
      status: s.context.status?.status ?? null,
      polls: s.context.polls,
      notice: s.context.notice,
      error: s.context.error?.code ?? (s.context.error ? 'x' : null),
    }),
  events: {
    'number.change': [
      { type: 'number.change', value: '' },
      { type: 'number.change', value: 'abcd efgh-jk23' },
    ],
    'property.choose': [
      { type: 'property.choose', propertyId: 'p2' },
      { type: 'property.choose', propertyId: 'elsewhere' },
    ],
    'date.pick': [
      { type: 'date.pick', date: '2030-05-02' },
      { type: 'date.pick', date: '2030-05-03' },
    ],
    'rate.book': [
      { type: 'rate.book', roomTypeId: 'd', ratePlanId: 'plain' },
      { type: 'rate.book', roomTypeId: 'd', ratePlanId: 'upsell' },
      { type: 'rate.book', roomTypeId: 'd', ratePlanId: 'gone' },
    ],
    'booker.change': [
      { type: 'booker.change', field: 'name', value: '' },
      { type: 'booker.change', field: 'name', value: 'Anna' },
    ],
    'payer.self': [{ type: 'payer.self', payerIsBooker: false }],
    'payer.change': [{ type: 'payer.change', field: 'firstName', value: 'Bo' }],
    'party.change': [{ type: 'party.change', adults: 5, children: 1 }],
    'notes.change': [{ type: 'notes.change', value: 'Late arrival' }],
  },
};

/** The sample answers of a machine's invoked actors, by invoke id: their done and error events. */
const answers = (invokes: Record<string, { done: unknown[]; error: unknown[] }>) =>
  Object.fromEntries(
    Object.entries(invokes).flatMap(([id, { done, error }]) => [
      [`xstate.done.actor.${id}`, done.map((output) => ({ type: `xstate.done.actor.${id}`, output }))],
      [`xstate.error.actor.${id}`, error.map((e) => ({ type: `xstate.error.actor.${id}`, error: e }))],
    ]),
  );

const cards = [
  card(),
  card({ multiProperty: true, properties: [hotel('p1'), hotel('p2')] }),
  card({ state: 'used' }),
  card({ state: 'expired' }),
];

Object.assign(
  redemptionModel.events!,
  answers({
    checkNumber: { done: cards, error: [refusal('gift_card_not_found', 404), new Error('offline')] },
    loadCard: { done: cards, error: [refusal('gift_card_not_found', 404), new Error('offline')] },
    closedDates: {
      done: [
        {
          firstArrival: '2030-05-01',
          lastArrival: '2030-06-29',
          closedArrivals: ['2030-05-03'],
          ratePlans: [],
        },
      ],
      error: [new Error('offline')],
    },
    rooms: { done: [rooms], error: [new Error('offline')] },
    book: {
      done: [
        {
          status: 'booked',
          stay,
          redirectUrl: null,
          referenceNumber: null,
          holdExpiresAt: null,
          amount: 0,
          currency: 'ISK',
        },
        {
          status: 'payment',
          stay: null,
          redirectUrl: 'https://pay.example/pay/s1',
          referenceNumber: 'U1',
          holdExpiresAt: '2030-05-01T12:15:00Z',
          amount: 9000,
          currency: 'ISK',
        },
      ],
      error: [refusal('gift_card_redeemed', 409), refusal('no_longer_available', 409), new Error('offline')],
    },
    bookingStatus: {
      done: [status('booked'), status('pending'), status('refunded')],
      error: [refusal('signature_invalid', 403)],
    },
  }),
);

const cancellation = (cancellable: boolean): RedemptionCancellation => ({
  stay,
  cancellable,
  reason: cancellable ? null : 'stay_started',
  deadline: null,
  giftCardCode: 'ABCDEFGHJK23',
  storeSlug: 'harbour-view',
  timeZone: 'Atlantic/Reykjavik',
});

export const cancelGiftCardModel: ModelOptions = {
  name: 'cancelGiftCardMachine',
  machine: cancelGiftCardMachine,
  scenarios: [
    {
      name: 'the cancel page’s link',
      input: () => ({
        query: { reservationId: 'R1', lastName: 'Jónsdóttir', checkin: '2030-05-02', checkout: '2030-05-04' },
      }),
    },
    {
      name: 'an address without the reservation',
      input: () => ({ query: { reservationId: '', lastName: '', checkin: null, checkout: null } }),
    },
  ],
  simplePaths: 2,
  events: {
    'field.change': [
      { type: 'field.change', field: 'reservationId', value: 'R1' },
      { type: 'field.change', field: 'lastName', value: 'jónsdóttir ' },
    ],
    ...answers({
      cancelPreview: {
        done: [cancellation(true), cancellation(false)],
        error: [refusal('booking_not_found', 404)],
      },
      cancel: {
        done: [
          { ...cancellation(false), stay: { ...stay, status: 'canceled' }, reason: 'already_cancelled' },
        ],
        error: [refusal('cancellation_deadline_passed', 409)],
      },
    }),
  },
};
