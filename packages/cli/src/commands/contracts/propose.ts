import {
  type ContractFormErrors,
  contractFormActors,
  contractFormMachine,
  contractSideOf,
} from '@tern/core/contracts';
import type { ContractRecord, TernClient } from '@tern/sdk';
import { createActor, waitFor } from 'xstate';
import { UserError } from '../../errors.js';
import { cliInspect } from '../../inspect/server.js';

/**
 * `tern contracts propose` on core's contract form machine (M10 create), as the web's contract drawer runs it:
 * the flags typed into its form, its rules checking them (a car station has no plans and no amount to ask),
 * its one create call; its steps go to `tern --inspect`. A failed call rejects with the SDK's own error.
 */

export interface Proposal {
  propertyId: string;
  agency?: string | undefined;
  logic?: string | undefined;
  amount?: number | undefined;
  /** The plans covered; none given: every plan of the property (the form's start, as on the web). */
  plans?: string[] | undefined;
}

/** The form's problems as the flags' words. */
const FLAG_WORDS: Record<keyof ContractFormErrors, string> = {
  agentId: '--agency: the agency to propose to',
  modifierLogic:
    '--logic: increase_by_percent, decrease_by_percent, increase_by_amount or decrease_by_amount',
  modifierAmount: '--amount: the modifier, 0 or more',
  ratePlanIds: '--plan ID (repeat) or --all-plans: at least one rate plan',
};

/** The property's type: the engine's unit rates answer for a hotel; else it is a car station. */
async function propertyTypeOf(client: TernClient, propertyId: string): Promise<'accommodation' | 'vehicle'> {
  return client.engine.unitRates({ params: { kind: 'accommodations', id: propertyId } }).then(
    () => 'accommodation' as const,
    () =>
      client.engine
        .unitRates({ params: { kind: 'vehicles', id: propertyId } })
        .then(() => 'vehicle' as const),
  );
}

export async function propose(client: TernClient, proposal: Proposal): Promise<ContractRecord> {
  const [{ role }, propertyType] = await Promise.all([
    client.auth.currentUser(),
    propertyTypeOf(client, proposal.propertyId),
  ]);
  let failure: unknown = null;
  const logic = contractFormMachine.provide({
    actors: contractFormActors(client, { onError: (error) => (failure = error) }),
  });
  const actor = createActor(logic, {
    inspect: cliInspect,
    input: {
      side: contractSideOf(role),
      propertyId: proposal.propertyId,
      propertyType,
      ...(proposal.agency ? { agentId: proposal.agency } : {}),
    },
  });
  let created: ContractRecord | null = null;
  actor.on('contract.created', (event) => {
    created = event.contract;
  });
  actor.start();
  try {
    const loaded = await waitFor(actor, (s) => !s.hasTag('busy'));
    if (loaded.matches('loadFailed')) throw failure ?? new Error(loaded.context.error?.message);
    const { plans } = loaded.context;
    const unknown = (proposal.plans ?? []).filter((id) => !plans.some((p) => p.id === id));
    if (unknown.length > 0)
      throw new UserError(`--plan: ${unknown.join(', ')} is not a rate plan of ${proposal.propertyId}`, {
        code: 'invalid_flags',
      });
    actor.send({ type: 'field.change', field: 'modifierLogic', value: proposal.logic ?? '' });
    actor.send({ type: 'field.change', field: 'modifierAmount', value: String(proposal.amount ?? '') });
    if (proposal.plans?.length) {
      actor.send({ type: 'plans.all', selected: false });
      for (const id of proposal.plans) actor.send({ type: 'plan.toggle', id, selected: true });
    }
    actor.send({ type: 'submit' });
    const problems = Object.keys(actor.getSnapshot().context.errors) as (keyof ContractFormErrors)[];
    if (!actor.getSnapshot().matches('sending'))
      throw new UserError(problems.map((field) => FLAG_WORDS[field]).join('; '), { code: 'invalid_flags' });
    const sent = await waitFor(actor, (s) => !s.hasTag('busy'));
    if (!created) throw failure ?? new Error(sent.context.error?.message);
    return created;
  } finally {
    actor.stop();
  }
}
