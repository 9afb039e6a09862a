import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedWith } from './helpers/refusal.js';
import { demoEmail, startTestServer, type TestServer } from './helpers/server.js';

// A reset e-mail is preferred over a password someone else chooses. An admin, or a manager for a
// user wholly theirs, mails the user a single-use link; the user sets their own password with it. Refused beyond
// the manager's reach, for staff, for oneself and for a blocked user; audited.

let server: TestServer;
let admin: TernClient;
let hotelier: TernClient;
let harbour: string;

const refusal = refusedWith;
const idOf = async (login: string) =>
  (await server.db.one<{ id: string }>('select id from users where email = $1', [demoEmail(login)]))!.id;
const resetMails = async (email: string) =>
  (await server.client().mail.list({ query: { to: email, kind: 'password_reset', limit: 50 } })).items;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client(await server.signIn('admin'));
  hotelier = server.client(await server.signIn('hotelier'));
  harbour = (await server.db.one<{ id: string }>("select id from properties where key = 'harbour-view'"))!.id;
}, 120_000);
afterAll(() => server?.close());

describe('a reset e-mail sent by an admin or a manager', () => {
  it('mails a single-use link the user sets their own password with', async () => {
    const staff = await idOf('staff');
    const before = (await resetMails(demoEmail('staff'))).length;
    await hotelier.managerUsers.sendPasswordReset({ params: { id: staff }, body: { propertyId: harbour } });
    const mails = await resetMails(demoEmail('staff'));
    expect(mails).toHaveLength(before + 1);
    const token = /token=([^\s&"<]+)/.exec(mails[0]!.text)?.[1];
    expect(token).toBeDefined();
    const session = await server
      .client()
      .auth.verifyResetToken({ query: { token: decodeURIComponent(token!) } });
    await server.client(session.token).auth.resetPassword({
      body: { password: 'chosen-by-me-1', confirmPassword: 'chosen-by-me-1' },
    });
    const signedIn = await server.client().auth.signIn({
      body: { session: { email: demoEmail('staff'), password: 'chosen-by-me-1', rememberMe: false } },
    });
    expect(signedIn.type).toBe('session');
    // Audited on the user, as the manager's act.
    const trail = await admin.admin.audit({ query: { objectType: 'user', objectId: staff } });
    expect(trail.items.map((e) => e.action)).toContain('send_reset_link');
  });

  it('is refused beyond the manager’s reach, to staff, for oneself and for a blocked user', async () => {
    const hotelier2 = await idOf('hotelier2');
    // A user who manages another company's hotel is the admin's.
    expect(
      await refusal(
        hotelier.managerUsers.sendPasswordReset({ params: { id: hotelier2 }, body: { propertyId: harbour } }),
      ),
    ).toMatchObject({ status: 404 });
    const staffClient = server.client(await server.signIn('staff', 'chosen-by-me-1'));
    expect(
      await refusal(
        staffClient.managerUsers.sendPasswordReset({
          params: { id: await idOf('hotelier') },
          body: { propertyId: harbour },
        }),
      ),
    ).toMatchObject({ status: 404 }); // staff manage no one: the user is none of theirs
    expect(
      await refusal(admin.admin.sendUserPasswordReset({ params: { id: await idOf('admin') } })),
    ).toMatchObject({ status: 403, code: 'own_account' });
    const agent2 = await idOf('agent2');
    await admin.admin.setUserStatus({ params: { id: agent2 }, body: { status: 'blocked' } });
    expect(await refusal(admin.admin.sendUserPasswordReset({ params: { id: agent2 } }))).toMatchObject({
      status: 409,
      code: 'user_not_active',
    });
    await admin.admin.setUserStatus({ params: { id: agent2 }, body: { status: 'active' } });
    await admin.admin.sendUserPasswordReset({ params: { id: agent2 } });
    expect(await resetMails(demoEmail('agent2'))).toHaveLength(1);
  });
});
