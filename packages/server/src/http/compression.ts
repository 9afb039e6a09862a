import type { Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export interface Compressed {
  encoding: Encoding;
  bytes: Buffer;
}

const textTypes = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.map', '.txt', '.webmanifest']);

/** Text worth compressing: a kilobyte or more of script, style, markup or JSON. */
export function isCompressible(path: string, size: number): boolean {
  return size >= 1024 && textTypes.has(extname(path).toLowerCase());
}

/** The encodings an `Accept-Encoding` header allows (q > 0), best first: brotli, then gzip. */
export function acceptedEncodings(header: string | undefined | null): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const allowed = (name: Encoding) => (q.get(name) ?? (q.has('*') ? q.get('*')! : 0)) > 0;
  return (['br', 'gzip'] as const).filter(allowed);
}

/** The best encoding an `Accept-Encoding` header allows, or `null` for the bytes as they are. */
export function pickEncoding(header: string | undefined | null): Encoding | null {
  return acceptedEncodings(header)[0] ?? null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(bytes, { level: 9 });
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      // The best ratio costs seconds for a megabyte: worth it once for a file cached for a year, not for a
      // big source map.
      [constants.BROTLI_PARAM_QUALITY]: bytes.length <= 4 * 1024 * 1024 ? 11 : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

interface Entry {
  version: string;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
  /** Brotli takes seconds for a large file: until it is done, gzip goes out. */
  brDone?: Buffer;
}

/**
 * Compressed copies of files, made once per file version (path, size and modification time) with Node's zlib
 * and kept in memory. Brotli at its best quality is slow, so it is made in the background: a request that
 * comes before it is ready gets gzip.
 */
export class CompressionCache {
  private readonly entries = new Map<string, Entry>();

  private entry(path: string, stat: Stats): Entry {
    const version = `${stat.size}:${stat.mtimeMs}`;
    let entry = this.entries.get(path);
    if (entry?.version !== version) {
      entry = { version };
      this.entries.set(path, entry);
    }
    return entry;
  }

  private make(path: string, entry: Entry, encoding: Encoding): Promise<Buffer> {
    const existing = entry[encoding];
    if (existing) return existing;
    const made = readFile(path).then((bytes) => compress(bytes, encoding));
    entry[encoding] = made;
    if (encoding === 'br')
      made.then(
        (bytes) => {
          entry.brDone = bytes;
        },
        () => {},
      );
    made.catch(() => {
      if (entry[encoding] === made) delete entry[encoding];
    });
    return made;
  }

  /**
   * The file compressed in the best encoding the client accepts that is ready (brotli once made, gzip until
   * then), or `null` when it accepts neither.
   */
  async get(file: { path: string; stat: Stats }, accepted: readonly Encoding[]): Promise<Compressed | null> {
    const entry = this.entry(file.path, file.stat);
    if (accepted.includes('br')) {
      if (entry.brDone) return { encoding: 'br', bytes: entry.brDone };
      const making = this.make(file.path, entry, 'br');
      if (!accepted.includes('gzip')) return { encoding: 'br', bytes: await making };
    }
    if (accepted.includes('gzip'))
      return { encoding: 'gzip', bytes: await this.make(file.path, entry, 'gzip') };
    return null;
  }

  /** Whether brotli of this version of the file is ready. */
  hasBrotli(path: string, stat: Stats): boolean {
    return Boolean(this.entry(path, stat).brDone);
  }

  /**
   * Compresses files ahead of their first request, one after the other in the background (zlib works on
   * libuv's threads, not on the event loop). Resolves when all are done; failures are skipped.
   */
  async warm(paths: string[], statOf: (path: string) => Stats | null): Promise<void> {
    for (const path of paths) {
      const stat = statOf(path);
      if (!stat || !isCompressible(path, stat.size)) continue;
      const entry = this.entry(path, stat);
      await this.make(path, entry, 'gzip').catch(() => {});
      await this.make(path, entry, 'br').catch(() => {});
    }
  }
}
