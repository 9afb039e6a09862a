import type { Session } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { session } from '../test/fixtures.js';
import { resetTokenMachine } from './resetTokenMachine.js';

const resetSession: Session = { ...session, purpose: 'password_reset' };

function start(input: { token: string | null; hasSession: boolean }, replies: Array<Session | Error>) {
  const tokens: string[] = [];
  const machine = resetTokenMachine.provide({
    actors: {
      verifyResetToken: fromPromise(async ({ input: body }: { input: { token: string } }) => {
        tokens.push(body.token);
        const reply = replies.shift();
        if (!reply || reply instanceof Error) throw reply ?? new Error('no reply left');
        return reply;
      }),
    },
  });
  return { actor: createActor(machine, { input }).start(), tokens };
}

describe('resetTokenMachine', () => {
  it('sends a signed-in user to change password without verifying', () => {
    const { actor, tokens } = start({ token: 'tok', hasSession: true }, []);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ kind: 'alreadySignedIn', redirectTo: '/changePassword' });
    expect(tokens).toEqual([]);
  });

  it('verifies the token and outputs the password-reset session', async () => {
    const { actor, tokens } = start({ token: ' abc ', hasSession: false }, [resetSession]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('verified');
    expect(actor.getSnapshot().output).toEqual({ kind: 'verified', session: resetSession });
    expect(tokens).toEqual(['abc']);
  });

  it('shows an invalid token with the server’s message, and retries', async () => {
    const { actor, tokens } = start({ token: 'abc', hasSession: false }, [
      new Error('Link expired'),
      resetSession,
    ]);
    await waitFor(actor, (s) => s.matches('invalid'));
    expect(actor.getSnapshot().context.error?.message).toBe('Link expired');
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(tokens).toEqual(['abc', 'abc']);
  });

  it.each([null, '', '  '])('treats a missing token (%j) as invalid, with nothing to retry', (token) => {
    const { actor, tokens } = start({ token, hasSession: false }, []);
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().can({ type: 'user.retry' })).toBe(false);
    expect(tokens).toEqual([]);
  });
});
