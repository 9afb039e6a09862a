import { changePasswordMachine } from '../../auth/changePasswordMachine.js';
import { describeModel } from '../test/modelPaths.js';

describeModel({
  name: 'changePasswordMachine',
  machine: changePasswordMachine,
  scenarios: [
    { name: 'signed in', input: () => ({ purpose: 'login' }) },
    { name: 'after a reset link', input: () => ({ purpose: 'password_reset' }) },
  ],
  events: {
    'field.change': [
      { type: 'field.change', field: 'oldPassword', value: 'old-secret' },
      { type: 'field.change', field: 'password', value: 'new-secret-1' },
      { type: 'field.change', field: 'confirmPassword', value: 'new-secret-1' },
    ],
    'xstate.done.actor.changePassword': [{ type: 'xstate.done.actor.changePassword', output: null }],
    'xstate.error.actor.changePassword': [
      { type: 'xstate.error.actor.changePassword', error: { status: 422, message: 'Wrong password' } },
    ],
  },
});
