import { SessionExpiredError, UnauthorizedError } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY, HOUR } from '../src/clock.js';
import { sweep } from '../src/services/housekeeping.js';
import { demoEmail, PASSWORD, startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('sessions', () => {
  it('restores a session from its token, with the seconds left', async () => {
    const token = await server.signIn('agent');
    server.clock.advance(HOUR);
    const session = await server.client(token).auth.validateToken();
    expect(session).toMatchObject({ type: 'session', userRole: 'reseller', purpose: 'sign_in' });
    expect(session.ttl).toBeGreaterThan(11 * 3600 - 5);
    expect(session.ttl).toBeLessThanOrEqual(11 * 3600);
    expect(session).not.toHaveProperty('token');
  });

  it('sends the features with the user: the search page on, car rentals for an agency that has them', async () => {
    const agent = await server.client(await server.signIn('agent')).auth.currentUser();
    expect(agent.features).toEqual({ searchPageIsActive: true, carRentalFeature: true });
    await server.db.query(`update agencies set car_rental_feature = false where id = $1`, [agent.agentId]);
    const again = await server.client(await server.signIn('agent')).auth.currentUser();
    expect(again.features.carRentalFeature).toBe(false);
    await server.db.query(`update agencies set car_rental_feature = true where id = $1`, [agent.agentId]);
    const hotelier = await server.client(await server.signIn('hotelier')).auth.currentUser();
    expect(hotelier.features).toEqual({ searchPageIsActive: true, carRentalFeature: false });
  });

  it('answers 401 without a token or with an unknown one', async () => {
    for (const token of [null, 'not-a-token']) {
      const error = await server
        .client(token)
        .auth.currentUser()
        .catch((e) => e);
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error).toMatchObject({ status: 401, code: 'unauthenticated', message: 'Please sign in.' });
    }
  });

  it('answers 440 once the session has expired, and the client calls its hook', async () => {
    const token = await server.signIn('hotelier');
    const onSessionExpired = vi.fn();
    const client = server.client(token, { onSessionExpired });
    expect((await client.auth.currentUser()).role).toBe('supplier');
    server.clock.advance(12 * HOUR + 1000);
    const error = await client.auth.currentUser().catch((e) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error).toMatchObject({ status: 440, code: 'session_expired' });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session on sign-out: the token stops working at once', async () => {
    const token = await server.signIn('admin');
    const client = server.client(token);
    await client.auth.signOut();
    await expect(client.auth.currentUser()).rejects.toMatchObject({ status: 401 });
    await expect(client.auth.signOut()).rejects.toMatchObject({ status: 401 });
  });

  it('stops a blocked user at once', async () => {
    const token = await server.signIn('staff');
    await server.db.query(`update users set status = 'blocked' where email = $1`, [demoEmail('staff')]);
    await expect(server.client(token).auth.currentUser()).rejects.toMatchObject({
      status: 401,
      code: 'account_blocked',
    });
    await server.db.query(`update users set status = 'active' where email = $1`, [demoEmail('staff')]);
  });

  it('stores only the hash of a token', async () => {
    const token = await server.signIn('agent2');
    const rows = await server.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('never sends a password hash', async () => {
    const response = await server.fetch('/api/v1/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: { email: demoEmail('admin'), password: PASSWORD } }),
    });
    const text = await response.text();
    expect(text).not.toContain('scrypt');
    expect(text).not.toContain('password');
  });

  it('forgets a session a week after it expired (then its token is simply unknown)', async () => {
    const token = await server.signIn('agent');
    server.clock.advance(12 * HOUR + 1000);
    await expect(server.client(token).auth.currentUser()).rejects.toMatchObject({ status: 440 });
    server.clock.advance(8 * DAY);
    await sweep(server.db, server.clock);
    await expect(server.client(token).auth.currentUser()).rejects.toMatchObject({ status: 401 });
  });
});
