import type { LiveActorReport } from '../live.js';
import type { FrontEndPath } from './frontEnds.js';

/**
 * How a front end's replay of a path (`frontEnds.ts`) reads its actor: from the live reports the front end
 * sends the visualizer (`live.ts`; the web app's BroadcastChannel, the CLI's `--inspect` socket), in order.
 * The first step is a new actor's first report; each next step is the next report of that actor taking the
 * step's event into the step's state; a report in between that leaves the previous state fails the replay
 * (what the front end did in between moved the machine where the path does not go). Reports that keep the
 * state (a keystroke, the reporter's periodic snapshot) are passed over. A screen may make an actor it then
 * drops (React may render twice before it commits): until the first step, every new actor of the machine in
 * the first state is a candidate, and the one that takes the first step is followed.
 *
 * With `handoff` (a machine each page of a flow starts anew, the state carried by the route and the storage:
 * the web app's booking flow), the followed actor may stop (`xstate.stop`: its page went away) and a new actor
 * of the machine take over — it must start in the state the path is in, or the replay fails.
 *
 * No imports but types: the browser tests load this file as it is.
 */

export interface Following {
  /** The first report not read yet. */
  cursor: number;
  actor: string | null;
  /** Until the first step: the new actors of the machine that are in the path's first state. */
  candidates: Set<string>;
  /** Actors of the machine that ran before the replay, or that the replay followed before (not the one it follows). */
  known: Set<string>;
  machine: string;
  /** A new actor of the machine in the path's state may take over from the followed one. */
  handoff: boolean;
}

/** Starts following a machine's next new actor from the reports so far. */
export function follow(
  reports: readonly LiveActorReport[],
  machine: string,
  options: { handoff?: boolean } = {},
): Following {
  return {
    cursor: reports.length,
    actor: null,
    candidates: new Set(),
    known: new Set(reports.filter((r) => r.machine === machine).map((r) => r.actor)),
    machine,
    handoff: options.handoff ?? false,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const words = (r: Pick<LiveActorReport, 'value' | 'status' | 'event'>) =>
  `${JSON.stringify(r.value)} (${r.status}) after ${r.event}`;

/**
 * The new actors' first reports: the first report of one, or `null` while there is none; throws when a new
 * actor is not in the path's first state.
 */
export function firstStep(
  reports: readonly LiveActorReport[],
  following: Following,
  machine: string,
  path: FrontEndPath,
): LiveActorReport | null {
  const start = path.steps[0]!;
  let first: LiveActorReport | null = null;
  for (let at = following.cursor; at < reports.length; at++) {
    const r = reports[at]!;
    if (r.machine !== machine || following.known.has(r.actor) || following.candidates.has(r.actor)) continue;
    if (!same(r.value, start.value) || r.status !== start.status)
      throw new Error(
        `the ${machine} actor starts in ${words(r)}; the path starts in ${JSON.stringify(start.value)}`,
      );
    following.candidates.add(r.actor);
    first ??= r;
  }
  if (first) following.cursor = reports.indexOf(first) + 1;
  return first;
}

const mine = (following: Following, r: LiveActorReport) =>
  following.actor === null ? following.candidates.has(r.actor) : r.actor === following.actor;

/**
 * Step `index` of the path: `true` once its report has come (the cursor moves past it), `null` while it has
 * not; throws when a report leaves the previous state for another. `accept`, when given, must hold of the
 * step's report too (what the step's driver did, in the context: a report of the same event and state that
 * fails it is passed over as one that keeps the state).
 */
export function nextStep(
  reports: readonly LiveActorReport[],
  following: Following,
  path: FrontEndPath,
  index: number,
  accept?: (report: LiveActorReport) => boolean,
): true | null {
  const step = path.steps[index]!;
  const before = path.steps[index - 1]!;
  for (let at = following.cursor; at < reports.length; at++) {
    const r = reports[at]!;
    if (following.handoff && r.machine === following.machine && !mine(following, r)) {
      if (following.known.has(r.actor) || following.candidates.has(r.actor)) continue;
      // A new page's actor: it takes over in the state the path is in.
      if (!same(r.value, before.value) || r.status !== before.status)
        throw new Error(
          `step ${index} (${step.event.type}): a new ${following.machine} actor starts in ${words(
            r,
          )}; the path is in ${JSON.stringify(before.value)}`,
        );
      if (following.actor === null) following.candidates.add(r.actor);
      else {
        following.known.add(following.actor);
        following.actor = r.actor;
      }
      continue;
    }
    if (!mine(following, r)) continue;
    if (
      r.event === step.event.type &&
      same(r.value, step.value) &&
      r.status === step.status &&
      (!accept || accept(r))
    ) {
      following.actor = r.actor;
      following.cursor = at + 1;
      return true;
    }
    if (following.handoff && r.event === 'xstate.stop') {
      // Its page went away: the next page's actor takes over (until then, nothing takes the step).
      if (following.actor === null) following.candidates.delete(r.actor);
      continue;
    }
    if (!same(r.value, before.value) || r.status !== before.status) {
      if (following.actor === null && following.candidates.size > 1) {
        following.candidates.delete(r.actor);
        continue;
      }
      throw new Error(
        `step ${index} (${step.event.type}): the actor went to ${words(r)}; the path says ${words({
          ...step,
          event: step.event.type,
        })}`,
      );
    }
  }
  return null;
}

/** What a step waited for in vain, with what the actor did meanwhile. */
export function missedStep(
  reports: readonly LiveActorReport[],
  following: Following,
  path: FrontEndPath,
  index: number,
): string {
  const step = path.steps[index]!;
  const since = reports.slice(following.cursor).filter((r) => mine(following, r));
  return `step ${index} (${step.event.type}): the actor never reached ${JSON.stringify(step.value)} (${
    step.status
  }); reported since the last step: ${since.map(words).join(', ') || 'nothing'}`;
}

/** The followed actor's last report (its context: what a field holds now). */
export function lastReport(reports: readonly LiveActorReport[], following: Following) {
  return reports.findLast((r) => mine(following, r));
}
