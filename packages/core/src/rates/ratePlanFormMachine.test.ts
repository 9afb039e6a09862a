import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  canSaveRatePlan,
  type RatePlanFormInput,
  ratePlanFormMachine,
  type SavedRatePlan,
  type SaveRatePlanInput,
} from './ratePlanFormMachine.js';
import { emptyRatePlanForm } from './ratePlans.js';

const input: RatePlanFormInput = { unit: { id: 'u1', maxOccupancy: 3 }, currency: 'EUR' };
/** A plan that can be saved: a title and a rate for its primary option. */
const named = (title: string) => {
  const form = emptyRatePlanForm(input.unit, 'EUR');
  return { ...form, title, options: form.options.map((o) => ({ ...o, rate: 100 })) };
};

function start(replies: Array<SavedRatePlan | Error>, init: RatePlanFormInput = input) {
  const sent: SaveRatePlanInput[] = [];
  const machine = ratePlanFormMachine.provide({
    actors: {
      saveRatePlan: fromPromise(async ({ input: body }: { input: SaveRatePlanInput }) => {
        sent.push(body);
        const reply = replies.shift();
        if (!reply || reply instanceof Error) throw reply ?? new Error('no reply');
        return reply;
      }),
    },
  });
  return { actor: createActor(machine, { input: init }).start(), sent };
}

describe('ratePlanFormMachine', () => {
  it('starts with §9’s defaults, refuses to save without a title and shows the errors', () => {
    const { actor, sent } = start([]);
    expect(actor.getSnapshot().context.form).toEqual(emptyRatePlanForm(input.unit, 'EUR'));
    expect(canSaveRatePlan(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      showErrors: true,
      errors: { title: 'validation_messages.required', options: 'validation_messages.required' },
    });
    expect(sent).toEqual([]);
  });

  it('switches to per person, derives in auto mode, switches the primary and saves once', async () => {
    const { actor, sent } = start([{ id: 'r9' }]);
    actor.send({ type: 'field.set', field: 'title', value: 'Per person' });
    actor.send({ type: 'rateMode.set', rateMode: 'auto' });
    expect(actor.getSnapshot().context.form.rateMode).toBe('manual');
    actor.send({ type: 'sellMode.set', sellMode: 'per_person' });
    expect(actor.getSnapshot().context.form.options.map((o) => o.occupancy)).toEqual([3, 2, 1]);
    actor.send({ type: 'rateMode.set', rateMode: 'auto' });
    actor.send({ type: 'auto.set', settings: { decreaseValue: 10, increaseValue: 5 } });
    expect(actor.getSnapshot().context.form.options.map((o) => o.derivedOption.rate)).toEqual([
      [],
      [['decrease_by_percent', 10]],
      [['decrease_by_percent', 20]],
    ]);
    actor.send({ type: 'primary.switch', occupancy: 2 });
    actor.send({ type: 'auto.recompute' });
    expect(actor.getSnapshot().context.form.options.map((o) => o.derivedOption.rate)).toEqual([
      [['increase_by_percent', 5]],
      [],
      [['decrease_by_percent', 10]],
    ]);
    actor.send({ type: 'option.edit', index: 1, rate: 120 });
    actor.send({ type: 'field.set', field: 'parentRatePlanId', value: 'r0' });
    actor.send({ type: 'inherit.set', flag: 'inheritStopSell', value: true });
    actor.send({ type: 'week.set', field: 'minStayArrival', day: 4, value: 2 });
    expect(canSaveRatePlan(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ id: 'r9' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form).toMatchObject({
      primaryOccupancy: 2,
      parentRatePlanId: 'r0',
      inheritStopSell: true,
      minStayArrival: [1, 1, 1, 1, 2, 1, 1],
    });
    expect(sent[0]!.form.options[1]).toMatchObject({ occupancy: 2, rate: 120, isPrimary: true });
  });

  it('takes inherit flags only with a parent, and clearing the parent turns them all off', () => {
    const { actor } = start([]);
    const flags = () => {
      const { form } = actor.getSnapshot().context;
      return [form.inheritRate, form.inheritStopSell, form.inheritMaxStay];
    };
    actor.send({ type: 'inherit.set', flag: 'inheritRate', value: true });
    expect(flags()).toEqual([false, false, false]);
    actor.send({ type: 'field.set', field: 'parentRatePlanId', value: 'r0' });
    actor.send({ type: 'inherit.set', flag: 'inheritRate', value: true });
    actor.send({ type: 'inherit.set', flag: 'inheritMaxStay', value: true });
    expect(flags()).toEqual([true, false, true]);
    // Inheriting the rate, the primary option needs none of its own.
    actor.send({ type: 'field.set', field: 'title', value: 'Child' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'field.set', field: 'parentRatePlanId', value: 'r2' });
    expect(flags()).toEqual([true, false, true]);
    actor.send({ type: 'field.set', field: 'parentRatePlanId', value: null });
    expect(flags()).toEqual([false, false, false]);
    expect(actor.getSnapshot().context.errors).toMatchObject({ options: 'validation_messages.required' });
  });

  it('keeps a refused save’s error and sends again on user.retry', async () => {
    const { actor, sent } = start([new Error('Server down'), { id: 'r1' }], {
      ...input,
      id: 'r1',
      form: named('Flexible'),
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toMatchObject({ message: 'Server down' });
    actor.send({ type: 'field.set', field: 'title', value: 'ignored while failed' });
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent.map((s) => [s.id, s.form.title])).toEqual([
      ['r1', 'Flexible'],
      ['r1', 'Flexible'],
    ]);
  });

  it('goes back to the form from a failure on user.edit', async () => {
    const { actor } = start([new Error('nope')], {
      ...input,
      form: named('X'),
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'user.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('reaches every state by some path (xstate/graph)', () => {
    const events = [
      { type: 'field.set', field: 'title', value: 'Flexible' },
      { type: 'field.set', field: 'title', value: '' },
      { type: 'sellMode.set', sellMode: 'per_person' },
      { type: 'option.edit', index: 0, rate: 100 },
      { type: 'form.submit' },
      { type: 'user.retry' },
      { type: 'user.edit' },
      { type: 'xstate.done.actor.0.ratePlanForm.saving', output: { id: 'r1' } },
      { type: 'xstate.error.actor.0.ratePlanForm.saving', error: new Error('x') },
    ] as unknown as EventFrom<typeof ratePlanFormMachine>[];
    const paths = getShortestPaths(ratePlanFormMachine, {
      input,
      events,
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.form.title,
          s.context.form.sellMode,
          s.context.form.options[0]?.rate,
        ]),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(new Set(['"editing"', '"saving"', '"failed"', '"saved"']));
  });
});
