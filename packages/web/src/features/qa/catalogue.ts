import {
  actorOutputExamples,
  machineCatalogue,
  machineExamples,
  Simulation,
  type SimulationView,
  simulationInput,
  stateNodesOf,
  toMermaid,
} from '@tern/core/qa';
import { type Layouter, layoutMachine } from './layout';
import type { MachineReply, MachineRequest, MachineSource, SimulationStep } from './source';

function entryOf(id: string) {
  const entry = machineCatalogue.find((e) => e.id === id);
  if (!entry) throw new Error(`No machine “${id}” in the catalogue.`);
  return entry;
}

/** The machines read in this thread (the worker's, and tests'); one simulation at a time. */
export function localSource(layout?: Layouter): MachineSource {
  let simulation: Simulation | null = null;
  const running = () => {
    if (!simulation) throw new Error('Start the machine first.');
    return simulation;
  };
  const simulate = async (step: SimulationStep): Promise<SimulationView> => {
    switch (step.op) {
      case 'start':
        simulation?.stop();
        simulation = new Simulation(entryOf(step.id).machine, simulationInput(step.id, step.input));
        return simulation.start(step.state ?? null);
      case 'send':
        return running().send(step.event);
      case 'answer':
        return running().answer(step.actor, step.outcome);
      case 'timer':
        return running().fireTimer();
      case 'go':
        return running().go(step.index);
    }
  };
  return {
    list: async () => machineCatalogue.map(({ id, name, description }) => ({ id, name, description })),
    chart: (id) => layoutMachine(entryOf(id).machine, layout),
    mermaid: async (id) => toMermaid(entryOf(id).machine),
    examples: async (id) => ({
      input: machineExamples[entryOf(id).id]?.input ?? {},
      events: machineExamples[id]?.events ?? {},
      outputs: { ...actorOutputExamples },
      states: stateNodesOf(entryOf(id).machine).map((n) => n.id),
    }),
    simulate,
  };
}

/** Answers one request of the page (`source.ts`). */
export async function answer(source: MachineSource, request: MachineRequest): Promise<MachineReply> {
  try {
    const value =
      request.kind === 'list'
        ? await source.list()
        : request.kind === 'chart'
          ? await source.chart(request.id)
          : request.kind === 'mermaid'
            ? await source.mermaid(request.id)
            : request.kind === 'examples'
              ? await source.examples(request.id)
              : await source.simulate(request.step);
    return { n: request.n, ok: true, value };
  } catch (error) {
    return { n: request.n, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
