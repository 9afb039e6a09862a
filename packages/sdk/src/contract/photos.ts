import * as z from 'zod';
import { id } from './common.js';
import { defineArea, endpoint } from './define.js';

// A property's photos and logo (document 2 §3 Photo, §4 photo removal and upload, §5 uploads, §7 upload image,
// §9 limits): the staff upload images, describe and order them; what is saved is what resellers see on the
// property page and in search, in that order, without the removed ones.

/** Document 2 §9: at most 100 photos by default; the logo is one. */
export const MAX_PHOTOS = 100;
/** Document 2 §3: photo, ad or menu; a new upload is an "ad". */
export const PHOTO_KINDS = ['photo', 'ad', 'menu'] as const;
export const photoKind = z.enum(PHOTO_KINDS);
export type PhotoKind = z.infer<typeof photoKind>;
export const NEW_PHOTO_KIND: PhotoKind = 'ad';
/** Document 2 §5: the file names an upload takes. */
export const UPLOAD_EXTENSIONS = ['.png', '.jpeg', '.jpg'] as const;
/** The image types an upload may hold (read from its first bytes, not from its name). */
export const UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
/** The largest file an upload takes (under the request limit of 10 MB); a larger one is refused with 413. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
export const PHOTO_DESCRIPTION_MAX = 500;

/** Whether a file name is one an upload takes (`.png`, `.jpeg`, `.jpg`, any case). */
export function isUploadName(name: string): boolean {
  const lower = name.toLowerCase();
  return UPLOAD_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

export const photoItem = z.object({
  /** Where the photo is served (`/photos/…`); the upload's `publicUrl` for a new one. */
  url: z.string(),
  description: z.string(),
  kind: photoKind,
  author: z.string(),
  isRemoved: z.boolean(),
  /** Its place among the shown photos, from 0; `null` once removed. */
  position: z.number().int().nullable(),
  propertyId: z.string(),
  roomTypeId: z.string().nullable(),
});
export type PhotoItem = z.infer<typeof photoItem>;

export const propertyPhotos = z.object({
  photos: z.array(photoItem),
  /** The logo's address, or `null`. */
  logoUrl: z.string().nullable(),
  maxPhotos: z.number().int(),
});
export type PropertyPhotos = z.infer<typeof propertyPhotos>;

export const photoInput = z
  .object({
    url: z.string().trim().min(1).max(300),
    description: z.string().trim().max(PHOTO_DESCRIPTION_MAX).default(''),
    kind: photoKind.default(NEW_PHOTO_KIND),
    author: z.string().trim().max(200).default(''),
    isRemoved: z.boolean().default(false),
  })
  .superRefine((photo, ctx) => {
    if (!photo.isRemoved && !photo.description)
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'required' });
  });
export type PhotoInput = z.input<typeof photoInput>;

export const photosBody = z.object({
  /** The photos in the order they are shown; removed ones anywhere (they keep no position). */
  photos: z.array(photoInput).max(1000),
});
export type PhotosBody = z.input<typeof photosBody>;

export const uploadBody = z.object({
  image: z.instanceof(Blob, { error: 'Choose an image file' }),
  propertyId: id,
});
export type UploadBody = z.input<typeof uploadBody>;

export const uploadedImage = z.object({
  /** Where the image is served; `?w=` asks for a width (the nearest stored one at least as wide). */
  publicUrl: z.string(),
  contentType: z.enum(UPLOAD_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  /** The widths stored, ascending. */
  widths: z.array(z.number().int()),
});
export type UploadedImage = z.infer<typeof uploadedImage>;

export const logoBody = z.object({
  /** An upload's `publicUrl` (for this property), or `null` to show no logo. */
  logoUrl: z.string().trim().min(1).max(300).nullable(),
});

export const photosArea = defineArea('photos', {
  image: endpoint({
    method: 'GET',
    path: '/photos/uploads/{name}',
    summary:
      'An uploaded image (its `publicUrl`): `w` asks for a width, answered with the narrowest stored one at least as wide (else the widest). The address names the content: cached for a year.',
    access: 'public',
    params: z.object({
      name: z.string().regex(/^[0-9a-f]{32}\.(png|jpg)$/, { error: 'Not an uploaded image' }),
    }),
    query: z.object({ w: z.coerce.number().int().min(1).max(10_000).optional() }),
    reply: 'file',
    response: z.unknown(),
    errors: [404],
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/v1/tern_hotels/upload_image',
    summary:
      'Uploads an image for a property (a photo or its logo): a PNG or JPEG, read from its content, at most 8 MB; stored resized to the widths the engine asks for, without its metadata, at a content-addressed address cached for a year. Save it with the photos or the logo to show it.',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'property' },
    body: uploadBody,
    bodyEncoding: 'multipart',
    reply: 'plain',
    response: uploadedImage,
    errors: [400, 404, 413, 415, 503],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/v1/tern_hotels/properties/{id}/photos',
    summary: 'A property’s photos in their order (removed ones last, with no position) and its logo.',
    access: ['supplier', 'admin'],
    owns: { id: 'property' },
    params: z.object({ id }),
    reply: 'plain',
    response: propertyPhotos,
    errors: [404],
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/tern_hotels/properties/{id}/photos',
    summary:
      'Saves a property’s photos: their order (positions renumbered from 0), descriptions (required) and kinds; a saved photo left out or marked removed is kept as removed. Resellers see the shown ones at once, in this order.',
    access: ['supplier', 'admin'],
    owns: { id: 'property' },
    params: z.object({ id }),
    body: photosBody,
    reply: 'plain',
    response: propertyPhotos,
    errors: [400, 404],
  }),
  setLogo: endpoint({
    method: 'PUT',
    path: '/api/v1/tern_hotels/properties/{id}/logo',
    summary: 'Sets a property’s logo to one of its uploads, or removes it (`null`).',
    access: ['supplier', 'admin'],
    owns: { id: 'property' },
    params: z.object({ id }),
    body: logoBody,
    reply: 'plain',
    response: propertyPhotos,
    errors: [400, 404],
  }),
});
