import {
  type ErrorCode,
  isUploadName,
  MAX_PHOTOS,
  MAX_UPLOAD_BYTES,
  NEW_PHOTO_KIND,
  type PhotoItem,
  type PhotoKind,
  type PhotosBody,
} from '@tern/sdk';

// A property's photos as its staff edit them before saving (document 2 §3 Photo, §4 removal and reorder, §5,
// §9; machine M17): uploads arrive as unsaved "ad" photos, a removed unsaved photo is dropped while a saved one
// is kept as removed, and the order of the shown ones is their position from 0. Pure: the page and the tests
// call these, the server checks the same again.

export interface PhotoDraft {
  /** Its address: the key of the list (an image is listed once). */
  url: string;
  description: string;
  kind: PhotoKind;
  author: string;
  /** Saved before (kept as removed when removed), or only uploaded (dropped when removed). */
  saved: boolean;
  isRemoved: boolean;
}

/** The drafts of the photos the server has: the shown ones in order, then the removed ones. */
export function draftsOf(photos: readonly PhotoItem[]): PhotoDraft[] {
  return photos.map((p) => ({
    url: p.url,
    description: p.description,
    kind: p.kind,
    author: p.author,
    saved: true,
    isRemoved: p.isRemoved,
  }));
}

/** The shown photos, in order (their index is their position). */
export const shownPhotos = (drafts: readonly PhotoDraft[]) => drafts.filter((d) => !d.isRemoved);

/** An upload joins the end of the shown photos as an unsaved "ad"; one already listed is shown again. */
export function addUpload(drafts: readonly PhotoDraft[], url: string): PhotoDraft[] {
  const listed = drafts.find((d) => d.url === url);
  if (listed)
    return listed.isRemoved ? moveTo([...drafts], url, shownPhotos(drafts).length, false) : [...drafts];
  const draft: PhotoDraft = {
    url,
    description: '',
    kind: NEW_PHOTO_KIND,
    author: '',
    saved: false,
    isRemoved: false,
  };
  const shown = shownPhotos(drafts);
  return [...shown, draft, ...drafts.filter((d) => d.isRemoved)];
}

/** Document 2 §4: an unsaved photo is dropped; a saved one is marked removed and loses its position. */
export function removePhoto(drafts: readonly PhotoDraft[], url: string): PhotoDraft[] {
  const draft = drafts.find((d) => d.url === url);
  if (!draft) return [...drafts];
  if (!draft.saved) return drafts.filter((d) => d.url !== url);
  return moveTo([...drafts], url, drafts.length, true);
}

function moveTo(drafts: PhotoDraft[], url: string, index: number, isRemoved: boolean): PhotoDraft[] {
  const draft = drafts.find((d) => d.url === url)!;
  const rest = drafts.filter((d) => d.url !== url);
  const shown = shownPhotos(rest);
  const moved = { ...draft, isRemoved };
  if (isRemoved) return [...shown, moved, ...rest.filter((d) => d.isRemoved)];
  shown.splice(Math.min(index, shown.length), 0, moved);
  return [...shown, ...rest.filter((d) => d.isRemoved)];
}

/**
 * Moves shown photos before or after another (a drag, by mouse or keyboard), keeping their own order: the
 * positions are renumbered from 0 by the new order.
 */
export function movePhotos(
  drafts: readonly PhotoDraft[],
  urls: readonly string[],
  target: string,
  where: 'before' | 'after',
): PhotoDraft[] {
  const moving = new Set(urls);
  if (moving.has(target)) return [...drafts];
  const shown = shownPhotos(drafts);
  const moved = shown.filter((d) => moving.has(d.url));
  const rest = shown.filter((d) => !moving.has(d.url));
  const at = rest.findIndex((d) => d.url === target);
  if (at < 0 || moved.length === 0) return [...drafts];
  rest.splice(where === 'before' ? at : at + 1, 0, ...moved);
  return [...rest, ...drafts.filter((d) => d.isRemoved)];
}

/** Changes a photo's description or kind. */
export function editPhoto(
  drafts: readonly PhotoDraft[],
  url: string,
  patch: Partial<Pick<PhotoDraft, 'description' | 'kind'>>,
): PhotoDraft[] {
  return drafts.map((d) => (d.url === url ? { ...d, ...patch } : d));
}

/** How many more photos may be shown (document 2 §9: 100). */
export const photosLeft = (drafts: readonly PhotoDraft[]) => MAX_PHOTOS - shownPhotos(drafts).length;

/**
 * Why a chosen file cannot be uploaded, before it is sent (document 2 §5: .png, .jpeg, .jpg; the size the server
 * takes); `null` when it may be. The server reads the content again.
 */
export function uploadProblem(file: { name: string; size: number }): ErrorCode | null {
  if (!isUploadName(file.name)) return 'unsupported_image';
  if (file.size > MAX_UPLOAD_BYTES) return 'file_too_large';
  return null;
}

/** The shown photos without a description (document 2 §5: required). */
export const undescribed = (drafts: readonly PhotoDraft[]) =>
  shownPhotos(drafts)
    .filter((d) => d.description.trim() === '')
    .map((d) => d.url);

/** What a save sends: the shown photos in order, then the saved ones removed (unsaved removed ones are gone). */
export function photosBodyOf(drafts: readonly PhotoDraft[]): PhotosBody {
  return {
    photos: [...shownPhotos(drafts), ...drafts.filter((d) => d.isRemoved && d.saved)].map((d) => ({
      url: d.url,
      description: d.description.trim(),
      kind: d.kind,
      author: d.author,
      isRemoved: d.isRemoved,
    })),
  };
}
