import { signInMachine } from '../../auth/signInMachine.js';
import { otpChallenge, session } from '../../test/fixtures.js';
import type { ModelOptions } from '../test/paths.js';

const refused = { status: 401, message: 'Wrong e-mail or password' };

export const signInModel: ModelOptions = {
  name: 'signInMachine',
  machine: signInMachine,
  scenarios: [{ name: 'no remembered device', input: () => ({}) }],
  events: {
    'field.change': [
      { type: 'field.change', field: 'email', value: 'olga@demo.tern.test' },
      { type: 'field.change', field: 'password', value: 'secret' },
      { type: 'field.change', field: 'otp', value: '123 456' },
    ],
    'xstate.done.actor.signIn': [
      { type: 'xstate.done.actor.signIn', output: otpChallenge },
      { type: 'xstate.done.actor.signIn', output: session },
    ],
    'xstate.error.actor.signIn': [{ type: 'xstate.error.actor.signIn', error: refused }],
    'xstate.done.actor.resendOtp': [
      { type: 'xstate.done.actor.resendOtp', output: otpChallenge },
      { type: 'xstate.done.actor.resendOtp', output: session },
    ],
    'xstate.error.actor.resendOtp': [{ type: 'xstate.error.actor.resendOtp', error: refused }],
    'xstate.done.actor.signInWithOtp': [
      { type: 'xstate.done.actor.signInWithOtp', output: otpChallenge },
      { type: 'xstate.done.actor.signInWithOtp', output: session },
    ],
    'xstate.error.actor.signInWithOtp': [{ type: 'xstate.error.actor.signInWithOtp', error: refused }],
    'xstate.done.actor.sendResetEmail': [{ type: 'xstate.done.actor.sendResetEmail', output: null }],
    'xstate.error.actor.sendResetEmail': [{ type: 'xstate.error.actor.sendResetEmail', error: refused }],
  },
};
