/// <reference lib="webworker" />
import { answer, localSource } from './catalogue';
import type { MachineRequest } from './source';

/** The QA page's worker: core's machine catalogue and ELK, answering the page's requests (`source.ts`). */
const source = localSource();

self.onmessage = async (event: MessageEvent<MachineRequest>) => {
  self.postMessage(await answer(source, event.data));
};
