import { CONTRACTS_PAGE_SIZE, type ContractTab, contractSideOf, contractTabs } from '@tern/core/contracts';
import type { ContractRecord, DiscoverRow, Role } from '@tern/sdk';
import { useListKit } from '../lists/useListKit';
import { useListTabs } from '../lists/useListPage';

/** Every list of the contracts page is cached under this root (a change reloads them together, R132). */
export const CONTRACT_LISTS = 'contracts.lists';

/**
 * The lists of the contracts page on the list kit (document 1 §2, R128, R138): the tabs sharing one search box
 * (a name, a city; `useListTabs`), and active and pending for everyone — a supplier's for the selected property —
 * and discover for a reseller, each ten a page from page 1, narrowed by the search's term.
 */
export function useContractLists(role: Role, propertyId: string | null) {
  const tabs = useListTabs<ContractTab>(contractTabs(role));
  const scope = `${role}:${propertyId ?? ''}`;
  const where = contractSideOf(role) === 'supplier' && propertyId ? { propertyId } : {};
  const contractsOf = (status: Exclude<ContractTab, 'discover'>) =>
    ({
      root: CONTRACT_LISTS,
      name: status,
      scope,
      term: tabs.term,
      read: (client, { term, page }, signal) =>
        client.contracts.list(
          { query: { status, page, limit: CONTRACTS_PAGE_SIZE, ...where, ...(term ? { term } : {}) } },
          { signal },
        ),
    }) satisfies Parameters<typeof useListKit<ContractRecord>>[0];
  return {
    tabs,
    active: useListKit<ContractRecord>(contractsOf('active')),
    pending: useListKit<ContractRecord>(contractsOf('pending')),
    discover: useListKit<DiscoverRow>({
      root: CONTRACT_LISTS,
      name: 'discover',
      scope,
      term: tabs.term,
      enabled: role === 'reseller',
      read: (client, { term, page }, signal) =>
        client.contracts.discover(
          { query: { page, limit: CONTRACTS_PAGE_SIZE, ...(term ? { term } : {}) } },
          { signal },
        ),
    }),
  };
}
