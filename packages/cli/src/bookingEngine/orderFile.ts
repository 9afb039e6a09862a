import { UserError } from '../errors.js';
import { readTextFile } from '../files.js';

/**
 * `--from-file FILE`: a booking written as JSON with the same names as the flags. Only the shape is checked
 * here (what each key holds); the booking's rules are checked as for flags.
 */

type Json = Record<string, unknown>;

export class FileProblems {
  readonly problems: [string, string][] = [];
  constructor(readonly file: string) {}
  add(path: string, message: string): void {
    this.problems.push([path, message]);
  }
  throwIfAny(): void {
    if (this.problems.length === 0) return;
    throw new UserError(
      `${this.file}: ${this.problems.map(([path, message]) => `${path}: ${message}`).join('; ')}`,
      {
        code: 'invalid_input',
        fields: this.problems.map(([field, message]) => ({ field, message })),
      },
    );
  }
}

/** A `--from-file` file's text, or a user error naming the file. */
export function readInputFile(file: string): Promise<string> {
  return readTextFile('--from-file', file);
}

/** The file's JSON object, or a user error naming the file. */
export async function readOrderFile(file: string): Promise<Json> {
  const text = await readInputFile(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UserError(`--from-file: ${file} is not JSON (${(error as Error).message})`, {
      code: 'invalid_input',
    });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new UserError(`--from-file: ${file} must hold one JSON object`, { code: 'invalid_input' });
  return value as Json;
}

/** Readers of one key that record a problem when the key holds the wrong kind of value. */
export function reader(json: Json, problems: FileProblems, prefix = '') {
  const at = (key: string) => `${prefix}${key}`;
  return {
    string(key: string): string | undefined {
      const v = json[key];
      if (v === undefined || v === null) return undefined;
      if (typeof v === 'string') return v;
      if (typeof v === 'number') return String(v);
      problems.add(at(key), 'use a string');
      return undefined;
    },
    boolean(key: string): boolean | undefined {
      const v = json[key];
      if (v === undefined || v === null) return undefined;
      if (typeof v === 'boolean') return v;
      problems.add(at(key), 'use true or false');
      return undefined;
    },
    count(key: string): number | undefined {
      const v = json[key];
      if (v === undefined || v === null) return undefined;
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1) return v;
      problems.add(at(key), 'use a whole number from 1');
      return undefined;
    },
    object(key: string): Json | undefined {
      const v = json[key];
      if (v === undefined || v === null) return undefined;
      if (typeof v === 'object' && !Array.isArray(v)) return v as Json;
      problems.add(at(key), 'use an object');
      return undefined;
    },
    array(key: string): Json[] | undefined {
      const v = json[key];
      if (v === undefined || v === null) return undefined;
      if (Array.isArray(v) && v.every((x) => x && typeof x === 'object' && !Array.isArray(x)))
        return v as Json[];
      problems.add(at(key), 'use a list of objects');
      return undefined;
    },
  };
}
