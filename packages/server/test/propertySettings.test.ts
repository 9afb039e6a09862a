import { ApiError, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// Property details (document 2 §3): what the staff save is what resellers see on the property page and in
// search at once; facilities come from the catalogue; the property is the caller's.

let server: TestServer;
let hotelier: TernClient;
let agent: TernClient;
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
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  agent = server.client(await server.signIn('agent'));
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
}, 120_000);
afterAll(() => server?.close());

describe('property details', () => {
  it('are saved and shown to resellers at once, on the property page and in search', async () => {
    const before = await hotelier.propertySettings.get({ params: { id: propertyId } });
    expect(before).toMatchObject({
      kind: 'accommodation',
      propertyType: 'hotel',
      title: 'Harbour View Hotel',
    });
    const options = await hotelier.propertySettings.facilityOptions();
    expect(options.categories.map((c) => c.code)).toContain('wellness');
    const saved = await hotelier.propertySettings.update({
      params: { id: propertyId },
      body: {
        ...before,
        title: 'Harbour View Boutique Hotel',
        propertyType: 'inn',
        orderNumberPrefix: 'HVB',
        content: { description: 'By the old harbour.', importantInformation: 'Reception closes at 23:00.' },
        facilities: ['sauna', 'free_wifi', 'sauna'],
        latitude: 64.15,
        longitude: -21.94,
      },
    });
    expect(saved).toMatchObject({
      title: 'Harbour View Boutique Hotel',
      propertyType: 'inn',
      orderNumberPrefix: 'HVB',
      facilities: [
        { categoryCode: 'general', facilityCodes: ['free_wifi'] },
        { categoryCode: 'wellness', facilityCodes: ['sauna'] },
      ],
      latitude: 64.15,
    });
    const page = await agent.engine.info({ params: { kind: 'accommodations', id: propertyId } });
    expect(page).toMatchObject({ title: 'Harbour View Boutique Hotel', description: 'By the old harbour.' });
    expect(page.location).toEqual({ latitude: 64.15, longitude: -21.94 });
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const search = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: {
        checkinDate: day(30),
        checkoutDate: day(32),
        currency: 'EUR',
        filter: { title: { has: 'Boutique' } },
      },
    });
    expect(search.items.map((p) => p.title)).toContain('Harbour View Boutique Hotel');
    const admin = server.client(await server.signIn('admin'));
    const trail = await admin.admin.audit({ query: { objectType: 'property', objectId: propertyId } });
    expect(trail.items[0]).toMatchObject({ action: 'update_details', actorEmail: 'hotelier@demo.tern.test' });
    expect(trail.items[0]!.changes.title).toEqual({
      from: 'Harbour View Hotel',
      to: 'Harbour View Boutique Hotel',
    });
  });

  it('refuse unknown facilities and currencies, a half position, and another’s property', async () => {
    const details = await hotelier.propertySettings.get({ params: { id: propertyId } });
    const body = { ...details, facilities: details.facilities.flatMap((g) => g.facilityCodes) };
    expect(
      (
        await refusal(
          hotelier.propertySettings.update({
            params: { id: propertyId },
            body: { ...body, facilities: ['moat'] },
          }),
        )
      ).fields,
    ).toEqual([
      {
        field: 'facilities',
        code: 'unknown_facilities',
        params: { names: 'moat' },
        message: 'Some facilities are not in the catalogue: moat.',
      },
    ]);
    // A unit facility is not a property's.
    expect(
      (
        await refusal(
          hotelier.propertySettings.update({
            params: { id: propertyId },
            body: { ...body, facilities: ['minibar'] },
          }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await refusal(
          hotelier.propertySettings.update({
            params: { id: propertyId },
            body: { ...body, currency: 'XYZ' },
          }),
        )
      ).fields?.[0]?.field,
    ).toBe('currency');
    expect(
      (
        await refusal(
          hotelier.propertySettings.update({ params: { id: propertyId }, body: { ...body, title: ' ' } }),
        )
      ).fields?.[0]?.field,
    ).toBe('title');
    expect(
      (
        await refusal(
          hotelier.propertySettings.update({
            params: { id: propertyId },
            body: { ...body, latitude: 10, longitude: null },
          }),
        )
      ).status,
    ).toBe(400);
    const hotelier2 = server.client(await server.signIn('hotelier2'));
    expect((await refusal(hotelier2.propertySettings.get({ params: { id: propertyId } }))).status).toBe(404);
    expect((await refusal(agent.propertySettings.get({ params: { id: propertyId } }))).status).toBe(403);
  });
});
