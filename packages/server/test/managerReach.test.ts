import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedWith } from './helpers/refusal.js';
import { demoEmail, PASSWORD, startTestServer, type TestServer } from './helpers/server.js';

// A manager's reach ends where their company ends, a password someone else set is
// one-time, and one's own password changes only with the old one. Harbour View is Helga's (`hotelier`, who
// manages three properties of one company); Casa Alfama is another company's (`hotelier2`).

let server: TestServer;
let admin: TernClient;
let hotelier: TernClient;
let harbour: string;
let alfama: string;

const refusal = refusedWith;
const propertyId = async (key: string) =>
  (await server.db.one<{ id: string }>('select id from properties where key = $1', [key]))!.id;
const userId = async (login: string) =>
  (await server.db.one<{ id: string }>('select id from users where email = $1', [demoEmail(login)]))!.id;
const signInReply = (email: string, password: string) =>
  server.client().auth.signIn({ body: { session: { email, password, rememberMe: false } } });

/** A user the admin adds with these property rows, whose password is then their own (not one-time). */
async function addUser(email: string, rows: { ternHotelId: string; role: 'manager' | 'user' }[]) {
  const user = await admin.admin.createUser({
    body: {
      email,
      name: email.split('@')[0]!,
      password: 'given-1',
      confirmPassword: 'given-1',
      ternHotelUsersAttributes: rows,
    },
  });
  const first = await signInReply(email, 'given-1');
  if (first.type !== 'session') throw new Error('no session');
  await server.client(first.token).auth.changePassword({
    body: { oldPassword: 'given-1', password: 'own-pass-1', confirmPassword: 'own-pass-1' },
  });
  return user;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client(await server.signIn('admin'));
  hotelier = server.client(await server.signIn('hotelier'));
  harbour = await propertyId('harbour-view');
  alfama = await propertyId('casa-alfama');
}, 120_000);
afterAll(() => server?.close());

describe('a manager’s reach ends where their company ends', () => {
  it('refuses the password, block and rename of a user who also manages another company’s property', async () => {
    const double = await addUser('double@example.com', [
      { ternHotelId: harbour, role: 'user' },
      { ternHotelId: alfama, role: 'manager' },
    ]);
    const id = double.id;
    const seen = await hotelier.managerUsers.get({ params: { id }, query: { propertyId: harbour } });
    // Only her own company's property is shown, and the reply says what she may do.
    expect(seen.ternHotels.map((p) => p.propertyId)).toEqual([harbour]);
    expect(seen.may).toEqual({
      identity: false,
      status: false,
      password: false,
      properties: false,
      removeProperties: true,
      refusal: 'user_beyond_reach',
    });
    const listed = await hotelier.managerUsers.list({ query: { propertyId: harbour, q: 'double@' } });
    expect(listed.items.map((u) => u.ternHotels.map((p) => p.propertyId))).toEqual([[harbour]]);

    const beyond = { status: 403, code: 'user_beyond_reach' };
    expect(
      await refusal(
        hotelier.managerUsers.setPassword({
          params: { id },
          body: { password: 'taken-over', confirmPassword: 'taken-over', propertyId: harbour },
        }),
      ),
    ).toEqual(beyond);
    expect(
      await refusal(
        hotelier.managerUsers.setStatus({ params: { id }, body: { status: 'blocked', propertyId: harbour } }),
      ),
    ).toEqual(beyond);
    expect(
      await refusal(
        hotelier.managerUsers.update({ params: { id }, body: { name: 'Renamed', propertyId: harbour } }),
      ),
    ).toEqual(beyond);
    // The password in the update, and a role changed at her own property, are refused the same.
    expect(
      await refusal(
        hotelier.managerUsers.update({
          params: { id },
          body: {
            name: 'double',
            password: 'taken-over',
            confirmPassword: 'taken-over',
            propertyId: harbour,
          },
        }),
      ),
    ).toEqual(beyond);
    expect(
      await refusal(
        hotelier.managerUsers.update({
          params: { id },
          body: {
            name: 'double',
            propertyId: harbour,
            ternHotelUsersAttributes: [{ ternHotelId: harbour, role: 'manager' }],
          },
        }),
      ),
    ).toEqual(beyond);
    // Nothing changed: their own password still works, they are active, named as before.
    expect((await signInReply('double@example.com', 'own-pass-1')).type).toBe('session');
    expect(await refusal(signInReply('double@example.com', 'taken-over'))).toMatchObject({ status: 401 });
    expect(await admin.admin.getUser({ params: { id } })).toMatchObject({ name: 'double', status: 'active' });

    // Saving the drawer as it is (name and rows unchanged) is fine, and so is removing the link to Harbour View.
    await hotelier.managerUsers.update({
      params: { id },
      body: {
        name: 'double',
        propertyId: harbour,
        ternHotelUsersAttributes: [{ ternHotelId: harbour, role: 'user' }],
      },
    });
    const link = seen.ternHotels[0]!.ternHotelUserId;
    await hotelier.managerUsers.update({
      params: { id },
      body: {
        name: 'double',
        propertyId: harbour,
        ternHotelUsersAttributes: [{ id: link, ternHotelId: harbour, role: 'user', _destroy: true }],
      },
    });
    const after = await admin.admin.getUser({ params: { id } });
    expect(after.ternHotels.map((p) => [p.propertyId, p.role])).toEqual([[alfama, 'manager']]);
    expect(
      await refusal(hotelier.managerUsers.get({ params: { id }, query: { propertyId: harbour } })),
    ).toMatchObject({ status: 404 });
  });

  it('refuses them on a user who also works at another company’s property', async () => {
    const both = await addUser('both@example.com', [
      { ternHotelId: harbour, role: 'user' },
      { ternHotelId: alfama, role: 'user' },
    ]);
    expect(
      await refusal(
        hotelier.managerUsers.setStatus({
          params: { id: both.id },
          body: { status: 'blocked', propertyId: harbour },
        }),
      ),
    ).toEqual({ status: 403, code: 'user_beyond_reach' });
    expect(
      await refusal(
        hotelier.managerUsers.setPassword({
          params: { id: both.id },
          body: { password: 'taken-over', confirmPassword: 'taken-over', propertyId: harbour },
        }),
      ),
    ).toEqual({ status: 403, code: 'user_beyond_reach' });
  });

  it('keeps co-managers from locking each other out', async () => {
    const co = await addUser('co.manager@example.com', [{ ternHotelId: harbour, role: 'manager' }]);
    const coClient = server.client(
      await signInReply('co.manager@example.com', 'own-pass-1').then((r) =>
        r.type === 'session' ? r.token : '',
      ),
    );
    const helga = await userId('hotelier');
    for (const [client, id] of [
      [hotelier, co.id],
      [coClient, helga],
    ] as const) {
      expect(
        await refusal(
          client.managerUsers.setStatus({ params: { id }, body: { status: 'blocked', propertyId: harbour } }),
        ),
      ).toEqual({ status: 403, code: 'user_beyond_reach' });
      expect(
        await refusal(
          client.managerUsers.setPassword({
            params: { id },
            body: { password: 'locked-out', confirmPassword: 'locked-out', propertyId: harbour },
          }),
        ),
      ).toEqual({ status: 403, code: 'user_beyond_reach' });
      // Nor demote (then block) one another.
      expect(
        await refusal(
          client.managerUsers.update({
            params: { id },
            body: {
              name: 'x',
              propertyId: harbour,
              ternHotelUsersAttributes: [{ ternHotelId: harbour, role: 'user' }],
            },
          }),
        ),
      ).toEqual({ status: 403, code: 'user_beyond_reach' });
    }
    await expect(hotelier.auth.currentUser()).resolves.toMatchObject({ status: 'active' });
    // The admin still may.
    await admin.admin.setUserStatus({ params: { id: co.id }, body: { status: 'blocked' } });
    expect((await admin.admin.getUser({ params: { id: co.id } })).status).toBe('blocked');
  });

  it('lets a manager set the password of, block and rename a user who works only at properties she manages', async () => {
    const staffId = await userId('staff');
    const seen = await hotelier.managerUsers.get({ params: { id: staffId }, query: { propertyId: harbour } });
    expect(seen.may).toMatchObject({ identity: true, status: true, password: true, refusal: null });
    await hotelier.managerUsers.update({
      params: { id: staffId },
      body: { name: 'Sigurður Ó.', propertyId: harbour },
    });
    await hotelier.managerUsers.setStatus({
      params: { id: staffId },
      body: { status: 'blocked', propertyId: harbour },
    });
    await hotelier.managerUsers.setStatus({
      params: { id: staffId },
      body: { status: 'active', propertyId: harbour },
    });
    await hotelier.managerUsers.setPassword({
      params: { id: staffId },
      body: { password: 'one-time-1', confirmPassword: 'one-time-1', propertyId: harbour },
    });
    expect(await admin.admin.getUser({ params: { id: staffId } })).toMatchObject({
      name: 'Sigurður Ó.',
      status: 'active',
    });
  });
});

describe('a password someone else set is one-time', () => {
  it('signs in to a session that may only change it, with that password as the old one', async () => {
    const email = demoEmail('staff');
    // Set by the manager in the test before; set again here so this test stands alone.
    await admin.admin.setUserPassword({
      params: { id: await userId('staff') },
      body: { password: 'one-time-1', confirmPassword: 'one-time-1' },
    });
    const reply = await signInReply(email, 'one-time-1');
    if (reply.type !== 'session') throw new Error('no session');
    expect(reply.purpose).toBe('password_change');
    const them = server.client(reply.token);
    await expect(them.auth.currentUser()).resolves.toMatchObject({ email });
    expect(await refusal(them.bookings.list({ query: {} }))).toEqual({
      status: 403,
      code: 'password_change_required',
    });
    // Not the same one again.
    expect(
      await refusal(
        them.auth.changePassword({
          body: { oldPassword: 'one-time-1', password: 'one-time-1', confirmPassword: 'one-time-1' },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'password_unchanged' });
    await them.auth.changePassword({
      body: { oldPassword: 'one-time-1', password: 'mine-at-last', confirmPassword: 'mine-at-last' },
    });
    // The same session is an ordinary one now; the next sign-in too.
    expect((await them.auth.validateToken()).purpose).toBe('sign_in');
    await expect(them.bookings.list({ query: {} })).resolves.toBeTruthy();
    const next = await signInReply(email, 'mine-at-last');
    expect(next.type === 'session' && next.purpose).toBe('sign_in');
  });

  it('is one-time when set in the user update and for a new user, and a reset link ends it too', async () => {
    const staffId = await userId('staff');
    await admin.admin.updateUser({
      params: { id: staffId },
      body: { name: 'Sigurður Ólafsson', password: 'given-by-admin', confirmPassword: 'given-by-admin' },
    });
    const reply = await signInReply(demoEmail('staff'), 'given-by-admin');
    expect(reply.type === 'session' && reply.purpose).toBe('password_change');
    await admin.admin.createUser({
      body: {
        email: 'brand.new@example.com',
        name: 'Brand New',
        password: 'given-1',
        confirmPassword: 'given-1',
        ternHotelUsersAttributes: [{ ternHotelId: harbour, role: 'user' }],
      },
    });
    const first = await signInReply('brand.new@example.com', 'given-1');
    expect(first.type === 'session' && first.purpose).toBe('password_change');
    // A reset link: the user's own password.
    await server.client().auth.forgotPassword({ body: { email: 'brand.new@example.com' } });
    const mail = await server.db.one<{ text: string }>(
      `select text from outbox_mails where "to" = 'brand.new@example.com' order by seq desc limit 1`,
    );
    const token = /verify_reset_password_email\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const reset = await server.client().auth.verifyResetToken({ query: { token } });
    await server.client(reset.token).auth.resetPassword({
      body: { password: 'reset-own-1', confirmPassword: 'reset-own-1' },
    });
    const after = await signInReply('brand.new@example.com', 'reset-own-1');
    expect(after.type === 'session' && after.purpose).toBe('sign_in');
  });
});

describe('one’s own password changes only with the old one', () => {
  it('refuses a password in one’s own user update, as a manager and as an admin', async () => {
    const helga = await userId('hotelier');
    expect(
      await refusal(
        hotelier.managerUsers.update({
          params: { id: helga },
          body: {
            name: 'Helga',
            password: 'no-old-needed',
            confirmPassword: 'no-old-needed',
            propertyId: harbour,
          },
        }),
      ),
    ).toEqual({ status: 403, code: 'own_password_needs_old' });
    const me = await userId('admin');
    const mine = await admin.admin.getUser({ params: { id: me } });
    expect(mine.may).toMatchObject({ password: false, status: false, refusal: 'own_account' });
    expect(
      await refusal(
        admin.admin.updateUser({
          params: { id: me },
          body: { name: mine.name, password: 'no-old-needed', confirmPassword: 'no-old-needed' },
        }),
      ),
    ).toEqual({ status: 403, code: 'own_password_needs_old' });
    expect(await refusal(server.signIn('admin', 'no-old-needed'))).toMatchObject({ status: 401 });
    expect(await refusal(server.signIn('hotelier', 'no-old-needed'))).toMatchObject({ status: 401 });
    await expect(server.signIn('admin', PASSWORD)).resolves.toBeTruthy();
  });
});
