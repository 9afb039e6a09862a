import {
  ApiError,
  MAX_PHOTOS,
  MAX_UPLOAD_BYTES,
  type PhotoItem,
  type PropertyPhotos,
  type UploadedImage,
} from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { draftsOf, shownPhotos } from './photos.js';
import { photosMachine, type SavePhotosInput, type UploadPhotoInput } from './photosMachine.js';
import { isUploading, joinUploads, pickFiles, settleUpload, uploadsLeft } from './photoUploads.js';

const item = (url: string, position: number | null, description = url.toUpperCase()): PhotoItem => ({
  url,
  description,
  kind: 'photo',
  author: '',
  isRemoved: position === null,
  position,
  propertyId: 'p1',
  roomTypeId: null,
});
const file = (name: string, size = 1000) => ({ name, size, file: name });
const many = (n: number) => Array.from({ length: n }, (_, i) => item(`/photos/${i}.png`, i));

describe('picked files (M17)', () => {
  it.each([
    ['a png', 'a.png', 10, 5, 'uploading', null],
    ['a JPEG in capitals', 'B.JPEG', 10, 5, 'uploading', null],
    ['a gif', 'c.gif', 10, 5, 'failed', 'unsupported_image'],
    ['a file over 8 MB', 'd.jpg', MAX_UPLOAD_BYTES + 1, 5, 'failed', 'file_too_large'],
    ['one past the limit', 'e.png', 10, 0, 'failed', 'too_many_photos'],
  ] as const)('%s is %s', (_, name, size, left, status, code) => {
    const [picked] = pickFiles([file(name, size)], left, 7);
    expect(picked!.entry).toMatchObject({ id: 'upload.7', name, status });
    expect(picked!.entry.error?.code ?? null).toBe(code);
    expect(picked!.file).toBe(status === 'uploading' ? name : null);
  });

  it('names the limit and the size in the refusal', () => {
    const [big, over] = pickFiles([file('a.png', MAX_UPLOAD_BYTES + 1), file('b.png')], 0, 1);
    expect(big!.entry.error?.message).toBe('The file is too large: at most 8 MB.');
    expect(over!.entry.error?.message).toBe(`A property shows at most ${MAX_PHOTOS} photos.`);
  });

  it('counts only sendable files against what is left', () => {
    const picked = pickFiles([file('a.gif'), file('b.png'), file('c.png'), file('d.png')], 2, 1);
    expect(picked.map((p) => p.entry.status)).toEqual(['failed', 'uploading', 'uploading', 'failed']);
  });

  it.each([
    [0, 0, MAX_PHOTOS],
    [99, 0, 1],
    [99, 1, 0],
    [100, 0, 0],
  ])('leaves room for %i shown and %i on their way', (shown, onTheirWay, left) => {
    const uploads = pickFiles(
      Array.from({ length: onTheirWay }, (_, i) => file(`${i}.png`)),
      MAX_PHOTOS,
      1,
    ).map((p) => p.entry);
    expect(uploadsLeft(draftsOf(many(shown)), uploads)).toBe(left);
  });

  it('join the photos in the order picked, whatever order they answer in', () => {
    const drafts = draftsOf([item('/photos/a.png', 0)]);
    let uploads = pickFiles([file('1.png'), file('2.png'), file('3.gif'), file('4.png')], 10, 1).map(
      (p) => p.entry,
    );
    // The fourth answers first, then the second: both wait for the first.
    uploads = settleUpload(uploads, 'upload.4', { url: '/u/4' });
    uploads = settleUpload(uploads, 'upload.2', { url: '/u/2' });
    let joined = joinUploads(drafts, uploads);
    expect(joined.drafts.map((d) => d.url)).toEqual(['/photos/a.png']);
    expect(isUploading(joined.uploads)).toBe(true);
    joined = joinUploads(joined.drafts, settleUpload(joined.uploads, 'upload.1', { url: '/u/1' }));
    expect(joined.drafts.map((d) => d.url)).toEqual(['/photos/a.png', '/u/1', '/u/2', '/u/4']);
    expect(joined.uploads.map((u) => [u.name, u.status])).toEqual([['3.gif', 'failed']]);
    expect(isUploading(joined.uploads)).toBe(false);
  });

  it('do not let a refused upload hold the others up', () => {
    let uploads = pickFiles([file('1.png'), file('2.png')], 10, 1).map((p) => p.entry);
    uploads = settleUpload(uploads, 'upload.2', { url: '/u/2' });
    uploads = settleUpload(uploads, 'upload.1', {
      error: { code: 'invalid_image', params: {}, message: 'x' },
    });
    const joined = joinUploads([], uploads);
    expect(joined.drafts.map((d) => d.url)).toEqual(['/u/2']);
    expect(joined.uploads.map((u) => u.status)).toEqual(['failed']);
  });
});

/** A promise the test settles when it wants (an upload answering late). */
function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
}

function start(photos: PhotoItem[], save: (input: SavePhotosInput) => Promise<PropertyPhotos>, max?: number) {
  const uploads = new Map<string, ReturnType<typeof later<{ publicUrl: string }>>>();
  const machine = photosMachine.provide({
    actors: {
      upload: fromPromise(async ({ input }: { input: UploadPhotoInput }) => {
        const call = later<{ publicUrl: string }>();
        uploads.set(String(input.file), call);
        const { publicUrl } = await call.promise;
        return {
          publicUrl,
          contentType: 'image/png' as const,
          width: 10,
          height: 10,
          widths: [10],
        } as UploadedImage;
      }),
      save: fromPromise(({ input }: { input: SavePhotosInput }) => save(input)),
    },
  });
  const actor = createActor(machine, {
    input: { propertyId: 'p1', photos, ...(max === undefined ? {} : { max }) },
  }).start();
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  return { actor, uploads, emitted };
}
const urls = (actor: { getSnapshot(): { context: { drafts: { url: string }[] } } }) =>
  shownPhotos(actor.getSnapshot().context.drafts as never).map((d: { url: string }) => d.url);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('photosMachine', () => {
  it('uploads in the order picked, refuses a save while uploading or undescribed, then saves', async () => {
    const sent: SavePhotosInput[] = [];
    const { actor, uploads, emitted } = start([item('/photos/a.png', 0)], async (input) => {
      sent.push(input);
      return {
        photos: input.body.photos.map((p, i) => ({ ...item(p.url, i), description: p.description ?? '' })),
        logoUrl: null,
        maxPhotos: MAX_PHOTOS,
      };
    });
    actor.send({ type: 'files.pick', files: [file('red.png'), file('anim.gif'), file('blue.jpg')] });
    expect(actor.getSnapshot().context.uploads.map((u) => u.status)).toEqual([
      'uploading',
      'failed',
      'uploading',
    ]);
    expect(actor.getSnapshot().can({ type: 'photos.save' })).toBe(false);
    uploads.get('blue.jpg')!.resolve({ publicUrl: '/u/blue.jpg' });
    await tick();
    expect(urls(actor)).toEqual(['/photos/a.png']);
    uploads.get('red.png')!.resolve({ publicUrl: '/u/red.png' });
    await tick();
    expect(urls(actor)).toEqual(['/photos/a.png', '/u/red.png', '/u/blue.jpg']);
    expect(actor.getSnapshot().context.uploads.map((u) => u.name)).toEqual(['anim.gif']);
    actor.send({ type: 'upload.dismiss', id: 'upload.2' });
    expect(actor.getSnapshot().context.uploads).toEqual([]);

    actor.send({ type: 'photos.save' });
    expect(actor.getSnapshot().context.missing).toEqual(['/u/red.png', '/u/blue.jpg']);
    expect(emitted).toContain('photos.incomplete');
    expect(sent).toEqual([]);
    actor.send({ type: 'photo.edit', url: '/u/red.png', patch: { description: 'Red' } });
    actor.send({ type: 'photo.edit', url: '/u/blue.jpg', patch: { description: 'Blue', kind: 'menu' } });
    actor.send({ type: 'photos.move', urls: ['/u/blue.jpg'], target: '/photos/a.png', where: 'before' });
    actor.send({ type: 'photos.save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ editing: 'saved' }));
    expect(sent[0]!.body.photos.map((p) => [p.url, p.kind])).toEqual([
      ['/u/blue.jpg', 'menu'],
      ['/photos/a.png', 'photo'],
      ['/u/red.png', 'ad'],
    ]);
    expect(actor.getSnapshot().context.drafts.every((d) => d.saved)).toBe(true);
    expect(emitted).toContain('photos.saved');
  });

  it('tells a failed upload beside its file and keeps the others going', async () => {
    const { actor, uploads, emitted } = start([], async () => {
      throw new Error('not called');
    });
    actor.send({ type: 'files.pick', files: [file('a.png'), file('b.png')] });
    uploads
      .get('a.png')!
      .reject(new ApiError({ status: 400, message: 'Bad Request', code: 'invalid_image' }));
    uploads.get('b.png')!.resolve({ publicUrl: '/u/b' });
    await tick();
    expect(urls(actor)).toEqual(['/u/b']);
    expect(actor.getSnapshot().context.uploads).toMatchObject([
      { name: 'a.png', status: 'failed', error: { code: 'invalid_image' } },
    ]);
    expect(emitted).toEqual(['upload.failed']);
  });

  it('caps the photos at 100, counting the uploads on their way', () => {
    const { actor, uploads } = start(many(98), async () => {
      throw new Error('not called');
    });
    actor.send({ type: 'files.pick', files: [file('x.png'), file('y.png'), file('z.png')] });
    expect(uploads.size).toBe(2);
    expect(actor.getSnapshot().context.uploads[2]).toMatchObject({
      name: 'z.png',
      status: 'failed',
      error: { code: 'too_many_photos', params: { max: MAX_PHOTOS } },
    });
  });

  it('caps the photos at the limit its input gives (a gift card type’s 20)', () => {
    const { actor, uploads } = start(
      many(19),
      async () => {
        throw new Error('not called');
      },
      20,
    );
    actor.send({ type: 'files.pick', files: [file('x.png'), file('y.png')] });
    expect(uploads.size).toBe(1);
    expect(actor.getSnapshot().context.uploads[1]).toMatchObject({
      name: 'y.png',
      status: 'failed',
      error: { code: 'too_many_photos', params: { max: 20 } },
    });
  });

  it('asks before removing: a saved photo is kept as removed, a cancel keeps it', async () => {
    const { actor } = start([item('/photos/a.png', 0), item('/photos/b.png', 1)], async () => {
      throw new Error('not called');
    });
    actor.send({ type: 'photo.remove', url: '/photos/b.png' });
    expect(actor.getSnapshot().value).toBe('confirmingRemoval');
    expect(actor.getSnapshot().context.removing).toEqual({ url: '/photos/b.png', number: 2 });
    actor.send({ type: 'removal.cancel' });
    expect(urls(actor)).toEqual(['/photos/a.png', '/photos/b.png']);
    actor.send({ type: 'photo.remove', url: '/photos/a.png' });
    actor.send({ type: 'removal.confirm' });
    expect(urls(actor)).toEqual(['/photos/b.png']);
    expect(actor.getSnapshot().context.drafts.at(-1)).toMatchObject({
      url: '/photos/a.png',
      isRemoved: true,
    });
    actor.send({ type: 'photo.remove', url: '/photos/a.png' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('keeps a refused save’s error and fields in failed, and sends again on user.retry', async () => {
    let calls = 0;
    const { actor, emitted } = start([item('/photos/a.png', 0), item('/photos/b.png', 1)], async (input) => {
      calls++;
      if (calls === 1)
        throw new ApiError({
          status: 422,
          message: 'Unprocessable',
          code: 'unknown_photo',
          fields: [{ field: 'photos.1.url', code: 'unknown_photo', message: 'This photo was not uploaded.' }],
        });
      return { photos: input.body.photos.map((p, i) => item(p.url, i)), logoUrl: null, maxPhotos: 100 };
    });
    actor.send({ type: 'photos.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    expect(actor.getSnapshot().context.error?.code).toBe('unknown_photo');
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['/photos/b.png']);
    expect(emitted).toEqual(['photos.failed']);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches({ editing: 'saved' }));
    expect(calls).toBe(2);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, fieldErrors: {} });
  });
});
