import { liveReport, liveReportOf } from '@tern/core/qa';
import type { AnyActorRef, InspectionEvent } from 'xstate';

/** How long the reporter keeps posting after the visualizer's last ping (it pings every 2 s). */
const QUIET_AFTER_MS = 6000;

/**
 * The reporter `liveInspect.ts` loads at a visualizer's first ping: it posts every running machine actor's
 * state, then each of their steps, while a visualizer keeps pinging (serializing nothing once it is gone).
 */
export function reporterFor(channel: BroadcastChannel, tab = Math.random().toString(36).slice(2, 10)) {
  let lastPing = 0;
  const post = (report: unknown) => {
    try {
      channel.postMessage(report);
    } catch {
      // A context that cannot be cloned is left out rather than breaking the app.
    }
  };
  return (event: InspectionEvent | null, actors: Set<AnyActorRef>) => {
    if (event === null) {
      lastPing = Date.now();
      for (const actor of actors) {
        const report = liveReport(tab, actor);
        if (report?.status === 'active') post(report);
        else actors.delete(actor);
      }
      return;
    }
    if (Date.now() - lastPing > QUIET_AFTER_MS) return;
    const report = liveReportOf(tab, event);
    if (report) post(report);
  };
}
