/**
 * snake_case on the wire, camelCase in code. Only keys change; values (strings, dates, blobs) are kept.
 * Key conversions are cached: the same few hundred keys repeat in every reply.
 */

const camelCache = new Map<string, string>();
const snakeCache = new Map<string, string>();

export function camelKey(key: string): string {
  let out = camelCache.get(key);
  if (out === undefined) {
    out = key.includes('_') ? key.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : key;
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

function convert(value: unknown, key: (k: string) => string): unknown {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = convert(value[i], key);
    return out;
  }
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const k in value) {
    const v = value[k];
    // A `__proto__` key from JSON would replace the copy's prototype: never copy it.
    if (v !== undefined && k !== '__proto__') out[key(k)] = convert(v, key);
  }
  return out;
}

/** Deep copy with camelCase keys. */
export function toCamel<T = unknown>(value: unknown): T {
  return convert(value, camelKey) as T;
}

/** Deep copy with snake_case keys; `undefined` members are dropped. */
export function toSnake<T = unknown>(value: unknown): T {
  return convert(value, snakeKey) as T;
}
