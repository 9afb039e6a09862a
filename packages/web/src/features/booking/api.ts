import type {
  BestOffer,
  BookingCreated,
  ClosedDates,
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

export type Kind = 'accommodations' | 'vehicles';

/**
 * The booking engine's calls (document 1 §7), one line each over the SDK's `engine` and `vehicles` areas —
 * the page state is built on these. `signal` cancels a call whose answer is no longer wanted (a newer
 * search, a page left).
 */
export function bookingApi(client: TernClient) {
  const { engine, vehicles } = client;
  return {
    places: (kind: Kind, term: string, signal?: AbortSignal): Promise<Place[]> =>
      vehicles.places({ params: { kind }, query: { term, limit: 10 } }, { signal }).then((r) => r.items),
    search: (
      kind: Kind,
      query: SearchQuery,
      signal?: AbortSignal,
    ): Promise<{ items: SearchProperty[]; total: number }> =>
      engine.search({ params: { kind }, query }, { signal }).then((r) => ({
        items: r.items,
        total: r.meta.total,
      })),
    info: (kind: Kind, id: string, signal?: AbortSignal): Promise<PropertyInfo> =>
      engine.info({ params: { kind, id } }, { signal }),
    closedDates: (kind: Kind, id: string, signal?: AbortSignal): Promise<ClosedDates> =>
      engine.closedDates({ params: { kind, id }, query: {} }, { signal }),
    listWithRates: (
      kind: Kind,
      id: string,
      query: { checkinDate: string; checkoutDate: string; currency: string },
      signal?: AbortSignal,
    ): Promise<UnitWithRates[]> =>
      engine
        .listWithRates({ params: { kind, id }, query: { ...query, withVirtualRatePlans: true } }, { signal })
        .then((r) => r.items),
    bestOffer: (
      kind: Kind,
      id: string,
      query: {
        checkinDate: string;
        checkoutDate: string;
        currency: string;
        occupancy?: { adults: number; children: number; childrenAge: number[] };
      },
      signal?: AbortSignal,
    ): Promise<BestOffer> => engine.bestOffer({ params: { kind, id }, query }, { signal }),
    cardCaptureFormUrl: (
      kind: Kind,
      id: string,
      signal?: AbortSignal,
    ): Promise<{ cardCaptureFormUrl: string; origin: string }> =>
      engine.cardCaptureFormUrl({ params: { kind, id } }, { signal }),
    createStayBooking: (
      id: string,
      body: StayBookingBody,
      idempotencyKey?: string,
    ): Promise<BookingCreated> =>
      engine.createBooking(
        { params: { kind: 'accommodations', id }, body },
        idempotencyKey ? { idempotencyKey } : {},
      ),
    startVehicleQuery: (body: VehicleQueryBody, signal?: AbortSignal): Promise<{ queryId: string }> =>
      vehicles.startQuery({ body }, { signal }),
    vehicleQueryResults: (queryId: string, signal?: AbortSignal): Promise<VehicleQueryResults> =>
      vehicles.queryResults({ params: { queryId } }, { signal }),
    createVehicleBooking: (body: VehicleBookingBody, idempotencyKey?: string): Promise<BookingCreated> =>
      vehicles.createBooking({ body }, idempotencyKey ? { idempotencyKey } : {}),
  };
}

export type BookingApi = ReturnType<typeof bookingApi>;
