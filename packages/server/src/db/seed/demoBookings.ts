import { addDays } from '@tern/core/dates';
import { createClient, type TernClient } from '@tern/sdk';

/** A booking of the demo world: who books, when, for whom, and what happens to it after. */
interface DemoStay {
  login: 'agent' | 'agent2';
  /** Days from today to arrival, and nights. */
  inDays: number;
  nights: number;
  rooms: number;
  guest: { name: string; surname: string; nationality: string };
  /** The customer's e-mail (the booking e-mails go to it, in the outbox). */
  mail: string;
  reference: string | null;
  after?: 'cancel' | { specialRequest: string };
}

const STAYS: DemoStay[] = [
  {
    login: 'agent',
    inDays: 4,
    nights: 3,
    rooms: 1,
    guest: { name: 'Sigríður', surname: 'Jónsdóttir', nationality: 'IS' },
    mail: 'sigga.jons@example.com',
    reference: 'NLT-2041',
    after: { specialRequest: 'Arriving late, around 23:00.' },
  },
  {
    login: 'agent',
    inDays: 12,
    nights: 2,
    rooms: 2,
    guest: { name: 'Mateo', surname: 'García', nationality: 'ES' },
    mail: 'mateo.garcia@example.com',
    reference: 'NLT-2044',
  },
  {
    login: 'agent',
    inDays: 23,
    nights: 4,
    rooms: 1,
    guest: { name: 'Emma', surname: 'Larsen', nationality: 'DK' },
    mail: 'emma.larsen@example.com',
    reference: null,
    after: 'cancel',
  },
  {
    login: 'agent',
    inDays: 37,
    nights: 5,
    rooms: 1,
    guest: { name: 'Oliver', surname: 'Bennett', nationality: 'GB' },
    mail: 'o.bennett@example.com',
    reference: 'NLT-2052',
  },
  {
    login: 'agent',
    inDays: 64,
    nights: 2,
    rooms: 1,
    guest: { name: 'Chiara', surname: 'Russo', nationality: 'IT' },
    mail: 'chiara.russo@example.com',
    reference: 'NLT-2060',
  },
  {
    login: 'agent2',
    inDays: 9,
    nights: 3,
    rooms: 1,
    guest: { name: 'Yuki', surname: 'Tanaka', nationality: 'JP' },
    mail: 'yuki.tanaka@example.com',
    reference: null,
  },
  {
    login: 'agent2',
    inDays: 30,
    nights: 2,
    rooms: 1,
    guest: { name: 'Lucas', surname: 'Moreau', nationality: 'FR' },
    mail: 'lucas.moreau@example.com',
    reference: 'MS-118',
  },
];

/** A car rental of the demo world: agent@'s agency rents a car for a customer's trip. */
const CAR = {
  login: 'agent' as const,
  inDays: 6,
  days: 4,
  driver: {
    firstName: 'Sigríður',
    lastName: 'Jónsdóttir',
    email: 'sigga.jons@example.com',
    phone: '+354 555 0142',
    age: 34,
    address: { countryCode: 'IS' },
  },
  reference: 'NLT-2041-CAR',
};

const PASSWORD = 'tern-demo-1';

/** A client of the API signed in as a demo login (its published password). */
export async function signedIn(
  fetch: typeof globalThis.fetch,
  baseUrl: string,
  login: string,
): Promise<TernClient> {
  const anonymous = createClient({ baseUrl, fetch, retries: 0 });
  const reply = await anonymous.auth.signIn({
    body: { session: { email: `${login}@demo.tern.test`, password: PASSWORD, rememberMe: false } },
  });
  if (reply.type !== 'session') throw new Error(`${login} was asked for a code`);
  return createClient({ baseUrl, fetch, retries: 0, token: () => reply.token });
}

/** Books one demo stay at the n-th property (round the list) that has a free rate without a card for it. */
async function bookStay(client: TernClient, stay: DemoStay, today: string, start: number): Promise<string> {
  const dates = {
    checkinDate: addDays(today, stay.inDays),
    checkoutDate: addDays(today, stay.inDays + stay.nights),
  };
  const { items } = await client.engine.search({
    params: { kind: 'accommodations' },
    query: { ...dates, limit: 50 },
  });
  for (let i = 0; i < items.length; i++) {
    const property = items[(start + i) % items.length]!;
    const units = await client.engine.listWithRates({
      params: { kind: 'accommodations', id: property.id },
      query: { ...dates, currency: property.currency, withVirtualRatePlans: false },
    });
    for (const unit of units.items) {
      const rate = unit.ratePlans.find(
        (r) =>
          r.unavailableReason === null &&
          r.availability >= stay.rooms &&
          (r.cancellationPolicy?.guaranteePaymentPolicy ?? 'none') === 'none',
      );
      if (!rate) continue;
      const { guest } = stay;
      const created = await client.engine.createBooking({
        params: { kind: 'accommodations', id: property.id },
        body: {
          booking: {
            currency: rate.currency,
            arrivalDate: dates.checkinDate,
            departureDate: dates.checkoutDate,
            customer: { name: guest.name, surname: guest.surname, mail: stay.mail },
            reservationName: `${guest.surname} party`,
            ...(stay.reference ? { externalReference: stay.reference } : {}),
            rooms: Array.from({ length: stay.rooms }, () => ({
              ratePlanId: rate.id,
              roomTypeCode: unit.id,
              occupancy: rate.occupancy,
              guests: [guest],
            })),
            policyAccepted: true,
          },
        },
      });
      if (stay.after === 'cancel')
        await client.bookings.cancel({
          params: { kind: 'accommodations' },
          body: {
            reservationId: created.reservationId,
            propertyChannelId: property.id,
            propertyType: 'accommodation',
          },
        });
      else if (stay.after)
        await client.bookings.updateSpecialRequest({
          params: { kind: 'accommodations', propertyId: property.id, bookingId: created.bookingId },
          body: { specialRequest: stay.after.specialRequest },
        });
      return created.reservationId;
    }
  }
  throw new Error(`no free rate without a card for ${stay.guest.surname}'s stay`);
}

/**
 * Books the demo car: the providers' query (they answer within seconds), polled until all have answered, then
 * the first offer that needs no card.
 */
async function bookCar(
  client: TernClient,
  today: string,
  sleep: (ms: number) => Promise<void>,
): Promise<string> {
  const rental = {
    pickupDate: addDays(today, CAR.inDays),
    dropoffDate: addDays(today, CAR.inDays + CAR.days),
    pickupTime: '10:00',
    dropoffTime: '10:00',
  };
  const { queryId } = await client.vehicles.startQuery({
    body: {
      ...rental,
      driverAge: CAR.driver.age,
      driverCountry: CAR.driver.address.countryCode,
      currency: 'EUR',
    },
  });
  let results = await client.vehicles.queryResults({ params: { queryId } });
  for (let polls = 0; !results.finished && polls < 60; polls++) {
    await sleep(250);
    results = await client.vehicles.queryResults({ params: { queryId } });
  }
  const offer = results.results.find(
    (o) => o.availability > 0 && (o.cancellationPolicy?.guaranteePaymentPolicy ?? 'none') === 'none',
  );
  const rate = offer?.ratePlans[0];
  if (!offer || !rate) throw new Error('no car without a card for the demo rental');
  const created = await client.vehicles.createBooking({
    body: {
      booking: {
        vehicleChannelId: offer.vehicleChannelId,
        rateId: offer.id,
        ...rental,
        currency: rate.currency,
        reservationName: `${CAR.driver.lastName} party`,
        externalReference: CAR.reference,
        driver: CAR.driver,
        total: rate.totalPrice,
        policyAccepted: true,
      },
    },
  });
  return created.reservationId;
}

/**
 * Gives the demo agencies a few bookings — upcoming, with two rooms, with a special request, cancelled, and a
 * car rental — so the bookings pages are not empty on a first start. They are made through the API itself (in process,
 * signed in as the agents), so contracts, prices, availability, e-mails and history apply as to any other
 * booking. Returns the booking numbers.
 */
export async function seedDemoBookings(
  fetch: typeof globalThis.fetch,
  baseUrl: string,
  today: string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<string[]> {
  const clients = new Map<string, TernClient>();
  const numbers: string[] = [];
  for (const [index, stay] of STAYS.entries()) {
    let client = clients.get(stay.login);
    if (!client) {
      client = await signedIn(fetch, baseUrl, stay.login);
      clients.set(stay.login, client);
    }
    numbers.push(await bookStay(client, stay, today, index * 3));
  }
  numbers.push(await bookCar(clients.get(CAR.login)!, today, sleep));
  for (const client of clients.values()) await client.auth.signOut();
  return numbers;
}
