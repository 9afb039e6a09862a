import { createClient, ForbiddenError, NotFoundError, UnauthorizedError } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../src/logger.js';
import { startServer } from '../src/server.js';
import { hashPassword } from '../src/services/auth/password.js';
import { createAdmin } from '../src/services/auth/users.js';
import { html, sendMail } from '../src/services/mail.js';
import { startTestServer, TEST_PASSWORD_COST, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: false });
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
    await expect(
      server.client().mail.show({ params: { id: '00000000-0000-0000-0000-000000000000' } }),
    ).rejects.toBeInstanceOf(NotFoundError);
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

  it("is an admin's outside sandbox mode: 401 anonymous, 403 for a supplier, the list for an admin", async () => {
    // A second server on the same database, not in sandbox mode, over real HTTP.
    const closed = await startServer({
      port: 0,
      vaultPort: 0,
      db: server.db,
      sandbox: false,
      logger: silentLogger,
    });
    try {
      const anonymous = createClient({ baseUrl: closed.url, retries: 0 });
      await expect(anonymous.mail.list()).rejects.toBeInstanceOf(UnauthorizedError);
      const [first] = (await server.client().mail.list({ query: { limit: 1 } })).items;
      await expect(anonymous.mail.show({ params: { id: first!.id } })).rejects.toBeInstanceOf(
        UnauthorizedError,
      );
      const raw = await fetch(`${closed.url}/api/v1/outbox`);
      expect(raw.status).toBe(401);
      expect(await raw.text()).not.toContain('Mail 12');

      const password = 'a long enough password';
      await createAdmin(server.db, {
        email: 'Root@Example.test',
        password,
        passwordCost: TEST_PASSWORD_COST,
      });
      await server.db.query(
        `insert into users (email, name, role, password_hash) values ('supplier@example.test', 'S', 'supplier', $1)`,
        [await hashPassword(password, TEST_PASSWORD_COST)],
      );
      const tokenOf = async (email: string) => {
        const reply = await anonymous.auth.signIn({
          body: { session: { email, password, rememberMe: false } },
        });
        if (reply.type !== 'session') throw new Error('no session');
        return reply.token;
      };
      const supplierToken = await tokenOf('supplier@example.test');
      const adminToken = await tokenOf('root@example.test');
      const asSupplier = createClient({ baseUrl: closed.url, retries: 0, token: () => supplierToken });
      await expect(asSupplier.mail.list()).rejects.toBeInstanceOf(ForbiddenError);
      const asAdmin = createClient({ baseUrl: closed.url, retries: 0, token: () => adminToken });
      expect((await asAdmin.mail.list({ query: { kind: 'otp_code' } })).items.map((m) => m.subject)).toEqual([
        'Mail 12',
        'Mail 11',
      ]);
      expect((await asAdmin.mail.show({ params: { id: first!.id } })).subject).toBe(first!.subject);
      expect(await asAdmin.system.health()).toMatchObject({ sandbox: false });
    } finally {
      await closed.close();
    }
  });

  it('refuses sandbox mode on an address other people reach, and says so at start on a loopback one', async () => {
    await expect(
      startServer({
        port: 0,
        vaultPort: 0,
        host: '0.0.0.0',
        db: server.db,
        sandbox: true,
        logger: silentLogger,
      }),
    ).rejects.toThrow(/loopback address/);
    const said: string[] = [];
    const open = await startServer({
      port: 0,
      vaultPort: 0,
      host: '127.0.0.1',
      db: server.db,
      sandbox: true,
      logger: { info: (m) => said.push(m), error: () => {} },
    });
    try {
      expect(said.filter((m) => m.startsWith('sandbox mode:'))).toHaveLength(1);
      expect((await createClient({ baseUrl: open.url, retries: 0 }).mail.list()).meta.total).toBeGreaterThan(
        0,
      );
    } finally {
      await open.close();
    }
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
