import { contractActionsMachine } from '../../contracts/contractActionsMachine.js';
import type { ModelOptions } from '../test/paths.js';

const proposed = {
  id: 'c1',
  status: 'proposed' as const,
  initiator: 'reseller' as const,
  channelId: 'p1',
  propertyType: 'accommodation' as const,
};

// A supplier accepts or declines the reseller's proposal (and may not withdraw it); a reseller asks a
// property for a contract (a supplier may not).
export const contractActionsModel: ModelOptions = {
  name: 'contractActionsMachine',
  machine: contractActionsMachine,
  scenarios: [
    { name: 'supplier', input: () => ({ role: 'supplier' }) },
    { name: 'reseller', input: () => ({ role: 'reseller' }) },
  ],
  events: {
    act: [
      { type: 'act', contract: proposed, action: 'approve' },
      { type: 'act', contract: proposed, action: 'cancel' },
    ],
    request: [{ type: 'request', propertyId: 'p2', message: '  Hello ' }],
    'xstate.error.actor.0.contractActions.acting': [
      {
        type: 'xstate.error.actor.0.contractActions.acting',
        error: { status: 409, message: 'Already answered' },
      },
    ],
    'xstate.error.actor.0.contractActions.requesting': [
      { type: 'xstate.error.actor.0.contractActions.requesting', error: { status: 422, message: 'Refused' } },
    ],
  },
};
