import { fileURLToPath } from 'node:url';
import { cyclesOf, runtimeImports, typesOnly } from '@tern/fixtures/importCycles';
import { describe, expect, it } from 'vitest';

// The server's modules import each other without a cycle (`@tern/fixtures/importCycles` says why it matters and
// which imports count; the web's test is the same over its own src).

const src = fileURLToPath(new URL('../src', import.meta.url));

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
    expect(runtimeImports(src).get('app.ts')?.length).toBeGreaterThan(0);
  });

  it('has no runtime import cycle', () => {
    expect(cyclesOf(runtimeImports(src))).toEqual([]);
  });
});
