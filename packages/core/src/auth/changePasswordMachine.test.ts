import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type ChangePasswordRequest, changePasswordMachine } from './changePasswordMachine.js';

function start(purpose: 'sign_in' | 'password_reset', replies: Array<'ok' | Error>) {
  const requests: ChangePasswordRequest[] = [];
  const machine = changePasswordMachine.provide({
    actors: {
      changePassword: fromPromise<unknown, ChangePasswordRequest>(async ({ input }) => {
        requests.push(input);
        const reply = replies.shift();
        if (reply instanceof Error) throw reply;
        return { message: 'Password changed' };
      }),
    },
  });
  const actor = createActor(machine, { input: { purpose } }).start();
  const fill = (fields: Partial<Record<'oldPassword' | 'password' | 'confirmPassword', string>>) => {
    for (const [field, value] of Object.entries(fields)) {
      actor.send({ type: 'field.change', field: field as 'password', value });
    }
  };
  return { actor, requests, fill };
}

describe('changePasswordMachine', () => {
  it('changes the password with the old one', async () => {
    const { actor, requests, fill } = start('sign_in', ['ok']);
    fill({ oldPassword: 'old-one', password: 'secret', confirmPassword: 'secret' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('saved'));
    expect(requests).toEqual([
      { kind: 'change', oldPassword: 'old-one', password: 'secret', confirmPassword: 'secret' },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ oldPassword: '', password: '', confirmPassword: '' });
  });

  it('resets it without the old one after a reset link', async () => {
    const { actor, requests, fill } = start('password_reset', ['ok']);
    expect(actor.getSnapshot().context.needsOld).toBe(false);
    fill({ password: 'secret', confirmPassword: 'secret' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(requests).toEqual([{ kind: 'reset', password: 'secret', confirmPassword: 'secret' }]);
  });

  it('stays on an invalid form with the field errors; a change clears that field’s error', () => {
    const { actor, requests, fill } = start('sign_in', []);
    fill({ password: '123', confirmPassword: '1234' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      oldPassword: 'validation_messages.required',
      password: 'validation_messages.password_min',
      confirmPassword: 'validation_messages.not_match',
    });
    fill({ confirmPassword: '123' });
    expect(actor.getSnapshot().context.fieldErrors).not.toHaveProperty('confirmPassword');
    expect(requests).toEqual([]);
  });

  it('returns to the form with the server’s message, and retries', async () => {
    const wrongOld = Object.assign(new Error('Bad Request'), { serverMessage: 'The old password is wrong' });
    const { actor, requests, fill } = start('sign_in', [wrongOld, 'ok']);
    fill({ oldPassword: 'old-one', password: 'secret', confirmPassword: 'secret' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.message).toBe('The old password is wrong');
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(requests).toHaveLength(2);
  });
});
