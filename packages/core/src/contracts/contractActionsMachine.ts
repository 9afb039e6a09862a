import type { ContractRecord, Role } from '@tern/sdk';
import { assign, emit, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { type ContractAction, contractActions } from './contracts.js';

/**
 * M10, the contract lifecycle as one side sees it (document 1 §4, §6, §7; R130–R132, R137, R140): accept or
 * decline what the other side proposed, withdraw (cancel) one's own proposal, terminate an active contract,
 * and — a reseller — ask a property for a contract. Only the actions `contractActions` gives the viewer are
 * accepted; one call at a time. After each, `contracts.changed` tells the page to reload the proposed and the
 * approved lists (R132); the outcome stays as a notice until dismissed or the next action.
 */

export type ContractNotice = 'contracts.saved_changes_message' | 'contracts.requested_successfully';

export interface ContractActionsContext {
  role: Role;
  /** The contract or property being acted on, for the busy state of its row. */
  busyId: string | null;
  notice: ContractNotice | null;
  error: Failure | null;
}

export type ContractActionsEvent =
  | {
      type: 'act';
      contract: Pick<ContractRecord, 'id' | 'status' | 'initiator' | 'channelId' | 'propertyType'>;
      action: ContractAction;
    }
  | { type: 'request'; propertyId: string; message: string }
  | { type: 'notice.dismiss' };

export interface ContractActInput {
  id: string;
  action: ContractAction;
  propertyId: string;
  propertyType: ContractRecord['propertyType'];
}

export type ContractActionsEmitted = { type: 'contracts.changed' };

export const contractActionsMachine = setup({
  types: {
    context: {} as ContractActionsContext,
    events: {} as ContractActionsEvent,
    input: {} as { role: Role },
    emitted: {} as ContractActionsEmitted,
  },
  actors: {
    actOnContract: notProvided<unknown, ContractActInput>('actOnContract'),
    requestContract: notProvided<unknown, { propertyId: string; requestMessage: string }>('requestContract'),
  },
}).createMachine({
  id: 'contractActions',
  context: ({ input }) => ({ role: input.role, busyId: null, notice: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        act: {
          guard: ({ context, event }) => contractActions(event.contract, context.role).includes(event.action),
          target: 'acting',
          actions: assign(({ event }) => ({ busyId: event.contract.id, notice: null, error: null })),
        },
        request: {
          guard: ({ context }) => context.role === 'reseller',
          target: 'requesting',
          actions: assign(({ event }) => ({ busyId: event.propertyId, notice: null, error: null })),
        },
        'notice.dismiss': { actions: assign({ notice: null, error: null }) },
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        src: 'actOnContract',
        input: ({ event }) => {
          if (event.type !== 'act') throw new Error('No contract action');
          return {
            id: event.contract.id,
            action: event.action,
            propertyId: event.contract.channelId,
            propertyType: event.contract.propertyType,
          };
        },
        onDone: {
          target: 'idle',
          actions: [
            assign({ busyId: null, notice: 'contracts.saved_changes_message' as const }),
            emit({ type: 'contracts.changed' as const }),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({ busyId: null, error: failureOf(event.error) })),
            // Someone else may have answered first: the lists show what is true now.
            emit({ type: 'contracts.changed' as const }),
          ],
        },
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        src: 'requestContract',
        input: ({ event }) => {
          if (event.type !== 'request') throw new Error('No contract request');
          return { propertyId: event.propertyId, requestMessage: event.message.trim() };
        },
        onDone: {
          target: 'idle',
          actions: [
            assign({ busyId: null, notice: 'contracts.requested_successfully' as const }),
            emit({ type: 'contracts.changed' as const }),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign(({ event }) => ({ busyId: null, error: failureOf(event.error) })),
        },
      },
    },
  },
});
