import { camelKey, toCamel, toSnake } from './case.js';
import type { Endpoint } from './contract/define.js';
import { type EndpointLookup, generatedDecoder } from './decoders.js';
import { SchemaMismatchError } from './errors.js';
import { decodeList, decodeResource, decodeValue, FALLBACK } from './fastDecode.js';

type Resource = { id: unknown; type: unknown; attributes?: Record<string, unknown> };

/** `{id, type, attributes}` → `{id, type, ...camelCased attributes}`, in one pass (hot on long lists). */
function flatten(resource: Resource): Record<string, unknown> {
  const out: Record<string, unknown> = { id: resource.id, type: resource.type };
  const attributes = resource.attributes;
  if (attributes && typeof attributes === 'object') {
    for (const k in attributes) {
      if (k === '__proto__' || k === 'id' || k === 'type') continue;
      const v = attributes[k];
      if (v !== undefined) out[camelKey(k)] = v !== null && typeof v === 'object' ? toCamel(v) : v;
    }
  }
  return out;
}

/** Unwraps a reply as the contract's `reply` kind says and camelCases it (no schema check). */
export function unwrapReply(endpoint: Pick<Endpoint, 'reply'>, json: unknown): unknown {
  switch (endpoint.reply) {
    case 'resource': {
      const data = (json as { data?: Resource } | null)?.data;
      return data && typeof data === 'object' ? flatten(data) : json;
    }
    case 'list': {
      const body = json as { data?: Resource[]; meta?: unknown } | null;
      const items = Array.isArray(body?.data) ? body.data.map(flatten) : body?.data;
      return { items, meta: toCamel(body?.meta) };
    }
    case 'plain':
      return toCamel(json);
    default:
      return undefined;
  }
}

/**
 * Unwraps, camelCases and checks a reply against the contract; a mismatch is a `SchemaMismatchError`. With
 * `lookup` (which finds the contract's endpoints by name), the longest replies are read by the code generated for
 * them at build time.
 */
export function decodeReply<E extends Endpoint>(
  endpoint: E,
  json: unknown,
  lookup?: EndpointLookup,
): unknown {
  // The fast path gives zod's answer for a valid reply in one walk (with the code generated at build time for
  // the longest replies, else the run-time decoder); anything else goes the generic way.
  try {
    const generated = lookup && generatedDecoder(endpoint, lookup);
    if (generated) return generated(json);
    switch (endpoint.reply) {
      case 'list':
        return decodeList(endpoint.response, json);
      case 'resource': {
        const data = (json as { data?: unknown } | null)?.data;
        if (data && typeof data === 'object') return decodeResource(endpoint.response, data);
        break;
      }
      case 'plain':
        return decodeValue(endpoint.response as never, json);
    }
  } catch (error) {
    if (error !== FALLBACK) throw error;
  }
  const value = unwrapReply(endpoint, json);
  const parsed = endpoint.response.safeParse(value);
  if (!parsed.success) throw new SchemaMismatchError(endpoint.name, parsed.error.issues, json);
  return parsed.data;
}

function wrap(value: Record<string, unknown>): Resource {
  const { id, type, ...attributes } = value;
  return { id: id === undefined || id === null ? id : String(id), type, attributes: toSnake(attributes) };
}

/** What the server writes for a handler's value: the inverse of `unwrapReply`. */
export function encodeReply(endpoint: Pick<Endpoint, 'reply'>, value: unknown): unknown {
  switch (endpoint.reply) {
    case 'resource':
      return { data: wrap(value as Record<string, unknown>) };
    case 'list': {
      const list = value as { items: Record<string, unknown>[]; meta: unknown };
      return { data: list.items.map(wrap), meta: toSnake(list.meta) };
    }
    case 'plain':
      return toSnake(value);
    default:
      return null;
  }
}
