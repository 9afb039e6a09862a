import { type ContractAction, contractActionsMachine } from '@tern/core/contracts';
import { type ContractRecord, DIRECTORY_PAGE, loadAllPages, type TernClient } from '@tern/sdk';
import { createActor, fromPromise, waitFor } from 'xstate';
import { UserError } from '../../errors.js';
import { cliInspect } from '../../inspect/server.js';

/**
 * `tern contracts accept|decline|cancel|terminate|request` on core's contract-actions machine (M10), as the web's
 * contracts page runs it: the same guard (which actions the viewer's role has on the contract), the same calls,
 * one at a time; its steps go to `tern --inspect`. A failed call rejects with the SDK's own error (the machine
 * keeps only its words), so the CLI words it like any other.
 */

const verbs: Record<ContractAction, string> = {
  approve: 'accept',
  decline: 'decline',
  cancel: 'withdraw',
  terminate: 'terminate',
};

/** One of the viewer's live contracts (approved or proposed), or a clear refusal. */
export async function liveContract(client: TernClient, id: string): Promise<ContractRecord> {
  for (const status of ['active', 'pending'] as const) {
    const all = await loadAllPages(
      (page, limit) => client.contracts.list({ query: { status, page, limit } }),
      DIRECTORY_PAGE,
    );
    const found = all.find((c) => c.id === id);
    if (found) return found;
  }
  throw new UserError(`There is no live contract ${id} of yours`, { code: 'contract_not_found' });
}

type Command =
  | { type: 'act'; contract: ContractRecord; action: ContractAction }
  | { type: 'request'; propertyId: string; message: string };

/** Runs one command through the machine; the contract the server answers with. */
export async function runContractAction(client: TernClient, command: Command): Promise<ContractRecord> {
  const { role } = await client.auth.currentUser();
  let answer: ContractRecord | null = null;
  let failure: unknown = null;
  const kept = async (call: Promise<ContractRecord>) => {
    try {
      answer = await call;
      return answer;
    } catch (error) {
      failure = error;
      throw error;
    }
  };
  const logic = contractActionsMachine.provide({
    actors: {
      actOnContract: fromPromise(({ input }) =>
        kept(
          client.contracts[input.action]({
            params: { id: input.id },
            body: { propertyId: input.propertyId, propertyType: input.propertyType },
          }),
        ),
      ),
      requestContract: fromPromise(({ input }) => kept(client.contracts.request({ body: input }))),
    },
  });
  const actor = createActor(logic, { input: { role }, inspect: cliInspect });
  actor.start();
  try {
    actor.send(command);
    if (!actor.getSnapshot().hasTag('busy')) {
      if (command.type === 'request')
        throw new UserError('Only a reseller asks a property for a contract', { code: 'contract_refused' });
      const { contract, action } = command;
      throw new UserError(
        `You cannot ${verbs[action]} contract ${contract.id}: it is ${contract.status}, proposed by the ${contract.initiator}`,
        { code: 'contract_refused' },
      );
    }
    const done = await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 120_000 });
    if (done.context.error) throw failure ?? new Error(done.context.error.message);
    if (!answer) throw new Error('The server answered nothing');
    return answer;
  } finally {
    actor.stop();
  }
}
