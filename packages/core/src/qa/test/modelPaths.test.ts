import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { coverageOf, type ModelOptions, modelPaths, replayPath } from './modelPaths.js';

const machine = setup({
  actors: { load: fromPromise(async () => 1) },
  guards: { never: () => false },
}).createMachine({
  id: 'm',
  initial: 'a',
  states: {
    a: { on: { go: 'loading', skip: { guard: 'never', target: 'c' } } },
    loading: { invoke: { id: 'load', src: 'load', onDone: 'b', onError: 'a' }, after: { 1000: 'a' } },
    b: { type: 'final' },
    c: {},
  },
});
const options: ModelOptions = { name: 'm', machine, scenarios: [{ name: 'one', input: () => ({}) }] };
const seen = () => ({ states: new Set<string>(), transitions: new Set<string>() });

describe('model-based paths', () => {
  it('replay the done, error and delay events of the graph, and miss what no path can take', async () => {
    const paths = modelPaths(options, options.scenarios[0]!);
    const s = seen();
    for (const p of paths) await replayPath(options, p, s);
    const coverage = coverageOf(options, paths.length, s);
    expect(coverage.states).toMatchObject({ reached: 3, total: 4, missing: ['m.c'] });
    expect(coverage.transitions).toMatchObject({ taken: 4, total: 5, missing: ['m.a skip#0'] });
  });

  it('leave out a transition listed unreachable', () => {
    const listed = { ...options, unreachable: { 'm.a skip#0': 'never passes' } };
    expect(coverageOf(listed, 0, seen()).transitions).toMatchObject({ total: 4, unreachable: 1 });
  });

  it('fail a replay whose live actor parts from the graph', async () => {
    const [toLoading] = modelPaths(options, options.scenarios[0]!).filter(
      (p) => p.steps.at(-1)?.event.type === 'go',
    );
    const initial = toLoading!.steps[0]!.state;
    const wrong = {
      ...toLoading!,
      steps: [...toLoading!.steps.slice(0, -1), { event: { type: 'go' }, state: initial }],
    };
    await expect(replayPath(options, wrong, seen())).rejects.toThrow(/step 1 \(go\): the live actor is in/);
  });
});
