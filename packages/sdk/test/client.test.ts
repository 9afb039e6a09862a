import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createClient, defineArea, endpoint } from '../src/index.js';

const base = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user = {
  id: 'u1',
  type: 'user',
  attributes: {
    email: 'agent@demo.tern.test',
    name: 'Ada Agent',
    role: 'reseller',
    status: 'active',
    agent_id: 'a1',
    agent: { id: 'a1', name: 'Northern Lights Travel', payment_locked: false },
    tern_hotels: [],
    otp_enabled: false,
    features: { search_page_is_active: true, car_rental_feature: true },
  },
};

describe('the client', () => {
  it('sends the token, flattens JSON:API and camelCases the reply', async () => {
    let auth: string | null = null;
    server.use(
      http.get(`${base}/api/v1/users/me`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ data: user });
      }),
    );
    const me = await createClient({ baseUrl: base, token: () => 'tok-1' }).auth.currentUser();
    expect(auth).toBe('Bearer tok-1');
    expect(me).toMatchObject({ id: 'u1', type: 'user', agentId: 'a1', agent: { paymentLocked: false } });
  });

  it('sends bodies and queries in snake_case', async () => {
    let body: unknown;
    let query = '';
    server.use(
      http.post(`${base}/api/v1/sessions`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          data: {
            id: 'c1',
            type: 'otp_challenge',
            attributes: { otp_client_challenge: 'ch', destination: 'o•@x', ttl: 600 },
          },
        });
      }),
      http.get(`${base}/api/v1/outbox`, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ data: [], meta: { page: 1, limit: 5, total: 0 } });
      }),
    );
    const client = createClient({ baseUrl: base });
    const reply = await client.auth.signIn({
      body: {
        session: { email: 'OTP@demo.tern.test', password: 'x', rememberMe: true, deviceIdentifier: null },
      },
    });
    expect(reply).toEqual({
      id: 'c1',
      type: 'otp_challenge',
      otpClientChallenge: 'ch',
      destination: 'o•@x',
      ttl: 600,
    });
    expect(body).toEqual({
      session: { email: 'OTP@demo.tern.test', password: 'x', remember_me: true, device_identifier: null },
    });
    const list = await client.mail.list({ query: { to: 'a@b.c', limit: 5 } });
    expect(list).toEqual({ items: [], meta: { page: 1, limit: 5, total: 0 } });
    expect(query).toBe('?to=a%40b.c&limit=5');
  });

  it('encodes path parameters', async () => {
    let path = '';
    server.use(
      http.get(`${base}/api/v1/outbox/:id`, ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json({
          data: {
            id: 'a/b',
            type: 'mail',
            attributes: {
              to: 'x',
              subject: 's',
              text: 't',
              html: null,
              kind: 'k',
              created_at: '2026-01-01T00:00:00Z',
            },
          },
        });
      }),
    );
    await createClient({ baseUrl: base }).mail.show({ params: { id: 'a/b' } });
    expect(path).toBe('/api/v1/outbox/a%2Fb');
  });

  it('retries idempotent calls but never a plain POST', async () => {
    let gets = 0;
    let posts = 0;
    server.use(
      http.get(`${base}/api/v1/users/me`, () => {
        gets++;
        return gets < 2 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ data: user });
      }),
      http.post(`${base}/auth/forgot_password_email`, () => {
        posts++;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    const client = createClient({ baseUrl: base, retries: 2 });
    await client.auth.currentUser();
    expect(gets).toBe(2);
    await expect(client.auth.forgotPassword({ body: { email: 'a@b.co' } })).rejects.toThrow();
    expect(posts).toBe(1);
  });

  it('sends one Idempotency-Key per logical create, the same on every retry', async () => {
    const keys: (string | null)[] = [];
    const area = defineArea('demo', {
      create: endpoint({
        method: 'POST',
        path: '/api/v1/things',
        summary: 'test',
        access: 'signedIn',
        body: z.object({ name: z.string() }),
        reply: 'resource',
        response: z.object({ id: z.string(), type: z.literal('thing') }),
        creates: true,
      }),
    });
    server.use(
      http.post(`${base}/api/v1/things`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json({ data: { id: 't1', type: 'thing', attributes: {} } }, { status: 201 });
      }),
    );
    const client = createClient({ baseUrl: base, retries: 2 });
    const thing = await client.call(area.create, { body: { name: 'x' } });
    expect(thing).toEqual({ id: 't1', type: 'thing' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await client.call(area.create, { body: { name: 'y' } });
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends multipart bodies and reads file downloads', async () => {
    let received: FormData | null = null;
    const area = defineArea('files', {
      upload: endpoint({
        method: 'POST',
        path: '/api/v1/photos',
        summary: 'test',
        access: 'signedIn',
        body: z.object({ photo: z.instanceof(Blob), altText: z.string() }),
        bodyEncoding: 'multipart',
        reply: 'file',
        response: z.any(),
      }),
    });
    server.use(
      http.post(`${base}/api/v1/photos`, async ({ request }) => {
        received = await request.formData();
        return new HttpResponse('PDFDATA', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="cards.pdf"',
          },
        });
      }),
    );
    const file = await createClient({ baseUrl: base }).call(area.upload, {
      body: { photo: new Blob(['img'], { type: 'image/png' }), altText: 'Lobby' },
    });
    expect(received!.get('alt_text')).toBe('Lobby');
    expect(received!.get('photo')).toBeInstanceOf(Blob);
    expect(file.fileName).toBe('cards.pdf');
    expect(await file.blob.text()).toBe('PDFDATA');
  });
});
