#!/usr/bin/env node
// `npm test`: every test there is — lint, type-check, the generated docs (API, machines), unit and
// integration tests (vitest, all packages; core's prints the machines' coverage table), the server's
// integration tests again on a throwaway PostgreSQL (scripts/postgres.mjs), then the browser tests
// (Playwright on Debian's chromium). Ends with one line "N passed, N failed" counting every test case.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { ensureChromium, ensureInstalled, log, root, run } from './lib.mjs';
import { ensurePostgres, startPostgres } from './postgres.mjs';

const results = `${root}/.test-results`;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

await ensureInstalled();
// Vitest runs one file at a time on two cores (its default is one worker fewer than the cores); most of the
// CLI's and the server's test files wait on child processes, HTTP and timers, so two at once use the second core.
const workers = Math.max(2, availableParallelism() - 1);
const steps = [];
async function step(name, command, args, options) {
  log(name);
  const started = Date.now();
  const code = await run(command, args, options);
  steps.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return code === 0;
}

// Debian's PostgreSQL and Chromium (apt, on a fresh machine) are installed while the first steps run: apt waits on
// the network and the disk, the steps on the cores. One after the other, as apt takes one lock.
const installs = (async () => {
  await ensurePostgres().catch(() => null);
  return ensureChromium();
})();

await step('lint (biome)', 'npx', ['biome', 'ci', '.']);
await step('type-check (tsc, every package)', 'npx', [
  'turbo',
  'run',
  'typecheck',
  '--output-logs=errors-only',
]);
await step('type-check (the workspace scripts in TypeScript)', 'npx', [
  'tsc',
  '-p',
  'scripts/tsconfig.json',
  '--noEmit',
]);
await step('API reference up to date', 'npx', [
  'tsx',
  '--conditions=source',
  'packages/sdk/scripts/gen-api-docs.ts',
  '--check',
]);
await step('machines page up to date', 'npx', [
  'tsx',
  '--conditions=source',
  'scripts/gen-machines-doc.ts',
  '--check',
]);
await step('CLI reference up to date', 'npx', [
  'tsx',
  '--conditions=source',
  'packages/cli/scripts/gen-cli-docs.ts',
  '--check',
]);
await step('unit and integration tests (vitest)', 'npx', [
  'vitest',
  'run',
  `--maxWorkers=${workers}`,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/vitest.json`,
]);
// The server's integration tests again on a real PostgreSQL (a throwaway cluster): PGlite is one connection
// that queues every transaction, which hides races the booking engine must survive on a server. (Run beside the
// browser tests, one file at a time, it took as long as both one after the other and slowed the browser's.)
const chromium = await installs;
{
  const name = 'server integration tests on PostgreSQL (vitest)';
  const postgres = await startPostgres({ durable: false }).catch((error) => {
    process.stderr.write(`${error.message}\n`);
    return null;
  });
  if (postgres) {
    try {
      await step(
        name,
        'npx',
        [
          'vitest',
          'run',
          `--maxWorkers=${workers}`,
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${results}/vitest-postgres.json`,
        ],
        { cwd: `${root}/packages/server`, env: { ...process.env, DATABASE_URL: postgres.url } },
      );
    } finally {
      postgres.stop();
    }
  } else {
    log(name);
    steps.push({ name: `${name}: no PostgreSQL`, ok: false, seconds: 0 });
  }
}
await step('build the web app', 'npx', ['vite', 'build', '--logLevel', 'warn'], {
  cwd: `${root}/packages/web`,
});
await step('browser tests (playwright, chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  cwd: `${root}/packages/web`,
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json` },
});

let passed = 0;
let failed = 0;
let skipped = 0;
// The failing tests are named again at the very end, where a truncated CI log still shows them.
const failures = [];
for (const [json, label] of [
  ['vitest.json', ''],
  ['vitest-postgres.json', 'on PostgreSQL: '],
]) {
  try {
    const v = JSON.parse(readFileSync(`${results}/${json}`, 'utf8'));
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += v.numPendingTests + (v.numTodoTests ?? 0);
    for (const file of v.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const why = String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failures.push(`${label}${file.name.replace(`${root}/`, '')} › ${test.fullName}\n      ${why}`);
      }
    }
  } catch {}
}
try {
  const p = JSON.parse(readFileSync(`${results}/playwright.json`, 'utf8'));
  passed += p.stats.expected + (p.stats.flaky ?? 0);
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      failures.push(`e2e ${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, suite.title ? [...trail, suite.title] : trail);
  };
  for (const suite of p.suites ?? []) walk(suite, []);
} catch {}

if (failures.length > 0) {
  process.stdout.write('\nFailed tests:\n');
  for (const f of failures.slice(0, 30)) process.stdout.write(`  ✗ ${f}\n`);
}

process.stdout.write('\n');
for (const s of steps) process.stdout.write(`  ${s.ok ? 'ok  ' : 'FAIL'}  ${s.name} (${s.seconds}s)\n`);
const stepFailures = steps.filter((s) => !s.ok).length;
if (stepFailures && failed === 0) failed = stepFailures;
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
