import type { AnyActorRef, InspectionEvent } from 'xstate';

/**
 * The app's side of the visualizer's Live, the only part of it every page loads: an XState `inspect`
 * observer for the app's machines (`useMachine(logic, { inspect: liveInspect })`). Off unless this is a
 * development build or the visualizer turned it on for this browser (`localStorage['tern.machines.live']`).
 * When on, it answers a visualizer's ping on the `tern-machines` BroadcastChannel by loading the reporter
 * (`liveReporter.ts`, its own chunk); until a visualizer listens, an inspection event costs a set insertion.
 */

export const LIVE_STORAGE_KEY = 'tern.machines.live';

type Reporter = (event: InspectionEvent | null, actors: Set<AnyActorRef>) => void;

const actors = new Set<AnyActorRef>();
let reporter: Reporter | null = null;
let channel: BroadcastChannel | null = null;

function enabled(): boolean {
  try {
    return import.meta.env.DEV || globalThis.localStorage?.getItem(LIVE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function listen() {
  if (channel || typeof BroadcastChannel === 'undefined' || !enabled()) return;
  channel = new BroadcastChannel('tern-machines');
  // Node's channel (the app's tests) would otherwise keep the process alive; a browser has no `unref`.
  (channel as { unref?: () => void }).unref?.();
  channel.onmessage = async (message: MessageEvent<{ kind?: string }>) => {
    if (message.data?.kind !== 'ping') return;
    if (!reporter) reporter = (await import('./liveReporter')).reporterFor(channel!);
    reporter(null, actors);
  };
}

/** Whether an actor still runs (one whose start threw has no snapshot to read: it is gone too). */
function isActive(actor: AnyActorRef): boolean {
  try {
    return actor.getSnapshot()?.status === 'active';
  } catch {
    return false;
  }
}

/** The observer to pass as `inspect` to the app's actors. */
export function liveInspect(event: InspectionEvent) {
  if (event.type === '@xstate.actor') {
    if (!channel) listen();
    if (!channel) return;
    actors.add(event.actorRef as AnyActorRef);
    // Without a visualizer nothing prunes the set: the stopped ones go when it grows.
    if (actors.size > 100) for (const actor of actors) if (!isActive(actor)) actors.delete(actor);
    return;
  }
  reporter?.(event, actors);
}
