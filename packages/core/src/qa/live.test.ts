import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, type InspectionEvent, setup } from 'xstate';
import { liveReport, liveReportOf } from './live.js';

// The visualizer's Live reads every step of the app's actors as they happen, the first ones while an actor is
// still starting: reading must never break the actor it watches.
const machine = setup({
  actors: { load: fromPromise(async () => 1) },
}).createMachine({
  id: 'watched',
  context: { n: 0 },
  initial: 'loading',
  entry: assign({ n: 1 }),
  states: { loading: { invoke: { src: 'load', onDone: 'ready' } }, ready: {} },
});

describe('live reports', () => {
  it('reports each step of an actor from its first, while it starts, without breaking it', async () => {
    const reports: string[] = [];
    const inspect = (event: InspectionEvent) => {
      const report = liveReportOf('tab', event);
      if (report) reports.push(`${report.machine}:${JSON.stringify(report.value)}:${report.event}`);
    };
    const actor = createActor(machine, { inspect }).start();
    await new Promise((resolve) => actor.subscribe((s) => s.matches('ready') && resolve(null)));
    expect(reports[0]).toBe('watched:"loading":xstate.init');
    expect(reports.at(-1)).toMatch(/^watched:"ready":xstate\.done\.actor\./);
  });

  it('reports nothing of an actor it cannot read yet, and of one that runs no machine', () => {
    const starting = {
      sessionId: 'x',
      getSnapshot: () => {
        throw new Error("Snapshot can't be read while the actor initializes itself");
      },
    };
    expect(liveReport('tab', starting as never)).toBeNull();
    const promise = createActor(fromPromise(async () => 1));
    expect(liveReport('tab', promise)).toBeNull();
  });
});
