import {
  type BookingCreated,
  engineArea,
  type KindSegment,
  type Place,
  type PropertyInfo,
  type SearchProperty,
  type SearchQuery,
  type StayBookingBody,
  type TernClient,
  type UnitWithRates,
  type VehicleBookingBody,
  type VehicleQueryBody,
  type VehicleQueryResults,
  vehiclesArea,
} from '@tern/sdk';

/**
 * The booking engine's calls (document 1 §7, reseller v2 and v3), one line each over the SDK's typed `call`
 * with the contract's endpoints: `engineArea` and `vehiclesArea` of `@tern/sdk`.
 */
export function engineApi(client: TernClient) {
  const call = client.call.bind(client);
  return {
    places: (kind: KindSegment, term: string, limit = 10) =>
      call(vehiclesArea.places, { params: { kind }, query: { term, limit } }),
    search: (kind: KindSegment, query: SearchQuery) =>
      call(engineArea.search, { params: { kind }, query }) as Promise<{
        items: SearchProperty[];
        meta: { page: number; limit: number; total: number };
      }>,
    info: (id: string): Promise<PropertyInfo> =>
      call(engineArea.info, { params: { kind: 'accommodations', id } }),
    listWithRates: (
      id: string,
      query: { checkinDate: string; checkoutDate: string; currency: string },
    ): Promise<UnitWithRates[]> =>
      call(engineArea.listWithRates, {
        params: { kind: 'accommodations', id },
        query: { ...query, withVirtualRatePlans: true },
      }).then((r) => r.items),
    createStayBooking: (
      id: string,
      body: StayBookingBody,
      idempotencyKey?: string,
    ): Promise<BookingCreated> =>
      call(
        engineArea.createBooking,
        { params: { kind: 'accommodations', id }, body },
        idempotencyKey ? { idempotencyKey } : {},
      ),
    startVehicleQuery: (body: VehicleQueryBody): Promise<{ queryId: string }> =>
      call(vehiclesArea.startQuery, { body }),
    vehicleQueryResults: (queryId: string): Promise<VehicleQueryResults> =>
      call(vehiclesArea.queryResults, { params: { queryId } }),
    createVehicleBooking: (body: VehicleBookingBody, idempotencyKey?: string): Promise<BookingCreated> =>
      call(vehiclesArea.createBooking, { body }, idempotencyKey ? { idempotencyKey } : {}),
  };
}

export type EngineApi = ReturnType<typeof engineApi>;
export type { Place };
