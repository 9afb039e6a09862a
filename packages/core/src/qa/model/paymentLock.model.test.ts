import { paymentLockMachine } from '../../billing/paymentLockMachine.js';
import { describeModel } from '../test/modelPaths.js';

const opened = 'xstate.done.actor.0.paymentLock.openingPortal';
const refused = 'xstate.error.actor.0.paymentLock.openingPortal';

describeModel({
  name: 'paymentLockMachine',
  machine: paymentLockMachine,
  scenarios: [
    { name: 'a locked reseller', input: () => ({ role: 'reseller', locked: true }) },
    { name: 'an admin, never locked', input: () => ({ role: 'admin', locked: true }) },
  ],
  events: {
    'lock.change': [
      { type: 'lock.change', locked: false },
      { type: 'lock.change', locked: true, propertyId: 'p1' },
    ],
    [opened]: [{ type: opened, output: { url: 'https://billing.example/portal' } }],
    [refused]: [{ type: refused, error: { status: 502, message: 'Portal unavailable' } }],
  },
});
