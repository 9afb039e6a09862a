import { resetTokenMachine } from '../../auth/resetTokenMachine.js';
import { session } from '../../test/fixtures.js';
import { describeModel } from '../test/modelPaths.js';

describeModel({
  name: 'resetTokenMachine',
  machine: resetTokenMachine,
  scenarios: [
    { name: 'signed in', input: () => ({ token: 'tok', hasSession: true }) },
    { name: 'a token', input: () => ({ token: ' tok ', hasSession: false }) },
    { name: 'no token', input: () => ({ token: '  ', hasSession: false }) },
  ],
  events: {
    'xstate.done.actor.verifyResetToken': [{ type: 'xstate.done.actor.verifyResetToken', output: session }],
    'xstate.error.actor.verifyResetToken': [
      { type: 'xstate.error.actor.verifyResetToken', error: { status: 422, message: 'Expired' } },
    ],
  },
});
