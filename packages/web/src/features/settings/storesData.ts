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

/**
 * The group stores of a multi-property gift card type (document 2 I2): the stores of its property and of its
 * other hotels `propertyIds` (each one the user works at), by hotel. Only while `enabled`.
 */
export function useGroupStores(propertyId: string, propertyIds: readonly string[], enabled: boolean) {
  return useApiQuery(
    [STORES_KEY, 'group', propertyId, ...propertyIds],
    (client, signal) =>
      client.stores.groupStores({ query: { propertyId, propertyIds: [...propertyIds] } }, { signal }),
    { enabled },
  );
}
