import { randomBytes, scryptSync } from 'node:crypto';
import { ForbiddenError, RateLimitedError, type TernClient, ValidationError } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../src/clock.js';
import { hashPassword, verifyPassword } from '../src/services/auth/password.js';
import { FORGOT_PASSWORD_REPLY } from '../src/services/auth/passwords.js';
import {
  demoEmail,
  PASSWORD,
  startTestServer,
  TEST_PASSWORD_COST,
  type TestServer,
} from './helpers/server.js';

let server: TestServer;
let anonymous: TernClient;
beforeAll(async () => {
  server = await startTestServer({ webUrl: 'https://app.tern.test' });
  anonymous = server.client();
});
afterAll(() => server?.close());

/** Asks for a reset link and returns its token, read from the outbox. */
async function resetToken(login: string): Promise<string> {
  const reply = await anonymous.auth.forgotPassword({ body: { email: demoEmail(login) } });
  expect(reply.message).toBe(FORGOT_PASSWORD_REPLY);
  const { items } = await anonymous.mail.list({
    query: { to: demoEmail(login), kind: 'password_reset', limit: 1 },
  });
  const match = /https:\/\/app\.tern\.test\/verify_reset_password_email\?token=([\w-]+)/.exec(items[0]!.text);
  if (!match) throw new Error('no reset link in the mail');
  return match[1]!;
}

const signIn = (login: string, password: string) =>
  anonymous.auth.signIn({ body: { session: { email: demoEmail(login), password, rememberMe: false } } });

describe('forgot and reset password', () => {
  it('answers the same for an unknown address, and mails nothing', async () => {
    const reply = await anonymous.auth.forgotPassword({ body: { email: 'nobody@demo.tern.test' } });
    expect(reply.message).toBe(FORGOT_PASSWORD_REPLY);
    const { meta } = await anonymous.mail.list({ query: { to: 'nobody@demo.tern.test' } });
    expect(meta.total).toBe(0);
  });

  it('turns a link into a reset session, sets the password, and ends the other sessions', async () => {
    const older = await server.signIn('agent');
    const token = await resetToken('agent');
    const session = await anonymous.auth.verifyResetToken({ query: { token } });
    expect(session).toMatchObject({
      type: 'session',
      purpose: 'password_reset',
      ttl: 3600,
      userRole: 'reseller',
    });

    const resetClient = server.client(session.token);
    // A reset session is for setting the password only.
    await expect(
      resetClient.auth.changePassword({
        body: { oldPassword: PASSWORD, password: 'x-new-password', confirmPassword: 'x-new-password' },
      }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const mismatch = await resetClient.auth
      .resetPassword({ body: { password: 'new-secret-1', confirmPassword: 'other' } })
      .catch((e) => e);
    expect(mismatch).toBeInstanceOf(ValidationError);
    expect(mismatch.fields).toEqual([
      { field: 'confirmPassword', code: 'invalid_value', message: 'Passwords do not match' },
    ]);

    const done = await resetClient.auth.resetPassword({
      body: { password: 'new-secret-1', confirmPassword: 'new-secret-1' },
    });
    expect(done.message).toBe('Your password has been changed.');
    expect((await resetClient.auth.validateToken()).purpose).toBe('sign_in');
    await expect(server.client(older).auth.currentUser()).rejects.toMatchObject({ status: 401 });
    await expect(signIn('agent', PASSWORD)).rejects.toMatchObject({ status: 401 });
    expect((await signIn('agent', 'new-secret-1')).type).toBe('session');
  });

  it('takes a link once', async () => {
    const token = await resetToken('agent2');
    await anonymous.auth.verifyResetToken({ query: { token } });
    const again = await anonymous.auth.verifyResetToken({ query: { token } }).catch((e) => e);
    expect(again).toBeInstanceOf(ValidationError);
    expect(again).toMatchObject({
      code: 'invalid_reset_token',
      message: 'This link is invalid or has expired.',
    });
  });

  it('refuses a link after an hour, and a made-up one', async () => {
    const token = await resetToken('hotelier2');
    server.clock.advance(HOUR + MINUTE);
    await expect(anonymous.auth.verifyResetToken({ query: { token } })).rejects.toMatchObject({
      status: 400,
    });
    await expect(anonymous.auth.verifyResetToken({ query: { token: 'made-up' } })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('refuses a reset from an ordinary session', async () => {
    const token = await server.signIn('admin');
    const error = await server
      .client(token)
      .auth.resetPassword({ body: { password: 'whatever-1', confirmPassword: 'whatever-1' } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.status).toBe(403);
  });

  it('throttles reset requests per address', async () => {
    server.clock.advance(16 * MINUTE);
    const ask = () => anonymous.auth.forgotPassword({ body: { email: 'flood@demo.tern.test' } });
    for (let i = 0; i < 5; i++) await ask();
    await expect(ask()).rejects.toMatchObject({ status: 429 });
  });
});

describe('change password', () => {
  it('needs the old password, says so on its field, and ends the other sessions', async () => {
    const other = await server.signIn('hotelier');
    const token = await server.signIn('hotelier');
    const client = server.client(token);
    const wrong = await client.auth
      .changePassword({
        body: { oldPassword: 'not-it', password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' },
      })
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(ValidationError);
    expect(wrong.fields).toEqual([
      { field: 'oldPassword', code: 'old_password_wrong', message: 'The old password is not right.' },
    ]);

    const short = await client.auth
      .changePassword({ body: { oldPassword: PASSWORD, password: 'abc', confirmPassword: 'abc' } })
      .catch((e) => e);
    expect(short.fields).toEqual([
      { field: 'password', code: 'invalid_value', message: 'Use at least 6 characters' },
    ]);

    await client.auth.changePassword({
      body: { oldPassword: PASSWORD, password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' },
    });
    expect((await client.auth.currentUser()).email).toBe(demoEmail('hotelier'));
    await expect(server.client(other).auth.currentUser()).rejects.toMatchObject({ status: 401 });
    expect((await signIn('hotelier', 'fresh-pass-1')).type).toBe('session');
    const row = await server.db.one<{ password_hash: string }>(
      'select password_hash from users where email = $1',
      [demoEmail('hotelier')],
    );
    // At the test cost, which the server's config sets (the default is tested below).
    expect(row!.password_hash).toMatch(
      new RegExp(`^scrypt\\$${2 ** TEST_PASSWORD_COST}\\$8\\$1\\$[\\w+/=]+\\$[\\w+/=]+$`),
    );
  });

  it('is throttled like sign-in: after 5 wrong old passwords in 15 minutes, 429 even with the right one', async () => {
    server.clock.advance(16 * MINUTE);
    const client = server.client(await server.signIn('agent2'));
    const change = (oldPassword: string) =>
      client.auth.changePassword({
        body: { oldPassword, password: 'agent2-new-pass', confirmPassword: 'agent2-new-pass' },
      });
    for (let i = 0; i < 5; i++) await expect(change(`wrong-${i}`)).rejects.toBeInstanceOf(ValidationError);
    const refused = await change(PASSWORD).catch((e) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThan(0);
    server.clock.advance(16 * MINUTE);
    expect((await change(PASSWORD)).message).toBe('Your password has been changed.');
  });
});

describe('password hashes', () => {
  it('are scrypt at N=2^17, r=8, p=1 by default (OWASP), and verify', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
  });

  it('verify old hashes by the parameters they stored', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('old password', salt, 64, { N: 16384, r: 8, p: 1 });
    const old = `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('old password', old)).toBe(true);
    expect(await verifyPassword('new password', old)).toBe(false);
  });

  it('made at a lower cost are remade at the current one when their user signs in', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('low cost pass', salt, 64, { N: 256, r: 8, p: 1 });
    const old = `scrypt$256$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    await server.db.query('update users set password_hash = $2 where email = $1', [demoEmail('staff'), old]);
    expect((await signIn('staff', 'low cost pass')).type).toBe('session');
    const row = await server.db.one<{ password_hash: string }>(
      'select password_hash from users where email = $1',
      [demoEmail('staff')],
    );
    expect(row!.password_hash.startsWith(`scrypt$${2 ** TEST_PASSWORD_COST}$8$1$`)).toBe(true);
    expect(await verifyPassword('low cost pass', row!.password_hash)).toBe(true);
    expect((await signIn('staff', 'low cost pass')).type).toBe('session');
  });

  it('refuse a cost out of range, and a stored hash that asks for too much work or is malformed', async () => {
    await expect(hashPassword('x', 9)).rejects.toThrow(/cost/);
    await expect(hashPassword('x', 21)).rejects.toThrow(/cost/);
    const salt = randomBytes(16).toString('base64');
    for (const stored of [
      `scrypt$${2 ** 24}$8$1$${salt}$AAAA`,
      `scrypt$1000$8$1$${salt}$AAAA`,
      `scrypt$abc$8$1$${salt}$AAAA`,
      'bcrypt$10$whatever',
      '',
    ])
      expect(await verifyPassword('x', stored), stored).toBe(false);
  });
});
