import type { InspectionEvent } from 'xstate';

/**
 * `localStorage['tern.machines.live']`, the visualizer's switch (`LIVE_STORAGE_KEY` of
 * `features/qa/liveInspect.ts`, not imported here: that module is the staff app's `qa` chunk; live.test.ts checks
 * they agree).
 */
export const STORE_LIVE_KEY = 'tern.machines.live';

let observer: ((event: InspectionEvent) => void) | undefined;

/**
 * The `inspect` of the store's and the payment page's actors: the QA visualizer's Live (`liveInspect`) once
 * `loadLive` has loaded it, else nothing.
 */
export const storeInspect = (event: InspectionEvent) => observer?.(event);

/**
 * Before the page renders: loads the visualizer's Live (`features/qa/liveInspect.ts`, a chunk of its own) only
 * when this browser turned it on — the public pages' first loads stay without it (the store's 70 KB budget). The
 * browser replays of the store's machines (e2e/machines-store.spec.ts) follow the actors through it.
 */
export async function loadLive(): Promise<void> {
  let on = false;
  try {
    on = globalThis.localStorage?.getItem(STORE_LIVE_KEY) === '1';
  } catch {
    // Storage refused (private mode): no Live.
  }
  if (on) observer = (await import('../features/qa/liveInspect')).liveInspect;
}
