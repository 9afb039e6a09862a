import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { otpChallenge, session } from '../test/fixtures.js';
import { type SignInReply, type SignInRequest, signInMachine } from './signInMachine.js';

type SignInSnapshot = SnapshotFrom<typeof signInMachine>;
/** Replies of the invoked calls, as the graph sees them. */
type ActorEvent = { type: `xstate.${'done' | 'error'}.actor.${string}`; output?: unknown; error?: unknown };
type PathEvent = EventFrom<typeof signInMachine> | ActorEvent;

const refused = new Error('Wrong e-mail or password');

const events = [
  { type: 'field.change', field: 'email', value: 'olga@demo.tern.test' },
  { type: 'field.change', field: 'email', value: 'olga' },
  { type: 'field.change', field: 'password', value: 'secret' },
  { type: 'field.change', field: 'otp', value: '123456' },
  { type: 'form.submit' },
  { type: 'mode.forgot' },
  { type: 'mode.credentials' },
  { type: 'user.retry' },
  { type: 'otp.resend' },
  { type: 'xstate.done.actor.signIn', output: session },
  { type: 'xstate.done.actor.signIn', output: otpChallenge },
  { type: 'xstate.error.actor.signIn', error: refused },
  { type: 'xstate.done.actor.signInWithOtp', output: session },
  { type: 'xstate.error.actor.signInWithOtp', error: refused },
  { type: 'xstate.done.actor.resendOtp', output: otpChallenge },
  { type: 'xstate.error.actor.resendOtp', error: refused },
  { type: 'xstate.done.actor.sendResetEmail', output: { message: 'sent' } },
  { type: 'xstate.error.actor.sendResetEmail', error: refused },
] as PathEvent[] as EventFrom<typeof signInMachine>[];

/** What a screen shows: the state and the fields that matter. */
const view = (s: SignInSnapshot) => ({
  value: s.value,
  email: s.context.email,
  password: s.context.password,
  otp: s.context.otp,
  otpClientChallenge: s.context.otpClientChallenge,
  fieldErrors: s.context.fieldErrors,
  error: s.context.error,
  forgotSent: s.context.forgotSent,
  otpResent: s.context.otpResent,
});

const paths = getShortestPaths(signInMachine, {
  input: {},
  events,
  serializeState: (s) => JSON.stringify(view(s as SignInSnapshot)),
});

/** Replays a path against a live actor; the invoked calls answer as the path says. */
async function replay(steps: Array<{ event: PathEvent; state: SignInSnapshot }>) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const controlled = <T, I>() =>
    fromPromise<T, I>(
      ({ self }) =>
        new Promise<T>((resolve, reject) =>
          pending.set(self.id, { resolve: (v) => resolve(v as T), reject }),
        ),
    );
  const actor = createActor(
    signInMachine.provide({
      actors: {
        signIn: controlled<SignInReply, SignInRequest>(),
        sendResetEmail: controlled<unknown, { email: string }>(),
      },
    }),
    { input: {} },
  ).start();
  for (const { event, state } of steps) {
    if ((event.type as string) === 'xstate.init') continue;
    const reply = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (reply) {
      const call = pending.get(reply[2]!);
      expect(call, `no call in flight for ${event.type}`).toBeDefined();
      pending.delete(reply[2]!);
      if (reply[1] === 'done') call!.resolve((event as ActorEvent).output);
      else call!.reject((event as ActorEvent).error);
    } else {
      actor.send(event as EventFrom<typeof signInMachine>);
    }
    const expected = JSON.stringify(view(state));
    await waitFor(actor, (s) => JSON.stringify(view(s)) === expected, { timeout: 1000 });
  }
  return actor;
}

/** `email=olga → form.submit → done signIn (otp_challenge)` */
function label(steps: PathEvent[]): string {
  const names = steps
    .filter((e) => (e.type as string) !== 'xstate.init')
    .map((e) => {
      if (e.type === 'field.change') return `${e.field}=${String(e.value)}`;
      const reply = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type);
      if (!reply) return e.type;
      const output = (e as ActorEvent).output as { type?: string } | undefined;
      return `${reply[1]} ${reply[2]}${output?.type ? ` (${output.type})` : ''}`;
    });
  return names.join(' → ') || '(start)';
}

describe('signInMachine: shortest paths', () => {
  it('reach every state of the machine', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    const states = Object.keys(signInMachine.config.states ?? {}).map((s) => JSON.stringify(s));
    expect([...reached].sort()).toEqual(states.sort());
  });

  it.each(
    paths.map(
      (p) => [label(p.steps.map((s) => s.event as PathEvent)), JSON.stringify(p.state.value), p] as const,
    ),
  )('%s ⇒ %s', async (_, _target, path) => {
    const actor = await replay(path.steps as Array<{ event: PathEvent; state: SignInSnapshot }>);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    actor.stop();
  });
});
