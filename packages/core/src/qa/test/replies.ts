/**
 * What the web app's and the CLI's replays of the model paths know alike about the server's side: the
 * actors' replies they leave to the real server, the replies it never gives, and the answers a path calls for.
 * No imports: the browser tests read this file as it is.
 */

/**
 * The sign-in actors' replies as a front end's replay takes them (the web app's and the CLI's alike): the real
 * server answers, so there is nothing to drive (`nothing`), except the replies that server never gives.
 */
export function signInServerReplies<D>(nothing: D) {
  return {
    'xstate.done.actor.signIn': nothing,
    'xstate.error.actor.signIn': nothing,
    'xstate.done.actor.signInWithOtp': {
      drive: nothing,
      excludedIf: [
        {
          match: { output: { type: 'otp_challenge' } },
          reason: 'the server answers a code with a session or a refusal, never another code',
        },
      ],
    },
    'xstate.error.actor.signInWithOtp': nothing,
    'xstate.done.actor.resendOtp': {
      drive: nothing,
      excludedIf: [
        {
          match: { output: { type: 'session' } },
          reason: 'the server answers a new-code request with a new code, never a session',
        },
      ],
    },
    'xstate.error.actor.resendOtp': nothing,
    'xstate.done.actor.sendResetEmail': nothing,
    'xstate.error.actor.sendResetEmail': nothing,
  };
}

const CREATING = 'xstate.done.actor.0.vehicleQuery.creatingQuery';
const POLLING = 'xstate.done.actor.0.vehicleQuery.polling';

/**
 * The server's answers a path's steps call for, in order, as a front end's replay sets them up: of the query's
 * creation (`done` or `error`), then of each poll (`partial`, `all` providers answered, or `error`).
 */
export function vehicleQueryOutcomes(steps: ReadonlyArray<{ event: { type: string; output?: unknown } }>) {
  const creating: Array<'done' | 'error'> = [];
  const polls: Array<'partial' | 'all' | 'error'> = [];
  for (const { event } of steps) {
    if (event.type === CREATING) creating.push('done');
    else if (event.type === CREATING.replace('done', 'error')) creating.push('error');
    else if (event.type === POLLING)
      polls.push((event.output as { finished: boolean }).finished ? 'all' : 'partial');
    else if (event.type === POLLING.replace('done', 'error')) polls.push('error');
  }
  return { creating, polls };
}

/** The car query's actors' replies as a front end's replay takes them: the real server answers (`nothing`). */
export function vehicleQueryServerReplies<D>(nothing: D) {
  return {
    [CREATING]: nothing,
    [CREATING.replace('done', 'error')]: nothing,
    [POLLING]: nothing,
    [POLLING.replace('done', 'error')]: nothing,
  };
}
