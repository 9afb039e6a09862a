import type * as z from 'zod';
import { camelKey, snakeKey } from './case.js';

/**
 * The fast path of reply decoding: reads the snake_case wire value and builds the camelCase result in one
 * walk, checking it against the contract's schema as it goes — instead of a camelCased copy first and zod's
 * copy of that copy second (the issue's target, held by `bench/decode.ts`: a 10,000-row list in at most 1.5×
 * the time of `JSON.parse` of the same bytes).
 *
 * It knows the schema kinds replies use (objects, arrays, strings, numbers, booleans, enums, literals, null,
 * nullable, optional, default, unions, records of string keys) and runs zod's own checks (lengths, formats,
 * integers, bounds, trims). Anything else — and any value that does not pass — throws `FALLBACK`: the caller then
 * decodes the generic way with zod, which gives the same result for valid replies and zod's issues for invalid
 * ones. So this is only ever a shortcut to the answer zod would give.
 */
export const FALLBACK: unique symbol = Symbol('fallback to zod');

type Internals = {
  def: Record<string, unknown> & { type: string; checks?: Check[] };
  traits: Set<string>;
  values?: Set<unknown>;
  check?: (payload: Payload) => unknown;
};
type Check = {
  _zod: { def: { when?: (payload: Payload) => boolean }; check: (payload: Payload) => unknown };
};
type Payload = { value: unknown; issues: unknown[] };
type Schema = { _zod: Internals };

const fail = (): never => {
  throw FALLBACK;
};

/** One payload reused for every check (no garbage per checked value); a fresh one if checks ever nest. */
const shared: Payload = { value: undefined, issues: [] };
let sharedInUse = false;

/** zod's checks of a schema (and the schema itself when it is a format check, like `z.email()`). */
function runChecks(schema: Schema, value: unknown): unknown {
  const z = schema._zod;
  const own = z.traits.has('$ZodCheck');
  const checks = z.def.checks;
  if (!own && (checks === undefined || checks.length === 0)) return value;
  const reuse = !sharedInUse;
  const payload: Payload = reuse ? shared : { value: undefined, issues: [] };
  sharedInUse = true;
  payload.value = value;
  try {
    if (own) z.check?.(payload);
    if (checks !== undefined) {
      for (const check of checks) {
        if (payload.issues.length) break;
        // As zod: a check with a condition (lengths: "when the value has a length") runs only when it holds.
        const when = check._zod.def.when;
        if (when && !when(payload)) continue;
        if (check._zod.check(payload) instanceof Promise) fail();
      }
    }
    if (payload.issues.length) fail();
    return payload.value;
  } finally {
    if (reuse) {
      shared.value = undefined;
      if (shared.issues.length) shared.issues.length = 0;
      sharedInUse = false;
    }
  }
}

type Decode = (input: unknown) => unknown;
type ObjectDecode = (source: Record<string, unknown>, attributes: Record<string, unknown>) => unknown;

type Step = (value: unknown) => unknown;

/** The checks replies use most, as plain comparisons (same verdicts as zod's); `null` for any other check. */
function stepOf(check: Check): Step | null {
  const def = check._zod.def as {
    check?: string;
    minimum?: number;
    maximum?: number;
    value?: number;
    inclusive?: boolean;
    format?: string;
    tx?: (value: unknown) => unknown;
  };
  switch (def.check) {
    case 'min_length': {
      const min = def.minimum!;
      return (v) => ((v as string).length >= min ? v : fail());
    }
    case 'max_length': {
      const max = def.maximum!;
      return (v) => ((v as string).length <= max ? v : fail());
    }
    case 'greater_than': {
      const limit = def.value!;
      return def.inclusive
        ? (v) => ((v as number) >= limit ? v : fail())
        : (v) => ((v as number) > limit ? v : fail());
    }
    case 'less_than': {
      const limit = def.value!;
      return def.inclusive
        ? (v) => ((v as number) <= limit ? v : fail())
        : (v) => ((v as number) < limit ? v : fail());
    }
    case 'number_format':
      return def.format === 'safeint' ? (v) => (Number.isSafeInteger(v) ? v : fail()) : null;
    case 'overwrite':
      return def.tx ? (v) => def.tx!(v) : null;
    default:
      return null;
  }
}

/** A value's checks as one function, or `null` when the schema has none. */
function checkerOf(schema: Schema): ((value: unknown) => unknown) | null {
  const z = schema._zod;
  const checks = z.def.checks;
  const own = z.traits.has('$ZodCheck');
  if (!own && (checks === undefined || checks.length === 0)) return null;
  const steps = own ? null : checks!.map(stepOf);
  if (!steps || steps.some((step) => step === null)) return (value) => runChecks(schema, value);
  const plain = steps as Step[];
  if (plain.length === 1) return plain[0]!;
  return (value) => {
    let v = value;
    for (const step of plain) v = step(v);
    return v;
  };
}

// The leaves most fields are — checked in the object's own loop by a `switch`, not by a call to a decoder of
// their own (one call site for every kind of field is slow: the engine cannot inline it).
const OTHER = 0;
export const STRING = 1;
export const NUMBER = 2;
export const INTEGER = 3;
export const BOOLEAN = 4;
export const MEMBER = 5;
export const NULL = 6;
/** Added to a kind: `null` fits too. */
export const NULLABLE = 8;

export type Leaf = { kind: number; low: number; high: number; values: unknown[] | null };

type BoundCheck = {
  check?: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
};

/** A leaf with the bounds of a string's length or of a number from its checks; `null` for any other check. */
function bounded(leaf: Leaf, checks: Check[] | undefined, of: 'length' | 'number'): Leaf | null {
  for (const check of checks ?? []) {
    const def = check._zod.def as BoundCheck;
    const sort = `${of} ${def.check}`;
    if (sort === 'length min_length') leaf.low = Math.max(leaf.low, def.minimum!);
    else if (sort === 'length max_length') leaf.high = Math.min(leaf.high, def.maximum!);
    else if (sort === 'number greater_than' && def.inclusive) leaf.low = Math.max(leaf.low, def.value!);
    else if (sort === 'number less_than' && def.inclusive) leaf.high = Math.min(leaf.high, def.value!);
    else if (sort === 'number number_format' && def.format === 'safeint') leaf.kind = INTEGER;
    else return null;
  }
  return leaf;
}

/**
 * What a field's wire value must be when it is there, as a leaf kind, or `null` when it needs its decoder. A
 * value that is there passes `optional(x)` and `default(x)` exactly when it passes `x` (zod looks at the inner
 * schema unless the value is `undefined`, which JSON never gives), and leaves come back unchanged.
 */
export function leafOf(schema: Schema): Leaf | null {
  const z = schema._zod;
  const def = z.def;
  const leaf: Leaf = {
    kind: OTHER,
    low: Number.NEGATIVE_INFINITY,
    high: Number.POSITIVE_INFINITY,
    values: null,
  };
  const plain = !z.traits.has('$ZodCheck') && !def.coerce;
  switch (def.type) {
    case 'optional':
    case 'default':
      return leafOf(def.innerType as Schema);
    case 'nullable': {
      const inner = leafOf(def.innerType as Schema);
      if (inner) inner.kind |= NULLABLE;
      return inner;
    }
    case 'string':
      leaf.kind = STRING;
      leaf.low = 0;
      return plain ? bounded(leaf, def.checks, 'length') : null;
    case 'number':
      leaf.kind = NUMBER;
      return plain ? bounded(leaf, def.checks, 'number') : null;
    case 'boolean':
      leaf.kind = BOOLEAN;
      return plain && !def.checks?.length ? leaf : null;
    case 'enum':
    case 'literal':
      if (!z.values || z.values.has(undefined) || def.checks?.length) return null;
      leaf.kind = z.values.has(null) ? MEMBER | NULLABLE : MEMBER;
      // An array: `includes` (zod's SameValueZero too) over a few values beats hashing the value.
      leaf.values = [...z.values];
      return leaf;
    case 'null':
      leaf.kind = NULL;
      return def.checks?.length ? null : leaf;
    default:
      return null;
  }
}

/** Whether a wire value fits a leaf kind, with zod's verdict. */
function fits(kind: number, value: unknown, low: number, high: number, values: unknown[] | null): boolean {
  if (value === null) return kind === NULL || (kind & NULLABLE) !== 0;
  switch (kind & ~NULLABLE) {
    case STRING:
      return typeof value === 'string' && value.length >= low && value.length <= high;
    case NUMBER:
      return Number.isFinite(value) && (value as number) >= low && (value as number) <= high;
    case INTEGER:
      return Number.isSafeInteger(value) && (value as number) >= low && (value as number) <= high;
    case BOOLEAN:
      return typeof value === 'boolean';
    case MEMBER:
      return values!.includes(value);
    default:
      return false;
  }
}

type Plain = new () => Record<string, unknown>;

/**
 * A constructor of one schema's decoded objects: plain objects (their prototype is `Object.prototype`, their
 * `constructor` is `Object`), but made at the size the schema's fields take. `{}` has room for four fields: the
 * others land in a side array that grows again and again as fields are added, leaving garbage at every step
 * (most of the allocations of a long reply, and the collections they cause). V8 sizes a constructor's objects
 * by the `this.x =` assignments written in its body — the assignments below never run (`reserve` is never
 * passed) but make room for 32 fields — and, after a few objects, trims that room to the fields this schema's
 * objects really got (in-object slack tracking). Each call makes its own constructor, so each schema is sized
 * on its own. Elsewhere it is just a constructor of plain objects.
 */
function plainMaker(): Plain {
  const Plain = function (this: Record<string, unknown>, reserve?: true) {
    if (reserve) {
      this.a = this.b = this.c = this.d = this.e = this.f = this.g = this.h = undefined;
      this.i = this.j = this.k = this.l = this.m = this.n = this.o = this.p = undefined;
      this.q = this.r = this.s = this.t = this.u = this.v = this.w = this.x = undefined;
      this.y = this.z = this.A = this.B = this.C = this.D = this.E = this.F = undefined;
    }
  };
  Plain.prototype = Object.prototype;
  return Plain as unknown as Plain;
}

/**
 * An object's fields read and decoded in one function, with no code generated at run time (a strict
 * Content-Security-Policy forbids it). The server writes the fields in the schema's order, so the wire
 * object's own keys are walked in order — the engine's fast path for `for…in` over an object with its
 * values read by the key in hand — each matched to the next field by identity; a reply in any other order,
 * with a field missing or one the schema does not name, takes the by-name loop. Leaf fields are checked by
 * `fits` in the loop itself; the others call their decoder.
 */
function objectDecoder(schema: Schema, resource: boolean): ObjectDecode {
  const def = schema._zod.def as unknown as { shape: Record<string, Schema>; catchall?: unknown };
  // Anything but zod's default (unknown keys dropped) is left to zod.
  if (def.catchall) fail();
  const keys = Object.keys(def.shape);
  // A field named `__proto__` would set the result's prototype: left to zod.
  if (keys.includes('__proto__')) fail();
  const snakes = keys.map(snakeKey);
  // A key its wire spelling does not camelCase back to (`URL` → `url` → `url`) is never found by zod: left to it.
  if (snakes.some((snake, i) => camelKey(snake) !== keys[i])) fail();
  const decoders = keys.map((key) => compile(def.shape[key]!));
  const fromSource = keys.map((key) => resource && (key === 'id' || key === 'type'));
  const leaves = keys.map((key) => leafOf(def.shape[key]!));
  // The fields read from the wire object, in order (a resource's id and type come from the resource).
  const wire = keys.map((_, i) => i).filter((i) => !fromSource[i]);
  const wireSnakes = wire.map((i) => snakes[i]!);
  const wireKeys = wire.map((i) => keys[i]!);
  const wireDecoders = wire.map((i) => decoders[i]!);
  const kinds = wire.map((i) => leaves[i]?.kind ?? OTHER);
  const lows = wire.map((i) => leaves[i]?.low ?? 0);
  const highs = wire.map((i) => leaves[i]?.high ?? 0);
  const values = wire.map((i) => leaves[i]?.values ?? null);
  const sourceFields = keys.map((_, i) => i).filter((i) => fromSource[i]);
  const count = wire.length;
  // An object whose wire keys are already its keys (`{adults, children}`, a guest's name) comes back as it
  // is when every field decodes to itself: no copy (most small objects of a long reply are such).
  const same = !resource && keys.every((key, i) => key === snakes[i]);
  const Plain = plainMaker();

  const wireNames = new Set(snakes);
  const names = new Set(keys);
  const byName = (source: Record<string, unknown>, attributes: Record<string, unknown>) => {
    // A key spelled another way beside the usual one (`reservationId` and `reservation_id`): the camelCased
    // copy keeps whichever comes last, so zod decides.
    for (const key in attributes) {
      if (wireNames.has(key) || key === '__proto__' || (resource && (key === 'id' || key === 'type')))
        continue;
      if (names.has(camelKey(key))) fail();
    }
    const out = new Plain();
    for (let i = 0; i < keys.length; i++) {
      const camel = keys[i]!;
      const snake = snakes[i]!;
      const raw = fromSource[i] ? source[camel] : attributes[snake];
      const value = decoders[i]!(raw);
      if (value !== undefined) out[camel] = value;
    }
    return out;
  };

  return (source, attributes) => {
    let at = 0;
    if (same) {
      for (const key in attributes) {
        if (at === count || key !== wireSnakes[at]) return byName(source, attributes);
        const raw = attributes[key];
        const kind = kinds[at]!;
        if (kind !== OTHER) {
          if (!fits(kind, raw, lows[at]!, highs[at]!, values[at]!)) fail();
        } else if (wireDecoders[at]!(raw) !== raw) return byName(source, attributes);
        at++;
      }
      return at === count ? attributes : byName(source, attributes);
    }
    const out = new Plain();
    for (let f = 0; f < sourceFields.length; f++) {
      const i = sourceFields[f]!;
      const value = decoders[i]!(source[keys[i]!]);
      if (value !== undefined) out[keys[i]!] = value;
    }
    for (const key in attributes) {
      if (at === count || key !== wireSnakes[at]) return byName(source, attributes);
      const raw = attributes[key];
      const kind = kinds[at]!;
      if (kind !== OTHER) {
        if (!fits(kind, raw, lows[at]!, highs[at]!, values[at]!)) fail();
        out[wireKeys[at]!] = raw;
      } else {
        const value = wireDecoders[at]!(raw);
        if (value !== undefined) out[wireKeys[at]!] = value;
      }
      at++;
    }
    return at === count ? out : byName(source, attributes);
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const compiled = new WeakMap<object, Decode>();
const compiledResources = new WeakMap<object, Decode>();

/** The decoder of a schema, made once. */
function compile(schema: Schema): Decode {
  const known = compiled.get(schema);
  if (known) return known;
  // A schema reached again while it is being compiled (a recursive one) calls the finished decoder.
  let done: Decode | null = null;
  compiled.set(schema, (input) => (done ?? fail())(input));
  done = build(schema);
  compiled.set(schema, done);
  return done;
}

function build(schema: Schema): Decode {
  const z = schema._zod;
  const def = z.def;
  const check = checkerOf(schema);
  switch (def.type) {
    // One closure per case, with or without checks (no test of `check` on every value).
    case 'string':
      if (def.coerce) return fail;
      if (!check) return (input) => (typeof input === 'string' ? input : fail());
      return (input) => (typeof input === 'string' ? check(input) : fail());
    case 'number':
      if (def.coerce) return fail;
      if (!check) return (input) => (typeof input === 'number' && Number.isFinite(input) ? input : fail());
      return (input) => (typeof input === 'number' && Number.isFinite(input) ? check(input) : fail());
    case 'boolean':
      if (def.coerce) return fail;
      return (input) => (typeof input !== 'boolean' ? fail() : check ? check(input) : input);
    case 'enum':
    case 'literal': {
      const values = z.values;
      if (!values) return fail;
      return (input) => (!values.has(input) ? fail() : check ? check(input) : input);
    }
    case 'null':
      return (input) => (input !== null ? fail() : null);
    case 'undefined':
      return (input) => (input !== undefined ? fail() : undefined);
    case 'nullable': {
      const inner = compile(def.innerType as Schema);
      return (input) => (input === null ? null : inner(input));
    }
    case 'optional': {
      const inner = compile(def.innerType as Schema);
      return (input) => (input === undefined ? undefined : inner(input));
    }
    case 'default': {
      const inner = compile(def.innerType as Schema);
      return (input) => (input === undefined ? def.defaultValue : inner(input));
    }
    case 'array': {
      const element = compile(def.element as Schema);
      return (input) => {
        if (!Array.isArray(input)) return fail();
        // The wire's own array when every element decodes to itself (no copy), as objects above; else a copy
        // made at its final length.
        let out: unknown[] | null = null;
        for (let i = 0; i < input.length; i++) {
          const v = element(input[i]);
          if (out === null && v !== input[i]) {
            out = new Array(input.length);
            for (let j = 0; j < i; j++) out[j] = input[j];
          }
          if (out !== null) out[i] = v;
        }
        const result = out ?? input;
        return check ? check(result) : result;
      };
    }
    case 'object': {
      const fields = objectDecoder(schema, false);
      return (input) => {
        if (!isRecord(input)) return fail();
        const out = fields(input, input);
        return check ? check(out) : out;
      };
    }
    case 'record': {
      // A record of string keys checked by their schema (the inventory calendar's rates by occupancy): zod's walk
      // of its own keys, each checked, each value decoded, into a new object. Enumerated or loose keys, and a key
      // the wire spells other than its camelCase (the generic way camelCases keys first), are left to zod.
      const keyType = def.keyType as Schema;
      if (keyType._zod.def.type !== 'string' || keyType._zod.values || def.mode === 'loose') return fail;
      const key = compile(keyType);
      const value = compile(def.valueType as Schema);
      return (input) => {
        if (!isRecord(input)) return fail();
        const out: Record<string, unknown> = {};
        for (const k in input) {
          if (k === '__proto__' || camelKey(k) !== k || key(k) !== k) fail();
          const v = value(input[k]);
          if (v === undefined) fail();
          out[k] = v;
        }
        return check ? check(out) : out;
      };
    }
    case 'union': {
      const options = (def.options as Schema[]).map(compile);
      return (input) => {
        for (const option of options) {
          try {
            return option(input);
          } catch (error) {
            if (error !== FALLBACK) throw error;
          }
        }
        return fail();
      };
    }
    default:
      return fail;
  }
}

/** The decoder of a JSON:API resource `{id, type, attributes}` as the flat object `schema` describes. */
function resourceDecoder(schema: Schema): Decode {
  const known = compiledResources.get(schema);
  if (known) return known;
  if (schema._zod.def.type !== 'object') fail();
  const fields = objectDecoder(schema, true);
  const check = checkerOf(schema);
  const decode: Decode = (input) => {
    if (!isRecord(input) || !isRecord(input.attributes)) return fail();
    const out = fields(input, input.attributes);
    return check ? check(out) : out;
  };
  compiledResources.set(schema, decode);
  return decode;
}

/** The run-time decoder of a schema (made once); it throws `FALLBACK` where zod is needed. */
export function decoderOf(schema: z.ZodType): Decode {
  return compile(schema as unknown as Schema);
}

/** The run-time decoder of a JSON:API resource `{id, type, attributes}` as the flat object `schema` describes. */
export function resourceDecoderOf(schema: z.ZodType): Decode {
  return resourceDecoder(schema as unknown as Schema);
}

/** A plain reply value decoded as `schema` describes. */
export function decodeValue(schema: z.ZodType, input: unknown): unknown {
  return compile(schema as unknown as Schema)(input);
}

/** A JSON:API resource `{id, type, attributes}` decoded as the flat object `schema` describes. */
export function decodeResource(schema: z.ZodType, resource: unknown): Record<string, unknown> {
  return resourceDecoder(schema as unknown as Schema)(resource) as Record<string, unknown>;
}

/** A list reply `{data: [resources], meta}` decoded as `{items, meta}` (the shape of `listOf`). */
export function decodeList(schema: z.ZodType, body: unknown): { items: unknown[]; meta: unknown } {
  const s = schema as unknown as Schema;
  if (s._zod.def.type !== 'object' || !isRecord(body)) return fail();
  const shape = (s._zod.def as unknown as { shape: { items?: Schema; meta?: Schema } }).shape;
  const data = body.data;
  if (Object.keys(shape).length !== 2 || !shape.items || !shape.meta) return fail();
  if (shape.items._zod.def.type !== 'array' || !Array.isArray(data)) return fail();
  const item = resourceDecoder(shape.items._zod.def.element as Schema);
  const items = new Array(data.length);
  for (let i = 0; i < data.length; i++) items[i] = item(data[i]);
  const itemsCheck = checkerOf(shape.items);
  return {
    items: (itemsCheck ? itemsCheck(items) : items) as unknown[],
    meta: compile(shape.meta)(body.meta),
  };
}
