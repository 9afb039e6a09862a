/**
 * snake_case on the wire, camelCase in code. Only keys change; values (strings, dates, blobs) are kept.
 * Key conversions are cached: the same few hundred keys repeat in every reply.
 */

const camelCache = new Map<string, string>();
const snakeCache = new Map<string, string>();

export function camelKey(key: string): string {
  let out = camelCache.get(key);
  if (out === undefined) {
    // A leading underscore is kept: `_destroy` (document 2's removed property row) stays `_destroy`.
    out = key.includes('_')
      ? key.replace(/(?<=[a-zA-Z0-9])_+([a-z0-9])/g, (_, c: string) => c.toUpperCase())
      : key;
    camelCache.set(key, out);
  }
  return out;
}

export function snakeKey(key: string): string {
  let out = snakeCache.get(key);
  if (out === undefined) {
    // A number starts a word of its own: addressLine1 → address_line_1 (document 1 §3's driver address).
    out = /[A-Z]|[a-z][0-9]/.test(key)
      ? key
          .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
          .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
          .replace(/([a-zA-Z])([0-9])/g, '$1_$2')
          .toLowerCase()
      : key;
    snakeCache.set(key, out);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Converts keys deeply. A part whose keys are already right and holds nothing to convert is returned as it is
 * (no copy): on long replies most small objects (`{adults, children}`, `{name, surname}`) need nothing, and
 * not copying them halves the garbage. Anything that changes is a fresh object; inputs are never modified.
 */
function convert(value: unknown, key: (k: string) => string): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      const c = convert(v, key);
      if (c !== v && out === null) out = value.slice(0, i);
      if (out !== null) out.push(c);
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const k in value) {
    const v = value[k];
    // A `__proto__` key from JSON would replace the copy's prototype: never copy it.
    const skip = v === undefined || k === '__proto__';
    const nk = skip ? k : key(k);
    const nv = skip ? v : convert(v, key);
    if (out === null && (skip || nk !== k || nv !== v)) {
      // The first difference: copy the members before it, unchanged.
      out = {};
      for (const before in value) {
        if (before === k) break;
        out[before] = value[before];
      }
    }
    if (out !== null && !skip) out[nk] = nv;
  }
  return out ?? value;
}

/** The value with camelCase keys, deeply (parts that need no change are shared, not copied). */
export function toCamel<T = unknown>(value: unknown): T {
  return convert(value, camelKey) as T;
}

/** The value with snake_case keys, deeply; `undefined` members are dropped (unchanged parts are shared). */
export function toSnake<T = unknown>(value: unknown): T {
  return convert(value, snakeKey) as T;
}
