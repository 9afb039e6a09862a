import { ApiError, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoEmail,
  PASSWORD,
  startTestServer,
  TEST_PASSWORD_COST,
  type TestServer,
} from './helpers/server.js';

// The admin page and the managers' tab (document 2 §2–§6): lists, forms, block and unblock, lock override,
// the rules on oneself and on a manager's reach, and the audit trail of every write.

let server: TestServer;
let admin: TernClient;
let hotelier: TernClient;
let staff: TernClient;
let agent: TernClient;

const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, fields: error.fields };
    throw error;
  }
  throw new Error('expected a refusal');
};
const propertyId = async (key: string) =>
  (await server.db.one<{ id: string }>('select id from properties where key = $1', [key]))!.id;
/** The admin's property form's required fields (a lodging of its own name, e-mail and Channex id). */
const propertyBody = (name: string, email: string, channexPropertyId: string) => ({
  name,
  pms: 'beds_24' as const,
  email,
  propertyType: 'lodge' as const,
  channexPropertyId,
  timezone: 'Atlantic/Reykjavik',
});
const userId = async (login: string) =>
  (await server.db.one<{ id: string }>('select id from users where email = $1', [demoEmail(login)]))!.id;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client(await server.signIn('admin'));
  hotelier = server.client(await server.signIn('hotelier'));
  staff = server.client(await server.signIn('staff'));
  agent = server.client(await server.signIn('agent'));
}, 120_000);
afterAll(() => server?.close());

describe('admin users', () => {
  it('lists users 50 a page by e-mail, searches, and hides blocked ones unless asked', async () => {
    const page = await admin.admin.listUsers({ query: {} });
    expect(page.meta).toMatchObject({ page: 1, limit: 50 });
    expect(page.items.length).toBe(Math.min(50, page.meta.total));
    const emails = page.items.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    const found = await admin.admin.listUsers({ query: { q: 'HOTELIER2' } });
    expect(found.items.map((u) => u.email)).toEqual([demoEmail('hotelier2')]);
    expect(found.items[0]!.ternHotels.map((p) => p.role)).toEqual(['manager', 'manager', 'manager']);
    // `%` is a character, not a wildcard.
    expect((await admin.admin.listUsers({ query: { q: '%' } })).meta.total).toBe(0);
  });

  it('refuses the admin page to everyone else', async () => {
    for (const client of [hotelier, staff, agent])
      expect((await refusal(client.admin.listUsers({ query: {} }))).status).toBe(403);
  });

  it('adds a supplier with property rows, each property once; the e-mail must be free; passwords must match', async () => {
    const harbour = await propertyId('harbour-view');
    const alfama = await propertyId('casa-alfama');
    const base = {
      email: 'new.person@example.com',
      name: 'New Person',
      password: 'secret-1',
      confirmPassword: 'secret-1',
      sendBookingNotificationEmail: true,
    };
    const twice = await refusal(
      admin.admin.createUser({
        body: {
          ...base,
          ternHotelUsersAttributes: [
            { ternHotelId: harbour, role: 'user' },
            { ternHotelId: harbour, role: 'manager' },
          ],
        },
      }),
    );
    expect(twice).toMatchObject({ status: 400 });
    const mismatch = await refusal(admin.admin.createUser({ body: { ...base, confirmPassword: 'other' } }));
    expect(mismatch.fields).toEqual([
      { field: 'confirmPassword', code: 'invalid_value', message: 'not match' },
    ]);
    const user = await admin.admin.createUser({
      body: {
        ...base,
        ternHotelUsersAttributes: [
          { ternHotelId: harbour, role: 'manager' },
          { ternHotelId: alfama, role: 'user' },
        ],
      },
    });
    expect(user).toMatchObject({ email: base.email, role: 'supplier', status: 'active', agent: null });
    // Hashed at the server's password cost, as sign-in and reset hash (the tests' low one here).
    const stored = await server.db.one<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [user.id],
    );
    expect(stored!.password_hash).toMatch(new RegExp(`^scrypt\\$${2 ** TEST_PASSWORD_COST}\\$`));
    expect(user.ternHotels.map((p) => [p.propertyId, p.role]).sort()).toEqual(
      [
        [harbour, 'manager'],
        [alfama, 'user'],
      ].sort(),
    );
    expect(
      await refusal(admin.admin.createUser({ body: { ...base, email: 'NEW.person@example.com' } })),
    ).toMatchObject({ status: 409, code: 'email_taken' });
    // The new user signs in with the password, and sees their properties.
    const session = await server.client().auth.signIn({
      body: { session: { email: base.email, password: 'secret-1', rememberMe: false } },
    });
    expect(session.type).toBe('session');
    const trail = await admin.admin.audit({ query: { objectType: 'user', objectId: user.id } });
    // The creation, then the user's own sign-in.
    expect(trail.items.map((e) => e.action)).toEqual(['sign_in', 'create']);
    expect(trail.items[1]).toMatchObject({ action: 'create', actorEmail: demoEmail('admin') });
    expect(trail.items[1]!.changes.password).toEqual({ from: null, to: '[secret]' });
    expect(JSON.stringify(trail)).not.toContain('secret-1');
  });

  it('edits a user: a property row removed with _destroy, a role changed, and the reseller link drops the rows', async () => {
    const harbour = await propertyId('harbour-view');
    const laugavegur = await propertyId('laugavegur-townhouse');
    const user = await admin.admin.createUser({
      body: {
        email: 'edit.me@example.com',
        name: 'Edit Me',
        password: 'secret-1',
        confirmPassword: 'secret-1',
        sendBookingNotificationEmail: false,
        ternHotelUsersAttributes: [
          { ternHotelId: harbour, role: 'user' },
          { ternHotelId: laugavegur, role: 'user' },
        ],
      },
    });
    const [first, second] = user.ternHotels;
    const edited = await admin.admin.updateUser({
      params: { id: user.id },
      body: {
        name: 'Edited Name',
        ternHotelUsersAttributes: [
          { id: first!.ternHotelUserId, ternHotelId: first!.propertyId, role: 'manager' },
          { id: second!.ternHotelUserId, ternHotelId: second!.propertyId, role: 'user', _destroy: true },
        ],
      },
    });
    expect(edited.name).toBe('Edited Name');
    expect(edited.sendBookingNotificationEmail).toBe(false);
    expect(edited.ternHotels.map((p) => [p.propertyId, p.role])).toEqual([[first!.propertyId, 'manager']]);
    const agencyId = (await server.db.one<{ id: string }>(
      `select id from agencies where key = 'saga-tours'`,
    ))!.id;
    const agentNow = await admin.admin.updateUser({
      params: { id: user.id },
      body: { name: 'Edited Name', agentId: agencyId },
    });
    expect(agentNow).toMatchObject({ role: 'reseller', agentId: agencyId, ternHotels: [] });
    expect(agentNow.agent?.name).toBeTruthy();
    const trail = await admin.admin.audit({ query: { objectType: 'user', objectId: user.id } });
    expect(trail.items.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(trail.items[0]!.changes.role).toEqual({ from: 'supplier', to: 'reseller' });
  });

  it('blocks a user after which their session ends at once and sign-in fails; unblocking lets them in again', async () => {
    const id = await userId('hotelier2');
    const token = await server.signIn('hotelier2');
    const them = server.client(token);
    await them.auth.currentUser();
    const blocked = await admin.admin.setUserStatus({ params: { id }, body: { status: 'blocked' } });
    expect(blocked.status).toBe('blocked');
    expect((await refusal(them.auth.currentUser())).status).toBe(401);
    expect(
      await refusal(
        server.client().auth.signIn({
          body: { session: { email: demoEmail('hotelier2'), password: PASSWORD, rememberMe: false } },
        }),
      ),
    ).toMatchObject({ status: 401, code: 'account_blocked' });
    expect((await admin.admin.listUsers({ query: { q: 'hotelier2' } })).items).toEqual([]);
    expect(
      (await admin.admin.listUsers({ query: { q: 'hotelier2', isActive: 'false' } })).items,
    ).toHaveLength(1);
    await admin.admin.setUserStatus({ params: { id }, body: { status: 'active' } });
    await expect(server.signIn('hotelier2')).resolves.toBeTruthy();
  });

  it('sets a user’s password (their sessions end) and refuses it, and blocking, on oneself', async () => {
    const id = await userId('agent2');
    const before = server.client(await server.signIn('agent2'));
    await admin.admin.setUserPassword({
      params: { id },
      body: { password: 'changed-2', confirmPassword: 'changed-2' },
    });
    expect((await refusal(before.auth.currentUser())).status).toBe(401);
    await expect(server.signIn('agent2', 'changed-2')).resolves.toBeTruthy();
    await admin.admin.setUserPassword({
      params: { id },
      body: { password: PASSWORD, confirmPassword: PASSWORD },
    });
    const me = await userId('admin');
    expect(
      (await refusal(admin.admin.setUserStatus({ params: { id: me }, body: { status: 'blocked' } }))).status,
    ).toBe(403);
    expect(
      (
        await refusal(
          admin.admin.setUserPassword({
            params: { id: me },
            body: { password: 'x-123456', confirmPassword: 'x-123456' },
          }),
        )
      ).status,
    ).toBe(403);
  });
});

describe('admin resellers and properties', () => {
  it('adds and edits a reseller; the global id stays; the lock override lifts the payment lock', async () => {
    const created = await admin.admin.createReseller({
      body: {
        name: 'Fjord Travel',
        email: 'desk@fjord.example',
        phone: '+47 22 00 00 00',
        country: 'NO',
        externalId: 'FJ-1',
      },
    });
    expect(created).toMatchObject({ name: 'Fjord Travel', externalId: 'FJ-1', lockOverride: false });
    expect(created.globalId).toMatch(/^[0-9a-f-]{36}$/);
    const edited = await admin.admin.updateReseller({
      params: { id: created.id },
      body: { name: 'Fjord Travel AS', email: 'desk@fjord.example', phone: '22000000', country: 'NO' },
    });
    expect(edited).toMatchObject({ name: 'Fjord Travel AS', globalId: created.globalId, externalId: '' });
    expect(
      (
        await refusal(
          admin.admin.createReseller({
            body: { name: 'X', email: 'x@x.example', phone: 'call me', country: 'IS' },
          }),
        )
      ).fields,
    ).toEqual([{ field: 'phone', code: 'invalid_value', message: 'Use digits only' }]);
    expect((await admin.admin.listResellers({ query: { q: 'fj-1' } })).items).toEqual([]);
    expect((await admin.admin.listResellers({ query: { q: 'fjord' } })).items.map((r) => r.id)).toEqual([
      created.id,
    ]);

    // The demo's locked agency: refused by the engine until the override, then searching as usual.
    const locked = server.client(await server.signIn('locked'));
    const search = () =>
      locked.engine.search({ params: { kind: 'accommodations' }, query: { currency: 'EUR' } });
    expect(await refusal(search())).toMatchObject({ code: 'payment_locked' });
    const agencyId = (await locked.auth.currentUser()).agent!.id;
    const lifted = await admin.admin.setResellerLockOverride({
      params: { id: agencyId },
      body: { lockOverride: true },
    });
    expect(lifted).toMatchObject({ lockOverride: true, paymentLocked: true });
    await expect(search()).resolves.toBeDefined();
    expect(await locked.billing.checkPaymentSource()).toMatchObject({ locked: false });
    await admin.admin.setResellerLockOverride({ params: { id: agencyId }, body: { lockOverride: false } });
    expect(await refusal(search())).toMatchObject({ code: 'payment_locked' });
    const trail = await admin.admin.audit({ query: { objectType: 'agency', objectId: agencyId } });
    expect(trail.items.map((e) => e.action)).toEqual(['lock_override_off', 'lock_override_on']);
  });

  it('adds a property with a supplier of its own, masks the Channex id, keeps the kind, and takes an IANA zone', async () => {
    const body = propertyBody('Fjallakofinn', 'stay@fjalla.example', 'chx-12345678');
    const created = await admin.admin.createProperty({ body });
    expect(created).toMatchObject({
      name: 'Fjallakofinn',
      propertyType: 'lodge',
      pms: 'beds_24',
      currency: 'USD',
    });
    expect(created.channexPropertyId).toBe('••••••••5678');
    const stored = await server.db.one<{ channex_property_id: string; kind: string; supplier_id: string }>(
      'select channex_property_id, kind, supplier_id from properties where id = $1',
      [created.id],
    );
    expect(stored).toMatchObject({ channex_property_id: 'chx-12345678', kind: 'accommodation' });
    // Sent back masked: kept.
    const edited = await admin.admin.updateProperty({
      params: { id: created.id },
      body: { ...body, propertyType: 'hostel', channexPropertyId: created.channexPropertyId },
    });
    expect(edited.propertyType).toBe('hostel');
    expect(
      (await server.db.one<{ c: string }>('select channex_property_id as c from properties where id = $1', [
        created.id,
      ]))!.c,
    ).toBe('chx-12345678');
    expect(
      await refusal(
        admin.admin.updateProperty({
          params: { id: created.id },
          body: { ...body, propertyType: 'vehicle' },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'property_kind_fixed' });
    expect(
      (await refusal(admin.admin.createProperty({ body: { ...body, timezone: 'Mars/Olympus' } }))).fields?.[0]
        ?.field,
    ).toBe('timezone');
    const trail = await admin.admin.audit({ query: { objectType: 'property', objectId: created.id } });
    expect(trail.items.map((e) => e.action)).toEqual(['update', 'create']);
    expect(JSON.stringify(trail)).not.toContain('12345678');
  });

  it('sets the store of a property to Icelandic only, which its storefront then says; left out, it is kept', async () => {
    const body = propertyBody('Hótel Íslenska', 'stay@islenska.example', 'chx-87654321');
    const created = await admin.admin.createProperty({ body: { ...body, storeIcelandicOnly: true } });
    expect(created.storeIcelandicOnly).toBe(true);
    expect((await admin.admin.getProperty({ params: { id: created.id } })).storeIcelandicOnly).toBe(true);
    const slugName = `islenska-${Date.now()}`;
    await admin.stores.create({
      body: {
        propertyId: created.id,
        store: {
          name: 'Gjafabréf',
          slugName,
          titleFont: 'Playfair Display',
          textFont: 'Lato',
          termsAndConditions: 'Ekki skiptanlegt fyrir peninga.',
          bannerTitle: 'Gefðu nótt',
          bannerParagraph: 'Við höfnina.',
        },
      },
    });
    const icelandicOnly = async () =>
      (await server.client().store.get({ params: { storeSlug: slugName } })).property.icelandicOnly;
    expect(await icelandicOnly()).toBe(true);
    // An edit that leaves the switch out keeps it.
    const renamed = await admin.admin.updateProperty({
      params: { id: created.id },
      body: { ...body, name: 'Hótel Íslenska II' },
    });
    expect(renamed.storeIcelandicOnly).toBe(true);
    expect(await icelandicOnly()).toBe(true);
    const off = await admin.admin.updateProperty({
      params: { id: created.id },
      body: { ...body, storeIcelandicOnly: false },
    });
    expect(off.storeIcelandicOnly).toBe(false);
    expect(await icelandicOnly()).toBe(false);
    // The property's own staff do not set it: the admin's property form is the admin's alone.
    expect(
      (
        await refusal(
          hotelier.admin.updateProperty({
            params: { id: created.id },
            body: { ...body, storeIcelandicOnly: true },
          }),
        )
      ).status,
    ).toBe(403);
    const trail = await admin.admin.audit({ query: { objectType: 'property', objectId: created.id } });
    expect(trail.items[0]!.changes).toMatchObject({ storeIcelandicOnly: { from: true, to: false } });
  });
});

describe('the managers’ tab', () => {
  it('lists the selected property’s users for its manager, and refuses staff and other managers', async () => {
    const harbour = await propertyId('harbour-view');
    const list = await hotelier.managerUsers.list({ query: { propertyId: harbour } });
    expect(list.items.map((u) => u.email)).toContain(demoEmail('staff'));
    expect(list.items.every((u) => u.ternHotels.some((p) => p.propertyId === harbour))).toBe(true);
    // Staff see the property: refused by name (a manager's right, `managedProperty`), not hidden.
    expect(await refusal(staff.managerUsers.list({ query: { propertyId: harbour } }))).toMatchObject({
      status: 403,
      code: 'managers_only',
    });
    const hotelier2 = server.client(await server.signIn('hotelier2'));
    expect((await refusal(hotelier2.managerUsers.list({ query: { propertyId: harbour } }))).status).toBe(404);
    expect((await refusal(agent.managerUsers.list({ query: { propertyId: harbour } }))).status).toBe(403);
  });

  it('adds a user to the property; rows may name only properties the manager manages; no reseller link', async () => {
    const harbour = await propertyId('harbour-view');
    const alfama = await propertyId('casa-alfama');
    const base = {
      name: 'Night Porter',
      password: 'secret-1',
      confirmPassword: 'secret-1',
      propertyId: harbour,
    };
    const created = await hotelier.managerUsers.create({ body: { ...base, email: 'porter@example.com' } });
    expect(created.ternHotels.map((p) => [p.propertyId, p.role])).toEqual([[harbour, 'user']]);
    expect(
      (
        await refusal(
          hotelier.managerUsers.create({
            body: {
              ...base,
              email: 'porter2@example.com',
              ternHotelUsersAttributes: [{ ternHotelId: alfama, role: 'user' }],
            },
          }),
        )
      ).status,
    ).toBe(404);
    const agencyId = (await agent.auth.currentUser()).agent!.id;
    expect(
      (
        await refusal(
          hotelier.managerUsers.create({
            body: { ...base, email: 'porter3@example.com', agentId: agencyId },
          }),
        )
      ).status,
    ).toBe(403);
    expect(
      await server.db.one(
        `select 1 from users where email in ('porter2@example.com', 'porter3@example.com')`,
      ),
    ).toBeNull();
  });

  it('keeps a manager’s own record, admins and rows elsewhere out of reach', async () => {
    const harbour = await propertyId('harbour-view');
    const me = await userId('hotelier');
    const mine = await hotelier.managerUsers.get({ params: { id: me }, query: { propertyId: harbour } });
    expect(mine.isChangeable).toBe(false);
    expect(
      await refusal(
        hotelier.managerUsers.update({
          params: { id: me },
          body: {
            name: 'Helga',
            propertyId: harbour,
            ternHotelUsersAttributes: [{ ternHotelId: harbour, role: 'user' }],
          },
        }),
      ),
    ).toMatchObject({ status: 403, code: 'not_changeable' });
    // Her name she may change.
    await expect(
      hotelier.managerUsers.update({ params: { id: me }, body: { name: 'Helga S.', propertyId: harbour } }),
    ).resolves.toMatchObject({ name: 'Helga S.' });
    expect(
      (
        await refusal(
          hotelier.managerUsers.setStatus({
            params: { id: me },
            body: { status: 'blocked', propertyId: harbour },
          }),
        )
      ).status,
    ).toBe(403);
    // Staff: promoted to manager of harbour-view by her; e-mail changes are the admin's.
    const staffId = await userId('staff');
    const promoted = await hotelier.managerUsers.update({
      params: { id: staffId },
      body: {
        name: 'Sigurður Ólafsson',
        propertyId: harbour,
        ternHotelUsersAttributes: [{ ternHotelId: harbour, role: 'manager' }],
      },
    });
    expect(promoted.ternHotels.map((p) => p.role)).toEqual(['manager']);
    expect(
      (
        await refusal(
          hotelier.managerUsers.update({
            params: { id: staffId },
            body: { name: 'S', email: 'other@example.com', propertyId: harbour },
          }),
        )
      ).status,
    ).toBe(403);
    // A co-manager now: her account is the admin's (a manager's reach ends where their company ends), so she does not demote him; the admin does.
    const demote = {
      name: 'Sigurður Ólafsson',
      ternHotelUsersAttributes: [{ ternHotelId: harbour, role: 'user' as const }],
    };
    expect(
      await refusal(
        hotelier.managerUsers.update({ params: { id: staffId }, body: { ...demote, propertyId: harbour } }),
      ),
    ).toMatchObject({ status: 403, code: 'user_beyond_reach' });
    await admin.admin.updateUser({ params: { id: staffId }, body: demote });
    // Someone of another property is not hers to see.
    const hotelier2Id = await userId('hotelier2');
    expect(
      (
        await refusal(
          hotelier.managerUsers.get({ params: { id: hotelier2Id }, query: { propertyId: harbour } }),
        )
      ).status,
    ).toBe(404);
  });
});
