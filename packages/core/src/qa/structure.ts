import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * A machine's structure read from its definition, for the docs, the QA visualizer and the model-based
 * tests' coverage: its state nodes, and every transition a state node defines (events, eventless
 * `always`, `after` delays, invoked actors' done and error, a compound state's done).
 */

/** One transition as a machine defines it (a candidate of an event's list counts on its own). */
export interface MachineTransition {
  /** `source.id event#index`: stable for a definition, the same across `machine.provide(…)`. */
  key: string;
  /** The state node that defines it. */
  source: string;
  /** The state nodes it targets; empty for one that only runs actions. */
  targets: string[];
  /** The event type; `''` for an eventless (`always`) transition. */
  eventType: string;
  /** How a reader names the trigger: the event, `always`, `after 2000ms`, `onDone(actor)`,
   * `onError(actor)`, `onDone` (a compound state's). */
  trigger: string;
  /** The guard's name, `inline` for an unnamed function, `null` without one. */
  guard: string | null;
  /** `trigger [guard]`. */
  label: string;
  /** The definition object itself (what XState's inspection reports as taken). */
  definition: unknown;
}

/** Every state node of a machine below its root, depth first in definition order. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      out.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return out;
}

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const name = (guard as { name?: string }).name;
    return name && name !== 'guard' ? name : 'inline';
  }
  const type = (guard as { type?: unknown }).type;
  return typeof type === 'string' ? type : 'inline';
}

function delayLabel(machine: AnyStateMachine, delay: unknown): string {
  const named = typeof delay === 'string' ? machine.implementations.delays[delay] : delay;
  if (typeof named === 'number') return `after ${named}ms`;
  return `after ${String(delay)}`;
}

function triggerOf(machine: AnyStateMachine, node: AnyStateNode, eventType: string): string {
  if (eventType === '') return 'always';
  const after = node.after.find((a) => a.eventType === eventType);
  if (after) return delayLabel(machine, after.delay);
  for (const [prefix, word] of [
    ['xstate.done.actor.', 'onDone'],
    ['xstate.error.actor.', 'onError'],
    ['xstate.snapshot.', 'onSnapshot'],
  ] as const) {
    if (!eventType.startsWith(prefix)) continue;
    const id = eventType.slice(prefix.length);
    const invoke = node.invoke.find((i) => i.id === id);
    // An invoke without an id gets one made of its position: the source names it better.
    const name = invoke && /^\d+\./.test(id) && typeof invoke.src === 'string' ? invoke.src : id;
    return `${word}(${name})`;
  }
  if (eventType.startsWith('xstate.done.state.')) return 'onDone';
  return eventType;
}

/** Every transition a machine defines, by state node (the root's first), in definition order. */
export function transitionsOf(machine: AnyStateMachine): MachineTransition[] {
  const out: MachineTransition[] = [];
  for (const node of [machine.root as AnyStateNode, ...stateNodesOf(machine)]) {
    const lists: Array<[string, readonly unknown[]]> = [...node.transitions.entries()];
    if (node.always) lists.push(['', node.always]);
    for (const [eventType, list] of lists) {
      list.forEach((definition, index) => {
        const t = definition as { guard?: unknown; target?: readonly AnyStateNode[] };
        const trigger = triggerOf(machine, node, eventType);
        const guard = guardName(t.guard);
        out.push({
          key: `${node.id} ${eventType}#${index}`,
          source: node.id,
          targets: (t.target ?? []).map((s) => s.id),
          eventType,
          trigger,
          guard,
          label: guard ? `${trigger} [${guard}]` : trigger,
          definition,
        });
      });
    }
  }
  return out;
}

/** The key of a transition definition XState reports (inspection's `_transitions`), or `null`. */
export function transitionKeyOf(definition: unknown): string | null {
  const t = definition as { source?: AnyStateNode; eventType?: string };
  if (!t.source) return null;
  const eventType = t.eventType ?? '';
  const always = t.source.always?.indexOf(definition as never) ?? -1;
  if (always >= 0) return `${t.source.id} #${always}`;
  const index = t.source.transitions.get(eventType)?.indexOf(definition as never) ?? -1;
  return index >= 0 ? `${t.source.id} ${eventType}#${index}` : null;
}

/** The events a machine handles (its own, not XState's internal ones), sorted. */
export function eventsOf(machine: AnyStateMachine): string[] {
  const types = new Set(
    transitionsOf(machine)
      .map((t) => t.eventType)
      .filter((type) => type !== '' && !type.startsWith('xstate.')),
  );
  return [...types].sort();
}

/** The named guards a machine's transitions use, and whether some are inline functions. */
export function guardsOf(machine: AnyStateMachine): { named: string[]; inline: number } {
  const all = transitionsOf(machine).map((t) => t.guard);
  return {
    named: [...new Set(all.filter((g): g is string => g !== null && g !== 'inline'))].sort(),
    inline: all.filter((g) => g === 'inline').length,
  };
}

/** The actors a machine invokes: invoke id, source, and the state that invokes it. */
export function invokesOf(machine: AnyStateMachine): Array<{ id: string; src: string; state: string }> {
  return stateNodesOf(machine).flatMap((node) =>
    node.invoke.map((i) => ({
      id: i.id,
      src: typeof i.src === 'string' ? i.src : (i.src as { id?: string }).id || 'inline',
      state: node.id,
    })),
  );
}
