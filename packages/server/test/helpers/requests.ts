import { randomUUID } from 'node:crypto';
import { type Endpoint, encodeQuery, toSnake } from '@tern/sdk';
import type * as z from 'zod';

// Requests made from the contract itself, for the tests that walk every endpoint (authority, fuzz): a
// smallest valid input of any schema, and a raw HTTP call that sends what it is given, valid or not.

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions, read generically
type Def = any;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Texts a string schema may want, tried in order: the first the schema takes is used. One uuid serves a whole
 * sample, so that fields a schema wants equal (a password and its confirmation) are.
 */
const texts = (uuid: string) => [
  uuid,
  day(30),
  'ada@example.test',
  '10:00',
  'EUR',
  'IS',
  'Ada',
  '#1f3a5f',
  'x',
  // Digits only (a government-issued id).
  '0101302989',
  // A gift card's code (12 characters without look-alikes).
  'ABCDEFGHJK23',
];
const numbers = [1, 0, 2, 18, 30, 100];
/** A 1×1 PNG, for a file field (an upload). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function accepts(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/**
 * The smallest value a schema takes: optional and defaulted parts left out, the first option of an enum or a
 * union, the first candidate text or number that passes a string's or number's checks. `undefined` when the
 * schema takes nothing this can make (the caller's test then says which endpoint).
 */
export function sampleOf(schema: z.ZodType, uuid: string = randomUUID()): unknown {
  const def: Def = (schema as Def)._zod.def;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'unknown':
    case 'any':
    case 'undefined':
      return undefined;
    case 'nullable':
      return sampleOf(def.innerType, uuid);
    case 'catch':
      return sampleOf(def.innerType, uuid);
    case 'pipe': {
      // A text the whole pipe takes (an e-mail after trimming), else what its input takes.
      const text = texts(uuid).find((t) => accepts(schema, t));
      return text ?? sampleOf(def.in, uuid);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const value = sampleOf(field, uuid);
        if (value !== undefined) out[key] = value;
      }
      // A refinement across fields (an e-mail delivery needs its optional e-mail): an optional text filled in,
      // with the first candidate the whole object then takes.
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (accepts(schema, out)) break;
        if (out[key] !== undefined || (field as Def)._zod.def.type !== 'optional') continue;
        const text = texts(uuid).find((t) => accepts(schema, { ...out, [key]: t }));
        if (text !== undefined) out[key] = text;
      }
      return out;
    }
    case 'string':
      return texts(uuid).find((t) => accepts(schema, t)) ?? 'x';
    case 'number':
      return numbers.find((n) => accepts(schema, n)) ?? 1;
    case 'boolean':
      return true;
    case 'literal':
      return def.values[0];
    case 'enum':
      return Object.values(def.entries)[0];
    case 'array': {
      if (accepts(schema, [])) return [];
      return [sampleOf(def.element, uuid)];
    }
    case 'union':
      return sampleOf(def.options[0], uuid);
    case 'record':
      return {};
    case 'custom': {
      // A file field (`z.instanceof(Blob)`): a small real image.
      const file = new File([PNG_1X1], 'pixel.png', { type: 'image/png' });
      return accepts(schema, file) ? file : undefined;
    }
    default:
      return undefined;
  }
}

export interface RawInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** A valid input of an endpoint, for each of its parts. */
export function sampleInput(endpoint: Endpoint): Required<RawInput> {
  return {
    params: (endpoint.params ? sampleOf(endpoint.params) : {}) as Record<string, unknown>,
    query: (endpoint.query ? sampleOf(endpoint.query) : {}) as Record<string, unknown>,
    body: endpoint.body ? sampleOf(endpoint.body) : undefined,
  };
}

/** Percent-encodes any text, a lone surrogate too (as the bytes a careless client would send). */
function encodeAny(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((c) => {
        const code = c.codePointAt(0)!;
        if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(c);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  }
}

/** The path of an endpoint with these params, each encoded (a param is sent as it is, valid or not). */
export function pathOf(endpoint: Endpoint, params: Record<string, unknown>): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    return value === '' || value === undefined || value === null ? '-' : encodeAny(String(value));
  });
}

export interface RawReply {
  status: number;
  body: unknown;
}

/** Sends a request as a client would put it on the wire: snake_case query and JSON body, the bearer token. */
export async function send(
  baseUrl: string,
  endpoint: Endpoint,
  input: RawInput,
  options: {
    token?: string | null;
    headers?: Record<string, string>;
    rawBody?: string;
    rawQuery?: string;
  } = {},
): Promise<RawReply> {
  let search = encodeQuery(input.query).toString();
  if (options.rawQuery) search = search ? `${search}&${options.rawQuery}` : options.rawQuery;
  const url = `${baseUrl}${pathOf(endpoint, input.params ?? {})}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined = options.rawBody;
  if (body === undefined && input.body !== undefined) {
    if (endpoint.bodyEncoding === 'multipart') body = formOf(input.body);
    else {
      body = JSON.stringify(toSnake(input.body));
      headers['content-type'] ??= 'application/json';
    }
  }
  const response = await fetch(url, {
    method: endpoint.method,
    headers,
    ...(body !== undefined && endpoint.method !== 'GET' ? { body } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: response.status, body: parsed };
}

/** A multipart body as the SDK's client sends it: snake_case names, files as files, lists as `name[]`. */
function formOf(body: unknown): FormData {
  const form = new FormData();
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : { value: body };
  for (const [key, value] of Object.entries(toSnake<Record<string, unknown>>(fields))) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const name = Array.isArray(value) ? `${key}[]` : key;
      if (v instanceof Blob) form.append(name, v);
      else form.append(name, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  return form;
}

/** Every endpoint of a contract with its `area.op` name. */
export function endpointsOf(contract: Record<string, Record<string, Endpoint>>): Endpoint[] {
  return Object.values(contract).flatMap((area) => Object.values(area));
}
