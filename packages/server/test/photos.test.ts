import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_PHOTOS, type TernClient } from '@tern/sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widthsFor } from '../src/services/uploads/images.js';
import { widthFor } from '../src/services/uploads/serve.js';
import { expectPhotoRules, refusal, waitingUploads } from './helpers/photoRules.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// A property's photos and logo (document 2 §3, §4, §5, §7, §9): uploads checked by their content, resized and
// stripped, served at content-addressed addresses cached for a year; the saved order is what resellers see, the
// removed ones are kept but not shown, and only the property's own uploads can be shown.

let server: TestServer;
let hotelier: TernClient;
let agent: TernClient;
let propertyId: string;
let otherPropertyId: string;
const SECRET = 'Tern-EXIF-secret-camera-owner';

/** A JPEG as a camera makes it: wide, with EXIF (a copyright line, an orientation that turns it). */
const cameraJpeg = () =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: SECRET, Artist: SECRET } } })
    .toBuffer();
const png = (width: number, height: number, background = '#c0392b') =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
const file = (bytes: Uint8Array, name: string, type = 'image/png') =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
const upload = (client: TernClient, image: File, id = propertyId) =>
  client.photos.upload({ body: { image, propertyId: id } });

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  agent = server.client(await server.signIn('agent'));
  const key = async (k: string) =>
    (await server.db.one<{ id: string }>('select id from properties where key = $1', [k]))!.id;
  propertyId = await key('harbour-view');
  otherPropertyId = await key('casa-alfama');
}, 120_000);
afterAll(() => server?.close());

describe('uploads', () => {
  it('are resized to the engine’s widths, upright, without EXIF, at an address cached for a year', async () => {
    expect((await cameraJpeg()).includes(SECRET)).toBe(true);
    const uploaded = await upload(hotelier, file(await cameraJpeg(), 'Lobby.JPG', 'image/jpeg'));
    // Orientation 6 turns the 2400 × 1600 photo upright: 1600 wide.
    expect(uploaded).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 2400 });
    expect(uploaded.widths).toEqual([575, 767, 991, 1199, 1600]);
    expect(uploaded.publicUrl).toMatch(/^\/photos\/uploads\/[0-9a-f]{32}\.jpg$/);
    const reply = await server.fetch(`${uploaded.publicUrl}?w=700`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/jpeg');
    expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await reply.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width]).toEqual(['jpeg', 767]);
    expect(meta.height).toBeGreaterThan(1100);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes(SECRET)).toBe(false);
    // Without a width, the full size.
    const full = await server.fetch(uploaded.publicUrl);
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(1600);
    expect(full.headers.get('etag')).toMatch(/^"[0-9a-f]{32}-1600"$/);
    expect((await server.fetch(uploaded.publicUrl, { method: 'HEAD' })).headers.get('content-length')).toBe(
      full.headers.get('content-length'),
    );
    // The same bytes again: the same address, stored once.
    expect((await upload(hotelier, file(await cameraJpeg(), 'copy.jpeg', 'image/jpeg'))).publicUrl).toBe(
      uploaded.publicUrl,
    );
    expect((await server.fetch('/photos/uploads/0123456789abcdef0123456789abcdef.jpg')).status).toBe(404);
  });

  it('keep a PNG a PNG (its transparency too) and never enlarge a small one', async () => {
    const small = await upload(hotelier, file(await png(300, 200), 'logo.png'));
    expect(small).toMatchObject({ contentType: 'image/png', width: 300, widths: [300] });
    const reply = await server.fetch(`${small.publicUrl}?w=1920`);
    const meta = await sharp(Buffer.from(await reply.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.hasAlpha]).toEqual(['png', 300, true]);
  });

  it('refuse what is not a PNG or JPEG by its content or its name, and say why', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const image of [
      file(gif, 'animation.gif', 'image/gif'),
      file(gif, 'disguised.png'), // a GIF named .png: the bytes decide
      file(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.jpg', 'image/jpeg'),
      file(await png(10, 10), 'photo.webp', 'image/webp'), // a PNG, but not a name an upload takes
    ])
      expect(await refusal(upload(hotelier, image))).toEqual({
        status: 415,
        code: 'unsupported_image',
        fields: ['image'],
      });
    // PNG's signature, then nothing an image decoder reads.
    const broken = Buffer.concat([(await png(50, 50)).subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await refusal(upload(hotelier, file(broken, 'broken.png')))).toMatchObject({
      status: 400,
      code: 'invalid_image',
    });
    expect(await refusal(upload(hotelier, file(new Uint8Array(), 'empty.png')))).toMatchObject({
      status: 400,
      code: 'invalid_image',
    });
  });

  it('refuse a file over 8 MB with 413, and a request over 10 MB too', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, 1);
    (await png(1, 1)).copy(big);
    expect(await refusal(upload(hotelier, file(big, 'big.png')))).toMatchObject({
      status: 413,
      code: 'file_too_large',
    });
    const huge = Buffer.alloc(11 * 1024 * 1024, 1);
    expect(await refusal(upload(hotelier, file(huge, 'huge.png')))).toMatchObject({ status: 413 });
  });

  it('are sent as form data: another body is 415, a broken one 400, and the connection stays usable', async () => {
    const token = await server.signIn('hotelier');
    const post = (body: string, type: string) =>
      server.fetch('/api/v1/tern_hotels/upload_image', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': type, accept: 'application/json' },
        body,
      });
    const json = await post(
      JSON.stringify({ property_id: propertyId, image: 'x'.repeat(1_000_000) }),
      'application/json',
    );
    expect([json.status, ((await json.json()) as { code: string }).code]).toEqual([
      415,
      'multipart_required',
    ]);
    const broken = await post('--x\r\nnot a form', 'multipart/form-data; boundary=x');
    expect([broken.status, ((await broken.json()) as { code: string }).code]).toEqual([400, 'invalid_form']);
    expect((await hotelier.photos.list({ params: { id: propertyId } })).maxPhotos).toBe(MAX_PHOTOS);
  });

  it('are for the caller’s properties only', async () => {
    const image = file(await png(20, 20, '#16a085'), 'a.png');
    expect((await refusal(upload(hotelier, image, otherPropertyId))).status).toBe(404);
    expect((await refusal(upload(agent, image))).status).toBe(403);
  });

  it('pick the narrowest stored width at least as wide as asked', () => {
    expect(widthsFor(4000)).toEqual([575, 767, 991, 1199, 1920]);
    expect(widthsFor(1200)).toEqual([575, 767, 991, 1200]);
    expect(widthsFor(100)).toEqual([100]);
    expect(widthFor([575, 767, 1600], 600)).toBe(767);
    expect(widthFor([575, 767, 1600], 5000)).toBe(1600);
    expect(widthFor([575, 767, 1600], null)).toBe(1600);
  });
});

describe('photos', () => {
  it('are saved in order and shown to resellers so, without the removed ones', async () => {
    const before = await hotelier.photos.list({ params: { id: propertyId } });
    expect(before.maxPhotos).toBe(MAX_PHOTOS);
    const demo = before.photos.filter((p) => !p.isRemoved);
    expect(demo.length).toBeGreaterThan(1);
    const red = await upload(hotelier, file(await png(900, 600, '#e74c3c'), 'red.png'));
    const green = await upload(hotelier, file(await png(900, 600, '#27ae60'), 'green.png'));
    const saved = await hotelier.photos.save({
      params: { id: propertyId },
      body: {
        photos: [
          { url: green.publicUrl, description: 'The garden', kind: 'photo' },
          { url: demo[1]!.url, description: demo[1]!.description, kind: 'photo' },
          { url: red.publicUrl, description: 'Dinner menu', kind: 'menu' },
          { url: demo[0]!.url, description: demo[0]!.description, kind: 'photo', isRemoved: true },
        ],
      },
    });
    const shown = saved.photos.filter((p) => !p.isRemoved);
    expect(shown.map((p) => [p.url, p.position, p.kind])).toEqual([
      [green.publicUrl, 0, 'photo'],
      [demo[1]!.url, 1, 'photo'],
      [red.publicUrl, 2, 'menu'],
    ]);
    // The first demo photo was removed, the ones left out too: kept, with no position.
    const removed = saved.photos.filter((p) => p.isRemoved);
    expect(removed.map((p) => p.url).sort()).toEqual(
      demo
        .filter((_, i) => i !== 1)
        .map((p) => p.url)
        .sort(),
    );
    expect(removed.every((p) => p.position === null)).toBe(true);

    const page = await agent.engine.info({ params: { kind: 'accommodations', id: propertyId } });
    expect(page.photos).toEqual([
      { url: green.publicUrl, description: 'The garden' },
      { url: demo[1]!.url, description: demo[1]!.description },
      { url: red.publicUrl, description: 'Dinner menu' },
    ]);
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const search = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: {
        checkinDate: day(30),
        checkoutDate: day(32),
        currency: 'EUR',
        filter: { title: { has: 'Harbour' } },
      },
    });
    expect(search.items.find((p) => p.id === propertyId)?.photos[0]?.url).toBe(green.publicUrl);

    // Removing the red one, then putting a removed demo photo back.
    const next = await hotelier.photos.save({
      params: { id: propertyId },
      body: {
        photos: [
          { url: demo[0]!.url, description: 'Back again', kind: 'photo' },
          { url: green.publicUrl, description: 'The garden', kind: 'photo' },
          { url: red.publicUrl, description: 'Dinner menu', kind: 'menu', isRemoved: true },
        ],
      },
    });
    expect(next.photos.filter((p) => !p.isRemoved).map((p) => p.url)).toEqual([
      demo[0]!.url,
      green.publicUrl,
    ]);
    expect(next.photos.find((p) => p.url === red.publicUrl)).toMatchObject({
      isRemoved: true,
      position: null,
    });
    const after = await agent.engine.info({ params: { kind: 'accommodations', id: propertyId } });
    expect(after.photos.map((p) => p.url)).toEqual([demo[0]!.url, green.publicUrl]);

    const admin = server.client(await server.signIn('admin'));
    const trail = await admin.admin.audit({ query: { objectType: 'property', objectId: propertyId } });
    const actions = trail.items.map((e) => e.action);
    expect(actions).toContain('upload_image');
    expect(actions.filter((a) => a === 'update_photos')).toHaveLength(2);
    expect(trail.items[0]).toMatchObject({ action: 'update_photos', actorEmail: 'hotelier@demo.tern.test' });
  });

  it('need a description, their own uploads, each once, and at most 100 shown', async () => {
    const blue = await upload(hotelier, file(await png(40, 40, '#2980b9'), 'blue.png'));
    const save = (photos: { url: string; description?: string; isRemoved?: boolean }[], id = propertyId) =>
      refusal(hotelier.photos.save({ params: { id }, body: { photos } }));
    // A removed photo needs no description.
    await hotelier.photos.save({
      params: { id: propertyId },
      body: { photos: [{ url: blue.publicUrl, description: 'Blue', isRemoved: true }] },
    });
    // A description, their own uploads (not hotelier2's, not an address that is no upload), each once, 100 shown.
    const hotelier2 = server.client(await server.signIn('hotelier2'));
    const theirs = await upload(hotelier2, file(await png(40, 40, '#8e44ad'), 'theirs.png'), otherPropertyId);
    await expectPhotoRules(save, blue.publicUrl, theirs.publicUrl);
    // Someone else's property, and a reseller.
    expect((await save([], otherPropertyId)).status).toBe(404);
    expect((await refusal(agent.photos.list({ params: { id: propertyId } }))).status).toBe(403);
  });
});

describe('the upload limit', () => {
  it('takes at most 100 photos and a logo, counting a day of uploads nothing shows yet', async () => {
    const admin = server.client(await server.signIn('admin'));
    const third = (await server.db.one<{ id: string }>(
      'select id from properties where id <> all($1) order by key limit 1',
      [[propertyId, otherPropertyId]],
    ))!.id;
    const { photos } = await admin.photos.list({ params: { id: third } });
    const shown = photos.filter((p) => !p.isRemoved).length;
    const first = await upload(admin, file(await png(30, 30, '#16a085'), 'first.png'), third);
    // Images uploaded and never shown, up to the 100 photos and the logo (recorded as the store would).
    const room = MAX_PHOTOS + 1 - shown - 1;
    await waitingUploads(server.db, third, 'feed', room);
    const next = async () => upload(admin, file(await png(31, 31, '#27ae60'), 'next.png'), third);
    expect(await refusal(next())).toEqual({ status: 400, code: 'too_many_uploads', fields: ['image'] });
    // A shown upload counts as a photo, not twice: showing the first frees nothing, but the rest still fill it.
    await admin.photos.save({
      params: { id: third },
      body: {
        photos: [
          ...photos.map(({ url, description, kind, isRemoved }) => ({ url, description, kind, isRemoved })),
          { url: first.publicUrl, description: 'First' },
        ],
      },
    });
    expect((await refusal(next())).code).toBe('too_many_uploads');
    // A day later the uploads nothing shows are let go.
    await server.db.query(
      "update uploads set created_at = now() - interval '25 hours' where owner_id = $1 and hash like 'feed%'",
      [third],
    );
    expect((await next()).publicUrl).toMatch(/^\/photos\/uploads\//);
  });

  it('lets one of several uploads sent at once take the last place', async () => {
    const admin = server.client(await server.signIn('admin'));
    const fourth = (await server.db.one<{ id: string }>(
      'select id from properties where id <> all($1) order by key offset 1 limit 1',
      [[propertyId, otherPropertyId]],
    ))!.id;
    const { photos } = await admin.photos.list({ params: { id: fourth } });
    const shown = photos.filter((p) => !p.isRemoved).length;
    // Waiting uploads fill all but one place.
    await waitingUploads(server.db, fourth, 'beef', MAX_PHOTOS + 1 - shown - 1);
    const images = await Promise.all(
      ['#8e44ad', '#2c3e50', '#c0392b'].map(async (colour, i) =>
        file(await png(40 + i, 40, colour), `${i}.png`),
      ),
    );
    const results = await Promise.allSettled(images.map((image) => upload(admin, image, fourth)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect(await refusal(Promise.reject((r as PromiseRejectedResult).reason))).toMatchObject({
        code: 'too_many_uploads',
      });
  });
});

describe('the logo', () => {
  it('is one of the property’s uploads, or none', async () => {
    const logo = await upload(hotelier, file(await png(200, 80, '#f1c40f'), 'logo.png'));
    const set = await hotelier.photos.setLogo({
      params: { id: propertyId },
      body: { logoUrl: logo.publicUrl },
    });
    expect(set.logoUrl).toBe(logo.publicUrl);
    expect((await hotelier.photos.list({ params: { id: propertyId } })).logoUrl).toBe(logo.publicUrl);
    // What resellers see on the property page at once.
    const info = await agent.engine.info({ params: { kind: 'accommodations', id: propertyId } });
    expect(info.logo).toBe(logo.publicUrl);
    const hotelier2 = server.client(await server.signIn('hotelier2'));
    const theirs = await upload(hotelier2, file(await png(20, 20, '#d35400'), 'theirs.png'), otherPropertyId);
    expect(
      await refusal(
        hotelier.photos.setLogo({ params: { id: propertyId }, body: { logoUrl: theirs.publicUrl } }),
      ),
    ).toEqual({ status: 400, code: 'unknown_photo', fields: ['logoUrl'] });
    expect(
      (await hotelier.photos.setLogo({ params: { id: propertyId }, body: { logoUrl: null } })).logoUrl,
    ).toBe(null);
  });
});

describe('a server with a files folder', () => {
  it('keeps the resized files there, and serves them the same', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tern-files-'));
    const other = await startTestServer({ filesDir: folder });
    try {
      const client = other.client(await other.signIn('hotelier'));
      // Its own database: on PostgreSQL a new server seeds its schema afresh, with ids of its own.
      const harbour = (await other.db.one<{ id: string }>(
        "select id from properties where key = 'harbour-view'",
      ))!.id;
      const uploaded = await upload(client, file(await png(1000, 500, '#34495e'), 'wide.png'), harbour);
      const hash = /uploads\/([0-9a-f]{32})/.exec(uploaded.publicUrl)![1]!;
      expect(readdirSync(join(folder, 'uploads')).sort()).toEqual(
        uploaded.widths.map((w) => `${hash}-${w}.png`).sort(),
      );
      expect(await other.db.query('select key from stored_files')).toEqual([]);
      const reply = await other.fetch(`${uploaded.publicUrl}?w=575`);
      expect((await sharp(Buffer.from(await reply.arrayBuffer())).metadata()).width).toBe(575);
    } finally {
      await other.close();
      if (existsSync(folder)) rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the upload limit and the gift-card stores', () => {
  it('counts a store’s logo and banner while a store shows them, and not once it stops', async () => {
    const admin = server.client(await server.signIn('admin'));
    const fifth = (await server.db.one<{ id: string }>(
      'select id from properties where id <> all($1) order by key offset 2 limit 1',
      [[propertyId, otherPropertyId]],
    ))!.id;
    const store = (await server.db.one<{ id: string }>(
      `insert into stores (property_id, name, slug, title_font, text_font)
       values ($1::uuid, 'Limit store', 'limit-store-' || left(md5($1::text), 8), 'Lato', 'Lato') returning id`,
      [fifth],
    ))!.id;
    const fileOf = (url: string) => url.slice('/photos/'.length);
    const { photos } = await admin.photos.list({ params: { id: fifth } });
    const shown = photos.filter((p) => !p.isRemoved).length;
    const logo = await upload(admin, file(await png(32, 32, '#2980b9'), 'store-logo.png'), fifth);
    await server.db.query('update stores set logo = $2 where id = $1', [store, fileOf(logo.publicUrl)]);
    // A day later the store still shows it: it still takes its place.
    await server.db.query("update uploads set created_at = now() - interval '25 hours' where owner_id = $1", [
      fifth,
    ]);
    // Waiting uploads fill every other place.
    await waitingUploads(server.db, fifth, 'face', MAX_PHOTOS + 1 - shown - 1);
    const next = async (colour: string) =>
      upload(admin, file(await png(33, 33, colour), `${colour.slice(1)}.png`), fifth);
    expect(await refusal(next('#8e44ad'))).toMatchObject({ code: 'too_many_uploads' });

    // One waiting upload let go: a banner uploaded today takes its place, and the store shows it instead of the
    // logo — the logo, no longer shown, frees its place.
    await server.db.query(
      `update uploads set created_at = now() - interval '25 hours' where owner_id = $1 and hash = 'face' || repeat('0', 28)`,
      [fifth],
    );
    const banner = await next('#d35400');
    await server.db.query('update stores set logo = null, photo = $2 where id = $1', [
      store,
      fileOf(banner.publicUrl),
    ]);
    await next('#7f8c8d');
    expect(await refusal(next('#95a5a6'))).toMatchObject({ code: 'too_many_uploads' });
    // The banner removed the same day: it no longer counts (it is not an upload waiting to be shown).
    await server.db.query('update stores set photo = null where id = $1', [store]);
    expect((await next('#16a085')).publicUrl).toMatch(/^\/photos\/uploads\//);
  });
});
