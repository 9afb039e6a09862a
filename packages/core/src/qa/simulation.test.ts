import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { checkoutMachine } from '../bookingEngine/checkoutMachine.js';
import { machineCatalogue } from './catalogue.js';
import { actorOutputExamples, exampleEvent, machineExamples, simulationInput } from './examples.js';
import { toPlain } from './plain.js';
import { Simulation } from './simulation.js';
import { stateNodesOf } from './structure.js';

const polling = setup({
  types: { context: {} as { polls: number } },
  actions: { count: assign(({ context }) => ({ polls: context.polls + 1 })) },
  delays: { interval: 2000 },
}).createMachine({
  id: 'polling',
  context: { polls: 0 },
  initial: 'waiting',
  states: {
    waiting: { after: { interval: { target: 'polled', actions: 'count' } }, on: { stop: 'stopped' } },
    polled: { on: { again: 'waiting' } },
    stopped: {},
  },
});

describe('Simulation (the visualizer’s Simulate)', () => {
  it('steps through the checkout by hand: events, the booking call resolved, back and forward', async () => {
    const sim = new Simulation(checkoutMachine, machineExamples.checkout!.input);
    let view = await sim.start();
    expect(view.active).toEqual(['checkout.filling', 'checkout.filling.idle']);
    expect(view.events.find((e) => e.type === 'agreement.set')?.can).toBe(true);

    view = await sim.send({ type: 'form.submit' });
    expect(view.value).toEqual({ filling: 'idle' }); // not agreed: nothing happens
    view = await sim.send(exampleEvent('checkout', 'agreement.set') as never);
    expect((view.context as { agreed: boolean }).agreed).toBe(true);
    view = await sim.send({ type: 'form.submit' });
    // The form is empty: the guard `invalid` took the transition whose actions name the first wrong field.
    expect(view.actions.map((a) => a.type)).toContain('focusFirstInvalid');
    expect(view.value).toEqual({ filling: 'idle' });

    for (const [field, value] of Object.entries({
      name: 'Ana',
      surname: 'Silva',
      mail: 'ana@example.com',
      phone: '+351 912 345 678',
    })) {
      view = await sim.send({ type: 'field.change', field, value });
    }
    view = await sim.send({ type: 'guest.change', room: 0, guest: 0, field: 'firstName', value: 'Ana' });
    view = await sim.send({ type: 'guest.change', room: 0, guest: 0, field: 'lastName', value: 'Silva' });
    view = await sim.send({ type: 'form.submit' });
    if (view.value !== 'submitting') throw new Error(JSON.stringify(view.context));
    expect(view.pending).toEqual([expect.objectContaining({ id: 'createBooking', src: 'createBooking' })]);
    const submittedAt = view.at;

    view = await sim.answer('createBooking', { error: 'No longer available' });
    expect(view.value).toEqual({ filling: 'idle' });
    expect(view.pending).toEqual([]);

    // Back to the call under way: the restored machine waits for the call again.
    view = await sim.back();
    expect(view.at).toBe(submittedAt);
    expect(view.value).toBe('submitting');
    expect(view.pending.map((p) => p.id)).toEqual(['createBooking']);
    view = await sim.answer('createBooking', { output: actorOutputExamples.createBooking });
    expect(view.status).toBe('done');
    expect(view.output).toMatchObject({ bookingId: 'b-1' });
    // The rejected branch was replaced by this one.
    expect(view.steps.at(-1)).toBe('createBooking resolved');
    expect(view.steps).not.toContain('createBooking rejected');

    // Back from the end and forward again: the finished machine is restored finished.
    view = await sim.back();
    expect(view.value).toBe('submitting');
    view = await sim.forward();
    expect(view.status).toBe('done');
    expect(view.value).toBe('confirmed');
    expect(view.pending).toEqual([]);

    view = await sim.go(0);
    expect(view.value).toEqual({ filling: 'idle' });
    expect((view.context as { agreed: boolean }).agreed).toBe(false);
    view = await sim.forward();
    expect(view.at).toBe(1);
    await expect(sim.go(99)).rejects.toThrow('No step 99');
  });

  it('fires `after` timers on its clock, and keeps them across back and forward', async () => {
    const sim = new Simulation(polling, undefined);
    let view = await sim.start();
    expect(view.timers).toEqual([{ event: expect.stringContaining('xstate.after.interval'), in: 2000 }]);
    view = await sim.fireTimer();
    expect(view.value).toBe('polled');
    // Leaving `waiting` cancels its timer (XState's own action), then the transition's named assignment.
    expect(view.actions.map((a) => a.type)).toEqual(['xstate.cancel', 'count']);
    expect(view.timers).toEqual([]);
    await expect(sim.fireTimer()).rejects.toThrow('No timer is pending');
    view = await sim.back();
    expect(view.value).toBe('waiting');
    expect(view.timers).toHaveLength(1);
    view = await sim.fireTimer();
    expect((view.context as { polls: number }).polls).toBe(1);
    // Leaving the state cancels its timer.
    await sim.go(0);
    view = await sim.send({ type: 'stop' });
    expect(view.value).toBe('stopped');
    expect(view.timers).toEqual([]);
  });

  it('starts in a state picked by the QA person: its context from the input, its actors waiting', async () => {
    const sim = new Simulation(checkoutMachine, machineExamples.checkout!.input);
    let view = await sim.start('checkout.submitting');
    expect(view.value).toBe('submitting');
    expect(view.steps).toEqual(['start in checkout.submitting']);
    // The sample input's stay is the context; the booking call the state invokes waits to be answered.
    expect((view.context as { data: { propertyId: string } }).data.propertyId).toBe('p1');
    expect(view.pending).toEqual([expect.objectContaining({ id: 'createBooking', src: 'createBooking' })]);
    view = await sim.answer('createBooking', { output: actorOutputExamples.createBooking });
    expect(view.value).toBe('confirmed');
    expect(view.status).toBe('done');
    // A nested state is given with its parents.
    view = await sim.start('checkout.filling.idle');
    expect(view.active).toEqual(['checkout.filling', 'checkout.filling.idle']);
    await expect(sim.start('checkout.nowhere')).rejects.toThrow('No state “checkout.nowhere” in checkout.');
  });

  it('starts in a state with a timer: the timer is pending as on entering it', async () => {
    const sim = new Simulation(polling, {});
    let view = await sim.start('polling.polled');
    expect(view.timers).toEqual([]);
    view = await sim.start('polling.waiting');
    expect(view.timers).toEqual([{ event: 'xstate.after.interval.polling.waiting', in: 2000 }]);
    view = await sim.fireTimer();
    expect(view.value).toBe('polled');
    expect(view.context).toEqual({ polls: 1 });
  });

  it.each(machineCatalogue.map((e) => [e.id, e] as const))(
    'starts %s from its sample input, and in each of its states',
    async (id, entry) => {
      const takesInput = typeof (entry.machine.config as { context?: unknown }).context === 'function';
      if (takesInput)
        expect(machineExamples[id]?.input, `${id} takes an input: it needs a sample`).toBeDefined();
      const sim = new Simulation(entry.machine, simulationInput(id, machineExamples[id]?.input ?? {}));
      const view = await sim.start();
      expect(view.error).toBeNull();
      expect(view.status).not.toBe('error');
      for (const node of stateNodesOf(entry.machine)) {
        const picked = await sim.start(node.id);
        expect(picked.active, `${id} started in ${node.id}`).toContain(node.id);
      }
    },
  );

  it('reports a machine that cannot start from its input, and refuses an event without a type', async () => {
    const sim = new Simulation(checkoutMachine, {});
    const view = await sim.start();
    expect(view.status).toBe('error');
    expect(view.error).toMatch(/kind/);
    await expect(sim.send({} as never)).rejects.toThrow('An event needs a type');
    await expect(sim.answer('nobody', { output: 1 })).rejects.toThrow('No actor “nobody” is waiting');
  });
});

describe('toPlain', () => {
  it('makes plain data of functions, errors, dates, cycles and undefined', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(
      toPlain({
        f: function newKey() {},
        e: new Error('boom'),
        d: new Date('2030-01-01T00:00:00Z'),
        u: undefined,
        list: [undefined, 1n],
        cyclic,
      }),
    ).toEqual({
      f: '[function newKey]',
      e: { error: 'boom' },
      d: '2030-01-01T00:00:00.000Z',
      list: [null, '1n'],
      cyclic: { a: 1, self: '[cycle]' },
    });
  });
});
