import type { ContractRecord } from '@tern/sdk';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type ContractCreateInput,
  type ContractFormInput,
  contractFormMachine,
} from './contractFormMachine.js';

const plans = [
  { id: 'r1', label: 'Double — Flexible' },
  { id: 'r2', label: 'Double — Non-refundable' },
];

function start(input: ContractFormInput, options: { fail?: Error; loadFail?: Error } = {}) {
  const sent: ContractCreateInput[] = [];
  const created: ContractRecord[] = [];
  let release: () => void = () => {};
  const machine = contractFormMachine.provide({
    actors: {
      loadOptions: fromPromise<
        { plans: typeof plans; agencies: typeof plans },
        Pick<ContractFormInput, 'side' | 'propertyId' | 'propertyType'>
      >(async ({ input: i }) => {
        if (options.loadFail) throw options.loadFail;
        return {
          plans,
          agencies: i.side === 'supplier' ? [{ id: 'a1', label: 'Northern Lights Travel' }] : [],
        };
      }),
      createContract: fromPromise(async ({ input: body }: { input: ContractCreateInput }) => {
        sent.push(body);
        await new Promise<void>((resolve) => (release = resolve));
        if (options.fail) throw options.fail;
        return { id: 'c1' } as ContractRecord;
      }),
    },
  });
  const actor = createActor(machine, { input });
  actor.on('contract.created', (e) => created.push(e.contract));
  actor.start();
  return { actor, sent, created, release: () => release() };
}

describe('contractFormMachine', () => {
  it('starts with every plan chosen and sends a reseller’s proposal once', async () => {
    const { actor, sent, created, release } = start({
      side: 'reseller',
      propertyId: 'p1',
      propertyType: 'accommodation',
    });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context.form.ratePlanIds).toEqual(['r1', 'r2']);
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
    actor.send({ type: 'field.change', field: 'modifierLogic', value: 'decrease_by_percent' });
    actor.send({ type: 'field.change', field: 'modifierAmount', value: '10' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'submit' });
    release();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(sent).toEqual([
      {
        propertyId: 'p1',
        propertyType: 'accommodation',
        contract: { modifierLogic: 'decrease_by_percent', modifierAmount: 10, ratePlanIds: ['r1', 'r2'] },
      },
    ]);
    expect(created.map((c) => c.id)).toEqual(['c1']);
  });

  it('refuses to send without plans, with a bad amount, or without the agency, and shows why', async () => {
    const { actor, sent } = start({ side: 'supplier', propertyId: 'p1', propertyType: 'accommodation' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context.agencies).toHaveLength(1);
    actor.send({ type: 'plans.all', selected: false });
    actor.send({ type: 'field.change', field: 'modifierAmount', value: '-5' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { agentId: 'required', modifierAmount: 'amount', ratePlanIds: 'plans' },
    });
    actor.send({ type: 'plan.toggle', id: 'r2', selected: true });
    actor.send({ type: 'plan.toggle', id: 'r1', selected: true });
    expect(actor.getSnapshot().context.form.ratePlanIds).toEqual(['r1', 'r2']);
    actor.send({ type: 'plan.toggle', id: 'r1', selected: false });
    actor.send({ type: 'field.change', field: 'modifierAmount', value: '' });
    actor.send({ type: 'field.change', field: 'agentId', value: 'a1' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('sending');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ agentId: 'a1', contract: { modifierAmount: 0, ratePlanIds: ['r2'] } });
  });

  it('keeps the form and the server’s message when sending fails', async () => {
    const { actor, release } = start(
      { side: 'reseller', propertyId: 'p1', propertyType: 'vehicle' },
      { fail: new Error('A contract with this property is already pending') },
    );
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    actor.send({ type: 'submit' });
    release();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context.error?.message).toBe(
      'A contract with this property is already pending',
    );
    actor.send({ type: 'field.change', field: 'modifierAmount', value: '1' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    const { actor } = start(
      { side: 'reseller', propertyId: 'p1', propertyType: 'accommodation' },
      { loadFail: new Error('Not found') },
    );
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loadFailed'));
    expect(actor.getSnapshot().context.error?.message).toBe('Not found');
  });
});
