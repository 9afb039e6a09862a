import { ApiError, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayAt } from '../src/clock.js';
import { takePromoCode } from '../src/services/promoCodes.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Promo codes (document 2 §2–§5, §8; DECISIONS 12, 23): a property's staff list, make and change them; the code
// is unique in the property; the range may not begin before the property's today; uses never pass the limit.

let server: TestServer;
let hotelier: TernClient;
let propertyId: string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, fields: error.fields };
    throw error;
  }
  throw new Error('expected a refusal');
};
const base = () => ({
  propertyId,
  name: 'Winter sale',
  code: `WINTER${Math.floor(Math.random() * 1e6)}`,
  codeType: 'percentage' as const,
  amount: 10,
  status: 'active' as const,
  appliesTo: [],
});

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
}, 120_000);
afterAll(() => server?.close());

describe('promo codes', () => {
  it('are made, listed newest first 10 a page, searched, and changed', async () => {
    const made = await hotelier.promoCodes.create({ body: { ...base(), code: 'SUMMER24', usageLimit: 3 } });
    expect(made).toMatchObject({
      code: 'SUMMER24',
      usageLimit: 3,
      usageCount: 0,
      validFrom: null,
      appliesTo: [],
    });
    for (let i = 0; i < 11; i++) await hotelier.promoCodes.create({ body: base() });
    const page = await hotelier.promoCodes.list({ query: { propertyId } });
    expect(page.meta).toMatchObject({ page: 1, limit: 10, total: 12 });
    expect(page.items).toHaveLength(10);
    const found = await hotelier.promoCodes.list({ query: { propertyId, term: 'summer' } });
    expect(found.items.map((p) => p.id)).toEqual([made.id]);
    const changed = await hotelier.promoCodes.update({
      params: { id: made.id },
      body: {
        ...base(),
        code: 'SUMMER24',
        codeType: 'fixed_amount',
        amount: 2500,
        validFrom: day(1),
        validTo: day(30),
      },
    });
    expect(changed).toMatchObject({
      codeType: 'fixed_amount',
      amount: 2500,
      validFrom: day(1),
      usageLimit: null,
    });
    const admin = server.client(await server.signIn('admin'));
    const trail = await admin.admin.audit({ query: { objectType: 'promoCode', objectId: made.id } });
    expect(trail.items.map((e) => e.action)).toEqual(['update', 'create']);
    expect(trail.items[0]!.changes.amount).toEqual({ from: 10, to: 2500 });
  });

  it('refuses a duplicate code (any case), a range before today, a percentage over 100, and short texts', async () => {
    await hotelier.promoCodes.create({ body: { ...base(), code: 'DUPLICATE' } });
    expect(
      await refusal(hotelier.promoCodes.create({ body: { ...base(), code: 'duplicate' } })),
    ).toMatchObject({
      status: 409,
      code: 'promo_code_taken',
    });
    expect(
      (await refusal(hotelier.promoCodes.create({ body: { ...base(), validFrom: day(-2) } }))).fields,
    ).toEqual([
      {
        field: 'validFrom',
        code: 'valid_from_past',
        params: { today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
        message: expect.stringMatching(/pick \d{4}-\d{2}-\d{2} or later\.$/),
      },
    ]);
    expect(
      (await refusal(hotelier.promoCodes.create({ body: { ...base(), amount: 150 } }))).fields?.[0]?.field,
    ).toBe('amount');
    expect(
      (await refusal(hotelier.promoCodes.create({ body: { ...base(), name: 'x' } }))).fields?.[0]?.field,
    ).toBe('name');
    expect(
      (await refusal(hotelier.promoCodes.create({ body: { ...base(), code: 'TWO WORDS' } }))).status,
    ).toBe(400);
    // A cleared range is empty strings: no range.
    const open = await hotelier.promoCodes.create({ body: { ...base(), validFrom: '', validTo: '' } });
    expect(open).toMatchObject({ validFrom: null, validTo: null });
  });

  it('keeps a range that already began when the code is changed', async () => {
    const made = await hotelier.promoCodes.create({
      body: { ...base(), validFrom: day(0), validTo: day(10) },
    });
    await server.db.query('update promo_codes set valid_from = $2 where id = $1', [made.id, day(-5)]);
    await expect(
      hotelier.promoCodes.update({
        params: { id: made.id },
        body: { ...base(), name: 'Renamed', validFrom: day(-5), validTo: day(10) },
      }),
    ).resolves.toMatchObject({ name: 'Renamed', validFrom: day(-5) });
  });

  it('is the property’s: staff of another property and agents are refused', async () => {
    const made = await hotelier.promoCodes.create({ body: base() });
    const hotelier2 = server.client(await server.signIn('hotelier2'));
    expect((await refusal(hotelier2.promoCodes.list({ query: { propertyId } }))).status).toBe(404);
    expect(
      (await refusal(hotelier2.promoCodes.get({ params: { id: made.id }, query: { propertyId } }))).status,
    ).toBe(404);
    const agent = server.client(await server.signIn('agent'));
    expect((await refusal(agent.promoCodes.list({ query: { propertyId } }))).status).toBe(403);
  });

  it('never passes its usage limit, however many purchases take it at once', async () => {
    const made = await hotelier.promoCodes.create({ body: { ...base(), code: 'FIVEONLY', usageLimit: 5 } });
    const today = todayAt(server.clock, 'Atlantic/Reykjavik');
    const taken = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.db.transaction((tx) => takePromoCode(tx, propertyId, 'fiveonly', today)),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(
      (await hotelier.promoCodes.get({ params: { id: made.id }, query: { propertyId } })).usageCount,
    ).toBe(5);
    // An inactive or out-of-range code is not taken.
    const later = await hotelier.promoCodes.create({ body: { ...base(), code: 'LATER', validFrom: day(5) } });
    expect(await server.db.transaction((tx) => takePromoCode(tx, propertyId, later.code, today))).toBeNull();
    expect(
      (
        await refusal(
          hotelier.promoCodes.update({
            params: { id: made.id },
            body: { ...base(), code: 'FIVEONLY', usageLimit: 2 },
          }),
        )
      ).fields?.[0]?.field,
    ).toBe('usageLimit');
  });
});
