import type { ContractRecord, DiscoverRow, Role } from '@tern/sdk';
import { assign, enqueueActions, setup } from 'xstate';
import { contractActionsMachine } from './contractActionsMachine.js';
import type { ContractFormInput } from './contractFormMachine.js';
import { type ContractAction, contractSideOf } from './contracts.js';

/**
 * The contracts page (document 1 §2, §4–§6) beside its lists: the one dialog or drawer open over them (a
 * confirmation, a request, a proposal, an agency's details), the 'created' notice of a proposal made, and the
 * contract actions (M10, `contractActionsMachine`) as its child `actions`, started once with the page. Declining
 * or terminating asks first; a request's dialog closes once the request went through. The tab and the search
 * belong to the list kit (the lists' state, as on every list page).
 *
 * No transition here leaves or re-enters the root: a root-level `reenter` transition (the reverted first
 * version's search pause) exits the root, which stops the invoked `actions` and starts another — the page then
 * acted through a new actor on every key typed (its `contracts.changed` went to no one, the replays lost it).
 */

export type ContractTarget = ContractFormInput & { name?: string };
export interface AgencyRef {
  id: string;
  name: string;
}
type Confirmable = Extract<ContractAction, 'decline' | 'terminate'>;

export interface ContractsPageContext {
  role: Role;
  /** The contract and action the confirmation asks about. */
  confirming: { contract: ContractRecord; action: Confirmable } | null;
  /** The discover row the request dialog is for. */
  requesting: DiscoverRow | null;
  /** Whom the proposal drawer proposes to. */
  proposing: ContractTarget | null;
  /** The agency whose details are open. */
  agency: AgencyRef | null;
  /** A proposal was made (its notice shows until dismissed or the next action). */
  created: boolean;
}

export type ContractsPageEvent =
  /**
   * An action on a row: declining or terminating asks first, the rest go at once; `confirmed` is the answer to
   * the question (the confirmation closes itself before it answers, so the answer carries what it asked about).
   */
  | { type: 'act'; contract: ContractRecord; action: ContractAction; confirmed?: boolean }
  | { type: 'request.open'; row: DiscoverRow }
  | { type: 'request.send'; message: string }
  | { type: 'propose.open'; target: ContractTarget }
  | { type: 'proposal.created' }
  | { type: 'agency.open'; agency: AgencyRef }
  | { type: 'close' }
  | { type: 'notice.dismiss' };

const asksFirst = (action: ContractAction): action is Confirmable =>
  action === 'decline' || action === 'terminate';

const closed = { confirming: null, requesting: null, proposing: null, agency: null } as const;

export const contractsPageMachine = setup({
  types: {
    context: {} as ContractsPageContext,
    events: {} as ContractsPageEvent,
    input: {} as { role: Role },
    children: {} as { actions: 'contractActions' },
  },
  actors: { contractActions: contractActionsMachine },
}).createMachine({
  id: 'contractsPage',
  context: ({ input }) => ({ role: input.role, ...closed, created: false }),
  invoke: {
    id: 'actions',
    src: 'contractActions',
    input: ({ context }) => ({ role: context.role }),
    // The request dialog closes once the request went through.
    onSnapshot: {
      guard: ({ context, event }) =>
        context.requesting !== null && event.snapshot.context.notice === 'contracts.requested_successfully',
      target: '.lists',
      actions: assign(closed),
    },
  },
  on: {
    // A dialog or drawer closed (a cancel, Escape, a click outside) leaves nothing open.
    close: { target: '.lists', actions: assign(closed) },
    // One proposes from one's own side, an admin (who sees every contract) never: the page's button asks this in
    // every state, so it stays where the drawer's focus returns to.
    'propose.open': {
      guard: ({ context, event }) =>
        context.role !== 'admin' && contractSideOf(context.role) === event.target.side,
      target: '.proposing',
      actions: assign(({ event }) => ({ ...closed, proposing: event.target })),
    },
    'notice.dismiss': {
      actions: enqueueActions(({ enqueue }) => {
        enqueue.assign({ created: false });
        enqueue.sendTo('actions', { type: 'notice.dismiss' });
      }),
    },
  },
  initial: 'lists',
  states: {
    lists: {
      on: {
        act: [
          {
            guard: ({ event }) => asksFirst(event.action) && !event.confirmed,
            target: 'confirming',
            actions: assign(({ event }) => ({
              confirming: { contract: event.contract, action: event.action as Confirmable },
            })),
          },
          {
            actions: enqueueActions(({ event, enqueue }) => {
              enqueue.assign({ created: false });
              enqueue.sendTo('actions', { type: 'act', contract: event.contract, action: event.action });
            }),
          },
        ],
        'request.open': {
          target: 'requesting',
          actions: enqueueActions(({ event, enqueue }) => {
            enqueue.assign({ requesting: event.row, created: false });
            enqueue.sendTo('actions', { type: 'notice.dismiss' });
          }),
        },
        'agency.open': { target: 'agency', actions: assign(({ event }) => ({ agency: event.agency })) },
      },
    },
    /** Declining or terminating asked: `close` keeps it, `act` `confirmed` (from the lists) goes on. */
    confirming: {},
    requesting: {
      on: {
        'request.send': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.sendTo('actions', {
              type: 'request',
              propertyId: context.requesting!.propertyId,
              message: event.message,
            });
          }),
        },
      },
    },
    proposing: {
      on: {
        'proposal.created': {
          target: 'lists',
          actions: enqueueActions(({ enqueue }) => {
            enqueue.assign({ ...closed, created: true });
            enqueue.sendTo('actions', { type: 'notice.dismiss' });
          }),
        },
      },
    },
    agency: {},
  },
});
