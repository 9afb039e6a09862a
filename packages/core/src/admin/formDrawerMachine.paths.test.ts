import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Day } from '../dates/dates.js';
import { promoFormInput } from '../promoCodes/promoCodes.js';
import { formDrawerMachine } from './formDrawerMachine.js';

// Every situation of the form machine, reached by its shortest path from the start and replayed against a live
// actor whose save answers as the path says: the machine the web's drawers and the CLI drive ends where the
// graph says, with the same errors.

type Snapshot = SnapshotFrom<typeof formDrawerMachine>;
type ActorEvent = { type: `xstate.${'done' | 'error'}.actor.${string}`; output?: unknown; error?: unknown };
type PathEvent = EventFrom<typeof formDrawerMachine> | ActorEvent;

const input = promoFormInput(null, '2030-06-15' as Day);
const SAVE = 'xstate.done.actor.0.formDrawer.saving';
const REFUSED = 'xstate.error.actor.0.formDrawer.saving';
const refusal = Object.assign(new Error('taken'), { code: 'promo_code_taken' });

const events = [
  { type: 'form.change', values: { name: 'Winter', code: 'WINTER' } },
  { type: 'form.change', values: { code: 'W' } },
  { type: 'form.submit' },
  { type: 'user.retry' },
  { type: 'form.close' },
  { type: SAVE, output: { id: 'pc1' } },
  { type: REFUSED, error: refusal },
] as PathEvent[] as EventFrom<typeof formDrawerMachine>[];

const view = (s: Snapshot) => ({
  value: s.value,
  values: s.context.values,
  errors: s.context.errors,
  error: s.context.error?.code ?? null,
});

const paths = getShortestPaths(formDrawerMachine, {
  input,
  events,
  serializeState: (s) => JSON.stringify(view(s as Snapshot)),
});

async function replay(steps: Array<{ event: PathEvent; state: Snapshot }>) {
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    formDrawerMachine.provide({
      actors: {
        save: fromPromise<unknown, object>(
          () => new Promise((resolve, reject) => (pending = { resolve, reject })),
        ),
      },
    }),
    { input },
  ).start();
  for (const { event, state } of steps) {
    if ((event.type as string) === 'xstate.init') continue;
    const reply = /^xstate\.(done|error)\.actor\./.exec(event.type);
    if (reply) {
      const call = pending as { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null;
      expect(call, `no save in flight for ${event.type}`).not.toBeNull();
      pending = null;
      if (reply[1] === 'done') call!.resolve((event as ActorEvent).output);
      else call!.reject((event as ActorEvent).error);
      await new Promise((r) => setTimeout(r, 0));
    } else actor.send(event as EventFrom<typeof formDrawerMachine>);
    expect(view(actor.getSnapshot())).toEqual(view(state));
  }
  return actor.getSnapshot();
}

describe('formDrawerMachine paths', () => {
  it('reaches every state: editing, saving, failed, saved and closed', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const value of ['editing', 'saving', 'failed', 'saved', 'closed'])
      expect(reached).toContain(JSON.stringify(value));
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const))(
    '%s',
    async (_, path) => {
      const last = await replay(path.steps as Array<{ event: PathEvent; state: Snapshot }>);
      expect(last.value).toEqual(path.state.value);
    },
  );
});
