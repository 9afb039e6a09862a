import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  fromPromise,
  SimulatedClock,
} from 'xstate';
import {
  type AdjacencyMap,
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  type StatePath,
} from 'xstate/graph';
import { stateNodesOf, transitionKeyOf, transitionsOf } from '../structure.js';

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

export interface ModelScenario {
  name: string;
  /** A fresh input for each traversal and each replay. */
  input: () => unknown;
}

export interface ModelOptions {
  /** The catalogue name, e.g. `checkoutMachine`. */
  name: string;
  machine: AnyStateMachine;
  scenarios: readonly ModelScenario[];
  /**
   * Sample events by type; an event type the machine accepts without samples is sent as `{ type }`
   * (an actor's error: with `new Error('refused')`).
   */
  events?: Record<string, readonly AnyEventObject[]>;
  /** Doubles for actors that are not promises (a child machine, a callback); the rest are controlled promises. */
  doubles?: Record<string, AnyActorLogic>;
  /** What makes two snapshots the same state of the model (default: value and context as JSON). */
  serialize?: (snapshot: AnyMachineSnapshot) => string;
  /** Transition keys (`structure.ts`) that no input can take, with the reason. */
  unreachable?: Record<string, string>;
  /** How many simple paths to add per scenario (default 6). */
  simplePaths?: number;
}

export interface ModelPath {
  scenario: ModelScenario;
  kind: 'shortest' | 'transition' | 'simple';
  steps: Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
}

export interface MachineCoverage {
  name: string;
  paths: number;
  states: { reached: number; total: number; missing: string[] };
  transitions: { taken: number; total: number; missing: string[]; unreachable: number };
}

const defaultSerialize = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });

/** The events the machine accepts in a snapshot's states, with their samples. */
function eventsIn(options: ModelOptions) {
  return (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const types = new Set<string>();
    for (const node of snapshot._nodes as AnyStateNode[])
      for (const type of node.transitions.keys())
        if (type !== '*' && !type.startsWith('xstate.done.state.')) types.add(type);
    return [...types].flatMap((type) => {
      const samples = options.events?.[type];
      if (samples) return [...samples];
      if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('refused') }];
      return [{ type }];
    });
  };
}

/** The paths of one scenario: shortest to every state, one per edge taking a new transition, a few simple. */
export function modelPaths(options: ModelOptions, scenario: ModelScenario): ModelPath[] {
  const serialize = options.serialize ?? defaultSerialize;
  const traversal = {
    events: eventsIn(options),
    serializeState: (s: AnyMachineSnapshot) => serialize(s),
    limit: 20_000,
  };
  const { machine } = options;
  const shortest = getShortestPaths(machine, { ...traversal, input: scenario.input() }) as Array<
    StatePath<AnyMachineSnapshot, AnyEventObject>
  >;
  const toState = new Map(shortest.map((p) => [serialize(p.state), p]));
  // One shortest path to each state of the machine (its value); the context's variants are reached by the
  // transition paths when they matter.
  const byValue = new Map<string, StatePath<AnyMachineSnapshot, AnyEventObject>>();
  for (const p of shortest) {
    const value = JSON.stringify(p.state.value);
    const known = byValue.get(value);
    if (!known || known.steps.length > p.steps.length) byValue.set(value, p);
  }
  const paths: ModelPath[] = [...byValue.values()].map((p) => ({
    scenario,
    kind: 'shortest',
    steps: p.steps,
  }));
  const planned = new Set<string>();
  for (const p of paths)
    for (const [i, step] of p.steps.entries())
      if (i > 0)
        for (const k of machine.getTransitionData(p.steps[i - 1]!.state, step.event).map(transitionKeyOf))
          if (k) planned.add(k);
  const adjacency = getAdjacencyMap(machine, {
    ...traversal,
    input: scenario.input(),
  }) as AdjacencyMap<AnyMachineSnapshot, AnyEventObject>;
  for (const { state, transitions } of Object.values(adjacency)) {
    const edges = Object.values(transitions) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
    for (const { event, state: next } of edges) {
      const keys = machine
        .getTransitionData(state, event)
        .map(transitionKeyOf)
        .filter((k): k is string => k !== null && !planned.has(k));
      const before = toState.get(serialize(state));
      if (keys.length === 0 || !before) continue;
      for (const k of keys) planned.add(k);
      paths.push({
        scenario,
        kind: 'transition',
        steps: [...before.steps, { event, state: next }],
      });
    }
  }
  const simple = options.simplePaths ?? 6;
  if (simple > 0 && Object.keys(adjacency).length <= 40) {
    const all = getSimplePaths(machine, { ...traversal, input: scenario.input() }) as Array<
      StatePath<AnyMachineSnapshot, AnyEventObject>
    >;
    const longest = all.sort((a, b) => b.steps.length - a.steps.length).slice(0, simple);
    for (const p of longest) paths.push({ scenario, kind: 'simple', steps: p.steps });
  }
  return paths;
}

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

const describePath = (p: ModelPath) =>
  `${p.scenario.name}, ${p.kind}: ${p.steps
    .map((s) => s.event.type)
    .filter((t) => t !== 'xstate.init')
    .map((t) =>
      t.replace(/^xstate\.(done|error)\.actor\.(.+)$/, '$1($2)').replace(/^xstate\.after\..*$/, 'after'),
    )
    .join(' → ')}`;

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
