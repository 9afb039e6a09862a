import type { SimulationView } from '@tern/core/qa';
import type { Chart } from './layout';

/** A machine of core's catalogue as the page lists it. */
export interface MachineInfo {
  id: string;
  name: string;
  description: string;
}

/**
 * Where the page gets the machines from. The app's is a Web Worker (`machines.worker.ts`): the catalogue, core's
 * machines and ELK are bundled into the worker, so this page's chunk shares no module with the other screens'
 * chunks (sharing them would split those chunks into more files and grow every page's first load).
 */
export interface MachineSource {
  list(): Promise<MachineInfo[]>;
  chart(id: string): Promise<Chart>;
  mermaid(id: string): Promise<string>;
  /** A machine's sample input and event payloads (core's `machineExamples`), for Simulate's editors. */
  examples(id: string): Promise<SimulationExamples>;
  /** One step of Simulate: the machine runs where the source is (the worker), the page gets its view. */
  simulate(step: SimulationStep): Promise<SimulationView>;
}

export interface SimulationExamples {
  input: unknown;
  events: Record<string, Record<string, unknown>>;
  /** Sample outputs of the actors the QA person resolves, by actor source. */
  outputs: Record<string, unknown>;
  /** The ids of the machine's states (its state nodes, the root excepted), for "start in". */
  states: string[];
}

export type SimulationStep =
  /** `state`: the id of the state node to start in (its context from the input); none: the initial state. */
  | { op: 'start'; id: string; input: unknown; state?: string | null }
  | { op: 'send'; event: { type: string; [key: string]: unknown } }
  | { op: 'answer'; actor: string; outcome: { output: unknown } | { error: string } }
  | { op: 'timer' }
  | { op: 'go'; index: number };

export type MachineQuestion =
  | { kind: 'list' }
  | { kind: 'chart'; id: string }
  | { kind: 'mermaid'; id: string }
  | { kind: 'examples'; id: string }
  | { kind: 'simulate'; step: SimulationStep };

export type MachineRequest = MachineQuestion & { n: number };

export type MachineReply = { n: number; ok: true; value: unknown } | { n: number; ok: false; error: string };

let shared: MachineSource | null = null;

/** The worker-backed source, started on first use and kept for the page's later visits. */
export function workerSource(): MachineSource {
  if (shared) return shared;
  const worker = new Worker(new URL('./machines.worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  worker.onmessage = (event: MessageEvent<MachineReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.n);
    if (!waiting) return;
    pending.delete(reply.n);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new Error(reply.error));
  };
  const ask = <T>(request: MachineQuestion) =>
    new Promise<T>((resolve, reject) => {
      next += 1;
      pending.set(next, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...request, n: next });
    });
  shared = {
    list: () => ask<MachineInfo[]>({ kind: 'list' }),
    chart: (id) => ask<Chart>({ kind: 'chart', id }),
    mermaid: (id) => ask<string>({ kind: 'mermaid', id }),
    examples: (id) => ask<SimulationExamples>({ kind: 'examples', id }),
    simulate: (step) => ask<SimulationView>({ kind: 'simulate', step }),
  };
  return shared;
}
