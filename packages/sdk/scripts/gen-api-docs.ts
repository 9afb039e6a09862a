/**
 * Writes docs/api.md from the contract. `--check` fails when the checked-in file is stale (CI runs it).
 * The page documents the wire: snake_case keys and JSON:API envelopes; the SDK hands back camelCase.
 */
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { contract, type Endpoint, snakeKey } from '../src/index.js';
import { writeGenerated } from './writeGenerated.js';

type Json = Record<string, unknown>;
const target = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));

function typeOf(schema: Json, depth = 0): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return union.map((s) => typeOf(s, depth)).join(' \\| ');
  const type = schema.type;
  if (type === 'array') return `${wrap(typeOf((schema.items as Json) ?? {}, depth))}[]`;
  if (type === 'object') {
    const props = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required as string[]) ?? []);
    const entries = Object.entries(props).map(
      ([k, v]) => `${snakeKey(k)}${required.has(k) ? '' : '?'}: ${typeOf(v, depth + 1)}`,
    );
    return entries.length ? `{ ${entries.join('; ')} }` : 'object';
  }
  if (type === 'string' && typeof schema.format === 'string') return `string (${schema.format})`;
  if (type === 'integer') return 'integer';
  if (Array.isArray(type)) return type.join(' \\| ');
  return typeof type === 'string' ? type : 'any';
}

const wrap = (t: string) => (t.includes(' ') && !t.startsWith('{') ? `(${t})` : t);

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
}

function fields(schema: z.ZodType | undefined, io: 'input' | 'output'): string[] {
  if (!schema) return [];
  const json = jsonSchema(schema, io);
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[]) ?? []);
  if (!Object.keys(props).length) return [`| (body) | ${typeOf(json)} | yes |`];
  return Object.entries(props).map(
    ([k, v]) => `| \`${snakeKey(k)}\` | ${typeOf(v)} | ${required.has(k) ? 'yes' : 'no'} |`,
  );
}

/** Which API keys may call it (the contract's `apiKey`): any key, or `book` keys only; none without it. */
function apiKeyWords(e: Endpoint): string {
  if (e.apiKey === 'read') return '; any API key';
  if (e.apiKey === 'book') return '; an API key of the `book` scope';
  return '';
}

/** Whether the payment lock closes it (the contract's `paymentLock`). */
const lockWords = (e: Endpoint): string => (e.paymentLock ? '; not while payment-locked' : '');

function access(e: Endpoint): string {
  if (e.access === 'public') return 'anyone';
  if (e.access === 'signedIn') return `any signed-in user${apiKeyWords(e)}${lockWords(e)}`;
  return (
    e.access.join(', ') + (e.sandboxPublic ? '; anyone in sandbox mode' : '') + apiKeyWords(e) + lockWords(e)
  );
}

function reply(e: Endpoint): string {
  if (e.reply === 'empty') return '`204 No Content`';
  if (e.reply === 'file') return 'a file download';
  const json = jsonSchema(e.response, 'output');
  const strip = (s: Json): Json => {
    const props = { ...((s.properties ?? {}) as Json) };
    delete props.id;
    delete props.type;
    return { ...s, properties: props };
  };
  if (e.reply === 'resource') {
    const variants = ((json.anyOf ?? json.oneOf) as Json[] | undefined) ?? [json];
    return variants
      .map((v) => {
        const t = (v.properties as Record<string, Json> | undefined)?.type?.const;
        return `\`{ data: { id, type: ${JSON.stringify(t ?? 'resource')}, attributes: ${typeOf(strip(v))} } }\``;
      })
      .join(' or ');
  }
  if (e.reply === 'list') {
    const item = ((json.properties as Record<string, Json>).items as Json).items as Json;
    const t = (item.properties as Record<string, Json> | undefined)?.type?.const;
    return `\`{ data: [{ id, type: ${JSON.stringify(t ?? 'resource')}, attributes: ${typeOf(strip(item))} }], meta: { page, limit, total } }\``;
  }
  return `\`${typeOf(json)}\``;
}

function render(): string {
  const out: string[] = [
    '# Tern API reference',
    '',
    '<!-- Generated from packages/sdk/src/contract by `npm run docs`. Do not edit by hand. -->',
    '',
    'Every call sends and receives JSON with **snake_case** keys. Resources come as JSON:API',
    '(`{ data: { id, type, attributes } }`, lists with `meta`); the TypeScript SDK (`@tern/sdk`) hands them back',
    'as flat camelCase objects. Send the session token (or an API key) as `Authorization: Bearer <token>`.',
    'Errors are `{ message, code, fields?: [{ field, message }], request_id }`; status 440 means the session',
    'expired. Calls that create send an `Idempotency-Key` header; a repeat replays the first reply.',
    'See `packages/sdk/README.md` for the error classes, and `errorCatalogue` in the SDK for every error code.',
    'Each id an endpoint takes says whose object it must be (`owns` in the contract; see docs/architecture.md).',
    'An API key calls only what says "any API key" (a key of either scope) or "an API key of the `book` scope";',
    'anything else answers 403 `api_key_not_allowed` to a key, a `book` endpoint 403 `api_key_read_only` to a `read`',
    'key (see docs/security.md). What says "not while payment-locked" answers 401 `payment_locked` to a reseller',
    'whose agency is locked, and to a supplier naming a property of theirs that is locked (an admin’s lock override',
    'lifts a lock; see docs/decisions.md).',
    '',
    '| Operation | Method | Path | Who |',
    '|---|---|---|---|',
  ];
  const all = Object.values(contract).flatMap((area) => Object.values(area as Record<string, Endpoint>));
  for (const e of all)
    out.push(
      `| [\`${e.name}\`](#${e.name.replace('.', '').toLowerCase()}) | ${e.method} | \`${e.path}\` | ${access(e)} |`,
    );
  for (const e of all) {
    out.push('', `## ${e.name}`, '', `\`${e.method} ${e.path}\` — ${access(e)}`, '', e.summary, '');
    const owns = Object.entries(e.owns ?? {});
    if (owns.length)
      out.push(
        `**Whose ids** (checked before the call runs; another's or an unknown id is a 404): ${owns
          .map(([field, kind]) => `\`${field}\` ${kind}`)
          .join(', ')}`,
        '',
      );
    for (const [title, schema, io] of [
      ['Path parameters', e.params, 'input'],
      ['Query', e.query, 'input'],
      [e.bodyEncoding === 'multipart' ? 'Body (multipart)' : 'Body', e.body, 'input'],
    ] as const) {
      const rows = fields(schema, io);
      if (rows.length)
        out.push(`**${title}**`, '', '| Field | Type | Required |', '|---|---|---|', ...rows, '');
    }
    out.push(`**Reply** ${e.creates ? '201' : e.reply === 'empty' ? '204' : '200'}: ${reply(e)}`);
    if (e.errors?.length) out.push('', `**Errors on purpose:** ${e.errors.join(', ')}`);
  }
  return `${out.join('\n').trimEnd()}\n`;
}

writeGenerated(
  target,
  render(),
  'docs/api.md is out of date with the contract: run `npm run docs` and commit it.',
);
