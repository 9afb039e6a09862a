import type * as z from 'zod';
import type { Endpoint, ReplyKind } from './contract/define.js';
import { contract } from './contract/index.js';
import { type Kit, planHash, planOf } from './decodePlan.js';
import * as generated from './decoders.gen.js';
import { decoderOf, FALLBACK, resourceDecoderOf } from './fastDecode.js';

type Decode = (json: unknown) => unknown;
type Generated = Pick<typeof generated, 'endpoints' | 'hash' | 'make'>;

const fail = (): never => {
  throw FALLBACK;
};

/** An endpoint of the contract by its name (`area.operation`). */
export function endpointNamed(name: string): Endpoint | undefined {
  const [area, op] = name.split('.') as [string, string];
  return (contract as unknown as Record<string, Record<string, Endpoint> | undefined>)[area]?.[op];
}

/**
 * The generated decoders (`decoders.gen.ts`) by response schema and reply kind — none when the file was
 * generated from other schemas than the live ones (its hash is not the live plan's), so a stale file is
 * never used, only slower.
 */
export function loadGenerated(
  module: Generated = generated,
): Map<z.ZodType, { reply: ReplyKind; decode: Decode }> {
  const table = new Map<z.ZodType, { reply: ReplyKind; decode: Decode }>();
  const endpoints = module.endpoints.map(endpointNamed);
  if (endpoints.some((e) => e === undefined)) return table;
  let made: ReturnType<typeof planOf>;
  try {
    made = planOf(endpoints as Endpoint[]);
  } catch {
    return table;
  }
  if (planHash(made.plan) !== module.hash) return table;
  const kit: Kit = {
    fail,
    runtime: made.schemas.runtime.map(decoderOf),
    objects: made.schemas.objects.map(({ schema, resource }) =>
      resource ? resourceDecoderOf(schema) : decoderOf(schema),
    ),
  };
  const decoders = module.make(kit);
  endpoints.forEach((endpoint, i) => {
    table.set(endpoint!.response, { reply: endpoint!.reply, decode: decoders[i]! });
  });
  return table;
}

let table: ReturnType<typeof loadGenerated> | null = null;

/** The generated decoder of an endpoint's reply (made on first use), if it has one; it throws `FALLBACK`. */
export function generatedDecoder(endpoint: Pick<Endpoint, 'reply' | 'response'>): Decode | undefined {
  table ??= loadGenerated();
  const entry = table.get(endpoint.response);
  return entry && entry.reply === endpoint.reply ? entry.decode : undefined;
}
