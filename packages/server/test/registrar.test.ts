import { contract, defineArea, endpoint } from '@tern/sdk';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import type { Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import type { AreaHandlers, Handlers } from '../src/http/context.js';
import { conflict } from '../src/http/errors.js';
import { registerApi } from '../src/http/registrar.js';
import { handlers } from '../src/routes/index.js';
import { createSession } from '../src/services/auth/sessions.js';
import { openTestDb, type TestDb } from './helpers/testDb.js';

const testArea = defineArea('test', {
  adminOnly: endpoint({
    method: 'GET',
    path: '/api/test/admin',
    summary: 'admins only',
    access: ['admin'],
    reply: 'plain',
    response: z.object({ ok: z.boolean() }),
  }),
  make: endpoint({
    method: 'POST',
    path: '/api/test/things/{id}',
    summary: 'creates a thing',
    access: 'signedIn',
    params: z.object({ id: z.string().regex(/^\d+$/, { error: 'Not a number' }) }),
    query: z.object({
      filter: z.object({ title: z.object({ has: z.string() }) }).optional(),
      ids: z.array(z.string()).optional(),
    }),
    body: z.object({ thing: z.object({ name: z.string().min(2), count: z.number().int() }) }),
    reply: 'resource',
    response: z.object({
      id: z.string(),
      type: z.literal('thing'),
      name: z.string(),
      count: z.number(),
      echo: z.unknown(),
    }),
    creates: true,
  }),
  refuse: endpoint({
    method: 'POST',
    path: '/api/test/refuse',
    summary: 'always 409',
    access: 'public',
    reply: 'plain',
    response: z.object({}),
    creates: true,
  }),
  boom: endpoint({
    method: 'GET',
    path: '/api/test/boom',
    summary: 'fails',
    access: 'public',
    reply: 'plain',
    response: z.object({}),
  }),
  raced: endpoint({
    method: 'GET',
    path: '/api/test/raced',
    summary: 'loses a race in the database',
    access: 'public',
    reply: 'plain',
    query: z.object({ sqlstate: z.string() }),
    response: z.object({}),
  }),
  leaky: endpoint({
    method: 'GET',
    path: '/api/test/leaky',
    summary: 'returns more than the contract',
    access: 'signedIn',
    reply: 'resource',
    response: z.object({ id: z.string(), type: z.literal('user'), email: z.string() }),
  }),
  write: endpoint({
    method: 'POST',
    path: '/api/test/writes',
    summary: 'writes a row, then maybe fails',
    access: 'signedIn',
    body: z.object({ name: z.string(), outcome: z.enum(['ok', 'crash', 'refuse', 'refuse_slowly']) }),
    reply: 'plain',
    response: z.object({ rows: z.number() }),
    creates: true,
  }),
  nothing: endpoint({
    method: 'DELETE',
    path: '/api/test/nothing',
    summary: 'empty',
    access: 'signedIn',
    reply: 'empty',
    response: z.undefined(),
  }),
});

type ErrorJson = { message: string; code: string; fields: { field: string }[]; request_id: string };

let made = 0;
const testHandlers: AreaHandlers<typeof testArea> = {
  adminOnly: () => ({ ok: true }),
  make: ({ params, query, body }) => {
    made++;
    return {
      id: params.id,
      type: 'thing' as const,
      name: body.thing.name,
      count: body.thing.count,
      echo: query,
    };
  },
  refuse: () => {
    made++;
    throw conflict('sold_out');
  },
  boom: () => {
    throw new Error('secret detail: password=hunter2');
  },
  raced: ({ query }) => {
    throw Object.assign(new Error('could not serialize access'), { code: query.sqlstate });
  },
  leaky: () =>
    ({ id: 'u1', type: 'user' as const, email: 'a@b.test', passwordHash: 'scrypt$secret' }) as never,
  write: async ({ body }, ctx) => {
    made++;
    await ctx.db.query('insert into test_writes (name) values ($1)', [body.name]);
    if (body.outcome === 'crash') throw new Error('the process died here');
    if (body.outcome === 'refuse') throw conflict('sold_out');
    if (body.outcome === 'refuse_slowly') {
      await new Promise((resolve) => setTimeout(resolve, 300));
      throw conflict('sold_out');
    }
    const rows = await ctx.db.one<{ n: number }>(
      'select count(*)::int as n from test_writes where name = $1',
      [body.name],
    );
    return { rows: rows!.n };
  },
  nothing: () => undefined,
};

// @ts-expect-error a contract area without its handlers does not type-check
const incomplete: Handlers<{ test: typeof testArea }> = { test: { adminOnly: () => ({ ok: true }) } };
void incomplete;

let testDb: TestDb;
let db: Db;
let app: ReturnType<typeof createApp>;
const logged: string[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  testDb = await openTestDb();
  db = testDb.db;
  await migrate(db);
  await db.exec('create table test_writes (name text not null)');
  const agency = await db.one<{ id: string }>(`insert into agencies (name) values ('A') returning id`);
  for (const [role, agencyId] of [
    ['admin', null],
    ['reseller', agency!.id],
  ] as const) {
    const user = await db.one<{ id: string }>(
      `insert into users (email, name, role, password_hash, agency_id) values ($1, $1, $2, 'scrypt$x', $3) returning id`,
      [`${role}@test.test`, role, agencyId],
    );
    tokens[role] = (
      await createSession(db, systemClock, { userId: user!.id, purpose: 'sign_in', ttlMs: 60_000 })
    ).token;
  }
  const reset = await db.one<{ id: string }>(`select id from users where role = 'admin'`);
  tokens.reset = (
    await createSession(db, systemClock, { userId: reset!.id, purpose: 'password_reset', ttlMs: 60_000 })
  ).token;
  app = createApp({
    db,
    config: { sandbox: true },
    logger: { info: () => {}, error: (message, error) => logged.push(`${message} ${String(error)}`) },
    api: {
      contract: { ...contract, test: testArea },
      handlers: { ...handlers, test: testHandlers } as never,
    },
  });
});
afterAll(() => testDb?.close());

const call = (path: string, init: RequestInit & { as?: string } = {}) => {
  const headers = new Headers(init.headers);
  if (init.as) headers.set('authorization', `Bearer ${tokens[init.as]}`);
  if (init.body) headers.set('content-type', 'application/json');
  return app.request(path, { ...init, headers });
};
const makeThing = (body: unknown, headers: Record<string, string> = {}, as = 'reseller') =>
  call('/api/test/things/7?filter[title][has]=sea&ids[]=1&ids[]=2', {
    method: 'POST',
    as,
    headers,
    body: JSON.stringify(body),
  });

describe('the registrar', () => {
  it('refuses an anonymous caller, then a role the endpoint does not allow', async () => {
    expect((await call('/api/test/admin')).status).toBe(401);
    const forbidden = await call('/api/test/admin', { as: 'reseller' });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ code: 'forbidden' });
    expect(await (await call('/api/test/admin', { as: 'admin' })).json()).toEqual({ ok: true });
  });

  it('lets a password-reset session do nothing but set the password', async () => {
    const response = await call('/api/test/admin', { as: 'reset' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'password_reset_required' });
  });

  it('decodes params, Rails-style queries and snake_case bodies, and answers a create with 201 JSON:API', async () => {
    const response = await makeThing({ thing: { name: 'Sea view', count: 2 } });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      data: {
        id: '7',
        type: 'thing',
        attributes: {
          name: 'Sea view',
          count: 2,
          echo: { filter: { title: { has: 'sea' } }, ids: ['1', '2'] },
        },
      },
    });
  });

  it('answers 400 with every field that is wrong, in camelCase dotted paths', async () => {
    const body = (await (await makeThing({ thing: { name: 'x', count: 1.5 } })).json()) as ErrorJson;
    expect(body.message).toBe('Please correct the marked fields.');
    expect(body.code).toBe('invalid_input');
    expect(body.fields.map((f) => f.field)).toEqual(['thing.name', 'thing.count']);
    const param = await call('/api/test/things/abc', { method: 'POST', as: 'reseller', body: '{}' });
    expect(await param.json()).toMatchObject({
      message: 'Please correct the marked fields.',
      fields: [{ field: 'id', code: 'invalid_value', message: 'Not a number' }],
    });
  });

  it('strips whatever the contract does not name (a password hash never leaves)', async () => {
    const text = await (await call('/api/test/leaky', { as: 'admin' })).text();
    expect(JSON.parse(text)).toEqual({ data: { id: 'u1', type: 'user', attributes: { email: 'a@b.test' } } });
    expect(text).not.toContain('scrypt');
  });

  it('answers 204 without a body for an empty reply', async () => {
    const response = await call('/api/test/nothing', { method: 'DELETE', as: 'admin' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('answers a crash 500 without details, logs it with the request id, and sends the id back', async () => {
    const response = await call('/api/test/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body).toEqual({
      message: 'Something went wrong on our side.',
      code: 'internal',
      request_id: body.request_id,
    });
    expect(response.headers.get('x-request-id')).toBe(body.request_id);
    expect(text).not.toMatch(/hunter2|secret|at \w+ \(/);
    expect(logged.some((line) => line.includes(body.request_id) && line.includes('hunter2'))).toBe(true);
  });

  it('answers a transaction that lost a race in the database 409, to be tried again, not 500', async () => {
    for (const sqlstate of ['40001', '40P01', '23503']) {
      const response = await call(`/api/test/raced?sqlstate=${sqlstate}`);
      expect(response.status, sqlstate).toBe(409);
      expect(await response.json()).toMatchObject({ code: 'conflict' });
    }
    expect((await call('/api/test/raced?sqlstate=42P01')).status).toBe(500);
  });

  it('gives every reply a request id, keeps a sane one it is given, and answers unknown API paths 404', async () => {
    const unknown = await call('/api/v1/nowhere');
    expect(unknown.status).toBe(404);
    const body = (await unknown.json()) as ErrorJson;
    expect(body).toMatchObject({ code: 'not_found' });
    expect(unknown.headers.get('x-request-id')).toBe(body.request_id);
    const given = await call('/api/v1/health', { headers: { 'x-request-id': 'trace-12345678' } });
    expect(given.headers.get('x-request-id')).toBe('trace-12345678');
    const odd = await call('/api/v1/health', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses to start with a handler missing', () => {
    expect(() =>
      registerApi(new Hono(), { contract: { test: testArea }, handlers: { test: {} } }, {} as never),
    ).toThrow('No handler for test.adminOnly');
  });
});

describe('idempotency keys', () => {
  it('replays the first reply of a create for a repeated key, without running it again', async () => {
    const before = made;
    const key = { 'idempotency-key': 'key-one' };
    const first = await makeThing({ thing: { name: 'Once', count: 1 } }, key);
    const second = await makeThing({ thing: { name: 'Once', count: 1 } }, key);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(made - before).toBe(1);
  });

  it('refuses the same key with another body', async () => {
    const key = { 'idempotency-key': 'key-two' };
    await makeThing({ thing: { name: 'First', count: 1 } }, key);
    const reused = await makeThing({ thing: { name: 'Other', count: 1 } }, key);
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('keeps keys apart per caller, and runs a create without a key every time', async () => {
    const before = made;
    const key = { 'idempotency-key': 'key-three' };
    await makeThing({ thing: { name: 'Mine', count: 1 } }, key, 'reseller');
    await makeThing({ thing: { name: 'Mine', count: 1 } }, key, 'admin');
    await makeThing({ thing: { name: 'Mine', count: 1 } });
    await makeThing({ thing: { name: 'Mine', count: 1 } });
    expect(made - before).toBe(4);
  });

  it('claims a key in the transaction of the call’s writes: a crash keeps neither, so the retry runs again', async () => {
    const headers = { 'idempotency-key': 'key-crash' };
    const write = (outcome: string) =>
      call('/api/test/writes', {
        method: 'POST',
        as: 'reseller',
        headers,
        body: JSON.stringify({ name: 'c', outcome }),
      });
    const crashed = await write('crash');
    expect(crashed.status).toBe(500);
    expect(await db.query(`select 1 from test_writes where name = 'c'`)).toEqual([]);
    expect(await db.query(`select 1 from idempotency_keys where key = 'key-crash'`)).toEqual([]);
    // The client's retry of that call (same key, same body) is not "still running": it runs.
    const before = made;
    const retried = await write('crash');
    expect(retried.status).toBe(500);
    expect(made - before).toBe(1);
  });

  it('keeps a key with its writes: the retry replays, the writes are there once', async () => {
    const headers = { 'idempotency-key': 'key-ok' };
    const write = () =>
      call('/api/test/writes', {
        method: 'POST',
        as: 'reseller',
        headers,
        body: JSON.stringify({ name: 'k', outcome: 'ok' }),
      });
    const [a, b] = await Promise.all([write(), write()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const replayed = [a, b].map((r) => r.headers.get('idempotent-replayed'));
    expect(replayed.filter((h) => h === 'true')).toHaveLength(1);
    expect(await db.query(`select 1 from test_writes where name = 'k'`)).toHaveLength(1);
  });

  it('undoes the writes of a call that refused, and replays the refusal', async () => {
    const headers = { 'idempotency-key': 'key-refuse' };
    const write = () =>
      call('/api/test/writes', {
        method: 'POST',
        as: 'reseller',
        headers,
        body: JSON.stringify({ name: 'r', outcome: 'refuse' }),
      });
    const before = made;
    expect((await write()).status).toBe(409);
    const again = await write();
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'sold_out' });
    expect(made - before).toBe(1);
    expect(await db.query(`select 1 from test_writes where name = 'r'`)).toEqual([]);
  });

  it('keeps a refusal with its key in one transaction: a repeat sent meanwhile writes nothing and replays it', async () => {
    const headers = { 'idempotency-key': 'key-refuse-twice' };
    const write = () =>
      call('/api/test/writes', {
        method: 'POST',
        as: 'reseller',
        headers,
        body: JSON.stringify({ name: 'rr', outcome: 'refuse_slowly' }),
      });
    // The first call writes, then takes 300 ms to refuse: the repeats are sent while it runs. They may read, but
    // wait at their first write for the first call's claim, and then replay its refusal.
    const first = write();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const repeats = Promise.all([write(), write()]);
    const replies = [await first, ...(await repeats)];
    expect(replies.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(replies.map((r) => r.headers.get('idempotent-replayed'))).toEqual([null, 'true', 'true']);
    expect(await db.query(`select 1 from test_writes where name = 'rr'`)).toEqual([]);
    expect(await db.query(`select status from idempotency_keys where key = 'key-refuse-twice'`)).toEqual([
      { status: 409 },
    ]);
  });

  it('keeps the reply of a call that only read in one statement; a repeat meanwhile replays the same', async () => {
    const headers = { 'idempotency-key': 'key-read-only' };
    const refuse = () => call('/api/test/refuse', { method: 'POST', as: 'reseller', headers });
    const before = made;
    const replies = await Promise.all([refuse(), refuse(), refuse()]);
    expect(replies.map((r) => r.status)).toEqual([409, 409, 409]);
    // Each may have read (run) at once; exactly one reply is the key's, the others replay it.
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(made - before).toBeGreaterThanOrEqual(1);
    expect(await db.query(`select status from idempotency_keys where key = 'key-read-only'`)).toEqual([
      { status: 409 },
    ]);
    // A later repeat does not run at all.
    const afterwards = made;
    expect((await refuse()).headers.get('idempotent-replayed')).toBe('true');
    expect(made).toBe(afterwards);
  });

  it('runs again for a key older than a day, or one an older server left unfinished, and keeps the new reply', async () => {
    const key = { 'idempotency-key': 'key-old' };
    const first = await makeThing({ thing: { name: 'Old', count: 1 } }, key);
    expect(first.status).toBe(201);
    const kept = () =>
      db.query<{ status: number | null }>(`select status from idempotency_keys where key = 'key-old'`);
    // A day and a minute later: the key has expired.
    await db.query(
      `update idempotency_keys set created_at = created_at - interval '1 day 1 minute' where key = 'key-old'`,
    );
    let before = made;
    const expired = await makeThing({ thing: { name: 'Old', count: 1 } }, key);
    expect(expired.status).toBe(201);
    expect(expired.headers.get('idempotent-replayed')).toBeNull();
    expect(made - before).toBe(1);
    expect(await kept()).toEqual([{ status: 201 }]);
    // A claim without a reply (written by a server before keys committed with their work) is not running.
    await db.query(`update idempotency_keys set status = null, body = null where key = 'key-old'`);
    before = made;
    const unfinished = await makeThing({ thing: { name: 'Old', count: 1 } }, key);
    expect(unfinished.status).toBe(201);
    expect(made - before).toBe(1);
    expect(await kept()).toEqual([{ status: 201 }]);
    // And then it replays as usual.
    before = made;
    const replayed = await makeThing({ thing: { name: 'Old', count: 1 } }, key);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(made - before).toBe(0);
  });

  it('replays a refusal too, for anonymous callers', async () => {
    const before = made;
    const headers = { 'idempotency-key': 'key-four' };
    const first = await call('/api/test/refuse', { method: 'POST', headers });
    const second = await call('/api/test/refuse', { method: 'POST', headers });
    expect([first.status, second.status]).toEqual([409, 409]);
    expect(await second.json()).toMatchObject({ code: 'sold_out', message: 'This is sold out.' });
    expect(made - before).toBe(1);
  });
});
