import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { machineCatalogue } from './catalogue.js';
import './test/modelPaths.js';

const src = fileURLToPath(new URL('..', import.meta.url));

/** Everything core exports, through every per-domain entry of its package.json (`@tern/core/<domain>`). */
const core: Record<string, unknown> = {};
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, { source?: string }>;
};
for (const { source } of Object.values(pkg.exports)) {
  if (source?.endsWith('/index.ts'))
    Object.assign(core, await import(new URL(`../../${source}`, import.meta.url).href));
}

/** Every source file of core, tests and test helpers aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The exported constants made by `createMachine` (`setup(…).createMachine` or plain), by file. */
function machinesInSources(): Array<{ name: string; module: string }> {
  const found: Array<{ name: string; module: string }> = [];
  for (const path of sources(src)) {
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/createMachine\s*\(/g)) {
      const before = text.slice(0, m.index);
      const exported = [...before.matchAll(/export const (\w+)\s*=/g)].at(-1);
      const statement = exported ? text.slice(exported.index, m.index) : '';
      // The `createMachine` call must belong to that export: no other statement in between.
      if (!exported || /\n(export |const |function |let )/.test(statement.slice(1))) {
        found.push({ name: '(not exported)', module: relative(src, path) });
        continue;
      }
      found.push({ name: exported[1]!, module: relative(src, path) });
    }
  }
  return found;
}

describe('the machine catalogue', () => {
  it('lists every machine core’s sources make, under its name and file', () => {
    const inSources = machinesInSources();
    expect(inSources.length).toBeGreaterThan(15);
    expect(machineCatalogue.map(({ name, module }) => ({ name, module })).sort(by)).toEqual(
      inSources.sort(by),
    );
  });

  it('holds the very machines core exports, with their ids and a one-line description', () => {
    for (const entry of machineCatalogue) {
      expect(core[entry.name], entry.name).toBe(entry.machine);
      expect(entry.id).toBe(entry.machine.id);
      expect(entry.description).toMatch(/^\S.{20,160}$/);
    }
    expect(new Set(machineCatalogue.map((e) => e.id)).size).toBe(machineCatalogue.length);
  });

  it('names its machines for the coverage table (which names those without model-based figures)', () => {
    const dir = inject('machineCoverageDir');
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'catalogue.names'), machineCatalogue.map((e) => e.name).join('\n'));
  });
});

const by = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
