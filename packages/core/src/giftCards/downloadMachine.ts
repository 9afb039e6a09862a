import { and, assign, emit, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * The gift card files (document 3 §7, §8, §9): M27 a purchase's cards' PDFs — an empty file means the zip is being
 * generated, and that message shows for 9 s — and M37 a type's PDF preview — a start notification first, the
 * file saved, download-failed notifications on failure. `download` starts it (`download.started` for the
 * notification), the edge's `fetchFile` actor answers with the file; `file.ready` hands a non-empty one to the
 * edge to save. A failure is emitted (`download.failed`, logged or notified by the edge) and kept in `error`.
 */

/** What the fetch answers: anything with a size (a Blob, a Buffer, a file's bytes). */
export interface DownloadedFile {
  size: number;
}
export interface DownloadInput {
  /** M27: an empty file means "being generated". M37: an empty file is a failure. */
  emptyMeansZipPending: boolean;
}

/** How long the zip-generation message shows (document 3 §9). */
export const ZIP_PENDING_MESSAGE_MS = 9000;

export interface DownloadContext {
  emptyMeansZipPending: boolean;
  error: Failure | null;
}

export const giftCardDownloadMachine = setup({
  types: {
    context: {} as DownloadContext,
    events: {} as { type: 'download' } | { type: 'notice.dismiss' },
    input: {} as DownloadInput,
    emitted: {} as
      | { type: 'download.started' }
      | { type: 'file.ready'; file: DownloadedFile }
      | { type: 'download.failed'; error: Failure },
  },
  actors: {
    fetchFile: notProvided<DownloadedFile, void>('fetchFile'),
  },
  delays: { zipMessage: ZIP_PENDING_MESSAGE_MS },
  guards: {
    empty: ({ event }) => ((event as unknown as { output: DownloadedFile }).output?.size ?? 0) === 0,
    zipPending: ({ context }) => context.emptyMeansZipPending,
  },
}).createMachine({
  id: 'giftCardDownload',
  context: ({ input }) => ({ emptyMeansZipPending: input.emptyMeansZipPending, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { download: 'requesting' } },
    requesting: {
      tags: ['busy'],
      entry: [assign({ error: null }), emit({ type: 'download.started' as const })],
      invoke: {
        src: 'fetchFile',
        onDone: [
          { guard: and(['empty', 'zipPending']), target: 'zipPending' },
          {
            guard: 'empty',
            target: 'failed',
            actions: [
              assign({ error: { code: null, params: {}, message: 'The file is empty' } }),
              emit(({ context }) => ({ type: 'download.failed' as const, error: context.error! })),
            ],
          },
          {
            target: 'downloaded',
            actions: emit(({ event }) => ({ type: 'file.ready' as const, file: event.output })),
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            assign(({ event }) => ({ error: failureOf(event.error) })),
            emit(({ event }) => ({ type: 'download.failed' as const, error: failureOf(event.error) })),
          ],
        },
      },
    },
    /** The zip is being generated: the message shows for 9 s, then goes. */
    zipPending: {
      after: { zipMessage: 'idle' },
      on: { 'notice.dismiss': 'idle', download: 'requesting' },
    },
    downloaded: { on: { download: 'requesting' } },
    failed: {
      on: { download: 'requesting', 'notice.dismiss': { target: 'idle', actions: assign({ error: null }) } },
    },
  },
});
