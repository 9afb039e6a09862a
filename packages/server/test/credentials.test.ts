import { createClient, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueChallenge, isTrustedDevice, trustDevice, verifyChallenge } from '../src/services/auth/otp.js';
import { refusedWith } from './helpers/refusal.js';
import { demoEmail, PASSWORD, startTestServer, type TestServer } from './helpers/server.js';

// Credentials die together: a block, a password set by an admin or a manager, one's own reset
// and one's own change each end, in one transaction, the user's sessions (but the one that just proved the
// password), API keys (for good: an unblock brings none back), unused reset links, trusted devices and sign-ins
// waiting for their one-time code; each is in the audit trail.

let server: TestServer;
let admin: TernClient;
const NEW_PASSWORD = 'another-secret-9';

const refusal = refusedWith;
const userId = async (login: string) =>
  (await server.db.one<{ id: string }>('select id from users where email = $1', [demoEmail(login)]))!.id;
const propertyId = async (key: string) =>
  (await server.db.one<{ id: string }>('select id from properties where key = $1', [key]))!.id;

/** Asks for a reset link for the login and returns its token, read from the outbox. */
async function resetLink(login: string): Promise<string> {
  const anonymous = server.client();
  await anonymous.auth.forgotPassword({ body: { email: demoEmail(login) } });
  const { items } = await anonymous.mail.list({
    query: { to: demoEmail(login), kind: 'password_reset', limit: 1 },
  });
  const match = /verify_reset_password_email\?token=([\w-]+)/.exec(items[0]!.text);
  if (!match) throw new Error('no reset link in the mail');
  return match[1]!;
}

/** Everything that lets a login in: two sessions, an API key (agents), a reset link, a trusted device, a code waiting. */
async function credentialsOf(login: string, options: { key: boolean }) {
  const id = await userId(login);
  const sessions = [await server.signIn(login), await server.signIn(login)];
  const key = options.key
    ? await server.client(sessions[0]).apiKeys.create({ body: { name: `${login}'s backend`, scope: 'book' } })
    : null;
  const link = await resetLink(login);
  const device = await trustDevice(server.db, server.clock, id);
  const user = { id, email: demoEmail(login), name: login };
  const code = await server.db.transaction((tx) => issueChallenge(tx, server.clock, user));
  return { id, sessions, key, link, device, code };
}

/** Each credential of `credentialsOf` is refused now. */
async function expectEnded(c: Awaited<ReturnType<typeof credentialsOf>>) {
  for (const token of c.sessions)
    expect((await refusal(server.client(token).auth.currentUser())).status).toBe(401);
  if (c.key) {
    const backend = createClient({ baseUrl: server.url, apiKey: c.key.token, retries: 0 });
    expect(await refusal(backend.bookings.list({ query: {} }))).toEqual({
      status: 401,
      code: 'invalid_api_key',
    });
  }
  expect(await refusal(server.client().auth.verifyResetToken({ query: { token: c.link } }))).toEqual({
    status: 400,
    code: 'invalid_reset_token',
  });
  expect(await isTrustedDevice(server.db, server.clock, c.id, c.device)).toBe(false);
  const challenge = { userId: c.id, challenge: c.code.otpClientChallenge, code: '000000' };
  expect(await verifyChallenge(server.db, server.clock, challenge)).toBe('expired');
}

/** The user's trail has one `end_credentials` entry, for `reason`, newest first. */
async function expectAudited(id: string, reason: string) {
  const trail = await admin.admin.audit({ query: { objectType: 'user', objectId: id } });
  const ended = trail.items.find((e) => e.action === 'end_credentials');
  expect(ended?.changes).toMatchObject({ reason: { from: null, to: reason } });
  expect(ended?.actorEmail).toBeTruthy();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client(await server.signIn('admin'));
}, 120_000);
afterAll(() => server?.close());

describe('credentials end together', () => {
  it('when an admin blocks an agent: the key made before stays disabled after the unblock', async () => {
    const c = await credentialsOf('agent', { key: true });
    const backend = createClient({ baseUrl: server.url, apiKey: c.key!.token, retries: 0 });
    await backend.bookings.list({ query: {} });
    await admin.admin.setUserStatus({ params: { id: c.id }, body: { status: 'blocked' } });
    await admin.admin.setUserStatus({ params: { id: c.id }, body: { status: 'active' } });
    await expectEnded(c);
    const agent = server.client(await server.signIn('agent'));
    const listed = (await agent.apiKeys.list({ query: {} })).items.find((k) => k.id === c.key!.id);
    expect(listed).toMatchObject({ active: false, disabledReason: 'blocked' });
    expect(listed?.disabledAt).toBeTruthy();
    await expectAudited(c.id, 'blocked');
    const keyTrail = await admin.admin.audit({ query: { objectType: 'apiKey', objectId: c.key!.id } });
    expect(keyTrail.items.map((e) => e.action)).toEqual(['disable', 'create']);
    // The agent makes a new key, which works.
    const fresh = await agent.apiKeys.create({ body: { name: 'After the block', scope: 'read' } });
    await createClient({ baseUrl: server.url, apiKey: fresh.token, retries: 0 }).bookings.list({ query: {} });
  });

  it('when an admin sets an agent’s password', async () => {
    const c = await credentialsOf('agent2', { key: true });
    await admin.admin.setUserPassword({
      params: { id: c.id },
      body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    await expectEnded(c);
    await expectAudited(c.id, 'password_set');
    const key = await server.db.one<{ active: boolean; disabled_reason: string }>(
      'select active, disabled_reason from api_keys where id = $1',
      [c.key!.id],
    );
    expect(key).toEqual({ active: false, disabled_reason: 'password_set' });
  });

  it('when a manager blocks, and sets the password of, a user of their hotel', async () => {
    const manager = server.client(await server.signIn('hotelier'));
    const harbour = await propertyId('harbour-view');
    const blocked = await credentialsOf('staff', { key: false });
    await manager.managerUsers.setStatus({
      params: { id: blocked.id },
      body: { status: 'blocked', propertyId: harbour },
    });
    await expectEnded(blocked);
    await expectAudited(blocked.id, 'blocked');
    await manager.managerUsers.setStatus({
      params: { id: blocked.id },
      body: { status: 'active', propertyId: harbour },
    });
    const set = await credentialsOf('staff', { key: false });
    await manager.managerUsers.setPassword({
      params: { id: set.id },
      body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, propertyId: harbour },
    });
    await expectEnded(set);
    await expectAudited(set.id, 'password_set');
  });

  it('when a user resets their own password: all but the reset session', async () => {
    const c = await credentialsOf('james', { key: true });
    const link = await resetLink('james');
    const session = await server.client().auth.verifyResetToken({ query: { token: link } });
    const resetting = server.client(session.token);
    await resetting.auth.resetPassword({ body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    await expectEnded(c);
    expect((await resetting.auth.currentUser()).email).toBe(demoEmail('james'));
    await expectAudited(c.id, 'password_reset');
  });

  it('when a user changes their own password: all but the session it was changed in', async () => {
    const agent = await credentialsOf('agent', { key: true });
    const changing = server.client(await server.signIn('agent'));
    await changing.auth.changePassword({
      body: { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    await expectEnded(agent);
    expect((await changing.auth.currentUser()).email).toBe(demoEmail('agent'));
    await expectAudited(agent.id, 'password_changed');
  });
});
