import { NotFoundError } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { html, sendMail } from '../src/services/mail.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  for (let i = 1; i <= 12; i++)
    await sendMail(server.db, {
      to: i % 2 ? 'Odd@Example.test' : 'even@example.test',
      subject: `Mail ${i}`,
      text: `Number ${i}`,
      kind: i <= 10 ? 'note' : 'otp_code',
    });
});
afterAll(() => server?.close());

describe('the outbox (sandbox)', () => {
  it('lists mails newest first, ten to a page by default, with the total', async () => {
    const page = await server.client().mail.list();
    expect(page.meta).toEqual({ page: 1, limit: 10, total: 12 });
    expect(page.items.map((m) => m.subject).slice(0, 3)).toEqual(['Mail 12', 'Mail 11', 'Mail 10']);
    const second = await server.client().mail.list({ query: { page: 2 } });
    expect(second.items.map((m) => m.subject)).toEqual(['Mail 2', 'Mail 1']);
  });

  it('filters by recipient (any case) and by kind', async () => {
    const odd = await server.client().mail.list({ query: { to: 'odd@example.test', limit: 100 } });
    expect(odd.meta.total).toBe(6);
    const codes = await server.client().mail.list({ query: { kind: 'otp_code' } });
    expect(codes.items.map((m) => m.subject)).toEqual(['Mail 12', 'Mail 11']);
  });

  it('shows one mail, and 404 for an unknown id', async () => {
    const [first] = (await server.client().mail.list({ query: { limit: 1 } })).items;
    const mail = await server.client().mail.show({ params: { id: first!.id } });
    expect(mail).toMatchObject({
      type: 'mail',
      subject: 'Mail 12',
      text: 'Number 12',
      html: '<p>Number 12</p>',
    });
    expect(Date.parse(mail.createdAt)).not.toBeNaN();
    for (const id of ['00000000-0000-0000-0000-000000000000', 'nope'])
      await expect(server.client().mail.show({ params: { id } })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('escapes values in HTML mails', async () => {
    const name = '<img src=x onerror=alert(1)> & "Co"';
    const { id } = await sendMail(server.db, {
      to: 'x@example.test',
      subject: 'Hi',
      text: `Hello ${name}`,
      html: html`<p>Hello ${name}</p>`,
      kind: 'note',
    });
    const mail = await server.client().mail.show({ params: { id } });
    expect(mail.html).toBe('<p>Hello &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;</p>');
    const derived = await sendMail(server.db, {
      to: 'x@example.test',
      subject: 'Hi',
      text: `a <b>\n\nc`,
      kind: 'note',
    });
    expect((await server.client().mail.show({ params: { id: derived.id } })).html).toBe(
      '<p>a &lt;b&gt;</p>\n<p>c</p>',
    );
  });

  it('does not exist outside the sandbox', async () => {
    const app = createApp({ db: server.db, config: { sandbox: false } });
    const list = await app.request('/api/v1/outbox');
    expect(list.status).toBe(404);
    expect(await list.json()).toMatchObject({ code: 'not_found' });
    expect((await app.request('/api/v1/outbox/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect(await (await app.request('/api/v1/health')).json()).toMatchObject({ sandbox: false });
  });

  it('says in the health check which database runs and that the sandbox is on', async () => {
    const health = await server.client().system.health();
    expect(health).toEqual({
      status: 'ok',
      version: expect.any(String),
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      sandbox: true,
    });
  });
});
