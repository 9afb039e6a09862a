import { ApiError, MAX_PHOTOS } from '@tern/sdk';
import { expect } from 'vitest';
import type { Db } from '../../src/db/db.js';

/** What a call was refused with: its status, code and the fields it names (throws if it was not refused). */
export async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, code: error.code, fields: error.fields.map((f) => f.field) };
    throw error;
  }
  throw new Error('expected a refusal');
}

type Refusal = Awaited<ReturnType<typeof refusal>>;

/**
 * The rules every photo list's save keeps (a property's, a unit's): a shown photo is described, an upload of
 * the owner's property (`mine`; `theirs` is another property's), named once, and at most 100 are shown.
 */
export async function expectPhotoRules(
  save: (photos: { url: string; description?: string }[]) => Promise<Refusal>,
  mine: string,
  theirs: string,
) {
  expect(await save([{ url: mine, description: '  ' }])).toEqual({
    status: 400,
    code: 'invalid_input',
    fields: ['photos.0.description'],
  });
  expect(await save([{ url: theirs, description: 'Not mine' }])).toEqual({
    status: 400,
    code: 'unknown_photo',
    fields: ['photos.0.url'],
  });
  expect(await save([{ url: 'https://example.test/x.jpg', description: 'Far away' }])).toMatchObject({
    code: 'unknown_photo',
  });
  expect(
    await save([
      { url: mine, description: 'Once' },
      { url: mine, description: 'Twice' },
    ]),
  ).toEqual({ status: 400, code: 'duplicate_photo', fields: ['photos.1.url'] });
  const many = Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => ({
    url: `/photos/x${i}.jpg`,
    description: 'x',
  }));
  expect(await save(many)).toMatchObject({ status: 400, code: 'too_many_photos' });
}

/**
 * `count` uploads of the property that nothing shows yet, recorded as the store would (hashes `prefix` and a
 * number, 32 characters): each takes a place under the upload limit for a day.
 */
export async function waitingUploads(db: Db, owner: string, prefix: string, count: number) {
  for (let i = 0; i < count; i++) {
    const hash = `${prefix}${String(i).padStart(28, '0')}`;
    await db.query(
      `insert into upload_files (hash, content_type, ext, width, height, widths)
       values ($1, 'image/png', 'png', 1, 1, '{1}') on conflict do nothing`,
      [hash],
    );
    await db.query(`insert into uploads (hash, owner_type, owner_id, size) values ($1, 'property', $2, 1)`, [
      hash,
      owner,
    ]);
  }
}
