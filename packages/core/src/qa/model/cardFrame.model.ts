import { cardFrameMachine } from '../../bookingEngine/cardFrameMachine.js';
import type { ModelOptions } from '../test/paths.js';

const vault = 'https://vault.example';
const form = { cardCaptureFormUrl: `${vault}/form` };
const message = (data: unknown, origin = vault) => ({ type: 'frame.message', origin, data });
const card = { token: 'tok', brand: 'visa', last4: '4242', expiry: '12/30' };

// The handshake with the vault's frame: the form's address, the frame's ready, then the card or its error;
// messages from another origin are ignored. A frame that never says ready, or a submit the vault never answers,
// fails at the machine's limit (`after` frameReady / cardAnswer, on the simulated clock).
export const cardFrameModel: ModelOptions = {
  name: 'cardFrameMachine',
  machine: cardFrameMachine,
  scenarios: [{ name: 'a stay', input: () => ({ kind: 'accommodations', propertyId: 'p1' }) }],
  events: {
    'frame.message': [
      message({ type: 'ready' }),
      message({ type: 'ready' }, 'https://evil.example'),
      message({ type: 'validate', valid: true }),
      message({ card }),
      message({ error: 'Card declined' }),
    ],
    'xstate.done.actor.0.cardFrame.loadingForm': [
      { type: 'xstate.done.actor.0.cardFrame.loadingForm', output: form },
      { type: 'xstate.done.actor.0.cardFrame.loadingForm', output: { cardCaptureFormUrl: 'not an address' } },
    ],
    'xstate.error.actor.0.cardFrame.loadingForm': [
      { type: 'xstate.error.actor.0.cardFrame.loadingForm', error: { status: 404, message: 'No vault' } },
    ],
  },
};
