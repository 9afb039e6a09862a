import { useQueries, useQueryClient } from '@tanstack/react-query';
import { loadAllPages, type RatePlan, ROOMS_PAGE_SIZE, type TernClient, type Unit } from '@tern/sdk';
import { useApiQuery } from '../../../data/useApiQuery';
import { useServices } from '../../../session/SessionContext';

/** The query keys of the page: everything under `ROOMS_KEY` is read again after a change. */
export const ROOMS_KEY = 'roomsAndRates';

/** Every unit of a property, 100 a page while a full page comes back (document 2 §7, R193). */
export function loadUnits(client: TernClient, propertyId: string, signal?: AbortSignal): Promise<Unit[]> {
  return loadAllPages(
    async (page, limit) =>
      client.roomsAndRates.listUnits({ query: { propertyId, page, limit } }, signal ? { signal } : {}),
    ROOMS_PAGE_SIZE,
  );
}

/** Every rate plan of a unit, 100 a page while a full page comes back. */
export function loadRatePlans(
  client: TernClient,
  propertyId: string,
  roomTypeId: string,
  signal?: AbortSignal,
): Promise<RatePlan[]> {
  return loadAllPages(
    async (page, limit) =>
      client.roomsAndRates.listRatePlans(
        { query: { propertyId, roomTypeId, page, limit } },
        signal ? { signal } : {},
      ),
    ROOMS_PAGE_SIZE,
  );
}

export function useUnits(propertyId: string | null) {
  return useApiQuery(
    [ROOMS_KEY, 'units', propertyId],
    (client, signal) => loadUnits(client, propertyId!, signal),
    { enabled: propertyId !== null },
  );
}

/** The rate plans of the units shown open, by unit id. */
export function useRatePlansOf(propertyId: string, unitIds: readonly string[]) {
  const { client } = useServices();
  const results = useQueries({
    queries: unitIds.map((unitId) => ({
      queryKey: [ROOMS_KEY, 'plans', propertyId, unitId],
      queryFn: ({ signal }: { signal: AbortSignal }) => loadRatePlans(client, propertyId, unitId, signal),
    })),
  });
  return new Map(unitIds.map((id, i) => [id, results[i]!]));
}

export function useRatePlanOptions(propertyId: string, roomTypeId: string) {
  return useApiQuery([ROOMS_KEY, 'planOptions', propertyId, roomTypeId], (client, signal) =>
    client.roomsAndRates.ratePlanOptions({ query: { propertyId, roomTypeId } }, { signal }),
  );
}

export function useRoomFacilities() {
  return useApiQuery(['roomFacilityOptions'], (client, signal) =>
    client.roomsAndRates.roomFacilityOptions(undefined, { signal }),
  );
}

/** Reads the page's lists again (after a save or a delete). */
export function useReloadRooms() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ROOMS_KEY] });
}
