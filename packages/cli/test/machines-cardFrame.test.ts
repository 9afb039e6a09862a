import { describeCliReplays } from './machines-replay.js';

// The card frame's handshake (M03) has no terminal screen: a vault's card form is a web page in a frame, and
// `tern book` takes a vault token given up front (`--card-token`, booking/headlessCheckout.ts) in its place.
// Every path of the machine is listed excluded with that reason; a new event of the machine still needs an
// entry here.
const noFrame = {
  excluded: 'the terminal has no card frame: `tern book` takes a vault token (--card-token) in its place',
};

describeCliReplays<never>({
  machine: 'cardFrameMachine',
  liveMachine: 'cardFrame',
  scenarios: { 'a stay': noFrame },
  events: {
    'frame.message': noFrame,
    'frame.failed': noFrame,
    'card.request': noFrame,
    'form.reload': noFrame,
    'xstate.done.actor.0.cardFrame.loadingForm': noFrame,
    'xstate.error.actor.0.cardFrame.loadingForm': noFrame,
    'xstate.after.frameReady.cardFrame.frameLoading': noFrame,
    'xstate.after.cardAnswer.cardFrame.awaitingCard': noFrame,
  },
  finish: async () => {},
});
