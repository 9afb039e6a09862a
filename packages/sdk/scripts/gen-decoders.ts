/**
 * Writes src/decoders.gen.ts: reply decoders for the longest lists of the contract, written out per schema
 * (one function per object, its fields read by name and checked inline, the decoded object a literal of its
 * final shape), so that the engine sees one shape per function and no code is made at run time (a strict
 * Content-Security-Policy forbids it). `--check` exits 1 when the checked-in file is stale; so does the SDK's
 * test (`test/decoders.test.ts`, part of `npm test`). What the code may assume is `planOf`'s plan (src/decodePlan.ts), whose hash
 * the file carries: at run time the plan is made again and the file is used only when the hashes agree.
 *
 * The generated code gives the run-time decoder's answer (and so zod's) for every reply, or gives up:
 * - an object whose keys are not exactly its schema's wire keys (one missing, an extra one, another spelling)
 *   is decoded by the run-time decoder of that object;
 * - a value that fails its check makes the reply go to zod, for zod's issues.
 */
import { fileURLToPath } from 'node:url';
import type { Endpoint } from '../src/contract/define.js';
import { endpointNamed as named } from '../src/contract/index.js';
import { type LeafPlan, type Node, type ObjectPlan, planHash, planOf } from '../src/decodePlan.js';
import { BOOLEAN, INTEGER, MEMBER, NULL, NULLABLE, NUMBER, STRING } from '../src/fastDecode.js';
import { writeGenerated } from './writeGenerated.js';

/**
 * The endpoints decoded by generated code: the longest lists (a bookings page, the engine's search over
 * thousands of properties and its rates, a month of the inventory calendar: every night of every rate plan), and
 * the booking every change of a booking answers with (those endpoints share its schema, so its decoder). Each
 * adds to the web app's first load (minified and gzipped, the bookings' two 3 KB, the engine's two 1.3 KB more).
 */
export const GENERATED = [
  'bookings.list',
  'bookings.show',
  'engine.search',
  'engine.listWithRates',
  'inventory.calendar',
];

const target = fileURLToPath(new URL('../src/decoders.gen.ts', import.meta.url));

export function endpointNamed(name: string): Endpoint {
  const endpoint = named(name);
  if (!endpoint) throw new Error(`no endpoint ${name} in the contract`);
  return endpoint;
}

const identifier = /^[A-Za-z_$][\w$]*$/;
const read = (from: string, key: string) =>
  identifier.test(key) ? `${from}.${key}` : `${from}[${JSON.stringify(key)}]`;
const prop = (key: string) => (identifier.test(key) ? key : JSON.stringify(key));
const isRecord = (x: string) => `typeof ${x} === 'object' && ${x} !== null && !Array.isArray(${x})`;

class Writer {
  private readonly arrays = new Map<string, string>();
  private readonly sets = new Map<string, string>();
  private readonly constants: string[] = [];
  private readonly functions: string[] = [];

  constructor(private readonly objects: ObjectPlan[]) {}

  /** The condition a leaf's value `x` (an identifier) passes exactly when zod accepts it. */
  leaf(plan: LeafPlan, x: string): string {
    const { kind, low, high, values } = plan;
    const parts: string[] = [];
    switch (kind & ~NULLABLE) {
      case STRING:
        parts.push(`typeof ${x} === 'string'`);
        if (low !== null && low > 0) parts.push(`${x}.length >= ${low}`);
        if (high !== null) parts.push(`${x}.length <= ${high}`);
        break;
      case NUMBER:
      case INTEGER:
        parts.push((kind & ~NULLABLE) === NUMBER ? `Number.isFinite(${x})` : `Number.isSafeInteger(${x})`);
        if (low !== null) parts.push(`${x} >= ${low}`);
        if (high !== null) parts.push(`${x} <= ${high}`);
        break;
      case BOOLEAN:
        parts.push(`typeof ${x} === 'boolean'`);
        break;
      case MEMBER: {
        const all = values!;
        if (all.length <= 4) parts.push(`(${all.map((v) => `${x} === ${JSON.stringify(v)}`).join(' || ')})`);
        else parts.push(`${this.set(all)}.includes(${x})`);
        break;
      }
      case NULL:
        return `${x} === null`;
      default:
        throw new Error(`leaf kind ${kind}`);
    }
    const base = parts.join(' && ');
    return kind & NULLABLE ? `(${x} === null || ${base})` : base;
  }

  private set(values: unknown[]): string {
    const text = JSON.stringify(values);
    let name = this.sets.get(text);
    if (!name) {
      name = `values${this.sets.size}`;
      this.sets.set(text, name);
      this.constants.push(`  const ${name}: readonly unknown[] = ${text};`);
    }
    return name;
  }

  /** An expression of the decoded value of `x` (an identifier), for a node that is not a leaf. */
  call(node: Node, x: string): string {
    if ('leaf' in node) return `(${this.leaf(node.leaf, x)} ? ${x} : fail())`;
    if ('object' in node) return `object${node.object}(${x})`;
    if ('array' in node) return `${this.array(node.array)}(${x})`;
    if ('nullable' in node) return `(${x} === null ? null : ${this.call(node.nullable, x)})`;
    return `(${x} === undefined ? fail() : runtime${node.runtime}(${x}))`;
  }

  /** The function decoding an array of `element`s: the wire array itself when each element is its own value. */
  private array(element: Node): string {
    const key = JSON.stringify(element);
    let name = this.arrays.get(key);
    if (name) return name;
    name = `array${this.arrays.size}`;
    this.arrays.set(key, name);
    const body =
      'leaf' in element
        ? [
            `    for (let i = 0; i < v.length; i++) {`,
            `      const x = v[i];`,
            `      if (!(${this.leaf(element.leaf, 'x')})) fail();`,
            `    }`,
            `    return v;`,
          ]
        : [
            `    let out: unknown[] | null = null;`,
            `    for (let i = 0; i < v.length; i++) {`,
            `      const x = v[i];`,
            `      const y = ${this.call(element, 'x')};`,
            `      if (out !== null) out[i] = y;`,
            `      else if (y !== x) {`,
            `        out = new Array(v.length);`,
            `        for (let j = 0; j < i; j++) out[j] = v[j];`,
            `        out[i] = y;`,
            `      }`,
            `    }`,
            `    return out ?? v;`,
          ];
    this.functions.push(
      [`  function ${name}(v: any): unknown {`, `    if (!Array.isArray(v)) fail();`, ...body, `  }`].join(
        '\n',
      ),
    );
    return name;
  }

  /**
   * The function decoding object `id` of the plan (a resource: `{id, type, attributes}`). An optional field may be
   * absent from the wire object: it is then absent from the decoded one too (as zod leaves it).
   */
  object(id: number): void {
    const { resource, fields, same } = this.objects[id]!;
    const from = resource ? 'a' : 'v';
    const required = fields.filter((f) => f.wire !== null && !f.optional).length;
    const optional = fields.flatMap((f, i) => (f.optional ? [i] : []));
    const out = [`  function object${id}(v: any): unknown {`, `    if (!(${isRecord('v')})) fail();`];
    if (resource) out.push(`    const a = v.attributes;`, `    if (!(${isRecord('a')})) fail();`);
    const raws = fields.map((field) => read(field.wire === null ? 'v' : from, field.wire ?? field.key));
    // The optional fields are read first: the keys expected are the required ones and those present.
    for (const i of optional) out.push(`    const w${i} = ${raws[i]};`);
    const present = optional.map((i) => ` + (w${i} === undefined ? 0 : 1)`).join('');
    out.push(
      `    let keys = 0;`,
      `    for (const _ in ${from}) keys++;`,
      // Not exactly the schema's keys: the run-time decoder of this object reads it.
      `    if (keys !== ${required}${present}) return fallback${id}(v);`,
    );
    const values: string[] = [];
    const changed: string[] = [];
    fields.forEach((field, i) => {
      const raw = `w${i}`;
      if (!field.optional) out.push(`    const ${raw} = ${raws[i]};`);
      const absent = field.optional ? `${raw} !== undefined && ` : '';
      if ('leaf' in field.node) {
        out.push(`    if (${absent}!(${this.leaf(field.node.leaf, raw)})) fail();`);
        values.push(raw);
      } else {
        const call = this.call(field.node, raw);
        out.push(
          `    const d${i} = ${field.optional ? `${raw} === undefined ? undefined : ${call}` : call};`,
        );
        values.push(`d${i}`);
        changed.push(`d${i} === ${raw}`);
      }
    });
    if (same && !changed.length) out.push(`    return v;`);
    else {
      if (same) out.push(`    if (${changed.join(' && ')}) return v;`);
      // The fields before the first optional one in a literal; from there on, in order, each present one.
      const first = optional.length ? optional[0]! : fields.length;
      const literal = fields.slice(0, first).map((f, i) => `      ${prop(f.key)}: ${values[i]},`);
      if (first === fields.length) out.push(`    return {`, ...literal, `    };`);
      else {
        out.push(`    const o: any = {`, ...literal, `    };`);
        fields.slice(first).forEach((f, j) => {
          const i = first + j;
          const set = `o${read('', f.key)} = ${values[i]};`;
          out.push(f.optional ? `    if (w${i} !== undefined) ${set}` : `    ${set}`);
        });
        out.push(`    return o;`);
      }
    }
    out.push(`  }`);
    this.functions.push(out.join('\n'));
  }

  render(plan: ReturnType<typeof planOf>['plan']): string {
    plan.objects.forEach((_, id) => {
      this.object(id);
    });
    const tops = plan.endpoints.map((top, i) => {
      const name = `reply${i}`;
      const body =
        top.reply === 'list'
          ? [
              `    if (!(${isRecord('json')})) fail();`,
              `    const data = json.data;`,
              `    if (!Array.isArray(data)) fail();`,
              `    const items = new Array(data.length);`,
              `    for (let i = 0; i < data.length; i++) items[i] = ${this.call(top.node, 'data[i]')};`,
              `    const meta = json.meta;`,
              `    return { items, meta: ${this.call(top.meta!, 'meta')} };`,
            ]
          : top.reply === 'resource'
            ? [
                `    const data = json?.data;`,
                `    if (!data || typeof data !== 'object') fail();`,
                `    return ${this.call(top.node, 'data')};`,
              ]
            : [`    return ${this.call(top.node, 'json')};`];
      this.functions.push(
        [`  /** ${top.name} */`, `  function ${name}(json: any): unknown {`, ...body, `  }`].join('\n'),
      );
      return name;
    });
    const unpack = [
      `  const fail = kit.fail;`,
      ...Array.from({ length: plan.runtime }, (_, i) => `  const runtime${i} = kit.runtime[${i}]!;`),
      ...plan.objects.map((_, i) => `  const fallback${i} = kit.objects[${i}]!;`),
    ];
    return [
      '// Generated by scripts/gen-decoders.ts from the contract (`npm run decoders` in packages/sdk): do not edit.',
      '// Reply decoders written out per schema; used only while `hash` is the hash of the live schemas’ plan.',
      '/* eslint-disable */',
      "import type { Kit } from './decodePlan.js';",
      '',
      `export const endpoints: readonly string[] = ${JSON.stringify(plan.endpoints.map((e) => e.name))};`,
      `export const hash: string = '${planHash(plan)}';`,
      '',
      '/** The decoders of `endpoints`, in order, each taking the reply as JSON.parse gives it. */',
      'export function make(kit: Kit): ((json: unknown) => unknown)[] {',
      ...unpack,
      ...this.constants,
      '',
      this.functions.join('\n\n'),
      '',
      `  return [${tops.join(', ')}];`,
      '}',
      '',
    ].join('\n');
  }
}

/** The text of src/decoders.gen.ts for the contract as it is. */
export function render(): string {
  const { plan } = planOf(GENERATED.map(endpointNamed));
  return new Writer(plan.objects).render(plan);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeGenerated(
    target,
    render(),
    'packages/sdk/src/decoders.gen.ts is stale: run `npm run decoders` in packages/sdk',
  );
}
