import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's modules import each other without a cycle: in a cycle one module runs against another that has
// not finished loading (its `const`s still in their temporal dead zone), and which one depends on who was
// imported first. Only imports that run count: `import type` and imports of types alone are erased, and a
// dynamic `import()` loads when it is called, after both modules are whole.

const src = fileURLToPath(new URL('../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/gm;
const bare = /^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Whether a statement's named part brings only types (`{ type A, type B }`), so it is erased. */
function typesOnly(names: string): boolean {
  const braces = names.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const parts = braces[1]!
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((p) => p.startsWith('type '));
}

/** Each module's runtime imports of other modules of src (paths relative to src). */
function runtimeImports(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    const add = (spec: string) =>
      targets.push(relative(src, resolve(dirname(file), spec.replace(/\.js$/, '.ts'))));
    for (const [, , type, names, spec] of text.matchAll(statement))
      if (!type && !typesOnly(names!.trim())) add(spec!);
    for (const [, spec] of text.matchAll(bare)) add(spec!);
    graph.set(relative(src, file), targets);
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of more than one module, or of one importing itself. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the server’s import graph', () => {
  it('finds a cycle when there is one, and none in a chain', () => {
    const cycle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cyclesOf(cycle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(cyclesOf(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts']]);
    expect(
      cyclesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
    expect(typesOnly('{ type A, type B }')).toBe(true);
    expect(typesOnly('{ type A, b }')).toBe(false);
  });

  it('reads the modules and their runtime imports', () => {
    const graph = runtimeImports();
    expect(graph.get('app.ts')?.length).toBeGreaterThan(0);
    for (const targets of graph.values())
      for (const target of targets) expect(graph.has(target), `${target} is a module of src`).toBe(true);
  });

  it('has no runtime import cycle', () => {
    expect(cyclesOf(runtimeImports())).toEqual([]);
  });
});
