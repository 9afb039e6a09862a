import { snakeKey, toCamel } from './case.js';

/**
 * Query strings in the Rails style the API uses: nested objects as `filter[title][has]=x`, arrays as
 * `ids[]=1&ids[]=2`, keys in snake_case. `undefined`, `null` and `''` are left out.
 */
export function encodeQuery(query: Record<string, unknown> | undefined): URLSearchParams {
  const out = new URLSearchParams();
  const add = (prefix: string, value: unknown): void => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) {
      for (const v of value) add(`${prefix}[]`, v);
    } else if (value instanceof Date) {
      out.append(prefix, value.toISOString());
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${prefix}[${snakeKey(k)}]`, v);
    } else {
      out.append(prefix, String(value));
    }
  };
  for (const [k, v] of Object.entries(query ?? {})) add(snakeKey(k), v);
  return out;
}

type Tree = { [key: string]: string | string[] | Tree };

/** The inverse of `encodeQuery`: camelCase keys, strings as leaves (schemas coerce them). */
export function decodeQuery(search: URLSearchParams): Record<string, unknown> {
  const root: Tree = {};
  for (const [rawKey, value] of search) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const parts = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node: Tree = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const last = i === parts.length - 1;
      const nextIsArray = parts[i + 1] === '';
      if (last) {
        if (part === '') break;
        node[part] = value;
      } else if (nextIsArray && i + 1 === parts.length - 1) {
        const existing = node[part];
        const list = Array.isArray(existing) ? existing : [];
        list.push(value);
        node[part] = list;
        break;
      } else {
        const existing = node[part];
        const child: Tree =
          existing && typeof existing === 'object' && !Array.isArray(existing) ? existing : {};
        node[part] = child;
        node = child;
      }
    }
  }
  return toCamel(root);
}
