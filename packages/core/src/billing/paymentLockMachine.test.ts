import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type PaymentLockInput,
  type PortalSessionInput,
  paymentLockFlag,
  paymentLockMachine,
} from './paymentLockMachine.js';

function start(input: PaymentLockInput, fail?: Error) {
  const asked: PortalSessionInput[] = [];
  const opened: string[] = [];
  const machine = paymentLockMachine.provide({
    actors: {
      portalSession: fromPromise(async ({ input: i }: { input: PortalSessionInput }) => {
        asked.push(i);
        if (fail) throw fail;
        return { url: 'http://127.0.0.1:1/billing/portal/t1' };
      }),
    },
    actions: { openPortal: (_, params) => opened.push(params.url) },
  });
  return { actor: createActor(machine, { input }).start(), asked, opened };
}

describe('paymentLockFlag', () => {
  it.each([
    ['reseller', { agencyLocked: true, propertyLocked: false }, true],
    ['reseller', { agencyLocked: false, propertyLocked: true }, false],
    ['supplier', { agencyLocked: true, propertyLocked: false }, false],
    ['supplier', { propertyLocked: true }, true],
    ['admin', { agencyLocked: true, propertyLocked: true }, false],
  ] as const)('a %s with %o is locked: %s', (role, flags, locked) =>
    expect(paymentLockFlag(role, flags)).toBe(locked),
  );
});

describe('paymentLockMachine', () => {
  it('never locks an admin', () => {
    expect(start({ role: 'admin', locked: true }).actor.getSnapshot().value).toBe('unlocked');
    expect(start({ role: 'reseller', locked: false }).actor.getSnapshot().value).toBe('unlocked');
  });

  it('opens the agency’s portal for a reseller, without a property', async () => {
    const { actor, asked, opened } = start({ role: 'reseller', locked: true, propertyId: 'p1' });
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'portal.open' });
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(asked).toEqual([{ role: 'reseller', propertyId: null }]);
    expect(actor.getSnapshot().value).toBe('locked');
  });

  it('opens the property’s portal for a supplier, shows a failure and tries again', async () => {
    const { actor, asked } = start(
      { role: 'supplier', locked: true, propertyId: 'p1' },
      new Error('Portal unavailable'),
    );
    actor.send({ type: 'portal.open' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('portalError'));
    expect(actor.getSnapshot().context.error?.message).toBe('Portal unavailable');
    actor.send({ type: 'portal.open' });
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[0]).toEqual({ role: 'supplier', propertyId: 'p1' });
  });

  it('follows the flag and the selected property', () => {
    const { actor } = start({ role: 'supplier', locked: true, propertyId: 'p1' });
    actor.send({ type: 'lock.change', locked: false, propertyId: 'p2' });
    expect(actor.getSnapshot().value).toBe('unlocked');
    actor.send({ type: 'lock.change', locked: true });
    expect(actor.getSnapshot().value).toBe('locked');
    expect(actor.getSnapshot().context.propertyId).toBe('p2');
  });
});
