import { memoryFlowStorage } from '../bookingEngine/flow.js';
import { newPdfSection } from '../giftCards/pdfSections.js';
import { bookingRecord } from './sampleBooking.js';

/**
 * Sample inputs and event payloads for the QA visualizer's Simulate: what a machine is started with
 * and what its payload editor is prefilled with. Plain JSON, so the QA person can edit it; every machine whose
 * context comes from an input has one (`simulation.test.ts` starts each from it); an event without a sample is
 * sent as `{ type }`.
 */

export interface MachineExamples {
  input?: unknown;
  /**
   * What JSON cannot carry, built around the edited input before the machine starts: the booking flow's
   * storage (from `storage`, its keys and strings), a form drawer's `validate`.
   */
  prepare?: (input: unknown) => unknown;
  /** Sample events by type, each a whole event (`type` included). */
  events?: Record<string, Record<string, unknown>>;
}

/** A property's own PDF template: the page's colour and a header (the PDF editor's `design.load`). */
const pdfDesign = {
  own: true,
  name: 'Winter',
  isDefault: false,
  sections: [
    {
      ...newPdfSection('color_fill', 'Page colour', 's1'),
      id: 's1',
      padding: { top: 0, bottom: 0, left: 0, right: 0 },
    },
    { ...newPdfSection('text', 'Header', 's2'), id: 's2', position: 1 },
  ],
};

const stayRate = {
  id: 'rp~2-0-0',
  ratePlanId: 'rp',
  title: 'Flexible',
  availability: 5,
  occupancy: { adults: 2, children: 0, infants: 0 },
  sellMode: 'per_room',
  totalPrice: 250,
  netPrice: 242,
  nightly: [
    { date: '2030-05-01', price: 121 },
    { date: '2030-05-02', price: 121 },
  ],
  lengthOfStay: 2,
  taxes: [],
  currency: 'EUR',
  mealType: 'breakfast',
  cancellationPolicy: {
    id: 'cp-free',
    title: 'Flexible',
    cancellationPolicyLogic: 'free',
    cancellationPolicyDeadline: null,
    cancellationPolicyDeadlineType: null,
    cancellationPolicyPenalty: 0,
    cancellationPolicyMode: 'percent',
    guaranteePaymentPolicy: 'none',
  },
  liability: 'pay_at_property',
  unavailableReason: null,
  minStay: null,
  maxStay: null,
};

const created = {
  uniqueId: 'b-1',
  bookingId: 'b-1',
  reservationId: 'TRN-1',
  status: 'new',
  total: 250,
  currency: 'EUR',
};

/** By machine id. */
export const machineExamples: Readonly<Record<string, MachineExamples>> = {
  checkout: {
    input: {
      data: {
        kind: 'accommodation',
        propertyId: 'p1',
        currency: 'EUR',
        checkinDate: '2030-05-01',
        checkoutDate: '2030-05-03',
        chosen: [{ unitId: 'u1', rate: stayRate, quantity: 1 }],
      },
      cardNeeded: false,
    },
    events: {
      'field.change': { type: 'field.change', field: 'surname', value: 'Silva' },
      'guest.change': { type: 'guest.change', room: 0, guest: 0, field: 'firstName', value: 'Ana' },
      'guest.add': { type: 'guest.add', room: 0 },
      'guest.remove': { type: 'guest.remove', room: 0, guest: 1 },
      'guest.paste': { type: 'guest.paste', room: 0, guest: 0, text: 'Ana\tSilva\nRui\tCosta\nEva\tLima' },
      'agreement.set': { type: 'agreement.set', agreed: true },
      'frame.message': { type: 'frame.message', origin: 'https://vault.example', data: { type: 'ready' } },
      'cardFrame.card': {
        type: 'cardFrame.card',
        card: { token: 'tok', brand: 'visa', last4: '4242', expiry: '12/30' },
      },
      'cardFrame.error': { type: 'cardFrame.error', message: 'Card declined' },
    },
  },
  signIn: {
    input: { email: 'olga@demo.tern.test', deviceIdentifier: null },
    events: {
      'field.change': { type: 'field.change', field: 'email', value: 'qa@example.com' },
    },
  },
  session: { input: {} },
  resetToken: { input: { token: 'a-reset-token-from-the-mail', hasSession: false } },
  changePassword: {
    input: { purpose: 'sign_in' },
    events: {
      'field.change': { type: 'field.change', field: 'password', value: 'a-long-passphrase' },
    },
  },
  searchForm: { input: { today: '2030-05-01', query: 'type=accommodation&adults=2&children=0' } },
  searchPage: {
    input: {
      today: '2030-05-01',
      query: 'type=accommodation&checkin_date=2030-05-10&checkout_date=2030-05-12&adults=2&children=0',
      searchPageIsActive: true,
    },
  },
  vehicleQuery: {
    input: {
      query: {
        pickupDate: '2030-05-06',
        pickupTime: '10:00',
        dropoffDate: '2030-05-13',
        dropoffTime: '10:00',
        city: 'Reykjavik',
        country: 'IS',
      },
    },
  },
  ratesTable: {
    input: {
      kind: 'accommodations',
      propertyId: 'p1',
      search: {
        checkinDate: '2030-05-01',
        checkoutDate: '2030-05-03',
        adults: 2,
        children: 0,
        childrenAge: [],
        currency: 'EUR',
      },
    },
  },
  bookingFlow: {
    // `storage` is what the browser kept (its keys and strings); the machine gets a storage holding it.
    input: {
      kind: 'accommodation',
      channelId: 'p1',
      step: 'property',
      query: '?currency=EUR',
      storage: {},
    },
    prepare: (input) => {
      const { storage, ...rest } = (input ?? {}) as { storage?: Record<string, string> };
      return { ...rest, storage: memoryFlowStorage(storage ?? {}) };
    },
    events: {
      'step.select': { type: 'step.select', step: 'property' },
      'query.change': { type: 'query.change', query: '?currency=USD' },
    },
  },
  stayWizard: {
    // The terminal's wizard: the stay's fields as `tern book stay` got them from its flags.
    input: {
      values: { property: 'p1', checkin: '2030-05-01', checkout: '2030-05-03', currency: 'EUR' },
      contact: { name: 'Anna', surname: 'Jónsdóttir', mail: 'anna@example.com' },
      guests: [],
    },
    events: {
      'stay.submit': {
        type: 'stay.submit',
        values: { property: 'p1', checkin: '2030-05-01', checkout: '2030-05-03', currency: 'EUR' },
      },
      'rooms.move': { type: 'rooms.move', by: 1 },
      'rooms.change': { type: 'rooms.change', by: 1 },
      'field.change': { type: 'field.change', field: 'phone', value: '+354 555 1234' },
    },
  },
  bookingsList: { input: { role: 'reseller', page: 1 } },
  bookingDetails: { input: { booking: bookingRecord() } },
  paymentLock: { input: { role: 'supplier', locked: true, propertyId: 'p1' } },
  contractActions: {
    input: { role: 'supplier' },
    events: {
      act: {
        type: 'act',
        contract: {
          id: 'c1',
          status: 'proposed',
          initiator: 'reseller',
          channelId: 'p1',
          propertyType: 'accommodation',
        },
        action: 'approve',
      },
      request: { type: 'request', propertyId: 'p2', message: 'Hello' },
    },
  },
  contractsPage: {
    input: { role: 'reseller' },
    events: {
      act: {
        type: 'act',
        contract: {
          id: 'c1',
          status: 'approved',
          initiator: 'reseller',
          channelId: 'p1',
          propertyType: 'accommodation',
          agentName: 'Northern Trips',
          ternHotelName: 'Harbour Inn',
        },
        action: 'terminate',
      },
      'request.open': {
        type: 'request.open',
        row: {
          id: 'p2',
          propertyId: 'p2',
          name: 'Fjord Lodge',
          propertyType: 'accommodation',
          contract: null,
        },
      },
      'request.send': { type: 'request.send', message: 'Hello' },
      'propose.open': {
        type: 'propose.open',
        target: { side: 'reseller', propertyId: 'p2', propertyType: 'accommodation', name: 'Fjord Lodge' },
      },
      'agency.open': { type: 'agency.open', agency: { id: 'a1', name: 'Northern Trips' } },
    },
  },
  contractForm: {
    input: { side: 'supplier', propertyId: 'p1', propertyType: 'accommodation', agentId: 'a1' },
  },
  ratePlanForm: { input: { unit: { id: 'u1', maxOccupancy: 2 }, currency: 'EUR' } },
  inventoryFrame: { input: { propertyId: 'p1' } },
  formDrawer: {
    // `validate` is the screen's: here a `required` list of fields that may not be empty.
    input: { values: { name: 'Harbour View', email: '' }, required: ['name', 'email'] },
    prepare: (input) => {
      const { values, required = [] } = (input ?? {}) as { values?: object; required?: string[] };
      return {
        values: values ?? {},
        validate: (v: Record<string, unknown>) =>
          Object.fromEntries(required.filter((f) => !String(v[f] ?? '').trim()).map((f) => [f, 'required'])),
      };
    },
  },
  photos: {
    input: {
      propertyId: 'p1',
      max: 100,
      photos: [
        {
          url: '/photos/0.png',
          description: 'The harbour',
          kind: 'photo',
          author: '',
          isRemoved: false,
          position: 0,
          propertyId: 'p1',
          roomTypeId: null,
        },
      ],
    },
  },
  giftCardTypeLifecycle: { input: { id: 't1', status: 'created' } },
  issuedCard: {
    input: {
      card: { id: 'c1', notes: '', booked: false, delivered: false, agentBooking: null },
      today: '2030-05-01',
    },
  },
  bookingCancel: {
    input: {
      cardId: 'c1',
      today: '2030-05-01',
      booking: {
        bookingId: 'b1',
        reservationId: 'R1',
        arrivalDate: '2030-06-01',
        status: 'new',
        bookingType: 'normal',
      },
    },
  },
  purchase: {
    input: {
      purchase: { id: 'p1', status: 'initiated', issuedStatus: 'pending', quantity: 2, orderRecipients: [] },
    },
  },
  giftCardDownload: { input: { emptyMeansZipPending: true } },
  storeSettings: { input: { store: null } },
  // The public store (issue 24): a cart of one card, its checkout, the sandbox's payment page, the signed return.
  storeCart: {
    input: { cart: { lines: [{ typeId: 't1', quantity: 1 }], promoCode: null } },
    events: {
      'cart.add': { type: 'cart.add', typeId: 't2', quantity: 2, stock: 5 },
      'promo.apply': { type: 'promo.apply', code: 'HARBOUR10' },
    },
  },
  storeCheckout: {
    input: {
      cart: { lines: [{ typeId: 't1', quantity: 1 }], promoCode: null },
      types: [{ id: 't1', offerLetterDelivery: true, offerPickupAtHotel: false }],
      allowPickup: true,
      hasTerms: true,
      locale: 'en',
      expectedTotal: 100,
    },
  },
  storePayment: { input: { sessionId: 's1' } },
  purchaseStatus: {
    input: {
      storeSlug: 'harbour-view',
      referenceNumber: 'R2345678ABCD',
      propertyId: 'p1',
      digitalSignature: 'sig',
    },
  },
  storeCard: { input: { storeSlug: 'harbour-view', typeId: 't1' } },
  // Redemption (issue 25): the use page with a code typed, and the cancel page's link.
  redemption: {
    input: { locale: 'en', start: 'enterNumber' },
    events: {
      'number.change': { type: 'number.change', value: 'ABCD-EFGH-JK23' },
      'date.pick': { type: 'date.pick', date: '2030-05-02' },
      'rate.book': { type: 'rate.book', roomTypeId: 'rt1', ratePlanId: 'rp1' },
    },
  },
  cancelGiftCard: {
    input: {
      query: {
        reservationId: 'R2345678',
        lastName: 'Jónsdóttir',
        checkin: '2030-05-02',
        checkout: '2030-05-04',
      },
    },
  },
  // Gift campaigns (issue 25): a published campaign's lifecycle, a new campaign's drawer, the public page.
  campaignLifecycle: { input: { id: 'c1', status: 'published' } },
  campaignSave: {
    input: { propertyId: 'p1', today: '2030-01-01', campaign: null },
    events: {
      'draft.change': { type: 'draft.change', patch: { name: 'Staff 2030', description: 'Thank you' } },
      'option.add': { type: 'option.add', giftCardTypeId: 't1' },
      'option.change': {
        type: 'option.change',
        key: 'new-1',
        patch: {
          name: 'A night',
          description: 'One night for two',
          photoUrl: '/photos/uploads/a.jpg',
          expirationDate: '2031-12-31',
        },
      },
      'option.remove': { type: 'option.remove', key: 'new-1' },
    },
  },
  publicCampaign: {
    input: { campaignId: 'c1', locale: 'is' },
    events: {
      'option.choose': { type: 'option.choose', optionId: 'o1' },
      'field.change': { type: 'field.change', field: 'email', value: 'anna@example.is' },
    },
  },
  pdfEditor: {
    events: {
      'design.load': { type: 'design.load', templateId: 't1', design: pdfDesign },
      'template.choose': { type: 'template.choose', templateId: 't2' },
      'design.change': { type: 'design.change', patch: { name: 'Spring' } },
      'section.select': { type: 'section.select', index: 1 },
      'section.change': { type: 'section.change', patch: { text: 'A winter gift' } },
      'section.kind': { type: 'section.kind', kind: 'info' },
      'section.add': { type: 'section.add', name: 'Info' },
      'section.move': { type: 'section.move', index: 1, dx: 0, dy: 20 },
    },
  },
  cardFrame: {
    input: { kind: 'accommodations', propertyId: 'p1' },
    events: {
      'frame.message': { type: 'frame.message', origin: 'https://vault.example', data: { type: 'ready' } },
    },
  },
};

/** The input a machine starts with in Simulate: the edited JSON, with what JSON cannot carry added. */
export const simulationInput = (machineId: string, input: unknown): unknown => {
  const prepare = machineExamples[machineId]?.prepare;
  return prepare ? prepare(input) : input;
};

/** The sample of one event, or `{ type }`. */
export const exampleEvent = (machineId: string, type: string): Record<string, unknown> =>
  machineExamples[machineId]?.events?.[type] ?? { type };

/** Sample outputs for the stand-ins of the actors the QA person resolves, by actor source. */
export const actorOutputExamples: Readonly<Record<string, unknown>> = {
  createBooking: created,
  saveDesign: pdfDesign,
  changeTemplates: 't2',
};
