import type {
  BestOffer,
  BookingCreated,
  ClosedDates,
  KindSegment,
  ListMeta,
  Place,
  PropertyInfo,
  SearchProperty,
  SearchQuery,
  StayBookingBody,
  TernClient,
  UnitWithRates,
  VehicleBookingBody,
  VehicleQueryBody,
  VehicleQueryResults,
} from '@tern/sdk';
import type { KeyedBookingRequest } from './checkoutMachine.js';

// Type-only imports of `@tern/sdk`: the web app loads the SDK (and zod) after its first paint, so this module
// calls the client it is handed and never pulls the contract in itself.

/** A stay's dates and currency, as the rates calls take them. */
export interface StayDates {
  checkinDate: string;
  checkoutDate: string;
  currency: string;
}

export interface BestOfferQuery extends StayDates {
  occupancy?: { adults: number; children: number; childrenAge: number[] };
}

const keyed = (idempotencyKey: string | undefined) => (idempotencyKey ? { idempotencyKey } : {});

/**
 * The booking engine's calls (document 1 §7: the reseller's v2 stays and v3 cars), one line each over the SDK
 * client's `engine` and `vehicles` areas — the one facade the web app, the CLI and core's actors use.
 * `signal` cancels a call whose answer is no longer wanted (a newer search, a page left); a booking takes
 * its Idempotency-Key instead.
 */
export function engineCalls(client: TernClient) {
  const { engine, vehicles } = client;
  return {
    places: (
      kind: KindSegment,
      term: string,
      options: { limit?: number; signal?: AbortSignal } = {},
    ): Promise<{ items: Place[] }> =>
      vehicles.places(
        { params: { kind }, query: { term, limit: options.limit ?? 10 } },
        { signal: options.signal },
      ),
    search: (
      kind: KindSegment,
      query: SearchQuery,
      signal?: AbortSignal,
    ): Promise<{ items: SearchProperty[]; meta: ListMeta }> =>
      engine.search({ params: { kind }, query }, { signal }),
    info: (kind: KindSegment, id: string, signal?: AbortSignal): Promise<PropertyInfo> =>
      engine.info({ params: { kind, id } }, { signal }),
    closedDates: (kind: KindSegment, id: string, signal?: AbortSignal): Promise<ClosedDates> =>
      engine.closedDates({ params: { kind, id }, query: {} }, { signal }),
    /** The units and their rate offers for a stay, virtual rate plans (one per occupancy) included. */
    listWithRates: (
      kind: KindSegment,
      id: string,
      stay: StayDates,
      signal?: AbortSignal,
    ): Promise<UnitWithRates[]> =>
      engine
        .listWithRates(
          {
            params: { kind, id },
            query: {
              checkinDate: stay.checkinDate,
              checkoutDate: stay.checkoutDate,
              currency: stay.currency,
              withVirtualRatePlans: true,
            },
          },
          { signal },
        )
        .then((r) => r.items),
    bestOffer: (
      kind: KindSegment,
      id: string,
      query: BestOfferQuery,
      signal?: AbortSignal,
    ): Promise<BestOffer> => engine.bestOffer({ params: { kind, id }, query }, { signal }),
    cardCaptureFormUrl: (
      kind: KindSegment,
      id: string,
      signal?: AbortSignal,
    ): Promise<{ cardCaptureFormUrl: string; origin: string }> =>
      engine.cardCaptureFormUrl({ params: { kind, id } }, { signal }),
    createStayBooking: (
      id: string,
      body: StayBookingBody,
      idempotencyKey?: string,
    ): Promise<BookingCreated> =>
      engine.createBooking({ params: { kind: 'accommodations', id }, body }, keyed(idempotencyKey)),
    startVehicleQuery: (body: VehicleQueryBody, signal?: AbortSignal): Promise<{ queryId: string }> =>
      vehicles.startQuery({ body }, { signal }),
    vehicleQueryResults: (queryId: string, signal?: AbortSignal): Promise<VehicleQueryResults> =>
      vehicles.queryResults({ params: { queryId } }, { signal }),
    createVehicleBooking: (body: VehicleBookingBody, idempotencyKey?: string): Promise<BookingCreated> =>
      vehicles.createBooking({ body }, keyed(idempotencyKey)),
    /** The checkout machine's request (a stay's or a car's create_booking) with its attempt's key. */
    createBooking: (request: KeyedBookingRequest): Promise<BookingCreated> =>
      request.kind === 'vehicle'
        ? vehicles.createBooking({ body: request.body }, keyed(request.idempotencyKey))
        : engine.createBooking(
            { params: { kind: 'accommodations', id: request.propertyId }, body: request.body },
            keyed(request.idempotencyKey),
          ),
  };
}

export type EngineCalls = ReturnType<typeof engineCalls>;
