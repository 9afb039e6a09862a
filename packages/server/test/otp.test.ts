import { type TernClient, UnauthorizedError } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '../src/clock.js';
import { demoEmail, PASSWORD, startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let client: TernClient;
beforeAll(async () => {
  server = await startTestServer();
  client = server.client();
});
afterAll(() => server?.close());

const email = demoEmail('otp');

async function challenge(deviceIdentifier?: string) {
  const reply = await client.auth.signIn({
    body: { session: { email, password: PASSWORD, rememberMe: false, deviceIdentifier } },
  });
  if (reply.type !== 'otp_challenge') throw new Error(`expected a challenge, got ${reply.type}`);
  return reply;
}

/** The code of the newest one-time-code mail, read through the sandbox outbox. */
async function latestCode(): Promise<string> {
  const { items } = await client.mail.list({ query: { to: email, kind: 'otp_code', limit: 1 } });
  const code = /\b(\d{6})\b/.exec(items[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

const finish = (otpClientChallenge: string, otp: string) =>
  client.auth.signIn({
    body: { session: { email, password: PASSWORD, rememberMe: false, otp, otpClientChallenge } },
  });

describe('one-time codes', () => {
  it('asks for a code, mails it, and signs in with it, trusting the device', async () => {
    const first = await challenge();
    expect(first).toMatchObject({ type: 'otp_challenge', destination: 'o••@demo.tern.test', ttl: 600 });
    const mail = (await client.mail.list({ query: { to: email, kind: 'otp_code' } })).items[0]!;
    expect(mail.html).toContain('<strong>');
    const reply = await finish(first.otpClientChallenge, await latestCode());
    expect(reply.type).toBe('session');
    if (reply.type !== 'session') return;
    expect(reply.deviceIdentifier).toMatch(/^[\w-]{43}$/);
    expect(reply.user.otpEnabled).toBe(true);

    // The trusted device skips the code for 60 days.
    const again = await client.auth.signIn({
      body: {
        session: { email, password: PASSWORD, rememberMe: false, deviceIdentifier: reply.deviceIdentifier },
      },
    });
    expect(again).toMatchObject({ type: 'session', deviceIdentifier: null });
    server.clock.advance(61 * DAY);
    expect((await challenge(reply.deviceIdentifier!)).type).toBe('otp_challenge');
  });

  it('does not accept a device of someone else, or a made-up one', async () => {
    expect((await challenge('made-up-device')).type).toBe('otp_challenge');
  });

  it('refuses a wrong code, and kills the challenge after 5 wrong tries', async () => {
    const { otpClientChallenge } = await challenge();
    const code = await latestCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const error = await finish(otpClientChallenge, wrong).catch((e) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ code: 'otp_invalid', message: 'The code is not right.' });
    for (let i = 0; i < 4; i++) await expect(finish(otpClientChallenge, wrong)).rejects.toThrow();
    // Wrong codes count as failed sign-ins too: the e-mail is now throttled.
    await expect(finish(otpClientChallenge, code)).rejects.toMatchObject({ status: 429 });
    // Without the throttle, the right code still fails: the challenge is dead.
    await server.db.query('delete from sign_in_attempts');
    const dead = await finish(otpClientChallenge, code).catch((e) => e);
    expect(dead).toMatchObject({ status: 401, code: 'otp_expired' });
  });

  it('refuses a code after 10 minutes, and a code used once', async () => {
    const { otpClientChallenge } = await challenge();
    const code = await latestCode();
    server.clock.advance(10 * MINUTE + 1000);
    await expect(finish(otpClientChallenge, code)).rejects.toMatchObject({ code: 'otp_expired' });

    const next = await challenge();
    const nextCode = await latestCode();
    expect((await finish(next.otpClientChallenge, nextCode)).type).toBe('session');
    await expect(finish(next.otpClientChallenge, nextCode)).rejects.toMatchObject({ code: 'otp_expired' });
  });

  it('checks the password on the second call too', async () => {
    const { otpClientChallenge } = await challenge();
    const code = await latestCode();
    const error = await client.auth
      .signIn({ body: { session: { email, password: 'wrong-one', otp: code, otpClientChallenge } } })
      .catch((e) => e);
    expect(error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('stores no code, challenge or device identifier in clear', async () => {
    const { otpClientChallenge } = await challenge();
    const code = await latestCode();
    const rows = await server.db.query<Record<string, string>>(
      'select challenge_hash, code_hash from otp_challenges',
    );
    const text = JSON.stringify(rows);
    expect(text).not.toContain(otpClientChallenge);
    expect(text).not.toContain(code);
  });
});
