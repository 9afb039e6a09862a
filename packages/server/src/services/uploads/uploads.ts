import { createHash } from 'node:crypto';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS, type UploadedImage } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import { fieldError, HttpError } from '../../http/errors.js';
import { type Actor, audit } from '../admin/audit.js';
import type { FileStore } from './fileStore.js';
import { processImage, sniffImage, UnreadableImageError } from './images.js';

// The upload store, for anything that shows images: a property's photos and logo now; room types, gift-card
// types and stores later (a new `owner_type`). An upload is checked by its content, resized and stripped
// (images.ts), stored once per content (the key is the content's hash) and recorded for its owner, so that a
// save can only name images its owner uploaded. Served at `/photos/uploads/<hash>.<ext>` (serve.ts).

export interface UploadOwner {
  type: 'property';
  id: string;
}

/** The address an upload is served at; `?w=` picks a width. */
export const UPLOADS_PREFIX = '/photos/uploads/';
export const fileOf = (hash: string, ext: string) => `uploads/${hash}.${ext}`;
export const variantKey = (hash: string, width: number, ext: string) => `uploads/${hash}-${width}.${ext}`;

const MAX = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

/** 413 before anything is read: the file is larger than an upload takes. */
function checkSize(file: Blob): void {
  if (file.size > MAX_UPLOAD_BYTES)
    throw new HttpError(413, 'file_too_large', {
      params: { max: MAX },
      fields: [fieldError('image', 'file_too_large', { max: MAX })],
    });
}

/** The type of an upload, from its first bytes; its name, when it has an extension, must be one taken too. */
function typeOf(file: Blob, bytes: Uint8Array): 'image/png' | 'image/jpeg' {
  if (bytes.length === 0)
    throw new HttpError(400, 'invalid_image', { fields: [fieldError('image', 'invalid_image')] });
  const name = file instanceof File ? file.name : '';
  const extension = /\.[^./\\]+$/.exec(name)?.[0]?.toLowerCase();
  const type = sniffImage(bytes);
  if ((extension && !(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) || !type)
    throw new HttpError(415, 'unsupported_image', { fields: [fieldError('image', 'unsupported_image')] });
  return type;
}

interface FileRow {
  hash: string;
  content_type: 'image/png' | 'image/jpeg';
  ext: 'png' | 'jpg';
  width: number;
  height: number;
  widths: number[];
}

const toUploaded = (f: FileRow): UploadedImage => ({
  publicUrl: `/photos/${fileOf(f.hash, f.ext)}`,
  contentType: f.content_type,
  width: f.width,
  height: f.height,
  widths: f.widths.map(Number),
});

/** Checks, resizes and stores an uploaded image for its owner; audited on the owner. */
export async function storeUpload(
  db: Db,
  store: FileStore,
  actor: Actor,
  owner: UploadOwner,
  file: Blob,
  /**
   * Whether the owner may take one more upload, asked in the transaction that records it (the files are stored
   * by then: content-addressed, a refused one is a file nothing names): throws to refuse. It may lock the owner,
   * so that two uploads at once cannot both pass a limit.
   */
  admit?: (tx: Db) => Promise<void>,
): Promise<UploadedImage> {
  checkSize(file);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = typeOf(file, bytes);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  let stored = await db.one<FileRow>(
    'select hash, content_type, ext, width, height, widths from upload_files where hash = $1',
    [hash],
  );
  if (!stored) {
    let image: Awaited<ReturnType<typeof processImage>>;
    try {
      image = await processImage(bytes, type);
    } catch (error) {
      if (!(error instanceof UnreadableImageError)) throw error;
      throw new HttpError(400, 'invalid_image', { fields: [fieldError('image', 'invalid_image')] });
    }
    // The files first (content-addressed: a failure later leaves files nothing names, never a row without files).
    for (const v of image.variants) await store.put(variantKey(hash, v.width, image.ext), v.bytes, type);
    stored = {
      hash,
      content_type: type,
      ext: image.ext,
      width: image.width,
      height: image.height,
      widths: image.variants.map((v) => v.width),
    };
  }
  const name = file instanceof File ? file.name.slice(0, 200) : '';
  await db.transaction(async (tx) => {
    await admit?.(tx);
    await tx.query(
      `insert into upload_files (hash, content_type, ext, width, height, widths) values ($1, $2, $3, $4, $5, $6)
       on conflict (hash) do nothing`,
      [stored.hash, stored.content_type, stored.ext, stored.width, stored.height, stored.widths],
    );
    const row = await tx.one<{ id: string }>(
      `insert into uploads (hash, owner_type, owner_id, uploaded_by, original_name, size)
       values ($1, $2, $3, $4, $5, $6) on conflict (owner_type, owner_id, hash) do nothing returning id`,
      [hash, owner.type, owner.id, actor.auth?.user.id ?? null, name, bytes.length],
    );
    if (row)
      await audit(tx, actor, {
        objectType: owner.type,
        objectId: owner.id,
        action: 'upload_image',
        before: null,
        after: { file: fileOf(hash, stored.ext), name, size: bytes.length },
      });
  });
  return toUploaded(stored);
}

/** The file (`uploads/<hash>.<ext>`) of an upload's public URL, or `null` for any other address. */
export function uploadFileOf(url: string): string | null {
  const m = /^\/photos\/(uploads\/[0-9a-f]{32}\.(png|jpg))$/.exec(url);
  return m ? m[1]! : null;
}

/** Which of these files (`uploads/<hash>.<ext>`) the owner uploaded. */
export async function ownedUploads(db: Db, owner: UploadOwner, files: string[]): Promise<Set<string>> {
  if (!files.length) return new Set();
  const rows = await db.query<{ file: string }>(
    `select 'uploads/' || f.hash || '.' || f.ext as file
       from uploads u join upload_files f on f.hash = u.hash
      where u.owner_type = $1 and u.owner_id = $2 and ('uploads/' || f.hash || '.' || f.ext) = any($3)`,
    [owner.type, owner.id, files],
  );
  return new Set(rows.map((r) => r.file));
}
