import type * as z from 'zod';
import type { Endpoint, ReplyKind } from './contract/define.js';
import { type Kit, planHash, planOf } from './decodePlan.js';
import * as generated from './decoders.gen.js';
import { decoderOf, FALLBACK, resourceDecoderOf } from './fastDecode.js';

type Decode = (json: unknown) => unknown;
type Generated = Pick<typeof generated, 'endpoints' | 'hash' | 'make'>;

const fail = (): never => {
  throw FALLBACK;
};

/**
 * Finds an endpoint of the contract by its name (`area.operation`): the contract's own `endpointNamed`, or a lazy
 * client's over the areas it has loaded.
 */
export type EndpointLookup = (name: string) => Endpoint | undefined;

/** The endpoints with a generated decoder (`area.operation`): a client loads their areas before it decodes one. */
export const generatedEndpoints: readonly string[] = generated.endpoints;

/**
 * The generated decoders (`decoders.gen.ts`) by response schema and reply kind — none when the file was
 * generated from other schemas than the live ones (its hash is not the live plan's), so a stale file is
 * never used, only slower.
 */
export function loadGenerated(
  lookup: EndpointLookup,
  module: Generated = generated,
): Map<z.ZodType, { reply: ReplyKind; decode: Decode }> {
  const table = new Map<z.ZodType, { reply: ReplyKind; decode: Decode }>();
  const endpoints = module.endpoints.map(lookup);
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

/**
 * The generated decoder of an endpoint's reply (made on first use, with `lookup` finding the live endpoints of
 * every generated decoder), if it has one; it throws `FALLBACK`.
 */
export function generatedDecoder(
  endpoint: Pick<Endpoint, 'reply' | 'response'>,
  lookup: EndpointLookup,
): Decode | undefined {
  if (!table) {
    // Made once every generated endpoint is found (a lazy client may not have loaded them all yet).
    if (generated.endpoints.some((name) => !lookup(name))) return undefined;
    table = loadGenerated(lookup);
  }
  const entry = table.get(endpoint.response);
  return entry && entry.reply === endpoint.reply ? entry.decode : undefined;
}
