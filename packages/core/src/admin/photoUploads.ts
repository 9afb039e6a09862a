import { type ErrorParams, MAX_PHOTOS, MAX_UPLOAD_BYTES } from '@tern/sdk';
import { type Failure, failureFor } from '../internal/errorMessage.js';
import { addUpload, type PhotoDraft, shownPhotos, uploadProblem } from './photos.js';

// The files chosen for upload, in the order they were picked (document 2 §4 "uploading" indicator, §5 file
// types, §8 a failed upload, §9 at most 100 photos; M17): each is uploading, uploaded (its address known,
// waiting for the ones picked before it) or refused with why. Uploads answer in any order; they join the
// photos in the order picked. Pure: `photosMachine` calls these.

export interface UploadEntry {
  /** The entry's own key (`upload.<n>`), also the id of its upload actor. */
  id: string;
  name: string;
  status: 'uploading' | 'uploaded' | 'failed';
  /** The upload's address once it answered. */
  url: string | null;
  error: Failure | null;
}

/** A file as it is picked (a browser `File`, a path read by the CLI): what the rules read, and the file. */
export interface PickedFile<F = unknown> {
  name: string;
  size: number;
  file: F;
}

const MAX_SIZE = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
const params = (code: string): ErrorParams => (code === 'file_too_large' ? { max: MAX_SIZE } : {});

/** How many more files may be sent now: what the shown photos leave of `max` (100), less those on their way. */
export function uploadsLeft(
  drafts: readonly PhotoDraft[],
  uploads: readonly UploadEntry[],
  max = MAX_PHOTOS,
): number {
  const onTheirWay = uploads.filter((u) => u.status !== 'failed').length;
  return max - shownPhotos(drafts).length - onTheirWay;
}

/**
 * The entries of picked files, numbered from `next`: each is sent unless its name or size is refused, or it
 * would pass the limit (`too_many_photos`, the limit named).
 */
export function pickFiles<F>(
  picked: readonly PickedFile<F>[],
  left: number,
  next: number,
  max = MAX_PHOTOS,
): { entry: UploadEntry; file: F | null }[] {
  let room = left;
  return picked.map((p, i) => {
    const id = `upload.${next + i}`;
    const code = uploadProblem(p);
    const error = code
      ? failureFor(code, params(code))
      : room <= 0
        ? failureFor('too_many_photos', { max })
        : null;
    if (!error) room--;
    return {
      entry: { id, name: p.name, status: error ? 'failed' : 'uploading', url: null, error },
      file: error ? null : p.file,
    };
  });
}

/** An upload answered: its entry is uploaded (its address kept) or refused with the failure. */
export function settleUpload(
  uploads: readonly UploadEntry[],
  id: string,
  outcome: { url: string } | { error: Failure },
): UploadEntry[] {
  return uploads.map((u) =>
    u.id !== id || u.status !== 'uploading'
      ? u
      : 'url' in outcome
        ? { ...u, status: 'uploaded', url: outcome.url }
        : { ...u, status: 'failed', error: outcome.error },
  );
}

/**
 * The uploaded entries no earlier pick still waits for join the photos, in the order picked; the ones still
 * behind an upload under way wait. Refused entries stay listed (until dismissed) and hold nothing up.
 */
export function joinUploads(
  drafts: readonly PhotoDraft[],
  uploads: readonly UploadEntry[],
): { drafts: PhotoDraft[]; uploads: UploadEntry[] } {
  let joined = [...drafts];
  const kept: UploadEntry[] = [];
  let waiting = false;
  for (const u of uploads) {
    if (u.status === 'uploading') waiting = true;
    if (u.status === 'uploaded' && !waiting) joined = addUpload(joined, u.url!);
    else kept.push(u);
  }
  return { drafts: joined, uploads: kept };
}

/** Whether any upload is still on its way (a save waits for it: its photo would be lost). */
export const isUploading = (uploads: readonly UploadEntry[]) => uploads.some((u) => u.status !== 'failed');
