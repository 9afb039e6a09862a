import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Db } from '../../db/db.js';
import { assertKey, isFileKey } from './fileKeys.js';
import { objectFileStore, type S3Config } from './objectStore.js';

// Where uploaded files live, behind one interface: an S3-compatible bucket when one is configured (objectStore.ts),
// else the database (`stored_files`: a Postgres server shared by every API process, or an in-memory database),
// or a folder (the embedded default, beside the `--data` folder).

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

export interface FileStore {
  readonly kind: 'database' | 'folder' | 'object';
  /** Stores bytes under a key; storing the same key again keeps the first (keys are content-addressed). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes of a key, or `null`. */
  get(key: string): Promise<StoredFile | null>;
}

const typeOfKey = (key: string) =>
  key.endsWith('.png') ? 'image/png' : key.endsWith('.jpg') ? 'image/jpeg' : 'application/octet-stream';

/** Files in the `stored_files` table: in the same transaction as the rows that name them. */
export function databaseFileStore(db: Db): FileStore {
  return {
    kind: 'database',
    async put(key, bytes, contentType) {
      assertKey(key);
      await db.query(
        `insert into stored_files (key, content_type, bytes) values ($1, $2, $3) on conflict (key) do nothing`,
        [key, contentType, bytes],
      );
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      const row = await db.one<{ content_type: string; bytes: Uint8Array }>(
        'select content_type, bytes from stored_files where key = $1',
        [key],
      );
      return row ? { bytes: new Uint8Array(row.bytes), contentType: row.content_type } : null;
    },
  };
}

/** Files in a folder: written to a temporary name, then renamed, so a reader never sees half a file. */
export function folderFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, ...key.split('/'));
    if (!path.startsWith(base + sep)) throw new Error(`Not a file key: ${key}`);
    return path;
  };
  return {
    kind: 'folder',
    async put(key, bytes) {
      assertKey(key);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = join(dirname(path), `.${randomUUID()}.part`);
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      try {
        return { bytes: new Uint8Array(await readFile(pathOf(key))), contentType: typeOfKey(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/** One object store per configured bucket (its client keeps its signing keys). */
const objectStores = new WeakMap<S3Config, FileStore>();

/** The store of a server: its bucket when it has one, else its files folder when it has one, else its database. */
export function fileStoreFor(
  config: { s3: S3Config | null; filesDir: string | null },
  db: Db,
  log?: (message: string, error: unknown) => void,
): FileStore {
  if (config.s3) {
    const known = objectStores.get(config.s3);
    if (known) return known;
    const store = objectFileStore(config.s3, log);
    objectStores.set(config.s3, store);
    return store;
  }
  return config.filesDir ? folderFileStore(config.filesDir) : databaseFileStore(db);
}
