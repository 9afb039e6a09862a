import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { MachineCoverage } from './modelPaths.js';

/** The environment variable naming the directory where a front end's replays leave their figure. */
export const FRONT_END_FIGURES = 'TERN_MACHINE_FIGURES';

/**
 * The core project's global setup: gives the model-based tests a directory for their figures and, at the
 * end of the run, prints the machines' coverage table (states and transitions reached / total).
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tern-machine-coverage-'));
  project.provide('machineCoverageDir', dir);
  // The front ends' replays of the same paths (the CLI's project, in this run) leave their figure there too.
  process.env[FRONT_END_FIGURES] = dir;
  return () => {
    // The catalogue's test leaves the machines' names (importing core here would miss its source condition).
    const catalogue = join(dir, 'catalogue.names');
    const names = existsSync(catalogue) ? readFileSync(catalogue, 'utf8').split('\n').filter(Boolean) : [];
    const rows = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as MachineCoverage)
      .sort((a, b) => a.name.localeCompare(b.name));
    const fronts = readdirSync(dir)
      .filter((f) => f.startsWith('front-') && f.endsWith('.txt'))
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8').trimEnd());
    rmSync(dir, { recursive: true, force: true });
    if (rows.length === 0) return;
    const untested = names.filter((name) => !rows.some((r) => r.name === name));
    process.stdout.write(coverageTable(rows, untested));
    if (fronts.length)
      process.stdout.write(`Machine paths through the front ends (this run):\n${fronts.join('\n')}\n\n`);
  };
}

const percent = (a: number, b: number) => `${b === 0 ? 100 : Math.floor((a / b) * 1000) / 10} %`;

/** The table `npm test` prints: one row a machine, 100 % required for the model-tested ones. */
export function coverageTable(rows: readonly MachineCoverage[], untested: readonly string[] = []): string {
  const lines = rows.map((r) => {
    const full = r.states.reached === r.states.total && r.transitions.taken === r.transitions.total;
    const excused = r.transitions.unreachable ? ` (+${r.transitions.unreachable} unreachable by design)` : '';
    return `  ${full ? 'ok  ' : 'LOW '} ${r.name.padEnd(24)} states ${`${r.states.reached}/${r.states.total}`.padStart(
      6,
    )} ${percent(r.states.reached, r.states.total).padStart(7)}   transitions ${`${r.transitions.taken}/${r.transitions.total}`.padStart(
      6,
    )} ${percent(r.transitions.taken, r.transitions.total).padStart(7)}   ${r.paths} paths${excused}`;
  });
  const rest = untested.length
    ? `\n  Without model-based figures in this run (${untested.length} of the catalogue): ${untested.join(', ')}\n`
    : '';
  return `\nMachine coverage (model-based tests, core):\n${lines.join('\n')}\n${rest}\n`;
}
