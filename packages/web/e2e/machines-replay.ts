import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import type { LiveActorReport } from '../../core/src/qa/live.ts';
import type { FrontEndMachine } from '../../core/src/qa/model/index.ts';
import { firstStep, follow, lastReport, missedStep, nextStep } from '../../core/src/qa/test/follow.ts';
import type { ExcludedSample, FrontEndPath, FrontEndPlan } from '../../core/src/qa/test/frontEnds.ts';

/**
 * Core's model-based paths of a machine replayed through the real web app in a browser. A spec
 * gives a driver table (core's `frontEnds.ts`): how each scenario starts (a page of the app against the test
 * server) and, for each event type of the paths, the user's action that makes the app send it (a failure the
 * server never gives on demand is answered on the way by `page.route`). Each path is replayed in a page whose
 * app reports its machines (the visualizer's switch, `tern.machines.live`) and whose init script listens on
 * the `tern-machines` BroadcastChannel as the visualizer does, pinging every second: after each step the
 * actor's report must show the step's event taking it into the state the graph predicted (core's
 * `follow.ts`, as the CLI's replays read the `--inspect` socket).
 *
 * The plan comes from core (the same paths as core's model-based tests) through a child process, since the
 * test runner cannot load core's sources itself.
 */

export interface Excluded {
  excluded: string;
}
/**
 * The user's action for step `index`; it may return a check the step's report must pass too (what the action
 * did, read in the report's context: a report of the same event that fails it is one that came before).
 */
export type StepDriver<C> = (
  ctx: C,
  path: FrontEndPath,
  index: number,
  live: () => LiveActorReport | undefined,
) => Promise<unknown>;
/** What a step's driver may resolve to: a check of the step's report. */
export type StepCheck = (report: LiveActorReport) => boolean;
export type EventDriver<C> =
  | StepDriver<C>
  | Excluded
  | {
      drive: StepDriver<C>;
      /**
       * Samples matching `match` (their fields), sent in one of the states `in`, in a path of one of `scenarios`
       * (each given one must hold), cannot come from the app.
       */
      excludedIf: ReadonlyArray<ExcludedSample>;
    };

export interface WebDrivers<C> {
  machine: FrontEndMachine;
  /** The machine's id, as the live reports name it. */
  liveMachine: string;
  /**
   * Each page of the flow starts its own actor of the machine (the state carried by the route and the stored
   * data): the next page's actor takes over from the followed one, in the state the path is in (`follow.ts`).
   */
  handoff?: boolean;
  /** Spread the file's replays over the workers (each in a page of its own). */
  parallel?: boolean;
  scenarios: Record<string, ((page: Page, path: FrontEndPath) => Promise<C>) | Excluded>;
  events: Record<string, EventDriver<C>>;
  /** States no path of the app reaches as the model's scenario does, each with why (`DriverKeys.excludedStates`). */
  excludedStates?: Record<string, string>;
}

const isExcluded = (entry: unknown): entry is Excluded =>
  typeof entry === 'object' && entry !== null && 'excluded' in entry;

/** The table as plain data for core's planner: a driver is `true`, an exclusion stays. */
const keysOf = (table: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(table).map(([key, entry]) => [
      key,
      typeof entry === 'function'
        ? true
        : isExcluded(entry)
          ? entry
          : { excludedIf: (entry as { excludedIf: unknown }).excludedIf },
    ]),
  );

interface PlanReply {
  plan: FrontEndPlan;
  figure: string;
  reasons: string[];
}

/** A hash of core's and the SDK's sources (the models, their samples, the planner), read once a process. */
let sourcesHash: string | undefined;
function sourcesOfThePlans(): string {
  if (sourcesHash) return sourcesHash;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) hash.update(path).update(readFileSync(path));
    }
  };
  for (const root of ['../../core/src', '../../sdk/src']) walk(fileURLToPath(new URL(root, import.meta.url)));
  sourcesHash = hash.digest('hex');
  return sourcesHash;
}

/**
 * The plan of a driver table, computed once for the run: the runner lists every spec first, then each worker loads
 * again the files it runs, and planning took 1–7 s a machine (32 s for the list of 15, more in each worker). Kept
 * by the request and the sources it was computed from, so a change of either computes it anew.
 */
function planOf(drivers: WebDrivers<unknown>): PlanReply {
  const request = planRequest(drivers);
  const key = createHash('sha256').update(sourcesOfThePlans()).update(request).digest('hex').slice(0, 32);
  const dir = fileURLToPath(new URL('../node_modules/.cache/tern-replay-plans/', import.meta.url));
  const file = join(dir, `${key}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PlanReply;
  } catch {
    // Not computed yet (or a torn file from an older run): compute it.
  }
  const out = computePlan(request);
  mkdirSync(dir, { recursive: true });
  // Two workers may compute the same plan at once: each writes its own file and renames it into place.
  const written = `${file}.${process.pid}`;
  writeFileSync(written, out);
  renameSync(written, file);
  return JSON.parse(out) as PlanReply;
}

function planRequest(drivers: WebDrivers<unknown>): string {
  return JSON.stringify({
    machine: drivers.machine,
    drivers: {
      frontEnd: 'web',
      scenarios: keysOf(drivers.scenarios),
      events: keysOf(drivers.events),
      excludedStates: drivers.excludedStates,
      // The longest simple path of each scenario only: each took 10–25 s in a browser, nearly half of the
      // browser tests' time, while core's model tests and the CLI's terminal replays take all of them.
      simplePaths: 1,
    },
  });
}

/** Core's planner in a child process (the runner cannot load core's sources itself): the reply as JSON text. */
function computePlan(request: string): string {
  const script = fileURLToPath(new URL('../../core/src/qa/test/planScript.ts', import.meta.url));
  return execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', script, request], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

declare global {
  interface Window {
    __ternReports?: LiveActorReport[];
    __ternDocument?: string;
  }
}

/** Before the app loads: reporting on, and a listener on the channel that pings as the visualizer does. */
async function listenLive(page: Page) {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    localStorage.setItem('tern.machines.live', '1');
    const reports: LiveActorReport[] = [];
    window.__ternReports = reports;
    window.__ternDocument = Math.random().toString(36).slice(2);
    const channel = new BroadcastChannel('tern-machines');
    channel.onmessage = (message: MessageEvent<LiveActorReport>) => {
      if (message.data?.kind === 'actor') reports.push(message.data);
    };
    const ping = () => channel.postMessage({ kind: 'ping' });
    ping();
    setInterval(ping, 300);
  });
}

/** The page's new reports, read into `into` (a new document, after a navigation, has a list of its own). */
async function pull(page: Page, into: LiveActorReport[], seen: { document: string; count: number }) {
  const count = seen.count;
  const fresh = await page
    .evaluate(
      (n) => ({ document: window.__ternDocument ?? '', items: (window.__ternReports ?? []).slice(n) }),
      count,
    )
    .catch(() => null);
  if (!fresh) return;
  if (fresh.document !== seen.document) {
    // Another document: read its list from the start.
    seen.document = fresh.document;
    seen.count = 0;
    return pull(page, into, seen);
  }
  into.push(...fresh.items);
  seen.count = count + fresh.items.length;
}

/** The plan's replays as tests, and its figure printed. */
export function describeWebReplays<C>(drivers: WebDrivers<C>, timeout = 15_000) {
  const { plan, figure, reasons } = planOf(drivers as WebDrivers<unknown>);
  test.describe(`${drivers.machine} through the web app (model-based paths)`, () => {
    if (drivers.parallel) test.describe.configure({ mode: 'parallel' });
    test('has a driver or a stated exclusion for every event of the paths', () => {
      // The figure, once a run (beside core's coverage table: which paths this front end replays).
      console.log(
        `Machine paths through the web app:\n${figure}\n${reasons.map((r) => `       excluded: ${r}`).join('\n')}`,
      );
      expect(plan.missing, `events of ${drivers.machine} with no web driver`).toEqual([]);
      // Every path is replayed, excluded with its reason, or one of the long ones left to core and the CLI.
      expect(plan.replayed + plan.excluded.length + plan.left).toBe(plan.total);
    });

    // Two paths whose events differ only in their data have the same words: the later ones are numbered.
    const titles = new Map<string, number>();
    for (const path of plan.replays) {
      const seen = (titles.get(path.name) ?? 0) + 1;
      titles.set(path.name, seen);
      test(`replays ${path.name}${seen > 1 ? ` (${seen})` : ''}`, async ({ page }) => {
        const scenario = drivers.scenarios[path.scenario];
        if (!scenario || isExcluded(scenario)) throw new Error(`scenario ${path.scenario} is excluded`);
        await listenLive(page);
        const reports: LiveActorReport[] = [];
        const seen = { document: '', count: 0 };
        const following = follow(reports, drivers.liveMachine, { handoff: drivers.handoff ?? false });
        const wait = async (check: () => unknown, what: () => string) => {
          const end = Date.now() + timeout;
          for (;;) {
            await pull(page, reports, seen);
            if (check() !== null) return;
            if (Date.now() > end) throw new Error(what());
            await page.waitForTimeout(50);
          }
        };
        const ctx = await scenario(page, path);
        await wait(
          () => firstStep(reports, following, drivers.liveMachine, path),
          () => `no new ${drivers.liveMachine} actor was reported`,
        );
        for (let i = 1; i < path.steps.length; i++) {
          const entry = drivers.events[path.steps[i]!.event.type];
          const drive =
            !entry || isExcluded(entry) ? null : typeof entry === 'function' ? entry : entry.drive;
          if (!drive) throw new Error(`no driver for ${path.steps[i]!.event.type}`);
          const check = await drive(ctx, path, i, () => lastReport(reports, following));
          const accept = typeof check === 'function' ? (check as StepCheck) : undefined;
          await wait(
            () => nextStep(reports, following, path, i, accept),
            () => missedStep(reports, following, path, i),
          );
        }
      });
    }
  });
}

/** The first outcome (`done` or `error`) of the invoked actor `actor` after step `index`, if the path has one. */
export function nextOutcome(path: FrontEndPath, index: number, actor: string) {
  for (const step of path.steps.slice(index + 1)) {
    const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(step.event.type);
    if (m && m[2] === actor) return { kind: m[1] as 'done' | 'error', event: step.event };
  }
  return null;
}

/** Whether step `index + 1` is the outcome of `actor` (the call the step at `index` starts). */
export function outcomeNext(path: FrontEndPath, index: number, actor: string) {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(path.steps[index + 1]?.event.type ?? '');
  return m && m[2] === actor ? (m[1] as 'done' | 'error') : null;
}
