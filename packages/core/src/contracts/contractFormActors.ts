import type { TernClient } from '@tern/sdk';
import { DIRECTORY_PAGE, loadAllPages } from '@tern/sdk/pagination';
import { fromPromise } from 'xstate';
import type { ContractCreateInput, ContractFormInput, ContractOption } from './contractFormMachine.js';

/**
 * What the contract form offers (document 1 §5, §7): the property's rate plans ("room — plan") from the unit
 * rates call, and for a supplier the agencies (every page, 1000 a page). A car station has no rate plans: its
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

/**
 * `contractFormMachine`'s actors on an SDK client (the web's drawer and `tern contracts propose`); `onError`
 * sees the SDK's own error of a failed call (the machine keeps only its words).
 */
export function contractFormActors(client: TernClient, hooks: { onError?: (error: unknown) => void } = {}) {
  const kept = <T>(call: Promise<T>) =>
    call.catch((error: unknown) => {
      hooks.onError?.(error);
      throw error;
    });
  return {
    loadOptions: fromPromise(
      ({ input }: { input: Pick<ContractFormInput, 'side' | 'propertyId' | 'propertyType'> }) =>
        kept(loadContractOptions(client, input)),
    ),
    createContract: fromPromise(({ input }: { input: ContractCreateInput }) =>
      kept(client.contracts.create({ body: input })),
    ),
  };
}
