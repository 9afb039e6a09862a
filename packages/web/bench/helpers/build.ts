import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

export const webRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The web app built as `npx vite build` builds it, with Vite's manifest, into a temporary folder — or the
 * folder given as `--dist DIR` on the command line (built with `build.manifest: true`), left as it is.
 */
/**
 * Writes `.vite/modules.json` beside the manifest: the chunk file each source module went into. The manifest
 * names a chunk by its facade module only; a module the page-family groups (vite.config.ts) put into a shared
 * chunk has none.
 */
function modulesMap(dist: string): Plugin {
  return {
    name: 'tern-modules-map',
    generateBundle(_options, bundle) {
      const chunkOf: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds)
          chunkOf[relative(webRoot, id).split('\\').join('/')] = output.fileName;
      }
      mkdirSync(join(dist, '.vite'), { recursive: true });
      writeFileSync(join(dist, '.vite', 'modules.json'), JSON.stringify(chunkOf));
    },
  };
}

export async function builtApp(): Promise<{ dist: string; cleanup: () => void }> {
  const distArg = process.argv.indexOf('--dist');
  if (distArg >= 0 && process.argv[distArg + 1])
    return { dist: process.argv[distArg + 1]!, cleanup: () => {} };
  const dist = mkdtempSync(join(tmpdir(), 'tern-web-bench-'));
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [modulesMap(dist)],
    build: { outDir: dist, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  return { dist, cleanup: () => rmSync(dist, { recursive: true, force: true }) };
}
