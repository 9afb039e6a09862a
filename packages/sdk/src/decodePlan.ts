import type * as z from 'zod';
import { camelKey, snakeKey } from './case.js';
import type { Endpoint } from './contract/define.js';
import { type Leaf, leafOf } from './fastDecode.js';

/**
 * What a reply decoder generated at build time (`scripts/gen-decoders.ts` → `decoders.gen.ts`) may assume of
 * its endpoints' schemas, as plain data: per object, its fields with their wire keys; per field, a leaf check
 * (kind, bounds, values), a nested object, an array, a nullable, or a schema the generated code hands to the
 * run-time decoder (`runtime`: trims, formats, unions…). The generator writes code from this plan and stamps
 * the file with its hash; at run time the plan is made again from the live schemas, and the generated code is
 * used only when the hashes agree — a schema changed since the file was generated is decoded the run-time way
 * (slower, never wrong), and the SDK's test fails until the file is generated again.
 */
export type LeafPlan = { kind: number; low: number | null; high: number | null; values: Literal[] | null };
type Literal = string | number | boolean | null;
export type Node =
  | { leaf: LeafPlan }
  | { object: number }
  | { array: Node }
  | { nullable: Node }
  /** Decoded by the run-time decoder of `Plan.runtime[n]`. */
  | { runtime: number };
export type Field = {
  /** The decoded object's key (camelCase). */
  key: string;
  /** The wire object's key (snake_case); `null` for a resource's `id` and `type`, read from the resource. */
  wire: string | null;
  node: Node;
  /** `optional()`: the wire key may be absent, and the decoded object then has no such key (as zod's). */
  optional?: true;
};
export type ObjectPlan = {
  /** A JSON:API resource `{id, type, attributes}`, flattened; otherwise a plain object. */
  resource: boolean;
  fields: Field[];
  /** Its wire keys are its keys: handed back as it is when every field decodes to itself. */
  same: boolean;
};
export type Top = { name: string; reply: 'list' | 'resource' | 'plain'; node: Node; meta: Node | null };
export type Plan = { endpoints: Top[]; objects: ObjectPlan[]; runtime: number };

/** The schemas behind a plan's numbers: what the generated code's run-time helpers are made from. */
export type PlanSchemas = {
  /** `Plan.runtime`'s schemas: each decoded by the run-time decoder. */
  runtime: z.ZodType[];
  /** The schema of each of `Plan.objects`: an object whose wire keys differ from the usual is decoded by it. */
  objects: { schema: z.ZodType; resource: boolean }[];
};

/** What the generated code is handed: the run-time decoders its plan names (no code is made at run time). */
export type Kit = {
  /** Gives up: the reply is decoded by zod, for zod's answer. */
  fail: () => never;
  runtime: ((value: unknown) => unknown)[];
  /** Per object of the plan, the run-time decoder of the object (of the resource, for a resource). */
  objects: ((value: unknown) => unknown)[];
};

type Def = { type: string; checks?: unknown[]; [key: string]: unknown };
type Internals = { def: Def };
const internals = (schema: unknown) => (schema as { _zod: Internals })._zod;

const isLiteral = (value: unknown): value is Literal =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

function leafPlan(leaf: Leaf): LeafPlan | null {
  if (leaf.values && !leaf.values.every(isLiteral)) return null;
  return {
    kind: leaf.kind,
    low: Number.isFinite(leaf.low) ? leaf.low : null,
    high: Number.isFinite(leaf.high) ? leaf.high : null,
    values: leaf.values as Literal[] | null,
  };
}

/** The plan of some endpoints' replies (each `list`, `resource` or `plain`), and the schemas it names. */
export function planOf(endpoints: readonly Endpoint[]): { plan: Plan; schemas: PlanSchemas } {
  const plan: Plan = { endpoints: [], objects: [], runtime: 0 };
  const schemas: PlanSchemas = { runtime: [], objects: [] };
  const runtimeIds = new Map<unknown, number>();
  const objectIds = [new Map<unknown, number>(), new Map<unknown, number>()];
  const open = new Set<unknown>();

  const runtime = (schema: unknown): Node => {
    let id = runtimeIds.get(schema);
    if (id === undefined) {
      id = schemas.runtime.push(schema as z.ZodType) - 1;
      runtimeIds.set(schema, id);
      plan.runtime = schemas.runtime.length;
    }
    return { runtime: id };
  };

  const object = (schema: unknown, resource: boolean): Node => {
    const ids = objectIds[resource ? 1 : 0]!;
    const known = ids.get(schema);
    if (known !== undefined) return { object: known };
    const def = internals(schema).def as Def & { shape: Record<string, unknown> };
    const keys = Object.keys(def.shape);
    const wires = keys.map(snakeKey);
    // Left to the run-time decoder: unknown keys kept or refused, refinements, a `__proto__` field, a key
    // whose wire spelling does not camelCase back to it, two keys with one wire spelling, a recursive schema.
    if (
      def.catchall ||
      def.checks?.length ||
      keys.includes('__proto__') ||
      wires.some((wire, i) => camelKey(wire) !== keys[i]) ||
      new Set(wires).size !== wires.length ||
      open.has(schema)
    )
      return runtime(schema);
    open.add(schema);
    const fields = keys.map((key, i): Field => {
      const fromResource = resource && (key === 'id' || key === 'type');
      const field: Field = { key, wire: fromResource ? null : wires[i]!, node: node(def.shape[key]) };
      if (!fromResource && internals(def.shape[key]).def.type === 'optional') field.optional = true;
      return field;
    });
    open.delete(schema);
    const id =
      plan.objects.push({ resource, fields, same: !resource && keys.every((k, i) => k === wires[i]) }) - 1;
    schemas.objects.push({ schema: schema as z.ZodType, resource });
    ids.set(schema, id);
    return { object: id };
  };

  const node = (schema: unknown): Node => {
    const def = internals(schema).def;
    const leaf = leafOf(schema as never);
    const planned = leaf && leafPlan(leaf);
    if (planned) return { leaf: planned };
    switch (def.type) {
      // A field the generated code reads is there (an object has exactly its schema's keys but optional ones it
      // lacks, or it is decoded the run-time way; an optional field is marked on its `Field`), and a value that
      // is there passes `optional(x)` and `default(x)` when it passes `x`.
      case 'optional':
      case 'default':
        return node(def.innerType);
      case 'nullable':
        return { nullable: node(def.innerType) };
      case 'object':
        return object(schema, false);
      case 'array':
        return def.checks?.length ? runtime(schema) : { array: node(def.element) };
      default:
        return runtime(schema);
    }
  };

  const resource = (name: string, schema: unknown): Node => {
    const planned = object(schema, true);
    if ('runtime' in planned) throw new Error(`${name}: its resource is left to the run-time decoder`);
    return planned;
  };

  for (const endpoint of endpoints) {
    const { name, reply } = endpoint;
    const def = internals(endpoint.response).def;
    if (reply === 'list') {
      const shape = (def.shape ?? {}) as { items?: unknown; meta?: unknown };
      const items = shape.items ? internals(shape.items).def : undefined;
      if (def.type !== 'object' || Object.keys(shape).length !== 2 || !items || !shape.meta)
        throw new Error(`${name}: not a list of the shape listOf makes`);
      if (items.type !== 'array' || items.checks?.length || internals(items.element).def.type !== 'object')
        throw new Error(`${name}: its items are not a plain array of objects`);
      plan.endpoints.push({ name, reply, node: resource(name, items.element), meta: node(shape.meta) });
    } else if (reply === 'resource') {
      if (def.type !== 'object') throw new Error(`${name}: a resource reply that is not an object`);
      plan.endpoints.push({ name, reply, node: resource(name, endpoint.response), meta: null });
    } else if (reply === 'plain') {
      plan.endpoints.push({ name, reply, node: node(endpoint.response), meta: null });
    } else {
      throw new Error(`${name}: a ${reply} reply has nothing to decode`);
    }
  }
  return { plan, schemas };
}

/** A short hash of a plan (53 bits, hex): what the generated file is stamped with. */
export function planHash(plan: Plan): string {
  const text = JSON.stringify(plan);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}
