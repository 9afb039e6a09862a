import { machineCatalogue, toMermaid } from '@tern/core';
import { type Layouter, layoutMachine } from './layout';
import type { MachineReply, MachineRequest, MachineSource } from './source';

function entryOf(id: string) {
  const entry = machineCatalogue.find((e) => e.id === id);
  if (!entry) throw new Error(`No machine “${id}” in the catalogue.`);
  return entry;
}

/** The machines read in this thread (the worker's, and tests'). */
export function localSource(layout?: Layouter): MachineSource {
  return {
    list: async () => machineCatalogue.map(({ id, name, description }) => ({ id, name, description })),
    chart: (id) => layoutMachine(entryOf(id).machine, layout),
    mermaid: async (id) => toMermaid(entryOf(id).machine),
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
          : await source.mermaid(request.id);
    return { n: request.n, ok: true, value };
  } catch (error) {
    return { n: request.n, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
