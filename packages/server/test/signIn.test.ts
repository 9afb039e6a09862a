import { RateLimitedError, UnauthorizedError, ValidationError } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../src/clock.js';
import { demoEmail, PASSWORD, startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const signInBody = (login: string, password = PASSWORD, rememberMe = false) => ({
  body: { session: { email: demoEmail(login), password, rememberMe } },
});

describe('sign-in', () => {
  it.each([
    ['admin', 'admin'],
    ['agent', 'reseller'],
    ['agent2', 'reseller'],
    ['hotelier', 'supplier'],
    ['hotelier2', 'supplier'],
    ['staff', 'supplier'],
  ] as const)('signs %s in as %s with a 12-hour session', async (login, role) => {
    const reply = await server.client().auth.signIn(signInBody(login));
    expect(reply.type).toBe('session');
    if (reply.type !== 'session') return;
    expect(reply).toMatchObject({
      userRole: role,
      ttl: 12 * 3600,
      purpose: 'sign_in',
      deviceIdentifier: null,
    });
    expect(reply.user.email).toBe(demoEmail(login));
    expect(reply.token).toMatch(/^[\w-]{43}$/);
    const me = await server.client(reply.token).auth.currentUser();
    expect(me).toMatchObject({ id: reply.user.id, role, type: 'user' });
  });

  it('gives a reseller their agency and a supplier their properties with roles', async () => {
    const agent = await server.client(await server.signIn('agent')).auth.currentUser();
    expect(agent.agent).toMatchObject({ id: agent.agentId, paymentLocked: false });
    expect(agent.ternHotels).toEqual([]);
    const hotelier = await server.client(await server.signIn('hotelier')).auth.currentUser();
    expect(hotelier.agent).toBeNull();
    expect(hotelier.ternHotels.length).toBeGreaterThan(0);
    expect(hotelier.ternHotels.every((h) => h.id === h.propertyId && h.role === 'manager')).toBe(true);
    // Each property's zone and currency: the screens' "today" and how they write its money.
    const [first] = hotelier.ternHotels;
    const stored = await server.db.one<{ timezone: string; currency: string }>(
      'select timezone, currency from properties where id = $1',
      [first!.id],
    );
    expect(first).toMatchObject({ timezone: stored!.timezone, currency: stored!.currency });
    const staff = await server.client(await server.signIn('staff')).auth.currentUser();
    expect(staff.ternHotels.map((h) => h.role)).toContain('user');
  });

  it('lasts 30 days with remember me', async () => {
    const reply = await server.client().auth.signIn(signInBody('agent', PASSWORD, true));
    expect(reply.ttl).toBe(30 * 24 * 3600);
  });

  it('accepts the e-mail in any case', async () => {
    const reply = await server.client().auth.signIn({
      body: { session: { email: 'AGENT@Demo.Tern.Test ', password: PASSWORD } },
    });
    expect(reply.type).toBe('session');
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const wrong = await server
      .client()
      .auth.signIn(signInBody('agent', 'not-it'))
      .catch((e) => e);
    const unknown = await server
      .client()
      .auth.signIn(signInBody('nobody'))
      .catch((e) => e);
    for (const error of [wrong, unknown]) {
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error).toMatchObject({ status: 401, code: 'invalid_credentials' });
      expect(error.message).toBe('The e-mail or password is not right.');
    }
  });

  it('refuses a blocked account', async () => {
    await server.db.query(`update users set status = 'blocked' where email = $1`, [demoEmail('agent2')]);
    const error = await server
      .client()
      .auth.signIn(signInBody('agent2'))
      .catch((e) => e);
    expect(error).toMatchObject({
      status: 401,
      code: 'account_blocked',
      message: 'This account is blocked.',
    });
    await server.db.query(`update users set status = 'active' where email = $1`, [demoEmail('agent2')]);
  });

  it('says which fields are wrong', async () => {
    const error = await server
      .client()
      .auth.signIn({ body: { session: { email: 'not-an-email', password: '' } } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('Please correct the marked fields.');
    expect(error.fields).toEqual([
      { field: 'session.email', code: 'invalid_value', message: 'Enter a valid e-mail address' },
      { field: 'session.password', code: 'invalid_value', message: 'Enter your password' },
    ]);
  });

  it('answers a missing field with its code and words, and a missing body', async () => {
    const one = await server.fetch('/api/v1/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: { email: 'a@b.test' } }),
    });
    expect(one.status).toBe(400);
    expect(await one.json()).toMatchObject({
      message: 'Please correct the marked fields.',
      code: 'invalid_input',
      fields: [{ field: 'session.password', code: 'required', message: 'This field is required.' }],
    });
    const bad = await server.fetch('/api/v1/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_json' });
    // fetch labels a string body text/plain: not JSON.
    const text = await server.fetch('/api/v1/sessions', { method: 'POST', body: '{nope' });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ code: 'unsupported_media_type' });
  });
});

describe('sign-in throttling', () => {
  it('refuses an e-mail after 5 failures in 15 minutes, with Retry-After, then lets it in again', async () => {
    const client = server.client();
    for (let i = 0; i < 5; i++)
      await expect(client.auth.signIn(signInBody('hotelier2', 'wrong'))).rejects.toThrow();
    const error = await client.auth.signIn(signInBody('hotelier2')).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.status).toBe(429);
    expect(error.serverMessage).toBe('Too many attempts. Try again in 15 min.');
    expect(error.params).toEqual({ minutes: 15 });
    expect(error.retryAfter).toBeGreaterThan(14 * 60);
    expect(error.retryAfter).toBeLessThanOrEqual(15 * 60);
    server.clock.advance(15 * MINUTE + 1000);
    expect((await client.auth.signIn(signInBody('hotelier2'))).type).toBe('session');
  });

  it('refuses an address after 20 failures in 15 minutes', async () => {
    server.clock.advance(15 * MINUTE + 1000);
    const client = server.client();
    for (let i = 0; i < 20; i++)
      await expect(client.auth.signIn(signInBody(`stranger${i}`, 'wrong'))).rejects.toThrow(
        UnauthorizedError,
      );
    const raw = await server.fetch('/api/v1/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: { email: demoEmail('admin'), password: PASSWORD } }),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await raw.json()).toMatchObject({ code: 'too_many_attempts' });
    server.clock.advance(15 * MINUTE + 1000);
    expect((await client.auth.signIn(signInBody('admin'))).type).toBe('session');
  });
});
