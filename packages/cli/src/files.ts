import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UserError } from './errors.js';

// The files a user names on the command line (`--from-file`, `--recipients`, `--data @FILE`, `--out`): read as
// text or written whole, every failure a user error that names the flag, the file and what is wrong — never a
// stack trace, never "a bug in tern" — and a binary file refused before its bytes reach a terminal.

const WHY: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ENOSPC: 'the disk is full',
  EROFS: 'the file system is read-only',
};

/** A file system error as a user error naming the flag and the file. */
export function fileError(flag: string, file: string, error: unknown, doing: 'read' | 'write'): UserError {
  const code = (error as NodeJS.ErrnoException).code;
  const why = (code && WHY[code]) ?? (error instanceof Error ? error.message : String(error));
  return new UserError(`${flag} ${file}: cannot ${doing} it (${why})`, {
    code: doing === 'read' ? 'file_unreadable' : 'file_unwritable',
    details: { file, ...(code ? { errno: code } : {}) },
  });
}

/** Bytes that are not text: a NUL, or UTF-8 that does not decode. */
function isBinary(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return false;
  } catch {
    return true;
  }
}

/** A text file the user named: its text, or a user error (unreadable, or not a text file). */
export async function readTextFile(flag: string, file: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw fileError(flag, file, error, 'read');
  }
  if (isBinary(bytes))
    throw new UserError(`${flag} ${file}: not a text file (use a UTF-8 text file: CSV, JSON or NDJSON)`, {
      code: 'invalid_input',
      details: { file },
    });
  return new TextDecoder().decode(bytes);
}

/** Before a download starts: the folder `--out` names must exist and be a folder. */
export async function checkOutFolder(flag: string, file: string): Promise<void> {
  const folder = dirname(file);
  let isFolder: boolean;
  try {
    isFolder = (await stat(folder)).isDirectory();
  } catch (error) {
    throw fileError(flag, file, error, 'write');
  }
  if (!isFolder) throw fileError(flag, file, Object.assign(new Error(), { code: 'ENOTDIR' }), 'write');
}

/** Writes a whole file by a temporary `.part` renamed over it: a reader never sees half of it. */
export async function writeFileWhole(flag: string, file: string, bytes: Uint8Array | string): Promise<void> {
  const part = `${file}.part`;
  try {
    await writeFile(part, bytes);
    await rename(part, file);
  } catch (error) {
    await rm(part, { force: true }).catch(() => {});
    throw fileError(flag, file, error, 'write');
  }
}

/**
 * `--from-file` holding a JSON object of a web form's fields (a gift card type's, a rate plan's): its value, or a
 * user error — not JSON, not an object (`what` names whose fields), or keys the form does not have (named, with
 * the form's keys).
 */
export async function readFormFile<T>(
  file: string,
  keys: ReadonlySet<string>,
  what: string,
): Promise<Partial<T>> {
  const text = await readTextFile('--from-file', file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UserError(`--from-file ${file}: not JSON (${(error as Error).message})`, {
      code: 'invalid_input',
    });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new UserError(`--from-file ${file}: use a JSON object of ${what} fields`, {
      code: 'invalid_input',
    });
  const unknown = Object.keys(value).filter((key) => !keys.has(key));
  if (unknown.length > 0)
    throw new UserError(
      `--from-file ${file}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (the fields: ${[...keys].join(', ')})`,
      { code: 'invalid_input' },
    );
  return value as Partial<T>;
}
