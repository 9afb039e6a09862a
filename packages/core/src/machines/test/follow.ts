import type { LiveActorReport } from '../live.js';
import type { FrontEndPath } from './frontEnds.js';

/**
 * How a front end's replay of a path (`frontEnds.ts`) reads its actor: from the live reports the front end
 * sends the visualizer (`live.ts`; the web app's BroadcastChannel, the CLI's `--inspect` socket), in order.
 * The first step is a new actor's first report; each next step is the next report of that actor taking the
 * step's event into the step's state; a report in between that leaves the previous state fails the replay
 * (what the front end did in between moved the machine where the path does not go). Reports that keep the
 * state (a keystroke, the reporter's periodic snapshot) are passed over.
 *
 * No imports but types: the browser tests load this file as it is.
 */

export interface Following {
  /** The first report not read yet. */
  cursor: number;
  actor: string | null;
  /** Actors of the machine that ran before the replay (not the one it follows). */
  known: Set<string>;
}

/** Starts following a machine's next new actor from the reports so far. */
export function follow(reports: readonly LiveActorReport[], machine: string): Following {
  return {
    cursor: reports.length,
    actor: null,
    known: new Set(reports.filter((r) => r.machine === machine).map((r) => r.actor)),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const words = (r: Pick<LiveActorReport, 'value' | 'status' | 'event'>) =>
  `${JSON.stringify(r.value)} (${r.status}) after ${r.event}`;

/** The new actor's first report, or `null` while there is none; throws when it is not in the path's first state. */
export function firstStep(
  reports: readonly LiveActorReport[],
  following: Following,
  machine: string,
  path: FrontEndPath,
): LiveActorReport | null {
  for (let at = following.cursor; at < reports.length; at++) {
    const r = reports[at]!;
    if (r.machine !== machine || following.known.has(r.actor)) continue;
    following.actor = r.actor;
    following.cursor = at + 1;
    const start = path.steps[0]!;
    if (!same(r.value, start.value) || r.status !== start.status)
      throw new Error(
        `the ${machine} actor starts in ${words(r)}; the path starts in ${JSON.stringify(start.value)}`,
      );
    return r;
  }
  return null;
}

/**
 * Step `index` of the path: `true` once its report has come (the cursor moves past it), `null` while it has
 * not; throws when a report leaves the previous state for another.
 */
export function nextStep(
  reports: readonly LiveActorReport[],
  following: Following,
  path: FrontEndPath,
  index: number,
): true | null {
  const step = path.steps[index]!;
  const before = path.steps[index - 1]!;
  for (let at = following.cursor; at < reports.length; at++) {
    const r = reports[at]!;
    if (r.actor !== following.actor) continue;
    if (r.event === step.event.type && same(r.value, step.value) && r.status === step.status) {
      following.cursor = at + 1;
      return true;
    }
    if (!same(r.value, before.value) || r.status !== before.status)
      throw new Error(
        `step ${index} (${step.event.type}): the actor went to ${words(r)}; the path says ${words({
          ...step,
          event: step.event.type,
        })}`,
      );
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
  const since = reports.slice(following.cursor).filter((r) => r.actor === following.actor);
  return `step ${index} (${step.event.type}): the actor never reached ${JSON.stringify(step.value)} (${
    step.status
  }); reported since the last step: ${since.map(words).join(', ') || 'nothing'}`;
}

/** The followed actor's last report (its context: what a field holds now). */
export function lastReport(reports: readonly LiveActorReport[], following: Following) {
  return reports.findLast((r) => r.actor === following.actor);
}
