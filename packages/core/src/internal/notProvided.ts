import { fromPromise } from 'xstate';

/** The default of an actor the edge must provide: it fails at once, naming what is missing. */
export function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The actor "${name}" is not provided; pass it with machine.provide({ actors })`);
  });
}
