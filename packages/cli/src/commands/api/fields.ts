import { UserError } from '../../errors.js';

// `--field key=value` as `gh api` reads it: a.b nests objects, a[] appends to a list; a typed field's value is
// JSON when it reads as JSON (12, true, null, [1,2], {"a":1}) and text otherwise; a raw field's is always text.
// snake_case keys (the wire's) are read as the contract's camelCase.

export type Fields = Record<string, unknown>;

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function typed(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Sets `value` at the key's path (`a.b`, `a[]`, `a[].b` is not supported: use --data for lists of objects). */
function setPath(target: Fields, key: string, value: unknown, flag: string): void {
  const parts = key.split('.');
  let node: Fields = target;
  for (const [i, raw] of parts.entries()) {
    const last = i === parts.length - 1;
    const list = raw.endsWith('[]');
    const name = camel(list ? raw.slice(0, -2) : raw);
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name))
      throw new UserError(`${flag} ${key}: a key is letters and digits, a.b to nest, a[] to append`, {
        code: 'usage',
      });
    if (list) {
      if (!last)
        throw new UserError(`${flag} ${key}: a[] ends a key (use --data for a list of objects)`, {
          code: 'usage',
        });
      const existing = node[name];
      if (existing !== undefined && !Array.isArray(existing))
        throw new UserError(`${flag} ${key}: ${name} is not a list`, { code: 'usage' });
      node[name] = [...((existing as unknown[] | undefined) ?? []), value];
      return;
    }
    if (last) {
      node[name] = value;
      return;
    }
    const next = node[name];
    if (next === undefined || next === null) node[name] = {};
    else if (typeof next !== 'object' || Array.isArray(next))
      throw new UserError(`${flag} ${key}: ${name} is not an object`, { code: 'usage' });
    node = node[name] as Fields;
  }
}

/** The fields of the flags, in the order given: `--field` typed, `--raw-field` text. */
export function readFields(typedFields: readonly string[] = [], rawFields: readonly string[] = []): Fields {
  const fields: Fields = {};
  for (const [list, flag, parse] of [
    [typedFields, '--field', typed],
    [rawFields, '--raw-field', (v: string) => v],
  ] as const) {
    for (const entry of list) {
      const at = entry.indexOf('=');
      if (at < 1) throw new UserError(`${flag} ${entry}: use key=value`, { code: 'usage' });
      setPath(fields, entry.slice(0, at), parse(entry.slice(at + 1)), flag);
    }
  }
  return fields;
}

/** JSON keys in snake_case (the wire's, as docs/api.md shows them) read as camelCase, at every depth. */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), camelKeys(v)]));
  return value;
}
