/// <reference lib="webworker" />
import { answer, localSource } from './catalogue';
import type { MachineRequest } from './source';

/** The QA page's worker: core's machine catalogue and ELK, answering the page's requests (`source.ts`). */
const source = localSource();

// A listener, not `self.onmessage`: ELK's bundled build, run in this worker, takes `self.onmessage` over when it
// lays out a first chart, after which the page's later requests (Simulate's steps) were never answered.
self.addEventListener('message', async (event: MessageEvent<MachineRequest>) => {
  if (typeof event.data?.n !== 'number' || typeof event.data.kind !== 'string') return;
  const reply = await answer(source, event.data);
  try {
    self.postMessage(reply);
  } catch (error) {
    // A reply that cannot be cloned is still an answer: the page says why instead of waiting.
    self.postMessage({
      n: reply.n,
      ok: false,
      error: `The worker's reply could not be sent: ${String(error)}`,
    });
  }
});
