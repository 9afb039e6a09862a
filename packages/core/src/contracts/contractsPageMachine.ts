import type { ContractRecord, DiscoverRow, Role } from '@tern/sdk';
import { assign, enqueueActions, setup } from 'xstate';
import { BOOKINGS_SEARCH_DEBOUNCE_MS } from '../bookings/bookingsList.js';
import { contractActionsMachine } from './contractActionsMachine.js';
import type { ContractFormInput } from './contractFormMachine.js';
import { type ContractAction, type ContractTab, contractTabs } from './contracts.js';

/**
 * The contracts page (document 1 §2, §4–§6): its tab, the search box (the term the lists read 500 ms after the
 * last key, as the bookings search), the one dialog or drawer open, and the contract actions (M10,
 * `contractActionsMachine`, its child `actions`). Declining or terminating asks first (then `act` again,
 * `confirmed`); a
 * request closes its dialog once it went through; a proposal made says so until dismissed or the next action.
 */

/** What the page has open beside its lists. */
export type ContractsDialog =
  | { kind: 'confirm'; contract: ContractRecord; action: Extract<ContractAction, 'decline' | 'terminate'> }
  | { kind: 'request'; row: DiscoverRow }
  | { kind: 'propose'; target: ContractFormInput & { name?: string } }
  | { kind: 'agency'; agency: { id: string; name: string } };

export interface ContractsPageContext {
  role: Role;
  tab: ContractTab;
  /** The search box as typed, and the term the lists read (trimmed, after the pause). */
  search: string;
  term: string;
  dialog: ContractsDialog | null;
  /** A proposal was made (its notice shows until dismissed or the next action). */
  created: boolean;
}

export type ContractsPageEvent =
  | { type: 'tab.select'; tab: ContractTab }
  | { type: 'search.change'; value: string }
  /** An action on a contract; declining or terminating asks first, unless `confirmed` (the answer to that). */
  | { type: 'act'; contract: ContractRecord; action: ContractAction; confirmed?: boolean }
  | { type: 'request.open'; row: DiscoverRow }
  | { type: 'request.send'; message: string }
  | { type: 'propose.open'; target: ContractFormInput & { name?: string } }
  | { type: 'agency.open'; agency: { id: string; name: string } }
  | { type: 'dialog.close' }
  | { type: 'proposal.created' }
  | { type: 'notice.dismiss' };

const asksFirst = (action: ContractAction): action is 'decline' | 'terminate' =>
  action === 'decline' || action === 'terminate';

export const contractsPageMachine = setup({
  types: {
    context: {} as ContractsPageContext,
    events: {} as ContractsPageEvent,
    input: {} as { role: Role },
    children: {} as { actions: 'contractActions' },
  },
  actors: { contractActions: contractActionsMachine },
  delays: { searchPause: BOOKINGS_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'contractsPage',
  context: ({ input }) => ({
    role: input.role,
    tab: contractTabs(input.role)[0]!,
    search: '',
    term: '',
    dialog: null,
    created: false,
  }),
  invoke: {
    id: 'actions',
    src: 'contractActions',
    input: ({ context }) => ({ role: context.role }),
    // The request dialog closes once the request went through.
    onSnapshot: {
      guard: ({ context, event }) =>
        context.dialog?.kind === 'request' &&
        event.snapshot.context.notice === 'contracts.requested_successfully',
      actions: assign({ dialog: null }),
    },
  },
  on: {
    'tab.select': {
      guard: ({ context, event }) => contractTabs(context.role).includes(event.tab),
      actions: assign(({ event }) => ({ tab: event.tab })),
    },
    'search.change': {
      target: '.typing',
      reenter: true,
      actions: assign(({ event }) => ({ search: event.value })),
    },
    act: [
      {
        guard: ({ event }) => asksFirst(event.action) && !event.confirmed,
        actions: assign(({ event }) => ({
          dialog: {
            kind: 'confirm' as const,
            contract: event.contract,
            action: event.action as 'decline' | 'terminate',
          },
        })),
      },
      {
        actions: enqueueActions(({ event, enqueue }) => {
          enqueue.assign({ created: false, dialog: null });
          enqueue.sendTo('actions', { type: 'act', contract: event.contract, action: event.action });
        }),
      },
    ],
    'request.open': {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.sendTo('actions', { type: 'notice.dismiss' });
        enqueue.assign({ dialog: { kind: 'request', row: event.row } });
      }),
    },
    'request.send': {
      guard: ({ context }) => context.dialog?.kind === 'request',
      actions: enqueueActions(({ context, event, enqueue }) => {
        const { row } = context.dialog as Extract<ContractsDialog, { kind: 'request' }>;
        enqueue.sendTo('actions', { type: 'request', propertyId: row.propertyId, message: event.message });
      }),
    },
    'propose.open': {
      actions: assign(({ event }) => ({ dialog: { kind: 'propose', target: event.target } })),
    },
    'agency.open': { actions: assign(({ event }) => ({ dialog: { kind: 'agency', agency: event.agency } })) },
    'dialog.close': { actions: assign({ dialog: null }) },
    'proposal.created': {
      actions: enqueueActions(({ enqueue }) => {
        enqueue.sendTo('actions', { type: 'notice.dismiss' });
        enqueue.assign({ dialog: null, created: true });
      }),
    },
    'notice.dismiss': {
      actions: enqueueActions(({ enqueue }) => {
        enqueue.assign({ created: false });
        enqueue.sendTo('actions', { type: 'notice.dismiss' });
      }),
    },
  },
  initial: 'settled',
  states: {
    settled: {},
    /** Keys typed: the term follows after the pause (a key restarts it). */
    typing: {
      after: {
        searchPause: {
          target: 'settled',
          actions: assign(({ context }) => ({ term: context.search.trim() })),
        },
      },
    },
  },
});
