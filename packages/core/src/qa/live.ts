import type { AnyActorRef, AnyMachineSnapshot, AnyStateNode, InspectionEvent } from 'xstate';
import { toPlain } from './plain.js';

/**
 * Live inspection: what a running Tern front end reports of its machines to the QA visualizer — the
 * web app over a `BroadcastChannel('tern-machines')` to the visualizer's tab, the CLI (`tern --inspect`) over a
 * WebSocket on the loopback address. Both send the same messages, made here from XState's inspection events.
 */

/** The channel's name, for the web app's tabs and the visualizer. */
export const LIVE_CHANNEL = 'tern-machines';

/** One machine actor's state, after each of its steps. */
export interface LiveActorReport {
  kind: 'actor';
  /** The reporting front end: a tab's random id, or `cli:<pid>`. */
  source: string;
  /** The actor's session id, unique in its front end. */
  actor: string;
  /** The machine's id (the catalogue's `id`). */
  machine: string;
  status: string;
  value: unknown;
  /** The ids of the state nodes the actor is in. */
  active: string[];
  context: unknown;
  /** The event that led here (`xstate.init` at the start). */
  event: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** The visualizer asks who is there (and keeps asking while it listens); a front end answers with its actors. */
export type LiveMessage = { kind: 'ping' } | LiveActorReport;

/** Whether an actor runs a state machine (its snapshot has state nodes): its snapshot, else `null`. */
function machineSnapshot(actor: AnyActorRef, given?: unknown): AnyMachineSnapshot | null {
  let snapshot = given as (AnyMachineSnapshot & { _nodes?: AnyStateNode[] }) | undefined;
  if (snapshot === undefined) {
    try {
      snapshot = actor.getSnapshot();
    } catch {
      // An actor still starting (or whose start threw) has no snapshot XState lets anyone read: nothing to report.
      return null;
    }
  }
  return snapshot && Array.isArray(snapshot._nodes) ? snapshot : null;
}

/**
 * The report of an actor's snapshot — the one given (an inspection event's), else its current one — or `null`
 * when it does not run a machine.
 */
export function liveReport(
  source: string,
  actor: AnyActorRef,
  event = 'xstate.init',
  given?: unknown,
): LiveActorReport | null {
  const snapshot = machineSnapshot(actor, given);
  if (!snapshot) return null;
  const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
  return {
    kind: 'actor',
    source,
    actor: actor.sessionId,
    machine: ((actor as unknown as { logic?: { id?: string } }).logic?.id ?? actor.id) as string,
    status: snapshot.status,
    value: toPlain(snapshot.value),
    active: nodes.filter((n) => n.parent).map((n) => n.id),
    context: toPlain(snapshot.context),
    event,
    at: Date.now(),
  };
}

/** The report an inspection event calls for: a machine actor's snapshot after a step, else `null`. */
export function liveReportOf(source: string, event: InspectionEvent): LiveActorReport | null {
  if (event.type !== '@xstate.snapshot') return null;
  return liveReport(
    source,
    event.actorRef as AnyActorRef,
    (event.event as { type?: string })?.type ?? 'xstate.init',
    event.snapshot,
  );
}
