// `npm run bench`: how long `tern --help` takes to start, against `node -e ''` measured in the same run, on
// the same machine, interleaved (a busy machine slows both alike). Target (issue 22 §4, issue 23 §6): within 2×
// of bare Node. The bundle is built first when a source is newer than it. Exits 1 when the target is missed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const TARGET = 2;
const RUNS = Number(process.env.TERN_BENCH_RUNS ?? 15);
const cli = fileURLToPath(new URL('..', import.meta.url));
const bin = `${cli}bin/tern.js`;

const built = spawnSync(process.execPath, [`${cli}scripts/bundle.mjs`, '--if-stale'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(1);

function once(args: string[]): number {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const bare: number[] = [];
const tern: number[] = [];
once(['-e', '']);
once([bin, '--help']);
for (let i = 0; i < RUNS; i++) {
  bare.push(once(['-e', '']));
  tern.push(once([bin, '--help']));
}
const base = median(bare);
const help = median(tern);
const ratio = help / base;
const verdict = ratio <= TARGET ? 'MET' : 'MISSED';
process.stdout.write(
  `cli start: node -e '' ${base.toFixed(1)} ms, tern --help ${help.toFixed(1)} ms (medians of ${RUNS}) — ` +
    `${ratio.toFixed(2)}× (target ≤ ${TARGET}×): ${verdict}\n`,
);
process.exit(verdict === 'MET' ? 0 : 1);
