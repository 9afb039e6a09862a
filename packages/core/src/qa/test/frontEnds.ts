import type { AnyEventObject } from 'xstate';
import { toPlain } from '../plain.js';
import { describePath, type ModelOptions, type ModelPath, modelPaths } from './paths.js';

/**
 * The model-based paths of a machine replayed through a front end: the web app in a browser
 * (Playwright) and the `tern` command on a fake terminal (ink-testing-library) each give a driver table — for
 * each scenario of the model (the machine's input) how the front end sets it up, and for each event type of
 * the paths the user's action (a click, keys typed; an invoked call's answer arranged on the real server or,
 * for a failure the server cannot give on demand, on the way to it) that makes the front end send it — and
 * replay the same paths core's model-based tests replay (`paths.ts`), reading the actor's state after each
 * step from the front end's own live inspection.
 *
 * An entry `{ excluded: reason }` says a scenario or an event cannot come from that front end's screens (an
 * event only another system sends, a step the screens do not offer); the paths with it are listed excluded,
 * with the reason; `{ excludedIf: [{ match, reason }] }` (beside a driver) excludes only the samples of the
 * event that match (a reply the real server never gives, say). An event type with no entry at all is a missing driver: the plan lists it and the front
 * end's test fails, naming it.
 */

export interface Excluded {
  excluded: string;
}

export const isExcluded = (entry: unknown): entry is Excluded =>
  typeof entry === 'object' && entry !== null && typeof (entry as Excluded).excluded === 'string';

/**
 * Some samples of an event type cannot come from the front end (a reply its server never gives), or not in some
 * states (no control of that screen sends it): which, and why. `match` picks samples by their fields, `in` by the
 * state the machine is in when the step sends it (state values as the paths give them), `scenarios` by the
 * path's scenario, `unlessNext` by what follows: the front end sends the event only together with the next step's
 * (one control sends both), so a path whose next event is another, or that ends there, cannot come from it; an
 * entry with several needs them all, one with none excludes every sample.
 */
export interface ExcludedSample {
  match?: Record<string, unknown>;
  in?: readonly unknown[];
  scenarios?: readonly string[];
  unlessNext?: readonly string[];
  reason: string;
}
export interface ExcludedSamples {
  excludedIf: ReadonlyArray<ExcludedSample>;
}

/** Whether plain data has every field of `match` (deeply). */
function matches(value: unknown, match: unknown): boolean {
  if (typeof match !== 'object' || match === null) return value === match;
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(match).every(([k, v]) => matches((value as Record<string, unknown>)[k], v));
}

/**
 * Why this sample of an event, sent in the state `before` of a path of `scenario` and followed by an event of type
 * `next` (none: the path ends there), cannot come from the front end, or `null`.
 */
export function sampleExclusion(
  entry: unknown,
  event: AnyEventObject,
  before?: unknown,
  scenario?: string,
  next?: string,
): string | null {
  if (isExcluded(entry)) return entry.excluded;
  const samples = (entry as Partial<ExcludedSamples> | null)?.excludedIf;
  if (!Array.isArray(samples)) return null;
  const state = JSON.stringify(toPlain(before));
  return (
    samples.find(
      (s: ExcludedSample) =>
        (s.match === undefined || matches(toPlain(event), s.match)) &&
        (s.in === undefined || s.in.some((v: unknown) => JSON.stringify(v) === state)) &&
        (s.scenarios === undefined || (scenario !== undefined && s.scenarios.includes(scenario))) &&
        (s.unlessNext === undefined || next === undefined || !s.unlessNext.includes(next)),
    )?.reason ?? null
  );
}

/** A front end's table for one machine: by scenario name and by event type, a driver or an exclusion. */
export interface DriverKeys {
  frontEnd: string;
  scenarios: Record<string, unknown>;
  events: Record<string, unknown>;
  /** Why a whole path cannot come from the front end (say, two calls where one command makes one), or `null`. */
  excludePath?: (steps: readonly FrontEndStep[]) => string | null;
  /**
   * States (top-level values) no path of this front end can reach as the model's scenario does, each with why
   * (the page's own input differs: the store's confirmation checks ten times, the model's scenario twice): the
   * paths through them are excluded. Plain data, as the browser tests pass their table to the planner.
   */
  excludedStates?: Record<string, string>;
  /**
   * How many of each scenario's long simple paths the front end replays (the longest first); all the model's
   * when not given. The shortest and transition paths still reach every state and take every transition: the
   * simple ones add depth, which the machine's own tests and a cheaper front end can take on.
   */
  simplePaths?: number;
}

/** One step of a path as a front end replays it: the event (plain data) and the state the graph predicts. */
export interface FrontEndStep {
  event: AnyEventObject;
  /** The state value after the event (`xstate.init`: the first state). */
  value: unknown;
  status: string;
}

export interface FrontEndPath {
  /** `describePath`'s words. */
  name: string;
  scenario: string;
  steps: FrontEndStep[];
  /** The other paths of the model this replay goes through too (they are its prefix). */
  covers: string[];
}

export interface FrontEndPlan {
  machine: string;
  frontEnd: string;
  /** The model's paths (as core counts them). */
  total: number;
  /** What the front end runs: each path not excluded, less those another replay goes through. */
  replays: FrontEndPath[];
  /** The paths the replays go through (`replays` and their `covers`). */
  replayed: number;
  /** The model's simple paths this front end leaves to the others (`DriverKeys.simplePaths`). */
  left: number;
  excluded: Array<{ path: string; reason: string }>;
  /** Event types of the paths with no driver and no exclusion (the test fails, naming them). */
  missing: string[];
}

const stepOf = (step: ModelPath['steps'][number]): FrontEndStep => ({
  event: toPlain(step.event) as AnyEventObject,
  value: toPlain(step.state.value),
  status: step.state.status,
});

/** The same path for a front end: same scenario, same events, same states (its context is the front end's). */
const signature = (p: { scenario: string; steps: FrontEndStep[] }) =>
  p.steps.map((s) => JSON.stringify([s.event, s.value, s.status]));

/** The plan of a front end for a machine: which paths it replays, which are excluded and why, what is missing. */
export function frontEndPlan(model: ModelOptions, drivers: DriverKeys): FrontEndPlan {
  const all = model.scenarios.flatMap((s) => modelPaths(model, s));
  const fewer = drivers.simplePaths;
  const paths =
    fewer === undefined
      ? all
      : model.scenarios.flatMap((s) =>
          modelPaths({ ...model, simplePaths: Math.min(fewer, model.simplePaths ?? 6) }, s),
        );
  const excluded: FrontEndPlan['excluded'] = [];
  const missing = new Set<string>();
  const runnable: FrontEndPath[] = [];
  for (const path of paths) {
    const name = describePath(path);
    const scenario = drivers.scenarios[path.scenario.name];
    if (scenario === undefined) throw new Error(`No driver for the scenario “${path.scenario.name}”`);
    const reasons: string[] = [];
    if (isExcluded(scenario)) reasons.push(`scenario: ${scenario.excluded}`);
    let complete = true;
    for (const [at, { event }] of path.steps.entries()) {
      if (event.type === 'xstate.init') continue;
      const entry = drivers.events[event.type];
      if (entry === undefined) {
        missing.add(event.type);
        complete = false;
      } else if (!isExcluded(scenario)) {
        // A path of an excluded scenario is excluded for that reason alone.
        const why = sampleExclusion(
          entry,
          event,
          path.steps[at - 1]?.state.value,
          path.scenario.name,
          path.steps[at + 1]?.event.type,
        );
        const reason = `${event.type}: ${why}`;
        if (why !== null && !reasons.includes(reason)) reasons.push(reason);
      }
    }
    if (!complete) continue;
    const whole = isExcluded(scenario) ? null : (drivers.excludePath?.(path.steps.map(stepOf)) ?? null);
    if (whole !== null) reasons.push(whole);
    const state = path.steps
      .map((s) => toPlain(s.state.value))
      .find((v) => typeof v === 'string' && drivers.excludedStates?.[v] !== undefined) as string | undefined;
    if (state !== undefined && !isExcluded(scenario))
      reasons.push(`${state}: ${drivers.excludedStates![state]}`);
    if (reasons.length) excluded.push({ path: name, reason: reasons.join('; ') });
    else runnable.push({ name, scenario: path.scenario.name, steps: path.steps.map(stepOf), covers: [] });
  }
  // A path another one starts with (same scenario, same steps) is replayed by it; identical paths once.
  const longestFirst = [...runnable].sort((a, b) => b.steps.length - a.steps.length);
  const replays: FrontEndPath[] = [];
  for (const path of longestFirst) {
    const mine = signature(path);
    const within = replays.find(
      (r) =>
        r.scenario === path.scenario && signature(r).slice(0, mine.length).join('\n') === mine.join('\n'),
    );
    if (within) within.covers.push(path.name);
    else replays.push(path);
  }
  return {
    machine: model.name,
    frontEnd: drivers.frontEnd,
    total: all.length,
    replays,
    replayed: missing.size ? 0 : runnable.length,
    left: all.length - paths.length,
    excluded,
    missing: [...missing].sort(),
  };
}

/** The plan's line for the figures (`web   signInMachine   paths replayed 12/20, excluded 8 (5 sessions)`). */
export function planFigure(plan: FrontEndPlan): string {
  const missing = plan.missing.length ? `, NO DRIVER for ${plan.missing.join(', ')}` : '';
  return `  ${plan.frontEnd.padEnd(4)} ${plan.machine.padEnd(24)} paths replayed ${`${plan.replayed}/${plan.total}`.padStart(
    7,
  )}, excluded ${plan.excluded.length}${plan.left ? `, ${plan.left} long paths left to the others` : ''} (${plan.replays.length} sessions)${missing}`;
}

/** The excluded paths' reasons, each once with how many paths it excludes (a path may have several). */
export function exclusionReasons(plan: FrontEndPlan): string[] {
  const counts = new Map<string, number>();
  for (const { reason } of plan.excluded)
    for (const part of reason.split('; ')) counts.set(part, (counts.get(part) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${n} × ${reason}`);
}
