import {
  MAX_PHOTOS,
  type PhotoItem,
  type PhotoKind,
  type PhotosBody,
  type PropertyPhotos,
  type UploadedImage,
} from '@tern/sdk';
import { assign, emit, enqueueActions, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  draftsOf,
  editPhoto,
  movePhotos,
  type PhotoDraft,
  photosBodyOf,
  removePhoto,
  shownPhotos,
  undescribed,
} from './photos.js';
import {
  isUploading,
  joinUploads,
  type PickedFile,
  pickFiles,
  settleUpload,
  type UploadEntry,
  uploadsLeft,
} from './photoUploads.js';

/**
 * A property's photos as its staff edit them (document 2 §3, §4, §5, §8, §9; M17). `files.pick` sends each
 * picked file through the `upload` actor (one child each, `upload.<n>`) unless its name, size or the limit of
 * 100 refuses it; uploads join the photos as unsaved "ad"s in the order picked, whatever order they answer in.
 * Photos are described, given a kind, moved and removed (after `removal.confirm`: an unsaved one is dropped, a
 * saved one kept as removed); `photos.save` checks every shown photo has a description, waits for no upload
 * (it cannot be sent while one is on its way) and sends the list through `save`. A refused save keeps the
 * error and the fields it names in `failed`, which takes `user.retry` or more edits.
 */

export interface PhotosInput {
  propertyId: string;
  photos: readonly PhotoItem[];
  /** The most photos shown at once (100 for a property or unit; a gift card type takes 20). */
  max?: number;
}

export interface UploadPhotoInput {
  propertyId: string;
  file: unknown;
}
export interface SavePhotosInput {
  propertyId: string;
  body: PhotosBody;
}

export interface PhotosContext {
  propertyId: string;
  max: number;
  drafts: PhotoDraft[];
  uploads: UploadEntry[];
  /** The number of the next upload entry. */
  next: number;
  /** The shown photos without a description, after a save was asked (document 2 §5). */
  missing: string[];
  /** What the server refused, by photo address (`photos.<i>.<field>` of the body sent). */
  fieldErrors: Record<string, Failure>;
  /** The photo a removal asks about, and its number as shown (from 1). */
  removing: { url: string; number: number } | null;
  error: Failure | null;
}

export type PhotosEvent =
  | { type: 'files.pick'; files: readonly PickedFile[] }
  | { type: 'upload.dismiss'; id: string }
  | { type: 'photo.edit'; url: string; patch: { description?: string; kind?: PhotoKind } }
  | { type: 'photos.move'; urls: readonly string[]; target: string; where: 'before' | 'after' }
  | { type: 'photo.remove'; url: string }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'photos.save' }
  | { type: 'user.retry' }
  | { type: `xstate.done.actor.upload.${number}`; output: UploadedImage }
  | { type: `xstate.error.actor.upload.${number}`; error: unknown };

export type PhotosEmitted =
  | { type: 'photos.saved'; photos: PropertyPhotos }
  | { type: 'photos.incomplete'; urls: string[] }
  | { type: 'photos.failed'; error: Failure }
  | { type: 'upload.failed'; name: string; error: unknown };

const entryId = (eventType: string) => eventType.replace(/^xstate\.(done|error)\.actor\./, '');

/** Field errors of a refused save: `photos.3.description` names the photo sent fourth. */
function fieldErrorsOf(error: unknown, body: PhotosBody): Record<string, Failure> {
  const fields = (error as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return {};
  const out: Record<string, Failure> = {};
  for (const f of fields as { field?: string; code?: string; params?: object; message?: string }[]) {
    const index = /^photos\.(\d+)\./.exec(f.field ?? '')?.[1];
    const url = index === undefined ? undefined : body.photos[Number(index)]?.url;
    if (url) out[url] = failureOf({ code: f.code, params: f.params, message: f.message });
  }
  return out;
}

export const photosMachine = setup({
  types: {
    context: {} as PhotosContext,
    events: {} as PhotosEvent,
    input: {} as PhotosInput,
    emitted: {} as PhotosEmitted,
  },
  actors: {
    upload: notProvided<UploadedImage, UploadPhotoInput>('upload'),
    save: notProvided<PropertyPhotos, SavePhotosInput>('save'),
  },
  guards: {
    isUploading: ({ context }) => isUploading(context.uploads),
    isIncomplete: ({ context }) => undescribed(context.drafts).length > 0,
  },
  actions: {
    pick: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'files.pick') return;
      const picked = pickFiles(
        event.files,
        uploadsLeft(context.drafts, context.uploads, context.max),
        context.next,
        context.max,
      );
      for (const { entry, file } of picked)
        if (file !== null)
          enqueue.spawnChild('upload', { id: entry.id, input: { propertyId: context.propertyId, file } });
      enqueue.assign({
        uploads: [...context.uploads, ...picked.map((p) => p.entry)],
        next: context.next + picked.length,
      });
    }),
    settle: enqueueActions(({ context, event, enqueue }) => {
      const id = entryId(event.type);
      const entry = context.uploads.find((u) => u.id === id);
      if (!entry) return;
      const outcome =
        'output' in event
          ? { url: event.output.publicUrl }
          : { error: failureOf((event as { error: unknown }).error) };
      // Document 2 §8: a failed upload is logged (the edge's listener does), and here told beside the file too.
      if ('error' in event) enqueue.emit({ type: 'upload.failed', name: entry.name, error: event.error });
      enqueue.assign(joinUploads(context.drafts, settleUpload(context.uploads, id, outcome)));
    }),
    markIncomplete: enqueueActions(({ context, enqueue }) => {
      const urls = undescribed(context.drafts);
      enqueue.assign({ missing: urls });
      enqueue.emit({ type: 'photos.incomplete', urls });
    }),
  },
}).createMachine({
  id: 'photos',
  context: ({ input }) => ({
    propertyId: input.propertyId,
    max: input.max ?? MAX_PHOTOS,
    drafts: draftsOf(input.photos),
    uploads: [],
    next: 1,
    missing: [],
    fieldErrors: {},
    removing: null,
    error: null,
  }),
  on: {
    'xstate.done.actor.upload.*': { actions: 'settle' },
    'xstate.error.actor.upload.*': { actions: 'settle' },
    'upload.dismiss': {
      actions: assign(({ context, event }) => ({
        uploads: context.uploads.filter((u) => u.id !== event.id || u.status !== 'failed'),
      })),
    },
  },
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      states: {
        idle: {},
        saved: {},
        failed: { on: { 'user.retry': '#photos.saving' } },
      },
      on: {
        'files.pick': { target: '.idle', actions: 'pick' },
        'photo.edit': {
          target: '.idle',
          actions: assign(({ context, event }) => ({
            drafts: editPhoto(context.drafts, event.url, event.patch),
          })),
        },
        'photos.move': {
          target: '.idle',
          actions: assign(({ context, event }) => ({
            drafts: movePhotos(context.drafts, event.urls, event.target, event.where),
          })),
        },
        'photo.remove': {
          guard: ({ context, event }) => shownPhotos(context.drafts).some((d) => d.url === event.url),
          target: 'confirmingRemoval',
          actions: assign(({ context, event }) => ({
            removing: {
              url: event.url,
              number: shownPhotos(context.drafts).findIndex((d) => d.url === event.url) + 1,
            },
          })),
        },
        'photos.save': [
          { guard: 'isUploading' },
          { guard: 'isIncomplete', target: '.idle', actions: 'markIncomplete' },
          { target: 'saving' },
        ],
      },
    },
    confirmingRemoval: {
      on: {
        'removal.confirm': {
          target: 'editing',
          actions: assign(({ context }) => ({
            drafts: removePhoto(context.drafts, context.removing!.url),
            removing: null,
          })),
        },
        'removal.cancel': { target: 'editing', actions: assign({ removing: null }) },
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ missing: [], fieldErrors: {}, error: null }),
      invoke: {
        src: 'save',
        input: ({ context }) => ({ propertyId: context.propertyId, body: photosBodyOf(context.drafts) }),
        onDone: {
          target: 'editing.saved',
          actions: [
            assign(({ event }) => ({ drafts: draftsOf(event.output.photos) })),
            emit(({ event }) => ({ type: 'photos.saved' as const, photos: event.output })),
          ],
        },
        onError: {
          target: 'editing.failed',
          actions: [
            assign(({ context, event }) => ({
              error: failureOf(event.error),
              fieldErrors: fieldErrorsOf(event.error, photosBodyOf(context.drafts)),
            })),
            emit(({ context }) => ({ type: 'photos.failed' as const, error: context.error! })),
          ],
        },
      },
    },
  },
});
