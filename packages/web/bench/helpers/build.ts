import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const webRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The web app built as `npx vite build` builds it, with Vite's manifest, into a temporary folder — or the
 * folder given as `--dist DIR` on the command line (built with `build.manifest: true`), left as it is.
 */
export async function builtApp(): Promise<{ dist: string; cleanup: () => void }> {
  const distArg = process.argv.indexOf('--dist');
  if (distArg >= 0 && process.argv[distArg + 1])
    return { dist: process.argv[distArg + 1]!, cleanup: () => {} };
  const dist = mkdtempSync(join(tmpdir(), 'tern-web-bench-'));
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  return { dist, cleanup: () => rmSync(dist, { recursive: true, force: true }) };
}
