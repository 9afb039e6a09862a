import {
  type BookingCreated,
  createClient,
  encodeReply,
  engineArea,
  NotFoundError,
  type UnitWithRates,
  type VehicleQueryResults,
  vehiclesArea,
} from '@tern/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, waitFor } from 'xstate';
import { units, vehicleOffer } from '../test/bookingFixtures.js';
import { vehicleQueryMachine } from '../vehicles/vehicleQueryMachine.js';
import { checkoutMachine } from './checkoutMachine.js';
import { engineActors } from './engineActors.js';
import { ratesTableMachine } from './ratesTableMachine.js';

// The machines driven with the actors `engineActors` builds on a real SDK client, whose fetch answers as the
// server does (the contract's wire format) and records what was asked.

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null;
}

type Answer = { status?: number; json?: unknown } | 'hang';

function server(answer: (sent: Sent) => Answer) {
  const sent: Sent[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    const call: Sent = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : null,
      signal: init?.signal ?? request.signal,
    };
    sent.push(call);
    const reply = answer(call);
    if (reply === 'hang')
      return new Promise((_, reject) =>
        call.signal?.addEventListener('abort', () => reject(call.signal?.reason), { once: true }),
      );
    return new Response(reply.json === undefined ? null : JSON.stringify(reply.json), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = createClient({ baseUrl: 'http://tern.test', token: () => 'tok', retries: 0, fetch });
  return { client, sent };
}

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop();
});

const ratesInput = {
  kind: 'accommodations' as const,
  propertyId: 'p1',
  search: {
    checkinDate: '2030-05-01',
    checkoutDate: '2030-05-03',
    adults: 2,
    children: 0,
    childrenAge: [],
    currency: 'EUR',
  },
};

describe('engineActors', () => {
  it('loads the rates table from list_with_rates, virtual rate plans included', async () => {
    const { client, sent } = server(() => ({
      json: encodeReply(engineArea.listWithRates, {
        items: units,
        meta: { page: 1, limit: units.length, total: units.length },
      }),
    }));
    const actor = createActor(ratesTableMachine.provide({ actors: engineActors(client).ratesTable }), {
      input: ratesInput,
    }).start();
    actors.push(actor);
    const loaded = await waitFor(actor, (s) => s.matches('fresh') || s.matches('error'));
    expect(loaded.context.error).toBeNull();
    expect(loaded.context.units.map((u: UnitWithRates) => u.id)).toEqual(units.map((u) => u.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.pathname).toBe('/api/v2/resellers/accommodations/p1/list_with_rates');
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toMatchObject({
      checkin_date: '2030-05-01',
      checkout_date: '2030-05-03',
      currency: 'EUR',
      with_virtual_rate_plans: 'true',
    });
  });

  it('aborts the call of a stopped machine (its signal reaches fetch)', async () => {
    const { client, sent } = server(() => 'hang');
    const actor = createActor(ratesTableMachine.provide({ actors: engineActors(client).ratesTable }), {
      input: ratesInput,
    }).start();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.signal?.aborted).toBe(false);
    actor.stop();
    expect(sent[0]!.signal?.aborted).toBe(true);
  });

  it('runs the car query: list_units, then query_results until every provider answered', async () => {
    const offer = vehicleOffer('offer-1');
    let polls = 0;
    const { client, sent } = server((call) => {
      if (call.url.pathname.endsWith('/list_units'))
        return { json: encodeReply(vehiclesArea.startQuery, { queryId: 'q-1' }) };
      polls += 1;
      const results: VehicleQueryResults = {
        queryId: 'q-1',
        finished: polls > 1,
        providers: [{ provider: 'sim', finished: polls > 1 }],
        results: polls > 1 ? [offer] : [],
      };
      return { json: encodeReply(vehiclesArea.queryResults, results) };
    });
    const actor = createActor(
      vehicleQueryMachine.provide({
        actors: engineActors(client).vehicleQuery,
        delays: { pollInterval: 1 },
      }),
      {
        input: {
          query: { pickupDate: '2030-05-01', dropoffDate: '2030-05-04', currency: 'EUR' },
        },
      },
    ).start();
    actors.push(actor);
    const done = await waitFor(actor, (s) => s.matches('finished') || s.matches('error'));
    expect(done.context.results.map((o) => o.id)).toEqual(['offer-1']);
    expect(sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'POST /api/v3/resellers/vehicles/list_units',
      'GET /api/v3/resellers/vehicles/query_results/q-1',
      'GET /api/v3/resellers/vehicles/query_results/q-1',
    ]);
  });

  it('tells onError the SDK’s own error before the machine keeps its message', async () => {
    const errors: unknown[] = [];
    const { client } = server(() => ({
      status: 404,
      json: { errors: [{ code: 'property_not_found', title: 'There is no such property' }] },
    }));
    const actor = createActor(
      ratesTableMachine.provide({
        actors: engineActors(client, { onError: (e) => errors.push(e) }).ratesTable,
      }),
      { input: ratesInput },
    ).start();
    actors.push(actor);
    const failed = await waitFor(actor, (s) => s.matches('error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(NotFoundError);
    expect(failed.context.error).toBeTruthy();
  });

  it.each([
    ['a stay', 'accommodation', 'POST /api/v2/resellers/accommodations/p1/create_booking'],
    ['a car', 'vehicle', 'POST /api/v3/resellers/vehicles/bookings'],
  ] as const)('books %s with the checkout attempt’s Idempotency-Key', async (_, kind, call) => {
    const created: BookingCreated = {
      uniqueId: 'b-1',
      bookingId: 'b-1',
      reservationId: 'TRN-1',
      status: 'new',
      total: 100,
      currency: 'EUR',
    };
    const { client, sent } = server((s) => ({
      json: encodeReply(
        s.url.pathname.endsWith('create_booking') ? engineArea.createBooking : vehiclesArea.createBooking,
        created,
      ),
    }));
    const data =
      kind === 'vehicle'
        ? {
            kind,
            propertyId: 'station-1',
            currency: 'EUR',
            vehicleChannelId: '00000000-0000-4000-8000-000000000001',
            rateId: 'offer-1',
            rental: {
              pickupDate: '2030-05-01',
              dropoffDate: '2030-05-04',
              pickupTime: '10:00',
              dropoffTime: '10:00',
            },
            driverAge: 30,
            driverCountry: 'IS',
          }
        : {
            kind,
            propertyId: 'p1',
            currency: 'EUR',
            checkinDate: '2030-05-01',
            checkoutDate: '2030-05-03',
            chosen: [{ unitId: units[0]!.id, rate: units[0]!.ratePlans[0]!, quantity: 1 }],
          };
    const actor = createActor(checkoutMachine.provide({ actors: engineActors(client).checkout }), {
      input: { data, cardNeeded: false, newKey: () => 'attempt-key-1' },
    }).start();
    actors.push(actor);
    const fields =
      kind === 'vehicle'
        ? { firstName: 'Jón', lastName: 'Jónsson', email: 'jon@example.is', phone: '+354 555 1234' }
        : { surname: 'Silva', mail: 'ana@example.com' };
    for (const [field, value] of Object.entries(fields))
      actor.send({ type: 'field.change', field: field as keyof typeof fields & 'surname', value });
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done' || s.context.error !== null);
    expect(done.context.error).toBeNull();
    expect(done.output?.created).toEqual(created);
    expect(sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([call]);
    expect(sent[0]!.headers.get('idempotency-key')).toBe('attempt-key-1');
  });
});
