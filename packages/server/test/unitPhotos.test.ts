import { MAX_PHOTOS, type TernClient } from '@tern/sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPhotoRules, refusal, waitingUploads } from './helpers/photoRules.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// A unit's photos (document 2 §3 Unit, Photo): saved by the property photos' rules — in order, described, the
// property's own uploads, each once, at most 100 shown, removed ones kept — in the unit's columns, which the
// engine's rates table shows; only for a unit of a property the caller works at.

let server: TestServer;
let hotelier: TernClient;
let agent: TernClient;
let propertyId: string;
let unitId: string;
let otherPropertyId: string;
let otherUnitId: string;

const png = (background: string) =>
  sharp({ create: { width: 60, height: 40, channels: 4, background } })
    .png()
    .toBuffer();
const upload = async (client: TernClient, background: string, id = propertyId) =>
  client.photos.upload({
    body: {
      image: new File([(await png(background)) as Uint8Array<ArrayBuffer>], 'room.png'),
      propertyId: id,
    },
  });
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  agent = server.client(await server.signIn('agent'));
  const unitOf = async (key: string) =>
    (await server.db.one<{ id: string; property_id: string }>(
      `select u.id, u.property_id from units u join properties p on p.id = u.property_id
        where p.key = $1 order by u.position, u.id limit 1`,
      [key],
    ))!;
  ({ id: unitId, property_id: propertyId } = await unitOf('harbour-view'));
  ({ id: otherUnitId, property_id: otherPropertyId } = await unitOf('casa-alfama'));
}, 120_000);
afterAll(() => server?.close());

describe('a unit’s photos', () => {
  it('are saved and reordered, removed ones kept, and the engine shows the shown ones in order', async () => {
    const before = await hotelier.roomsAndRates.unitPhotos({ params: { roomTypeId: unitId } });
    expect(before).toMatchObject({ logoUrl: null, maxPhotos: MAX_PHOTOS });
    const red = await upload(hotelier, '#e74c3c');
    const green = await upload(hotelier, '#27ae60');
    const blue = await upload(hotelier, '#2980b9');
    const saved = await hotelier.roomsAndRates.saveUnitPhotos({
      params: { roomTypeId: unitId },
      body: {
        photos: [
          { url: red.publicUrl, description: 'The bed', kind: 'photo' },
          { url: green.publicUrl, description: 'The view', kind: 'photo' },
          { url: blue.publicUrl, description: 'The bath', kind: 'ad' },
        ],
      },
    });
    expect(
      saved.photos
        .filter((p) => !p.isRemoved)
        .map((p) => [p.url, p.position, p.kind, p.roomTypeId, p.propertyId]),
    ).toEqual([
      [red.publicUrl, 0, 'photo', unitId, propertyId],
      [green.publicUrl, 1, 'photo', unitId, propertyId],
      [blue.publicUrl, 2, 'ad', unitId, propertyId],
    ]);
    // The unit's demo photos, left out, are kept as removed.
    const demo = before.photos.filter((p) => !p.isRemoved).map((p) => p.url);
    expect(
      saved.photos
        .filter((p) => p.isRemoved)
        .map((p) => p.url)
        .sort(),
    ).toEqual([...demo].sort());

    // Reordered, the red one removed.
    const next = await hotelier.roomsAndRates.saveUnitPhotos({
      params: { roomTypeId: unitId },
      body: {
        photos: [
          { url: blue.publicUrl, description: 'The bathroom', kind: 'photo' },
          { url: green.publicUrl, description: 'The view', kind: 'photo' },
          { url: red.publicUrl, description: 'The bed', kind: 'photo', isRemoved: true },
        ],
      },
    });
    expect(next.photos.filter((p) => !p.isRemoved).map((p) => [p.url, p.position, p.description])).toEqual([
      [blue.publicUrl, 0, 'The bathroom'],
      [green.publicUrl, 1, 'The view'],
    ]);
    expect(next.photos.find((p) => p.url === red.publicUrl)).toMatchObject({
      isRemoved: true,
      position: null,
    });
    expect(await hotelier.roomsAndRates.unitPhotos({ params: { roomTypeId: unitId } })).toEqual(next);
    // The property's own photos are untouched.
    expect(
      (await hotelier.photos.list({ params: { id: propertyId } })).photos.map((p) => p.url),
    ).not.toContain(blue.publicUrl);

    const rates = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: propertyId },
      query: { checkinDate: day(30), checkoutDate: day(32), currency: 'EUR' },
    });
    expect(rates.items.find((u) => u.id === unitId)?.photos).toEqual([
      { url: blue.publicUrl, description: 'The bathroom' },
      { url: green.publicUrl, description: 'The view' },
    ]);

    const admin = server.client(await server.signIn('admin'));
    const trail = await admin.admin.audit({ query: { objectType: 'property', objectId: propertyId } });
    expect(trail.items[0]).toMatchObject({
      action: 'update_unit_photos',
      actorEmail: 'hotelier@demo.tern.test',
    });
  });

  it('need a description, the property’s own uploads, each once, and at most 100 shown', async () => {
    const mine = await upload(hotelier, '#16a085');
    const hotelier2 = server.client(await server.signIn('hotelier2'));
    const theirs = await upload(hotelier2, '#8e44ad', otherPropertyId);
    await expectPhotoRules(
      (photos) =>
        refusal(hotelier.roomsAndRates.saveUnitPhotos({ params: { roomTypeId: unitId }, body: { photos } })),
      mine.publicUrl,
      theirs.publicUrl,
    );
  });

  it('are only for a unit of a property the caller works at', async () => {
    const theirs = () =>
      server.db.one('select photos, removed_photos from units where id = $1', [otherUnitId]);
    const before = await theirs();
    expect(
      await refusal(hotelier.roomsAndRates.unitPhotos({ params: { roomTypeId: otherUnitId } })),
    ).toMatchObject({ status: 404, code: 'unit_not_found' });
    expect(
      await refusal(
        hotelier.roomsAndRates.saveUnitPhotos({ params: { roomTypeId: otherUnitId }, body: { photos: [] } }),
      ),
    ).toMatchObject({ status: 404, code: 'unit_not_found' });
    expect((await refusal(agent.roomsAndRates.unitPhotos({ params: { roomTypeId: unitId } }))).status).toBe(
      403,
    );
    expect(await theirs()).toEqual(before);
  });

  it('free their uploads from the property’s upload limit once saved', async () => {
    const admin = server.client(await server.signIn('admin'));
    const third = (await server.db.one<{ id: string; unit: string }>(
      `select p.id, min(u.id::text) as unit from properties p join units u on u.property_id = p.id
        where p.id <> all($1) and p.kind = 'accommodation' group by p.id order by p.id limit 1`,
      [[propertyId, otherPropertyId]],
    ))!;
    const { photos } = await admin.photos.list({ params: { id: third.id } });
    const shown = photos.filter((p) => !p.isRemoved).length;
    // Uploads nothing shows, up to one short of the 100 photos and the logo (recorded as the store would).
    await waitingUploads(server.db, third.id, 'beef', MAX_PHOTOS - shown);
    const last = await upload(admin, '#d35400', third.id);
    expect((await refusal(upload(admin, '#c0392b', third.id))).code).toBe('too_many_uploads');
    await admin.roomsAndRates.saveUnitPhotos({
      params: { roomTypeId: third.unit },
      body: { photos: [{ url: last.publicUrl, description: 'The room' }] },
    });
    expect((await upload(admin, '#c0392b', third.id)).publicUrl).toMatch(/^\/photos\/uploads\//);
  });
});
