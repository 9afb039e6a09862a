import type { Db } from '../../db/db.js';
import { notFound } from '../../http/errors.js';
import type { FileStore } from './fileStore.js';
import { variantKey } from './uploads.js';

// Uploaded images at `/photos/uploads/<hash>.<ext>`: the address names the content, so a reply never changes and
// is cached for a year (`immutable`). `?w=575` asks for a width: the narrowest stored one at least that wide,
// else the widest (the gallery's `srcset`, document 1 §9).

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The stored width that serves a request for `asked` pixels. */
export function widthFor(widths: readonly number[], asked: number | null): number {
  const sorted = [...widths].sort((a, b) => a - b);
  const widest = sorted.at(-1)!;
  if (asked === null) return widest;
  return sorted.find((w) => w >= asked) ?? widest;
}

/** The image `name` (`<hash>.<ext>`) at the width that serves `asked`, or a 404. */
export async function serveUpload(
  db: Db,
  store: FileStore,
  name: string,
  asked: number | null,
): Promise<Response> {
  const [hash, ext] = name.split('.') as [string, string];
  const row = await db.one<{ widths: number[]; content_type: string }>(
    'select widths, content_type from upload_files where hash = $1 and ext = $2',
    [hash, ext],
  );
  if (!row) throw notFound();
  const width = widthFor(row.widths.map(Number), asked);
  const file = await store.get(variantKey(hash, width, ext));
  if (!file) throw notFound();
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': row.content_type,
      'content-length': String(file.bytes.length),
      'cache-control': IMMUTABLE,
      etag: `"${hash}-${width}"`,
      'x-content-type-options': 'nosniff',
    },
  });
}
