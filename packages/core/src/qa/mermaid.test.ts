import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, setup } from 'xstate';
import { toMermaid } from './mermaid.js';

const machine = setup({
  actors: { load: fromPromise(async () => 1) },
  guards: { ok: () => true },
  delays: { slow: 2000 },
}).createMachine({
  id: 'demo',
  initial: 'idle',
  on: { reset: '.idle' },
  states: {
    idle: { on: { go: { guard: 'ok', target: 'busy' }, poke: { actions: () => {} } } },
    busy: {
      invoke: { id: 'loading', src: 'load', onDone: 'both', onError: 'idle' },
      after: { slow: 'idle', 500: { guard: ({ context }) => context !== undefined, target: 'idle' } },
    },
    both: {
      type: 'parallel',
      states: {
        left: { initial: 'a', states: { a: { on: { 'a.next': 'b' } }, b: { type: 'final' } } },
        right: {
          initial: 'c',
          states: { c: { always: { guard: 'ok', target: 'd' } }, d: { type: 'final' } },
        },
      },
      onDone: 'done',
    },
    done: { type: 'final' },
  },
});

describe('toMermaid', () => {
  it('draws nested and parallel states, labelled transitions, delays, invoked actors and final states', () => {
    expect(toMermaid(machine)).toBe(
      `stateDiagram-v2
  [*] --> demo
  state "demo" as demo
  state demo {
    [*] --> demo_idle
    state "idle" as demo_idle
    state "busy" as demo_busy
    demo_busy : invoke load
    state "both" as demo_both
    state demo_both {
      state "left" as demo_both_left
      state demo_both_left {
        [*] --> demo_both_left_a
        state "a" as demo_both_left_a
        state "b" as demo_both_left_b
        demo_both_left_b --> [*]
      }
      --
      state "right" as demo_both_right
      state demo_both_right {
        [*] --> demo_both_right_c
        state "c" as demo_both_right_c
        state "d" as demo_both_right_d
        demo_both_right_d --> [*]
      }
    }
    state "done" as demo_done
    demo_done --> [*]
  }
  demo --> demo_idle : reset
  demo_idle --> demo_busy : go [ok]
  demo_idle --> demo_idle : poke
  demo_busy --> demo_both : onDone(loading)
  demo_busy --> demo_idle : onError(loading)
  demo_busy --> demo_idle : after 500ms [inline]
  demo_busy --> demo_idle : after 2000ms
  demo_both --> demo_done : onDone
  demo_both_left_a --> demo_both_left_b : a.next
  demo_both_right_c --> demo_both_right_d : always [ok]
`,
    );
  });

  it('names an actor invoked without an id by its source, and keeps labels free of Mermaid’s separators', () => {
    const m = createMachine({
      id: 'x',
      initial: 'a',
      states: {
        a: { invoke: { src: fromPromise(async () => 1), onDone: 'b' }, on: { 'ns:ev;#': 'b' } },
        b: {},
      },
    });
    const text = toMermaid(m);
    expect(text).toContain('x_a --> x_b : ns ev  ');
    expect(text).toMatch(/x_a --> x_b : onDone\(/);
    expect(
      text
        .split('\n')
        .filter((l) => l.includes(' : '))
        .every((l) => l.split(':').length === 2),
    ).toBe(true);
  });
});
