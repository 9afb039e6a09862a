import type {
  AnyActorLogic,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
} from 'xstate';
import {
  type AdjacencyMap,
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  type StatePath,
} from 'xstate/graph';
import { transitionKeyOf } from '../structure.js';

/**
 * The paths of a machine's graph (`xstate/graph`), for the model-based tests of core (`modelPaths.ts`, which
 * replays them on live actors) and of the front ends (`frontEnds.ts`: the web app and the CLI replay the same
 * paths through their own screens). Nothing here needs a test runner.
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

export const defaultSerialize = (s: AnyMachineSnapshot) =>
  JSON.stringify({ value: s.value, context: s.context });

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

/** A path in words: its scenario, its kind and its events (`done(actor)`, `after`). */
export const describePath = (p: ModelPath) =>
  `${p.scenario.name}, ${p.kind}: ${p.steps
    .map((s) => s.event.type)
    .filter((t) => t !== 'xstate.init')
    .map((t) =>
      t.replace(/^xstate\.(done|error)\.actor\.(.+)$/, '$1($2)').replace(/^xstate\.after\..*$/, 'after'),
    )
    .join(' → ')}`;
