#!/usr/bin/env node
// Builds the `tern` that `bin/tern.js` runs: one ESM file, dist/tern.js, with the CLI, @tern/core and
// @tern/sdk compiled in from their sources, started by `node` itself (no compiler, no second process).
// The npm packages are compiled in too (one file to load instead of hundreds), except that what only a screen
// needs (Ink, React, the wizards, the login form) and each command's own code are chunks under dist/chunks,
// loaded when used: `tern --help` reads dist/tern.js and the few chunks the command tree needs.
//   node scripts/bundle.mjs             build
//   node scripts/bundle.mjs --if-stale  build only when a source of cli, core or sdk is newer than the bundle
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('..', import.meta.url));
const outfile = `${here}dist/tern.js`;
const outdir = `${here}dist`;
const sources = ['cli', 'core', 'sdk'].map((p) => fileURLToPath(new URL(`../../${p}/src`, import.meta.url)));

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function stale() {
  let built;
  try {
    // The metafile is written last: a bundle without it is unfinished.
    built = Math.min(statSync(outfile).mtimeMs, statSync(`${outdir}/meta.json`).mtimeMs);
  } catch {
    return true;
  }
  return sources.some((dir) => newest(dir) > built);
}

/**
 * Builds take turns: test files build the bundle when it is stale, two at a time under vitest, and a build
 * removes the chunks the other is writing. A lock file names the building process; a build that waited for it
 * checks again whether the bundle is still stale. A lock whose process is gone (killed mid-build) is taken over.
 * (A clean clone's vitest run failed on it: bin.test read a metafile the other build had not written yet.)
 */
async function takeTurn() {
  const lock = `${outdir}/.building`;
  mkdirSync(outdir, { recursive: true });
  // A build takes seconds: a lock held for minutes is a dead build's whose process id was given to another.
  const giveUpAt = Date.now() + 180_000;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(lock, { force: true });
      process.on('exit', release);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(lock, 'utf8'));
    } catch {}
    let alive = false;
    try {
      if (holder > 0) process.kill(holder, 0);
      alive = holder > 0;
    } catch {}
    if (!alive || Date.now() > giveUpAt) rmSync(lock, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ifStale = process.argv.includes('--if-stale');
if (ifStale && !stale()) process.exit(0);
await takeTurn();
if (ifStale && !stale()) process.exit(0);

const { version } = JSON.parse(readFileSync(`${here}package.json`, 'utf8'));
const started = Date.now();
// Only the bundle's own files: `tsc -p tsconfig.build.json` writes the library beside them.
rmSync(`${outdir}/chunks`, { recursive: true, force: true });
const result = await build({
  entryPoints: { tern: `${here}src/main.ts` },
  // The metafile's paths relative to this package, wherever the build is started from.
  absWorkingDir: here.replace(/\/$/, ''),
  outdir,
  // The screens (Ink, React, the wizards) are their own chunks, loaded only when one is shown.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The workspace packages resolve to their TypeScript sources (their `source` export), as in the tests.
  conditions: ['source'],
  define: { __TERN_VERSION__: JSON.stringify(version) },
  jsx: 'automatic',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  // CommonJS packages inside (React) call require for Node's modules.
  banner: {
    js: "// tern — built by packages/cli/scripts/bundle.mjs; do not edit.\nimport { createRequire as __ternRequire } from 'node:module'; const require = __ternRequire(import.meta.url);",
  },
  plugins: [
    {
      // @tern/core and @tern/sdk have no side effects when loaded (rules, machines, the contract as data):
      // what a command does not use is left out, and what `--help` does not reach is never loaded.
      name: 'workspace-without-side-effects',
      setup(b) {
        b.onResolve({ filter: /.*/ }, async (args) => {
          if (args.pluginData === 'inner') return undefined;
          const fromWorkspace = /\/packages\/(core|sdk)\/src\//.test(args.importer);
          if (!fromWorkspace && !/^@tern\/(core|sdk)$/.test(args.path)) return undefined;
          if (!args.path.startsWith('.') && !args.path.startsWith('@tern/')) return undefined;
          const result = await b.resolve(args.path, {
            kind: args.kind,
            importer: args.importer,
            resolveDir: args.resolveDir,
            pluginData: 'inner',
          });
          return result.errors.length ? result : { ...result, sideEffects: false };
        });
      },
    },
    {
      // Ink loads React's devtools only when DEV=true; the bundle leaves them out.
      name: 'no-devtools',
      setup(b) {
        b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'devtools', namespace: 'stub' }));
        b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
          contents: 'export default { initialize() {}, connectToDevTools() {} };',
        }));
      },
    },
  ],
});
// esbuild's metafile beside the bundle (what each chunk holds and imports): test/bin.test.ts reads what
// `tern --help` loads from it; `npx esbuild --analyze`-style reading too.
writeFileSync(`${outdir}/meta.json`, JSON.stringify(result.metafile));
process.stderr.write(`built ${outfile.replace(here, '')} in ${Date.now() - started} ms\n`);
