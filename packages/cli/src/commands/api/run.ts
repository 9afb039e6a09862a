import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { type Access, contract, type Endpoint } from '@tern/sdk';
import type { Command } from 'commander';
import * as z from 'zod';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { checkOutFolder, fileError, readTextFile, writeFileWhole } from '../../files.js';
import { readAll } from '../../io.js';
import { formatJson, formatTable } from '../../output.js';
import { camelKeys, type Fields, readFields } from './fields.js';
import type { ApiFlags } from './index.js';

/** Every operation of the contract: `area.name` and its endpoint. */
export function operations(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(contract).flatMap(([area, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([op, endpoint]) => ({
      name: `${area}.${op}`,
      endpoint,
    })),
  );
}

const loose = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

/** The operation a name means: `area.name` exactly, or with another case, dashes or underscores. */
export function findOperation(name: string): { name: string; endpoint: Endpoint } {
  const all = operations();
  const found = all.find((o) => o.name === name) ?? all.find((o) => loose(o.name) === loose(name));
  if (found) return found;
  const word = loose(name.split('.').at(-1) ?? name);
  const near = all.filter((o) => loose(o.name).includes(word)).slice(0, 5);
  throw new UserError(
    `No operation ${name}${near.length ? ` — did you mean ${near.map((o) => o.name).join(', ')}?` : ''} (\`tern api\` lists them)`,
    { code: 'usage' },
  );
}

export const whoText = (access: Access): string =>
  access === 'public' ? 'anyone' : access === 'signedIn' ? 'signed in' : access.join(', ');

/** The fields an object schema takes (a refined or piped object's too), or `null` for none. */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | null {
  let s: unknown = schema;
  for (let i = 0; i < 4 && s; i++) {
    if (s instanceof z.ZodObject) return s.shape as Record<string, z.ZodType>;
    s =
      (s as { def?: { in?: unknown; innerType?: unknown } }).def?.in ??
      (s as { def?: { innerType?: unknown } }).def?.innerType;
  }
  return null;
}

/** `name (type, required) — description` for each field of a schema, from its JSON Schema. */
function fieldLines(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  let json: {
    properties?: Record<string, { type?: unknown; description?: string; enum?: unknown[] }>;
    required?: string[];
  };
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as typeof json;
  } catch {
    return Object.keys(shapeOf(schema) ?? {}).map((k) => `  ${k}`);
  }
  return Object.entries(json.properties ?? {}).map(([key, p]) => {
    const type = p.enum
      ? p.enum.map(String).join('|')
      : Array.isArray(p.type)
        ? p.type.join('|')
        : (p.type ?? 'any');
    const required = json.required?.includes(key) ? ', required' : '';
    return `  ${key} (${type}${required})${p.description ? ` — ${p.description.replace(/\s+/g, ' ')}` : ''}`;
  });
}

function operationHelp(name: string, e: Endpoint): string {
  const parts = [
    `${name}: ${e.method} ${e.path}`,
    '',
    e.summary,
    '',
    `Who may call it: ${whoText(e.access)}${e.apiKey ? `; an API key of scope ${e.apiKey}${e.apiKey === 'read' ? ' or book' : ''}` : '; no API key'}`,
  ];
  for (const [title, schema] of [
    ['Path fields', e.params],
    ['Query fields', e.query],
    [`Body fields${e.bodyEncoding === 'multipart' ? ' (multipart: a file as @PATH)' : ''}`, e.body],
  ] as const) {
    const lines = fieldLines(schema);
    if (lines.length) parts.push('', `${title}:`, ...lines);
  }
  parts.push(
    '',
    `Usage: tern api ${name} ${e.params ? '-F id=… ' : ''}[-F key=value …] [--data JSON|@FILE]${e.reply === 'file' ? ' --out FILE' : ''}`,
    'Fields name the path, query or body field they fill; snake_case is read as camelCase.',
  );
  return `${parts.join('\n')}\n`;
}

function listText(): string {
  const rows = operations().map(({ name, endpoint: e }) => [name, e.method, e.path, whoText(e.access)]);
  return `${formatTable(['OPERATION', 'METHOD', 'PATH', 'WHO'], rows)}\n\`tern api OPERATION --help\` shows an operation's fields.\n`;
}

async function readData(data: string, stdin: () => Promise<string>): Promise<unknown> {
  let text = data;
  if (data === '@-') text = await stdin();
  else if (data.startsWith('@')) text = await readTextFile('--data', data.slice(1));
  try {
    return camelKeys(JSON.parse(text));
  } catch (error) {
    throw new UserError(`--data: not JSON (${(error as Error).message})`, { code: 'invalid_input' });
  }
}

/** Which part of the call each field fills: a path field, else a query field the body lacks, else the body. */
export function splitInput(e: Endpoint, fields: Fields, data: unknown) {
  const params = Object.keys(shapeOf(e.params) ?? {});
  const query = Object.keys(shapeOf(e.query) ?? {});
  const body = shapeOf(e.body);
  const input: { params?: Fields; query?: Fields; body?: unknown } = {};
  if (data !== undefined) {
    if (e.body) input.body = data;
    else if (e.query && data && typeof data === 'object' && !Array.isArray(data))
      input.query = { ...(data as Fields) };
    else throw new UserError('--data: this operation takes no body', { code: 'usage' });
  }
  const into = (part: 'params' | 'query' | 'body', key: string, value: unknown) => {
    if (input[part] === undefined) input[part] = {};
    const target = input[part] as Fields;
    if (!target || typeof target !== 'object' || Array.isArray(target))
      throw new UserError(`--field ${key}: the body of --data is not an object`, { code: 'usage' });
    target[key] = value;
  };
  for (const [key, value] of Object.entries(fields)) {
    if (params.includes(key)) into('params', key, value);
    else if (query.includes(key) && !(body && key in body)) into('query', key, value);
    else if (e.body) into('body', key, value);
    else if (e.query) into('query', key, value);
    else
      throw new UserError(`--field ${key}: this operation takes no fields but its path's`, { code: 'usage' });
  }
  return input;
}

/** Every field the contract refuses, named where it goes, all at once. */
function validate(e: Endpoint, input: ReturnType<typeof splitInput>): void {
  const problems: string[] = [];
  for (const [part, schema] of [
    ['params', e.params],
    ['query', e.query],
    ['body', e.body],
  ] as const) {
    if (!schema) continue;
    const value = input[part] ?? (part === 'body' ? undefined : {});
    if (part === 'body' && value === undefined) {
      if (!schema.safeParse({}).success) problems.push('body: required (--field key=value or --data JSON)');
      continue;
    }
    const result = schema.safeParse(value);
    if (!result.success)
      for (const issue of result.error.issues)
        problems.push(`${issue.path.length ? issue.path.join('.') : part}: ${issue.message}`);
  }
  if (problems.length)
    throw new UserError(`The contract refuses these fields:\n  ${problems.join('\n  ')}`, {
      code: 'invalid_input',
      details: { problems },
    });
}

/** A multipart body's `@PATH` values as the files they name. */
async function withFiles(body: unknown): Promise<unknown> {
  if (!body || typeof body !== 'object') return body;
  const out: Fields = {};
  for (const [key, value] of Object.entries(body as Fields)) {
    if (typeof value === 'string' && value.startsWith('@')) {
      const path = value.slice(1);
      const bytes = await readFile(path).catch((error: unknown) => {
        throw fileError(`--field ${key}=@`, path, error, 'read');
      });
      out[key] = new File([bytes], basename(path));
    } else out[key] = value;
  }
  return out;
}

export async function runApi(
  ctx: Context,
  name: string | undefined,
  flags: ApiFlags,
  command: Command,
): Promise<void> {
  if (!name) {
    if (flags.help) ctx.io.stdout.write(`${command.helpInformation()}\n`);
    const list = operations().map(({ name: n, endpoint: e }) => ({
      operation: n,
      method: e.method,
      path: e.path,
      access: e.access,
      apiKey: e.apiKey ?? null,
      summary: e.summary,
    }));
    ctx.out.result(list, listText);
    return;
  }
  const { name: operation, endpoint } = findOperation(name);
  if (flags.help) {
    ctx.io.stdout.write(operationHelp(operation, endpoint));
    return;
  }
  const data = flags.data === undefined ? undefined : await readData(flags.data, () => readAll(ctx.io.stdin));
  const input = splitInput(endpoint, readFields(flags.field, flags.rawField), data);
  validate(endpoint, input);
  if (endpoint.bodyEncoding === 'multipart') input.body = await withFiles(input.body);
  if (endpoint.reply === 'file' && !flags.out)
    throw new UserError(`${operation} answers with a file: name where it goes with --out FILE`, {
      code: 'usage',
    });
  if (flags.out) await checkOutFolder('--out', flags.out);
  await withClient(ctx, { session: endpoint.access === 'public' ? 'optional' : true }, async ({ client }) => {
    const reply = await client.call(
      endpoint,
      input as never,
      flags.idempotencyKey ? { idempotencyKey: flags.idempotencyKey } : {},
    );
    if (endpoint.reply === 'file') {
      const { blob, fileName } = reply as { blob: Blob; fileName: string | null };
      await writeFileWhole('--out', flags.out!, new Uint8Array(await blob.arrayBuffer()));
      ctx.out.result(
        { file: flags.out, fileName, bytes: blob.size },
        () => `Wrote ${flags.out} (${blob.size} bytes)\n`,
      );
      return;
    }
    ctx.io.stdout.write(formatJson(reply ?? null));
  });
}
