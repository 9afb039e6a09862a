import type { Role } from '@tern/sdk';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type ContractActInput, contractActionsMachine } from './contractActionsMachine.js';

function start(role: Role, fail?: Error) {
  const calls: unknown[] = [];
  let changed = 0;
  const machine = contractActionsMachine.provide({
    actors: {
      actOnContract: fromPromise<unknown, ContractActInput>(async ({ input }) => {
        calls.push(input);
        if (fail) throw fail;
        return null;
      }),
      requestContract: fromPromise<unknown, { propertyId: string; requestMessage: string }>(
        async ({ input }) => {
          calls.push(input);
          if (fail) throw fail;
          return null;
        },
      ),
    },
  });
  const actor = createActor(machine, { input: { role } });
  actor.on('contracts.changed', () => changed++);
  actor.start();
  return { actor, calls, changed: () => changed };
}

const proposal = {
  id: 'c1',
  status: 'proposed' as const,
  initiator: 'reseller' as const,
  channelId: 'p1',
  propertyType: 'accommodation' as const,
};

describe('contractActionsMachine', () => {
  it('lets the other side accept, then asks for both lists again', async () => {
    const { actor, calls, changed } = start('supplier');
    actor.send({ type: 'act', contract: proposal, action: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'act', contract: proposal, action: 'approve' });
    expect(actor.getSnapshot().context.busyId).toBe('c1');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(calls).toEqual([{ id: 'c1', action: 'approve', propertyId: 'p1', propertyType: 'accommodation' }]);
    expect(actor.getSnapshot().context).toMatchObject({
      busyId: null,
      notice: 'contracts.saved_changes_message',
    });
    expect(changed()).toBe(1);
  });

  it('lets the initiator withdraw but not accept', async () => {
    const { actor, calls } = start('reseller');
    actor.send({ type: 'act', contract: proposal, action: 'approve' });
    actor.send({ type: 'act', contract: proposal, action: 'decline' });
    expect(calls).toEqual([]);
    actor.send({ type: 'act', contract: proposal, action: 'cancel' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
  });

  it('shows the server’s message and still reloads when an action fails', async () => {
    const { actor, changed } = start('reseller', new Error('This contract is no longer pending'));
    actor.send({ type: 'act', contract: { ...proposal, status: 'approved' }, action: 'terminate' });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.error?.message).toBe('This contract is no longer pending'),
    );
    expect(changed()).toBe(1);
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('sends a reseller’s request with the message, trimmed', async () => {
    const { actor, calls } = start('reseller');
    actor.send({ type: 'request', propertyId: 'p9', message: '  We send groups every spring.  ' });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.notice).toBe('contracts.requested_successfully'),
    );
    expect(calls).toEqual([{ propertyId: 'p9', requestMessage: 'We send groups every spring.' }]);
    const supplier = start('supplier');
    supplier.actor.send({ type: 'request', propertyId: 'p9', message: 'x' });
    expect(supplier.calls).toEqual([]);
  });
});
