import type { Session } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { otpChallenge, session } from '../test/fixtures.js';
import { type SignInRequest, signInMachine } from './signInMachine.js';

const EMAIL = 'olga@demo.tern.test';

/** A rejected call as the SDK raises it: the status text as message, the server's words kept aside. */
const apiError = (serverMessage: string) =>
  Object.assign(new Error('Unauthorized'), { status: 401, serverMessage });

function start(replies: Array<Session | typeof otpChallenge | Error>, input = {}) {
  const calls: SignInRequest[] = [];
  const resetCalls: string[] = [];
  let resetFails = false;
  const machine = signInMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input: body }: { input: SignInRequest }) => {
        calls.push(body);
        const reply = replies.shift();
        if (!reply || reply instanceof Error) throw reply ?? new Error('no reply left');
        return reply;
      }),
      sendResetEmail: fromPromise<unknown, { email: string }>(async ({ input: body }) => {
        resetCalls.push(body.email);
        if (resetFails) throw new Error('Too Many Requests');
        return { message: 'sent' };
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  const fill = (fields: Record<string, string | boolean>) => {
    for (const [field, value] of Object.entries(fields)) {
      actor.send({ type: 'field.change', field: field as 'email', value });
    }
  };
  return { actor, calls, resetCalls, fill, failReset: () => (resetFails = true) };
}

describe('signInMachine', () => {
  it('signs in with e-mail and password and outputs the session', async () => {
    const { actor, calls, fill } = start([session], { deviceIdentifier: 'dev-1' });
    fill({ email: ` ${EMAIL} `, password: 'secret', rememberMe: true });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().output).toEqual({ session });
    expect(calls).toEqual([
      { email: EMAIL, password: 'secret', rememberMe: true, deviceIdentifier: 'dev-1' },
    ]);
  });

  it('keeps an invalid form and says which fields are wrong; a change clears that field’s error', () => {
    const { actor, calls, fill } = start([session]);
    fill({ email: 'olga' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('credentials');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'validation_messages.email',
      password: 'validation_messages.required',
    });
    fill({ password: 'secret' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'validation_messages.email' });
    expect(calls).toEqual([]);
  });

  it('starts with the e-mail it is given', () => {
    const { actor } = start([], { email: EMAIL });
    expect(actor.getSnapshot().context.email).toBe(EMAIL);
  });

  it('asks for the code after a challenge and sends it with the challenge', async () => {
    const { actor, calls, fill } = start([otpChallenge, session]);
    fill({ email: EMAIL, password: 'secret' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('otp'));
    expect(actor.getSnapshot().context).toMatchObject({
      otpClientChallenge: 'challenge-1',
      otpDestination: 'o••@demo.tern.test',
    });
    expect(actor.getSnapshot().hasTag('otpStep')).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ otp: 'validation_messages.required' });
    fill({ otp: '123 456' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submittingOtp');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls[1]).toEqual({
      email: EMAIL,
      password: 'secret',
      rememberMe: false,
      deviceIdentifier: null,
      otp: '123456',
      otpClientChallenge: 'challenge-1',
    });
  });

  it('returns to the credentials with the server’s message after a failed sign-in, and retries', async () => {
    const { actor, calls, fill } = start([apiError('Wrong e-mail or password'), session]);
    fill({ email: EMAIL, password: 'wrong' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('credentials') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.message).toBe('Wrong e-mail or password');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toHaveLength(2);
  });

  it('keeps the code step and its challenge when the code is refused', async () => {
    const { actor, fill } = start([otpChallenge, apiError('The code is wrong'), session]);
    fill({ email: EMAIL, password: 'secret' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('otp'));
    fill({ otp: '000000' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('otp') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      error: { message: 'The code is wrong' },
      otpClientChallenge: 'challenge-1',
    });
    fill({ otp: '123456' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('sends a new code on request: the credentials again, the new challenge kept, then signs in with it', async () => {
    const second = { ...otpChallenge, otpClientChallenge: 'challenge-2' };
    const { actor, calls, fill } = start([otpChallenge, second, session]);
    fill({ email: EMAIL, password: 'secret' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('otp'));
    fill({ otp: '111' });
    actor.send({ type: 'otp.resend' });
    expect(actor.getSnapshot().value).toBe('resendingOtp');
    expect(actor.getSnapshot().hasTag('otpStep')).toBe(true);
    await waitFor(actor, (s) => s.matches('otp'));
    expect(calls[1]).toEqual({ email: EMAIL, password: 'secret', rememberMe: false, deviceIdentifier: null });
    expect(actor.getSnapshot().context).toMatchObject({
      otpClientChallenge: 'challenge-2',
      otpResent: true,
      otp: '',
    });
    fill({ otp: '654321' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls[2]).toMatchObject({ otp: '654321', otpClientChallenge: 'challenge-2' });
  });

  it('stays on the code step with the message when asking for a new code fails', async () => {
    const { actor, fill } = start([otpChallenge, apiError('Too many codes, try later')]);
    fill({ email: EMAIL, password: 'secret' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('otp'));
    actor.send({ type: 'otp.resend' });
    await waitFor(actor, (s) => s.matches('otp') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      error: { message: 'Too many codes, try later' },
      otpClientChallenge: 'challenge-1',
      otpResent: false,
    });
  });

  it('goes back from the code step to the credentials, forgetting password, code and challenge', async () => {
    const { actor, fill } = start([otpChallenge]);
    fill({ email: EMAIL, password: 'secret' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('otp'));
    fill({ otp: '123456' });
    actor.send({ type: 'mode.credentials' });
    expect(actor.getSnapshot().value).toBe('credentials');
    expect(actor.getSnapshot().context).toMatchObject({
      email: EMAIL,
      password: '',
      otp: '',
      otpClientChallenge: null,
    });
  });

  it('sends the reset e-mail, then disables sending until going back, which resets password and code', async () => {
    const { actor, resetCalls, fill } = start([]);
    fill({ email: EMAIL, password: 'secret' });
    actor.send({ type: 'mode.forgot' });
    expect(actor.getSnapshot().value).toBe('forgot');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('forgotSent'));
    expect(actor.getSnapshot().context.forgotSent).toBe(true);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    expect(resetCalls).toEqual([EMAIL]);
    actor.send({ type: 'mode.credentials' });
    expect(actor.getSnapshot().value).toBe('credentials');
    expect(actor.getSnapshot().context).toMatchObject({
      email: EMAIL,
      password: '',
      otp: '',
      forgotSent: false,
    });
  });

  it('asks only for the e-mail in forgot mode', () => {
    const { actor } = start([]);
    actor.send({ type: 'mode.forgot' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'validation_messages.required' });
    expect(actor.getSnapshot().value).toBe('forgot');
  });

  it('keeps the forgot form with the message when sending fails, and retries', async () => {
    const { actor, resetCalls, fill, failReset } = start([]);
    failReset();
    actor.send({ type: 'mode.forgot' });
    fill({ email: EMAIL });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('forgot') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.message).toBe('Too Many Requests');
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('forgot') && s.context.error !== null);
    expect(resetCalls).toHaveLength(2);
  });

  it('ignores a retry when nothing failed', () => {
    const { actor, fill } = start([session]);
    fill({ email: EMAIL, password: 'secret' });
    expect(actor.getSnapshot().can({ type: 'user.retry' })).toBe(false);
  });

  it('fails visibly when the edge did not provide signIn', async () => {
    const actor = createActor(signInMachine, { input: {} }).start();
    actor.send({ type: 'field.change', field: 'email', value: EMAIL });
    actor.send({ type: 'field.change', field: 'password', value: 'secret' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error?.message).toMatch(/signIn.*not provided/);
  });
});
