import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cyclesOf, runtimeImports } from '@tern/fixtures/importCycles';
import { describe, expect, it } from 'vitest';

// The web app's modules import each other without a cycle, as the server's (`@tern/fixtures/importCycles` says
// why it matters and which imports count: `import type` and dynamic `import()` of lazy routes do not).

// jsdom gives `import.meta.url` another scheme: the folder from the file's own path.
const src = join(dirname(fileURLToPath(`file://${new URL(import.meta.url).pathname}`)), '../src');

describe('the web app’s import graph', () => {
  it('reads the modules and their runtime imports', () => {
    expect(runtimeImports(src).get('main.tsx')?.length).toBeGreaterThan(0);
  });

  it('has no runtime import cycle', () => {
    expect(cyclesOf(runtimeImports(src))).toEqual([]);
  });
});
