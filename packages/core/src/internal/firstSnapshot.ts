import { type AnyStateMachine, createActor, type InputFrom, type SnapshotFrom } from 'xstate';

/**
 * A machine's first snapshot for `input`, without starting it (no entry action or actor runs): a screen that
 * offers the machine's first events before it runs one (a list's row actions) asks this `can(event)` rather
 * than repeating the machine's guards.
 */
export const firstSnapshot = <M extends AnyStateMachine>(machine: M, input: InputFrom<M>): SnapshotFrom<M> =>
  createActor(machine, { input }).getSnapshot() as SnapshotFrom<M>;
