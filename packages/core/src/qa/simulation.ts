import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  fromPromise,
  SimulatedClock,
} from 'xstate';
import { toPlain } from './plain.js';
import { stateNodesOf } from './structure.js';

/**
 * A machine run by hand, for the QA visualizer's Simulate. Every actor the machine names is replaced
 * by a stand-in that waits for the QA person to resolve or reject it; `after` delays run on a simulated clock the
 * QA person moves on to the next timer. Each step (an event, an actor's answer, a timer) keeps the machine's
 * persisted snapshot: going back or forward restores it with `createActor(machine, { snapshot })`, and the timers
 * that were pending then are scheduled again on a clock set back to that step's time.
 *
 * It may start in any state (`start(stateId)`): the state is resolved with the context the input gives at the
 * start (`machine.resolveState({ value, context })`), the actors that state invokes wait (their input is not
 * known: `undefined`) and its `after` timers are pending, as if the machine had just entered it.
 */

export interface PendingActor {
  /** The actor's id (the invoke's id, or the spawned child's). */
  id: string;
  /** The actor the machine names (`setup({ actors })`). */
  src: string;
  input: unknown;
}

export interface PendingTimer {
  /** The delayed event's type (`xstate.after.2000.machine.state`). */
  event: string;
  /** Milliseconds of the simulated clock left before it fires. */
  in: number;
}

export interface AcceptedEvent {
  type: string;
  /**
   * `snapshot.can({ type })`: `true` or `false`, or `null` when a guard cannot judge without the event's payload
   * (it threw).
   */
  can: boolean | null;
}

/** What the visualizer shows of a simulation: plain data (it crosses the worker's boundary). */
export interface SimulationView {
  machineId: string;
  status: 'active' | 'done' | 'error' | 'stopped';
  /** The machine's error when it stopped on one. */
  error: string | null;
  value: unknown;
  /** The ids of the state nodes the machine is in (compound ones too). */
  active: string[];
  /** The events the current state nodes handle (XState's own excepted). */
  events: AcceptedEvent[];
  context: unknown;
  output: unknown;
  /** The actions that ran in the step that led here (entry, exit and transition actions, in order). */
  actions: Array<{ type: string; params: unknown }>;
  pending: PendingActor[];
  timers: PendingTimer[];
  /** Every step's label, the first being the start; `at` is the one shown. */
  steps: string[];
  at: number;
}

interface Timer {
  id: string;
  event: AnyEventObject;
  /** When it fires, on the simulated clock. */
  due: number;
}

interface Step {
  label: string;
  snapshot: unknown;
  now: number;
  timers: Timer[];
  actions: SimulationView['actions'];
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The state nodes of a snapshot (`_nodes`: every active node, compound ones included). */
const nodesOf = (snapshot: AnyMachineSnapshot) =>
  ((snapshot as unknown as { _nodes: AnyStateNode[] })._nodes ?? []).filter((n) => n.parent);

export class Simulation {
  readonly machine: AnyStateMachine;
  private readonly input: unknown;
  private actor: AnyActorRef | null = null;
  private clock = new SimulatedClock();
  private timers = new Map<string, Timer>();
  private waiting = new Map<
    string,
    PendingActor & { resolve: (output: unknown) => void; reject: (error: unknown) => void }
  >();
  private ran: SimulationView['actions'] = [];
  private history: Step[] = [];
  private at = 0;
  private failure: string | null = null;

  constructor(machine: AnyStateMachine, input: unknown) {
    const actors: Record<string, AnyActorLogic> = {};
    for (const src of Object.keys(machine.implementations.actors)) actors[src] = this.standIn(src);
    this.machine = machine.provide({ actors });
    this.input = input;
  }

  private standIn(src: string) {
    return fromPromise<unknown, unknown>(
      ({ input, self, signal }) =>
        new Promise((resolve, reject) => {
          const id = self.id;
          this.waiting.set(id, { id, src, input: toPlain(input), resolve, reject });
          signal.addEventListener('abort', () => this.waiting.delete(id));
        }),
    );
  }

  /** Starts the machine (a fresh actor from the input, or one restored from a step's snapshot). */
  private run(snapshot?: unknown, now = 0, timers: Timer[] = []) {
    this.actor?.stop();
    this.waiting.clear();
    this.timers.clear();
    this.failure = null;
    this.clock = new SimulatedClock();
    this.clock.set(now);
    const actor = createActor(this.machine, {
      input: this.input,
      clock: this.clock,
      ...(snapshot ? { snapshot: snapshot as never } : {}),
      inspect: (event) => {
        if (event.actorRef !== this.actor) return;
        if (event.type === '@xstate.action') {
          const action = (event as { action: { type: string; params: unknown } }).action;
          this.ran.push({ type: action.type, params: toPlain(action.params) });
        }
        // XState applies assignments without executing them (no `@xstate.action`): they are read from the
        // transitions taken, by name when they have one.
        if (event.type === '@xstate.microstep') {
          for (const t of (event as unknown as { _transitions: Array<{ actions?: readonly unknown[] }> })
            ._transitions) {
            for (const action of t.actions ?? []) {
              const name = typeof action === 'string' ? action : null;
              const implementation = name ? this.machine.implementations.actions[name] : action;
              if ((implementation as { type?: unknown })?.type === 'xstate.assign')
                this.ran.push({ type: name ?? 'xstate.assign', params: undefined });
            }
          }
        }
      },
    });
    this.actor = actor;
    // The machine's own timers (`after`), kept to be listed and to be scheduled again after a restore.
    const scheduler = actor.system.scheduler;
    const schedule = scheduler.schedule.bind(scheduler);
    const cancel = scheduler.cancel.bind(scheduler);
    scheduler.schedule = (source, target, event, delay, id) => {
      const key = id ?? event.type;
      if (source === actor && target === actor) {
        this.timers.set(key, { id: key, event, due: this.clock.now() + delay });
      }
      schedule(source, target, event, delay, key);
    };
    scheduler.cancel = (source, id) => {
      if (source === actor) this.timers.delete(id);
      cancel(source, id);
    };
    actor.subscribe({ error: (error) => (this.failure = String((error as Error)?.message ?? error)) });
    actor.start();
    for (const timer of timers) scheduler.schedule(actor, actor, timer.event, timer.due - now, timer.id);
  }

  private record(label: string) {
    const snapshot = this.snapshot();
    // A timer that fired is gone from the system's list.
    const scheduled = (
      this.actor!.system as unknown as { _snapshot: { _scheduledEvents: Record<string, { id: string }> } }
    )._snapshot._scheduledEvents;
    const live = new Set(Object.values(scheduled).map((s) => s.id));
    for (const id of this.timers.keys()) if (!live.has(id)) this.timers.delete(id);
    this.history = [
      ...this.history.slice(0, this.at + 1),
      {
        label,
        // A machine that could not start has nothing to restore: its step shows the error again.
        snapshot: snapshot.status === 'error' ? null : this.actor!.getPersistedSnapshot(),
        now: this.clock.now(),
        timers: [...this.timers.values()],
        actions: this.ran,
      },
    ];
    this.at = this.history.length - 1;
  }

  private snapshot() {
    return this.actor!.getSnapshot() as AnyMachineSnapshot;
  }

  /** Starts the machine from its input: in its initial state, or in the state node `stateId` (its id). */
  async start(stateId?: string | null): Promise<SimulationView> {
    this.history = [];
    this.at = 0;
    this.ran = [];
    this.run();
    await settle();
    if (stateId) {
      const picked = this.picked(stateId);
      this.ran = [];
      this.run(picked.snapshot, 0, picked.timers);
      await settle();
      this.record(`start in ${stateId}`);
    } else this.record('start');
    return this.view();
  }

  /** The persisted snapshot of the machine in a state node, with the start's context, and its timers. */
  private picked(stateId: string): { snapshot: unknown; timers: Timer[] } {
    const start = this.snapshot();
    if (start.status === 'error')
      throw new Error(`The machine stopped on an error: ${this.failure ?? 'at its start'}`);
    const node = stateNodesOf(this.machine).find((n) => n.id === stateId);
    if (!node) throw new Error(`No state “${stateId}” in ${this.machine.id}.`);
    const path = node.path;
    const value = path.reduceRight<unknown>((inner, key) => (inner === null ? key : { [key]: inner }), null);
    const resolved = this.machine.resolveState({ value: value as never, context: start.context });
    const persisted = this.machine.getPersistedSnapshot(resolved) as unknown as Record<string, unknown>;
    const children: Record<string, unknown> = {};
    const timers: Timer[] = [];
    for (const active of nodesOf(resolved)) {
      for (const invoke of active.invoke)
        children[invoke.id] = { snapshot: undefined, src: invoke.src, syncSnapshot: false };
      for (const after of active.after) {
        const delay =
          typeof after.delay === 'string' ? this.machine.implementations.delays[after.delay] : after.delay;
        if (typeof delay === 'number')
          timers.push({ id: after.eventType, event: { type: after.eventType }, due: delay });
      }
    }
    return { snapshot: { ...persisted, children }, timers };
  }

  /** Sends an event (its type and payload) to the machine. */
  async send(event: AnyEventObject): Promise<SimulationView> {
    if (typeof event?.type !== 'string' || event.type === '') throw new Error('An event needs a type.');
    this.ran = [];
    this.actor!.send(event);
    await settle();
    this.record(event.type);
    return this.view();
  }

  /** Answers a waiting actor: its output (`onDone`) or its error (`onError`). */
  async answer(id: string, outcome: { output: unknown } | { error: string }): Promise<SimulationView> {
    const waiting = this.waiting.get(id);
    if (!waiting) throw new Error(`No actor “${id}” is waiting.`);
    this.ran = [];
    this.waiting.delete(id);
    if ('error' in outcome) waiting.reject(Object.assign(new Error(outcome.error), { status: 400 }));
    else waiting.resolve(outcome.output);
    await settle();
    this.record('error' in outcome ? `${id} rejected` : `${id} resolved`);
    return this.view();
  }

  /** Moves the clock on to the next timer, which fires. */
  async fireTimer(): Promise<SimulationView> {
    const next = [...this.timers.values()].sort((a, b) => a.due - b.due)[0];
    if (!next) throw new Error('No timer is pending.');
    this.ran = [];
    this.clock.increment(Math.max(0, next.due - this.clock.now()));
    await settle();
    this.record(`after ${next.event.type}`);
    return this.view();
  }

  /** Shows the step `index` of the history again, the machine restored from its snapshot. */
  async go(index: number): Promise<SimulationView> {
    const step = this.history[index];
    if (!step) throw new Error(`No step ${index} in the history.`);
    this.at = index;
    this.ran = [];
    if (step.snapshot) this.run(step.snapshot, step.now, step.timers);
    else this.run();
    await settle();
    this.ran = step.actions;
    return this.view();
  }

  back = () => this.go(this.at - 1);
  forward = () => this.go(this.at + 1);

  stop() {
    this.actor?.stop();
    this.waiting.clear();
  }

  view(): SimulationView {
    const snapshot = this.snapshot();
    const nodes = nodesOf(snapshot);
    const types = new Set<string>();
    for (const node of nodes)
      for (const type of node.ownEvents) if (!type.startsWith('xstate.')) types.add(type);
    for (const type of this.machine.root.ownEvents) if (!type.startsWith('xstate.')) types.add(type);
    const events = [...types].sort().map((type): AcceptedEvent => {
      try {
        return { type, can: snapshot.can({ type }) };
      } catch {
        return { type, can: null };
      }
    });
    const now = this.clock.now();
    return {
      machineId: this.machine.id,
      status: snapshot.status,
      error: this.failure ?? (snapshot.status === 'error' ? String(toPlain(snapshot.error)) : null),
      value: toPlain(snapshot.value),
      active: nodes.map((n) => n.id),
      events: snapshot.status === 'active' ? events : [],
      context: toPlain(snapshot.context),
      output: toPlain(snapshot.output),
      actions: this.ran,
      pending: [...this.waiting.values()].map(({ id, src, input }) => ({ id, src, input })),
      timers: [...this.timers.values()]
        .sort((a, b) => a.due - b.due)
        .map((t) => ({ event: t.event.type, in: t.due - now })),
      steps: this.history.map((s) => s.label),
      at: this.at,
    };
  }
}
