import {
  type logoBody,
  MAX_PHOTOS,
  NEW_PHOTO_KIND,
  type PhotoItem,
  type PhotoKind,
  type PropertyPhotos,
  type photosBody,
  type UploadedImage,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../db/db.js';
import { invalidField } from '../http/errors.js';
import { type Actor, audit } from './admin/audit.js';
import type { FileStore } from './uploads/fileStore.js';
import { ownedUploads, storeUpload, uploadFileOf } from './uploads/uploads.js';

// A property's photos and logo (document 2 §3, §4): kept in the columns the booking engine reads — `photos`, in
// the order shown, as `{file, description}` (plus kind and author) served at `/photos/<file>` — so a save is
// what resellers see next. A removed photo moves to `removed_photos` without a position; one never saved is
// simply dropped. New photos and the logo must be the property's own uploads. Every save is audited.
// A unit's photos are kept and saved the same way, in the unit's columns (`PhotoOwner`; services/unitPhotos.ts);
// its new photos are uploads of its property, and it has no logo.

/** Whose photos a read or save is: a property's, or a unit's (a room type) of `propertyId`. */
export interface PhotoOwner {
  type: 'property' | 'unit';
  id: string;
  propertyId: string;
}

/** The owner's row, locked with `for update` when asked (the table and the id are the owner's). */
const rowSql = (owner: PhotoOwner, lock = '') =>
  owner.type === 'property'
    ? `select photos, removed_photos, logo from properties where id = $1 ${lock}`
    : `select photos, removed_photos, null::text as logo from units where id = $1 ${lock}`;
const propertyOwner = (propertyId: string): PhotoOwner => ({
  type: 'property',
  id: propertyId,
  propertyId,
});

/** A photo as the `photos` column keeps it (the demo world's have no kind or author). */
interface StoredPhoto {
  file: string;
  description: string;
  kind?: PhotoKind;
  author?: string;
}

interface Row {
  photos: StoredPhoto[];
  removed_photos: StoredPhoto[];
  logo: string | null;
}

/** How many removed photos a property keeps (the newest). */
const REMOVED_KEPT = 500;

const urlOf = (file: string) => `/photos/${file}`;

function toItem(owner: PhotoOwner, p: StoredPhoto, position: number | null): PhotoItem {
  return {
    url: urlOf(p.file),
    description: p.description,
    kind: p.kind ?? 'photo',
    author: p.author ?? '',
    isRemoved: position === null,
    position,
    propertyId: owner.propertyId,
    roomTypeId: owner.type === 'unit' ? owner.id : null,
  };
}

function toPhotos(owner: PhotoOwner, row: Row): PropertyPhotos {
  return {
    photos: [
      ...row.photos.map((p, i) => toItem(owner, p, i)),
      ...row.removed_photos.map((p) => toItem(owner, p, null)),
    ],
    logoUrl: row.logo ? urlOf(row.logo) : null,
    maxPhotos: MAX_PHOTOS,
  };
}

export async function getPhotos(db: Db, propertyId: string): Promise<PropertyPhotos> {
  return getOwnerPhotos(db, propertyOwner(propertyId));
}

/** The owner's photos; the owner was resolved by the call's ownership check. */
export async function getOwnerPhotos(db: Db, owner: PhotoOwner): Promise<PropertyPhotos> {
  const row = await db.one<Row>(rowSql(owner), [owner.id]);
  return toPhotos(owner, row!);
}

/** Document 2 §9: a property shows at most 100 photos, and has one logo. */
const LOGOS = 1;
/** How long an upload nothing shows yet counts against the limit (an editing session; then it is let go). */
export const PENDING_UPLOAD_HOURS = 24;

/**
 * An upload for a property's photos or logo (document 2 §5, §9): refused with `too_many_uploads` when the shown
 * photos, the images its gift-card stores show (logo, banner: while shown) and the uploads of the last day that
 * nothing shows yet already fill the 100 photos and the logo, so
 * that a client cannot pile up images a save could never show. Checked before the image is processed (a quick
 * refusal), and again in the transaction that records it with the property's row locked, so that uploads sent at
 * once cannot all pass. The upload itself is `storeUpload`'s.
 */
export async function uploadPhoto(
  db: Db,
  store: FileStore,
  actor: Actor,
  propertyId: string,
  image: Blob,
): Promise<UploadedImage> {
  await checkRoomForUpload(db, propertyId, false);
  return storeUpload(db, store, actor, { type: 'property', id: propertyId }, image, (tx) =>
    checkRoomForUpload(tx, propertyId, true),
  );
}

/** Refuses an upload the property has no room for (see `uploadPhoto`); `lock` takes the property's row first. */
async function checkRoomForUpload(db: Db, propertyId: string, lock: boolean): Promise<void> {
  const row = (await db.one<Row>(
    `select photos, removed_photos, logo from properties where id = $1${lock ? ' for update' : ''}`,
    [propertyId],
  ))!;
  const used = new Set([...row.photos, ...row.removed_photos].map((p) => p.file));
  if (row.logo) used.add(row.logo);
  // An upload a unit of the property shows (or kept as removed) is the unit's photo, not one waiting.
  const units = await db.query<{ file: string }>(
    `select p->>'file' as file from units u, jsonb_array_elements(u.photos || u.removed_photos) p
      where u.property_id = $1`,
    [propertyId],
  );
  for (const u of units) used.add(u.file);
  // A store's logo and banner count while a store of the property shows them (each file once), however old.
  const storeImages = await db.query<{ file: string }>(
    `select distinct f as file from stores s, unnest(array[s.logo, s.photo]) f
      where s.property_id = $1 and f is not null`,
    [propertyId],
  );
  const inStores = storeImages.filter((s) => !used.has(s.file)).length;
  for (const s of storeImages) used.add(s.file);
  // Uploads of the last day nothing shows yet; one a store stopped showing (released) is not waiting any more.
  const recent = await db.query<{ file: string }>(
    `select 'uploads/' || f.hash || '.' || f.ext as file
       from uploads u join upload_files f on f.hash = u.hash
      where u.owner_type = 'property' and u.owner_id = $1 and u.released_at is null
        and u.created_at > now() - make_interval(hours => $2)`,
    [propertyId, PENDING_UPLOAD_HOURS],
  );
  const pending = recent.filter((r) => !used.has(r.file)).length;
  if (row.photos.length + inStores + pending >= MAX_PHOTOS + LOGOS)
    throw invalidField('too_many_uploads', 'image', { max: MAX_PHOTOS });
}

/** The `/photos/<file>` file an address names (a width asked with `?w=` is not part of it). */
const fileOfUrl = (url: string) => (url.startsWith('/photos/') ? url.slice(8).split('?')[0]! : null);

export async function savePhotos(
  db: Db,
  actor: Actor,
  propertyId: string,
  body: z.output<typeof photosBody>,
): Promise<PropertyPhotos> {
  return saveOwnerPhotos(db, actor, propertyOwner(propertyId), body);
}

/**
 * Saves the owner's photos (a property's or a unit's): at most 100 shown, each a saved photo of the owner or an
 * upload of its property, none twice; audited on the property.
 */
export async function saveOwnerPhotos(
  db: Db,
  actor: Actor,
  owner: PhotoOwner,
  body: z.output<typeof photosBody>,
): Promise<PropertyPhotos> {
  const shown = body.photos.filter((p) => !p.isRemoved).length;
  if (shown > MAX_PHOTOS) throw invalidField('too_many_photos', 'photos', { max: MAX_PHOTOS });
  return db.transaction(async (tx) => {
    const before = (await tx.one<Row>(rowSql(owner, 'for update'), [owner.id]))!;
    const saved = new Map([...before.removed_photos, ...before.photos].map((p) => [p.file, p]));
    const files = body.photos.map((p) => fileOfUrl(p.url));
    const uploads = await ownedUploads(
      tx,
      { type: 'property', id: owner.propertyId },
      files.flatMap((f) => (f && !saved.has(f) && uploadFileOf(urlOf(f)) ? [f] : [])),
    );
    const seen = new Set<string>();
    const photos: StoredPhoto[] = [];
    const removed: StoredPhoto[] = [];
    for (const [i, p] of body.photos.entries()) {
      const file = files[i];
      if (!file || (!saved.has(file) && !uploads.has(file)))
        throw invalidField('unknown_photo', `photos.${i}.url`);
      if (seen.has(file)) throw invalidField('duplicate_photo', `photos.${i}.url`);
      seen.add(file);
      const photo: StoredPhoto = { file, description: p.description, kind: p.kind, author: p.author };
      // Document 2 §4: a saved photo removed is kept as removed; one never saved is dropped.
      if (!p.isRemoved) photos.push(photo);
      else if (saved.has(file)) removed.push(photo);
    }
    // A saved photo the list leaves out is removed too, never lost.
    for (const p of [...before.photos, ...before.removed_photos])
      if (!seen.has(p.file)) removed.push({ kind: NEW_PHOTO_KIND, author: '', ...p });
    const row = (await tx.one<Row>(
      owner.type === 'property'
        ? `update properties set photos = $2, removed_photos = $3, updated_at = $4 where id = $1
           returning photos, removed_photos, logo`
        : // units keep no updated_at
          `update units set photos = $2, removed_photos = $3 where id = $1
           returning photos, removed_photos, null::text as logo`,
      [
        owner.id,
        JSON.stringify(photos),
        JSON.stringify(removed.slice(0, REMOVED_KEPT)),
        ...(owner.type === 'property' ? [actor.clock.now()] : []),
      ],
    ))!;
    const unit = owner.type === 'unit' ? { unitId: owner.id } : {};
    await audit(tx, actor, {
      objectType: 'property',
      objectId: owner.propertyId,
      action: owner.type === 'unit' ? 'update_unit_photos' : 'update_photos',
      before: { ...unit, photos: before.photos, removedPhotos: before.removed_photos },
      after: { ...unit, photos: row.photos, removedPhotos: row.removed_photos },
    });
    return toPhotos(owner, row);
  });
}

export async function setLogo(
  db: Db,
  actor: Actor,
  propertyId: string,
  body: z.output<typeof logoBody>,
): Promise<PropertyPhotos> {
  return db.transaction(async (tx) => {
    const before = (await tx.one<Row>(
      'select photos, removed_photos, logo from properties where id = $1 for update',
      [propertyId],
    ))!;
    const file = body.logoUrl === null ? null : fileOfUrl(body.logoUrl);
    if (body.logoUrl !== null) {
      const own =
        file !== null &&
        (file === before.logo ||
          (uploadFileOf(urlOf(file)) !== null &&
            (await ownedUploads(tx, { type: 'property', id: propertyId }, [file])).has(file)));
      if (!own) throw invalidField('unknown_photo', 'logoUrl');
    }
    const row = (await tx.one<Row>(
      'update properties set logo = $2, updated_at = $3 where id = $1 returning photos, removed_photos, logo',
      [propertyId, file, actor.clock.now()],
    ))!;
    await audit(tx, actor, {
      objectType: 'property',
      objectId: propertyId,
      action: 'update_logo',
      before: { logo: before.logo },
      after: { logo: row.logo },
    });
    return toPhotos(propertyOwner(propertyId), row);
  });
}
