import type { ContractFormInput, ContractOption } from '@tern/core';
import { DIRECTORY_PAGE, loadAllPages, type TernClient } from '@tern/sdk';

/**
 * What the contract drawer offers (document 1 §5, §7): the property's rate plans ("room — plan") from the
 * unit rates call, and for a supplier the agencies (every page, 1000 a page). A car station has no rate plans: its
 * contract covers all its cars.
 */
export async function loadContractOptions(
  client: TernClient,
  input: Pick<ContractFormInput, 'side' | 'propertyId' | 'propertyType'>,
): Promise<{ plans: ContractOption[]; agencies: ContractOption[] }> {
  const [plans, agencies] = await Promise.all([
    input.propertyType === 'vehicle'
      ? []
      : client.engine
          .unitRates({ params: { kind: 'accommodations', id: input.propertyId } })
          .then((reply) =>
            reply.items.flatMap((unit) =>
              unit.ratePlans.map((plan) => ({ id: plan.id, label: `${unit.title} — ${plan.title}` })),
            ),
          ),
    input.side === 'supplier'
      ? loadAllPages(
          (page, limit) => client.contracts.resellers({ query: { page, limit } }),
          DIRECTORY_PAGE,
        ).then((items) => items.map((agency) => ({ id: agency.id, label: agency.name })))
      : [],
  ]);
  return { plans, agencies };
}
