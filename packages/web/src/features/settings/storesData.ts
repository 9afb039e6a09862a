import { useApiQuery } from '../../data/useApiQuery';

/** The query keys of gift-card stores: everything under `STORES_KEY` is read again after a save. */
export const STORES_KEY = 'stores';

/** The gift-card stores of a property (their summaries): the settings tabs, the type form, the Store entry. */
export function useStores(propertyId: string | null) {
  return useApiQuery(
    [STORES_KEY, 'list', propertyId],
    (client, signal) => client.stores.list({ query: { propertyId: propertyId! } }, { signal }),
    { enabled: propertyId !== null },
  );
}
