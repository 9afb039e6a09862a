import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  fromPromise,
  SimulatedClock,
} from 'xstate';
import { stateNodesOf, transitionKeyOf, transitionsOf } from '../structure.js';
import {
  defaultSerialize,
  describePath,
  type MachineCoverage,
  type ModelOptions,
  type ModelPath,
  modelPaths,
} from './paths.js';

export * from './paths.js';

/**
 * Model-based tests generated from a machine's graph (`xstate/graph`). For each scenario (an input):
 *
 * - the machine is traversed with the events it accepts in each state (each with the sample payloads the
 *   test gives; an invoked actor's done and error, and an `after` delay's event, are events of the graph too);
 * - the paths: the shortest path to every state of the machine, one path more for each edge that takes a
 *   transition no path took yet (the shortest path to its state, then its event), and a few simple paths;
 * - each path is replayed against a live actor whose promise actors are test doubles the path resolves or
 *   rejects (`xstate.done.actor.…` / `xstate.error.actor.…`), whose delays run on a simulated clock, and whose
 *   other actors are the doubles the test gives; after each step the live snapshot must be the one the graph
 *   predicted;
 * - the live actor's inspection says which states were entered and which transitions were taken: the
 *   machine's coverage, which must be 100 % of its states and transitions, except the transitions the test
 *   lists as unreachable by design (each with its reason, and each checked never to be taken).
 *
 * The figures go to the directory the core project's global setup provides; its teardown prints the table.
 */

function delayOf(machine: AnyStateMachine, eventType: string): number {
  for (const node of stateNodesOf(machine)) {
    const after = node.after.find((a) => a.eventType === eventType);
    if (!after) continue;
    const delay = typeof after.delay === 'string' ? machine.implementations.delays[after.delay] : after.delay;
    if (typeof delay !== 'number') throw new Error(`The delay of ${eventType} is not a number`);
    return delay;
  }
  throw new Error(`No delay for ${eventType}`);
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Replays a path against a live actor (see above); adds the states entered and the transitions taken to
 * `seen`. Throws when the live actor parts from the path.
 */
export async function replayPath(
  options: ModelOptions,
  path: ModelPath,
  seen: { states: Set<string>; transitions: Set<string> },
): Promise<AnyMachineSnapshot> {
  const serialize = options.serialize ?? defaultSerialize;
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const controlled = fromPromise<unknown, unknown>(
    ({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject })),
  );
  const actors: Record<string, AnyActorLogic> = {};
  for (const name of Object.keys(options.machine.implementations.actors)) actors[name] = controlled;
  Object.assign(actors, options.doubles);
  const live = options.machine.provide({ actors });
  const clock = new SimulatedClock();
  const note = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes as AnyStateNode[]) if (node.parent) seen.states.add(node.id);
  };
  const actor = createActor(live, {
    input: path.scenario.input(),
    clock,
    inspect: (e) => {
      if (e.type !== '@xstate.microstep' || (e.actorRef as { _parent?: unknown })._parent) return;
      for (const t of e._transitions) {
        const key = transitionKeyOf(t);
        if (!key) continue;
        seen.transitions.add(key);
        const source = (t as { source: AnyStateNode }).source;
        if (source.parent) seen.states.add(source.id);
      }
      note(e.snapshot as AnyMachineSnapshot);
    },
  });
  actor.start();
  await settle();
  note(actor.getSnapshot());
  try {
    for (const [i, { event, state }] of path.steps.entries()) {
      if (event.type === 'xstate.init') continue;
      const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (done) {
        const call = pending.get(done[2]!);
        if (!call) throw new Error(`step ${i}: ${done[2]} is not running`);
        pending.delete(done[2]!);
        if (done[1] === 'done') call.resolve((event as { output?: unknown }).output);
        else call.reject((event as { error?: unknown }).error);
      } else if (event.type.startsWith('xstate.after.')) {
        clock.increment(delayOf(live, event.type));
      } else actor.send(event);
      await settle();
      const now = actor.getSnapshot() as AnyMachineSnapshot;
      note(now);
      if (serialize(now) !== serialize(state))
        throw new Error(
          `step ${i} (${event.type}): the live actor is in ${serialize(now)}, the graph says ${serialize(state)}`,
        );
    }
    return actor.getSnapshot() as AnyMachineSnapshot;
  } finally {
    actor.stop();
  }
}

/** The coverage of a machine from what the replays saw. */
export function coverageOf(
  options: ModelOptions,
  paths: number,
  seen: { states: Set<string>; transitions: Set<string> },
): MachineCoverage {
  const states = stateNodesOf(options.machine).map((n) => n.id);
  const unreachable = new Set(Object.keys(options.unreachable ?? {}));
  const transitions = transitionsOf(options.machine)
    .map((t) => t.key)
    .filter((k) => !unreachable.has(k));
  return {
    name: options.name,
    paths,
    states: {
      reached: states.filter((s) => seen.states.has(s)).length,
      total: states.length,
      missing: states.filter((s) => !seen.states.has(s)),
    },
    transitions: {
      taken: transitions.filter((k) => seen.transitions.has(k)).length,
      total: transitions.length,
      missing: transitions.filter((k) => !seen.transitions.has(k)),
      unreachable: unreachable.size,
    },
  };
}

/** Writes a machine's figures where the global setup's teardown reads them (nothing outside that run). */
function record(coverage: MachineCoverage) {
  const dir = inject('machineCoverageDir');
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${coverage.name}.json`), JSON.stringify(coverage));
}

/** The model-based tests of a machine: every path replayed, then its coverage checked and recorded. */
export function describeModel(options: ModelOptions): void {
  describe(`${options.name}, model-based paths`, () => {
    const paths = options.scenarios.flatMap((s) => modelPaths(options, s));
    const seen = { states: new Set<string>(), transitions: new Set<string>() };

    it.each(paths.map((p) => [describePath(p), p] as const))('replays %s', async (_, path) => {
      await replayPath(options, path, seen);
    });

    it('reaches every state and takes every transition', () => {
      const coverage = coverageOf(options, paths.length, seen);
      record(coverage);
      for (const key of Object.keys(options.unreachable ?? {}))
        expect(seen.transitions.has(key), `${key} is listed unreachable but was taken`).toBe(false);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    machineCoverageDir: string;
  }
}
