import { decodeQuery, type Endpoint, toCamel } from '@tern/sdk';
import type { Context } from 'hono';
import { badRequest } from './errors.js';
import { parseInput } from './validate.js';

export interface ParsedInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The raw body text (for the idempotency fingerprint). */
  raw: string;
}

async function readBody(c: Context, endpoint: Endpoint): Promise<{ value: unknown; raw: string }> {
  if (endpoint.bodyEncoding === 'multipart') {
    const form = await c.req.parseBody({ all: true });
    const value: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(form)) value[key.replace(/\[\]$/, '')] = v;
    const fingerprint = (v: unknown): unknown =>
      v instanceof File
        ? { file: v.name, size: v.size, type: v.type }
        : Array.isArray(v)
          ? v.map(fingerprint)
          : v;
    const raw = JSON.stringify(Object.entries(value).map(([k, v]) => [k, fingerprint(v)]));
    return { value: toCamel(value), raw };
  }
  const raw = await c.req.text();
  if (!raw.trim()) return { value: undefined, raw };
  try {
    return { value: toCamel(JSON.parse(raw)), raw };
  } catch {
    throw badRequest('The request body is not valid JSON', undefined, 'invalid_json');
  }
}

/** Path params, query (Rails-style, camelCased) and body (snake_case JSON → camelCase), each checked. */
export async function parseRequest(c: Context, endpoint: Endpoint): Promise<ParsedInput> {
  const params = endpoint.params ? parseInput(endpoint.params, c.req.param()) : {};
  const query = endpoint.query
    ? parseInput(endpoint.query, decodeQuery(new URL(c.req.url).searchParams))
    : {};
  if (!endpoint.body) return { params, query, body: undefined, raw: '' };
  const { value, raw } = await readBody(c, endpoint);
  return { params, query, body: parseInput(endpoint.body, value), raw };
}
