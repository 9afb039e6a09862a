import { ApiError, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSecret } from '../src/services/paymentProviders.js';
import { openSecret, parseSecretKey, providerSecretContext, sealSecret } from '../src/services/secrets.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Payment providers (document 2 §2–§5, §8): required fields per provider, one default that cannot be deleted,
// Valitor not creatable, Stripe through an onboarding and never deleted, secrets sealed and masked.

const KEY = Buffer.alloc(32, 7);
const KEYS = { current: KEY, previous: null };
let server: TestServer;
let hotelier: TernClient;
let propertyId: string;
const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, fields: error.fields };
    throw error;
  }
  throw new Error('expected a refusal');
};

beforeAll(async () => {
  server = await startTestServer({ secretKey: KEY });
  hotelier = server.client(await server.signIn('hotelier'));
  propertyId = (await server.db.one<{ id: string }>(
    `select id from properties where key = 'laugavegur-townhouse'`,
  ))!.id;
}, 120_000);
afterAll(() => server?.close());

describe('secrets at rest', () => {
  it('seal with a fresh nonce, open only under the same key, and refuse tampering', () => {
    const at = providerSecretContext('p-1', 'secretKey');
    const a = sealSecret(KEY, 'sk_live_123', at);
    expect(a).not.toContain('sk_live');
    expect(sealSecret(KEY, 'sk_live_123', at)).not.toBe(a);
    expect(openSecret(KEYS, a, at)).toBe('sk_live_123');
    expect(openSecret({ current: Buffer.alloc(32, 8), previous: null }, a, at)).toBeNull();
    expect(openSecret(KEYS, `${a.slice(0, -2)}AA`, at)).toBeNull();
    expect(parseSecretKey(KEY.toString('base64'))).toEqual(KEY);
    expect(parseSecretKey(KEY.toString('hex'))).toEqual(KEY);
    expect(parseSecretKey('short')).toBeNull();
    expect(parseSecretKey(Buffer.alloc(31, 1).toString('base64'))).toBeNull();
  });
});

describe('payment providers', () => {
  it('need their fields, keep secrets sealed and masked, and make the first one the default', async () => {
    const missing = await refusal(
      hotelier.paymentProviders.create({
        body: { propertyId, provider: { name: 'borgun', default: false, details: { merchantId: 'M1' } } },
      }),
    );
    expect(missing.fields?.map((f) => f.field)).toEqual([
      'provider.details.paymentGatewayId',
      'provider.details.secretKey',
    ]);
    const borgun = await hotelier.paymentProviders.create({
      body: {
        propertyId,
        provider: {
          name: 'borgun',
          default: false,
          details: { merchantId: 'M1', paymentGatewayId: 'G1', secretKey: 'borgun-secret-9876' },
        },
      },
    });
    expect(borgun).toMatchObject({
      name: 'borgun',
      default: true,
      details: { merchantId: 'M1', secretKey: '••••••••9876' },
    });
    const stored = await server.db.one<{ secrets: Record<string, string> }>(
      'select secrets from payment_providers where id = $1',
      [borgun.id],
    );
    expect(JSON.stringify(stored)).not.toContain('borgun-secret');
    expect(await providerSecret(server.db, KEYS, borgun.id, 'secretKey')).toBe('borgun-secret-9876');
    // Sent back masked: the stored secret stays.
    await hotelier.paymentProviders.update({
      params: { id: borgun.id },
      body: { propertyId, provider: { default: true, details: { ...borgun.details, merchantId: 'M2' } } },
    });
    expect(await providerSecret(server.db, KEYS, borgun.id, 'secretKey')).toBe('borgun-secret-9876');
    const listed = await hotelier.paymentProviders.list({ query: { propertyId } });
    expect(listed.items.find((p) => p.id === borgun.id)?.details.merchantId).toBe('M2');
    expect(JSON.stringify(listed)).not.toContain('borgun-secret');
    // Every write is in the admin's trail, the secret masked.
    const admin = server.client(await server.signIn('admin'));
    const trail = await admin.admin.audit({ query: { objectType: 'paymentProvider', objectId: borgun.id } });
    expect(trail.items.map((e) => [e.action, e.actorEmail])).toEqual([
      ['update', 'hotelier@demo.tern.test'],
      ['create', 'hotelier@demo.tern.test'],
    ]);
    expect(trail.items[0]!.changes.merchantId).toEqual({ from: 'M1', to: 'M2' });
    expect(JSON.stringify(trail)).not.toContain('borgun-secret');
  });

  it('refuse a new Valitor, move the default, and keep the default and Stripe from deletion', async () => {
    expect(
      await refusal(
        hotelier.paymentProviders.create({
          body: {
            propertyId,
            provider: {
              name: 'valitor',
              default: false,
              details: { valitorIdentifier: 'x', valitorVerificationCode: 'y' },
            },
          },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'provider_deprecated' });
    const nets = await hotelier.paymentProviders.create({
      body: {
        propertyId,
        provider: {
          name: 'nets',
          default: true,
          details: { secretKey: 'nets-s', checkoutKey: 'ck', merchantId: 'm' },
        },
      },
    });
    const all = await hotelier.paymentProviders.list({ query: { propertyId } });
    expect(all.items.filter((p) => p.default).map((p) => p.id)).toEqual([nets.id]);
    expect(
      await refusal(hotelier.paymentProviders.delete({ params: { id: nets.id }, query: { propertyId } })),
    ).toMatchObject({
      status: 409,
      code: 'default_provider',
    });
    const other = all.items.find((p) => p.id !== nets.id)!;
    await hotelier.paymentProviders.delete({ params: { id: other.id }, query: { propertyId } });
    expect(
      (await hotelier.paymentProviders.list({ query: { propertyId } })).items.map((p) => p.id),
    ).not.toContain(other.id);
  });

  it('connect Stripe through an onboarding link that activates the account once', async () => {
    const stripe = await hotelier.paymentProviders.create({
      body: { propertyId, provider: { name: 'stripe', default: false, details: {} } },
    });
    expect(stripe.details).toMatchObject({
      accountActive: false,
      onboardingAccountUrl: expect.stringMatching(/\/stripe\/connect\//),
    });
    expect(
      await refusal(
        hotelier.paymentProviders.update({
          params: { id: stripe.id },
          body: { propertyId, provider: { default: true, details: {} } },
        }),
      ),
    ).toMatchObject({
      status: 409,
      code: 'stripe_not_active',
    });
    const path = new URL(stripe.details.onboardingAccountUrl!).pathname;
    const shown = await server.fetch(path);
    const page = await shown.text();
    expect(page).toContain('Finish onboarding');
    // Every page of it leads back to Tern's payment providers.
    const back = /<a href="([^"]+)">Back to Tern<\/a>/;
    expect(back.exec(page)?.[1]).toMatch(/\/settings\/payment-providers$/);
    const finished = await server.fetch(path, { method: 'POST' });
    expect(finished.status).toBe(200);
    expect(await finished.text()).toMatch(back);
    const again = await server.fetch(path, { method: 'POST' });
    expect(again.status).toBe(404);
    expect(await again.text()).toMatch(back);
    const connected = (await hotelier.paymentProviders.list({ query: { propertyId } })).items.find(
      (p) => p.id === stripe.id,
    )!;
    expect(connected.details).toMatchObject({ accountActive: true, onboardingAccountUrl: null });
    expect(
      await refusal(
        hotelier.paymentProviders.stripeConnect({ params: { id: stripe.id }, body: { propertyId } }),
      ),
    ).toMatchObject({
      code: 'stripe_active',
    });
    expect(
      await refusal(hotelier.paymentProviders.delete({ params: { id: stripe.id }, query: { propertyId } })),
    ).toMatchObject({
      code: 'stripe_not_deletable',
    });
  });

  it('belong to the property: another hotelier and an agent are refused', async () => {
    const hotelier2 = server.client(await server.signIn('hotelier2'));
    expect((await refusal(hotelier2.paymentProviders.list({ query: { propertyId } }))).status).toBe(404);
    const agent = server.client(await server.signIn('agent'));
    expect((await refusal(agent.paymentProviders.list({ query: { propertyId } }))).status).toBe(403);
  });
});

describe('masked secrets', () => {
  it('show the last 4 characters of a long secret, and nothing of one of 8 characters or fewer', async () => {
    const masks: Record<string, string | undefined> = {};
    // Letters beyond hex: no id or timestamp in the listing can contain them by chance.
    for (const secret of ['qr12', 'qrst1234', 'qrstu56789']) {
      const rapyd = await hotelier.paymentProviders.create({
        body: {
          propertyId,
          provider: { name: 'rapyd', default: false, details: { secretKey: secret, accessKey: secret } },
        },
      });
      masks[secret] = rapyd.details.secretKey;
      expect(rapyd.details.accessKey).toBe(rapyd.details.secretKey);
    }
    expect(masks).toEqual({ qr12: '••••••••', qrst1234: '••••••••', qrstu56789: '••••••••6789' });
    const listed = JSON.stringify(await hotelier.paymentProviders.list({ query: { propertyId } }));
    expect(listed).not.toContain('qr12');
    expect(listed).not.toContain('qrst');
  });
});

describe('who writes them', () => {
  it('a manager of the property adds, changes, connects and deletes; its staff only see the masked list (403)', async () => {
    const harbour = (await server.db.one<{ id: string }>(
      `select id from properties where key = 'harbour-view'`,
    ))!.id;
    const staff = server.client(await server.signIn('staff'));
    const refusedStaff = { status: 403, code: 'managers_only' };
    const details = { merchantId: 'HV', paymentGatewayId: 'G', secretKey: 'harbour-secret-5555' };
    expect(
      await refusal(
        staff.paymentProviders.create({
          body: { propertyId: harbour, provider: { name: 'borgun', default: false, details } },
        }),
      ),
    ).toMatchObject(refusedStaff);
    const borgun = await hotelier.paymentProviders.create({
      body: { propertyId: harbour, provider: { name: 'borgun', default: true, details } },
    });
    const stripe = await hotelier.paymentProviders.create({
      body: { propertyId: harbour, provider: { name: 'stripe', default: false, details: {} } },
    });
    const seen = await staff.paymentProviders.list({ query: { propertyId: harbour } });
    expect(seen.items.find((p) => p.id === borgun.id)?.details.secretKey).toBe('••••••••5555');
    expect(JSON.stringify(seen)).not.toContain('harbour-secret');
    expect(
      await refusal(
        staff.paymentProviders.update({
          params: { id: borgun.id },
          body: {
            propertyId: harbour,
            provider: { default: true, details: { ...details, merchantId: 'X' } },
          },
        }),
      ),
    ).toMatchObject(refusedStaff);
    expect(
      await refusal(
        staff.paymentProviders.stripeConnect({ params: { id: stripe.id }, body: { propertyId: harbour } }),
      ),
    ).toMatchObject(refusedStaff);
    const nets = await hotelier.paymentProviders.create({
      body: {
        propertyId: harbour,
        provider: {
          name: 'nets',
          default: false,
          details: { secretKey: 'nets-secret-1', checkoutKey: 'c', merchantId: 'm' },
        },
      },
    });
    expect(
      await refusal(
        staff.paymentProviders.delete({ params: { id: nets.id }, query: { propertyId: harbour } }),
      ),
    ).toMatchObject(refusedStaff);
    // Nothing the staff sent changed anything.
    const after = await hotelier.paymentProviders.list({ query: { propertyId: harbour } });
    expect(after.items.map((p) => [p.name, p.details.merchantId ?? null])).toEqual([
      ['borgun', 'HV'],
      ['stripe', null],
      ['nets', 'm'],
    ]);
    // The manager may do each of them.
    const changed = await hotelier.paymentProviders.update({
      params: { id: borgun.id },
      body: { propertyId: harbour, provider: { default: true, details: { ...details, merchantId: 'HV2' } } },
    });
    expect(changed.details.merchantId).toBe('HV2');
    const again = await hotelier.paymentProviders.stripeConnect({
      params: { id: stripe.id },
      body: { propertyId: harbour },
    });
    expect(again.details.onboardingAccountUrl).toMatch(/\/stripe\/connect\//);
    await hotelier.paymentProviders.delete({ params: { id: nets.id }, query: { propertyId: harbour } });
    expect((await hotelier.paymentProviders.list({ query: { propertyId: harbour } })).items).toHaveLength(2);
  });
});
