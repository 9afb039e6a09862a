import { AUDITED_OBJECTS, type AuditEntry, type AuditedObject, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, startTestServer, type TestServer } from './helpers/server.js';

// The audit trail is whole: the endpoint reads every kind of object the server writes
// (purchases, PDF templates and stores were refused), sign-ins (failed and not), one's own password change,
// exports and PDF downloads are recorded, and every entry carries the caller's address and user agent.

let server: TestServer;
let admin: TernClient;
let hotelier: TernClient;
let propertyId: string;
let plan: { roomTypeId: string; ratePlanId: string };
let storeId: string;

const trail = (objectType: AuditedObject, objectId: string) =>
  admin.admin.audit({ query: { objectType, objectId } }).then((r) => r.items);
const userId = async (login: string) =>
  (await server.db.one<{ id: string }>('select id from users where email = $1', [demoEmail(login)]))!.id;
/** Signs in over plain HTTP with a user agent of the test's own. */
const signInAs = (login: string, password: string, userAgent: string) =>
  server.fetch('/api/v1/sessions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ session: { email: demoEmail(login), password } }),
  });

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client(await server.signIn('admin'));
  hotelier = server.client(await server.signIn('hotelier'));
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
  const row = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  plan = { roomTypeId: row.unit_id, ratePlanId: row.id };
  storeId = (await server.db.one<{ id: string }>('select id from stores where property_id = $1 limit 1', [
    propertyId,
  ]))!.id;
}, 120_000);
afterAll(() => server?.close());

describe('the audit trail', () => {
  it('reads every kind of object it writes: purchases, PDF templates and stores too', async () => {
    expect(AUDITED_OBJECTS).toEqual(expect.arrayContaining(['giftCardPurchase', 'pdfTemplate', 'store']));
    const type = await hotelier.giftCards.createType({
      body: {
        propertyId,
        title: 'Audited',
        description: 'x',
        price: 100,
        limit: 10,
        storeIds: [storeId],
        ratePlans: [plan],
        publish: true,
      },
    });
    const purchase = await hotelier.giftCardPurchases.create({
      body: {
        propertyId,
        giftCardTypeId: type.id,
        name: 'Acme',
        email: 'buyer@acme.example',
        netPrice: 90,
        quantity: 2,
        purchaseState: 'unpaid',
        recipientsInfo: [],
      },
    });
    const template = await hotelier.giftCardPdfs.duplicateTemplate({
      params: { id: (await hotelier.giftCardPdfs.listTemplates({ query: { propertyId } })).items[0]!.id },
      body: { propertyId, name: 'Audited copy' },
    });
    const store = await hotelier.stores.create({
      body: {
        propertyId,
        store: {
          name: 'Audited gifts',
          slugName: `audited-gifts-${Date.now()}`,
          titleFont: 'Playfair Display',
          textFont: 'Lato',
          termsAndConditions: 'No cash value.',
          bannerTitle: 'Give a night',
          bannerParagraph: 'By the Old Harbour.',
        },
      },
    });
    for (const [kind, id, action] of [
      ['giftCardPurchase', purchase.id, 'create'],
      ['pdfTemplate', template.id, 'duplicate'],
      ['store', store.id, 'create'],
    ] as const) {
      const items = await trail(kind, id);
      expect(
        items.map((e) => e.action),
        kind,
      ).toContain(action);
      expect(items[0]).toMatchObject({
        objectType: kind,
        objectId: id,
        actorEmail: demoEmail('hotelier'),
        actorName: 'Helga Sigurðardóttir',
      });
      expect(items[0]!.ip).toMatch(/127\.0\.0\.1|::1/);
    }
  });

  it('records sign-ins and refused ones, with the address and user agent', async () => {
    const id = await userId('agent2');
    expect((await signInAs('agent2', 'not-the-password', 'AuditTest/1 (wrong)')).status).toBe(401);
    expect((await signInAs('agent2', PASSWORD, 'AuditTest/1 (right)')).status).toBe(200);
    const items = (await trail('user', id)).filter((e) => e.action.startsWith('sign_in'));
    const [ok, failed] = items as [AuditEntry, AuditEntry];
    expect(ok).toMatchObject({ action: 'sign_in', userAgent: 'AuditTest/1 (right)' });
    expect(ok.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(failed).toMatchObject({
      action: 'sign_in_failed',
      userAgent: 'AuditTest/1 (wrong)',
      changes: { reason: { from: null, to: 'invalid_credentials' } },
    });
  });

  it('records exports and PDF downloads, which change nothing', async () => {
    const type = await hotelier.giftCards.createType({
      body: {
        propertyId,
        title: 'Downloaded',
        description: 'x',
        price: 100,
        limit: 10,
        storeIds: [storeId],
        ratePlans: [plan],
        publish: true,
      },
    });
    const { cards } = await hotelier.giftCards.issue({
      params: { id: type.id },
      body: { propertyId, recipients: [{ rowKey: 'jon', name: 'Jon', email: 'jon@example.com' }] },
    });
    await hotelier.giftCardPdfs.cardPdf({ params: { id: cards[0]!.id }, query: { propertyId } });
    expect((await trail('giftCard', cards[0]!.id))[0]).toMatchObject({
      action: 'download_pdf',
      actorEmail: demoEmail('hotelier'),
    });
    await hotelier.giftCards.export({ query: { propertyId, exportFormat: 'csv' } });
    const exported = (await trail('property', propertyId)).find((e) => e.action === 'export_gift_cards');
    expect(exported).toMatchObject({ changes: { exportFormat: { from: null, to: 'csv' } } });
  });

  it('records one’s own password change', async () => {
    const me = server.client(await server.signIn('hotelier2'));
    await me.auth.changePassword({
      body: { oldPassword: PASSWORD, password: 'a-new-password-42', confirmPassword: 'a-new-password-42' },
    });
    const items = await trail('user', await userId('hotelier2'));
    expect(items.find((e) => e.action === 'change_password')).toMatchObject({
      actorEmail: demoEmail('hotelier2'),
      changes: { password: { from: null, to: '[secret]' } },
    });
  });
});
