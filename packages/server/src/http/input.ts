import { decodeQuery, type Endpoint, toCamel } from '@tern/sdk';
import type { Context } from 'hono';
import { badRequest, HttpError, invalidField } from './errors.js';
import { parseInput } from './validate.js';

export interface ParsedInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The raw body text (for the idempotency fingerprint). */
  raw: string;
}

/** NUL, or half of a UTF-16 surrogate pair: text Postgres cannot store (and no person types). */
const unstorable = (text: string) =>
  text.includes('\0') || !(text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * Refuses, with a 400 naming the field, any text of the request — path, query, body, and the keys too — that
 * Postgres cannot store. One check for every endpoint, before any schema or query sees it.
 */
export function assertStorableText(value: unknown, path: string[] = []): void {
  const refuse = () => {
    const field = path.join('.') || '(root)';
    return invalidField('invalid_text', field);
  };
  if (typeof value === 'string') {
    if (unstorable(value)) throw refuse();
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) assertStorableText(v, [...path, String(i)]);
    return;
  }
  // An upload's file name is text of the request too (it reaches the fingerprint, the audit and the logs).
  if (value instanceof File) {
    if (unstorable(value.name)) throw refuse();
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    if (unstorable(key)) throw refuse();
    assertStorableText(v, [...path, key]);
  }
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const FORM_TYPE = /^multipart\/form-data\s*;/i;

/**
 * A multipart body's fields, or a refusal: another content type is 415 and a body that is not well-formed form
 * data 400 — each after reading what was sent, so that the connection stays usable for the client's next call.
 */
async function readForm(c: Context): Promise<Record<string, string | File | (string | File)[]>> {
  if (!FORM_TYPE.test(c.req.header('content-type') ?? '')) {
    await c.req.arrayBuffer().catch(() => undefined);
    throw new HttpError(415, 'multipart_required');
  }
  try {
    return await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('invalid_form');
  }
}

async function readBody(c: Context, endpoint: Endpoint): Promise<{ value: unknown; raw: string }> {
  if (endpoint.bodyEncoding === 'multipart') {
    const form = await readForm(c);
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
  const type = c.req.header('content-type');
  const raw = await c.req.text();
  if (!raw.trim()) return { value: undefined, raw };
  if (type !== undefined && !JSON_TYPE.test(type)) throw new HttpError(415, 'unsupported_media_type');
  try {
    return { value: toCamel(JSON.parse(raw)), raw };
  } catch {
    throw badRequest('invalid_json');
  }
}

/** Path params, query (Rails-style, camelCased) and body (snake_case JSON → camelCase), each checked. */
export async function parseRequest(c: Context, endpoint: Endpoint): Promise<ParsedInput> {
  const rawParams = c.req.param();
  assertStorableText(rawParams);
  const params = endpoint.params ? parseInput(endpoint.params, rawParams) : {};
  const rawQuery = decodeQuery(new URL(c.req.url).searchParams);
  assertStorableText(rawQuery);
  const query = endpoint.query ? parseInput(endpoint.query, rawQuery) : {};
  if (!endpoint.body) return { params, query, body: undefined, raw: '' };
  const { value, raw } = await readBody(c, endpoint);
  assertStorableText(value);
  return { params, query, body: parseInput(endpoint.body, value), raw };
}
