import type { ContractRecord, DiscoverRow, Role } from '@tern/sdk';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineExamples } from '../qa/examples.js';
import { type ContractActInput, contractActionsMachine } from './contractActionsMachine.js';
import { contractsPageMachine } from './contractsPageMachine.js';

function start(role: Role) {
  const calls: unknown[] = [];
  const answer = async ({ input }: { input: unknown }) => {
    calls.push(input);
    return null;
  };
  const machine = contractsPageMachine.provide({
    actors: {
      contractActions: contractActionsMachine.provide({
        actors: {
          actOnContract: fromPromise<unknown, ContractActInput>(answer),
          requestContract: fromPromise<unknown, { propertyId: string; requestMessage: string }>(answer),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { role } }).start();
  const child = () => actor.getSnapshot().children.actions!;
  const actions = () => child().getSnapshot();
  return { actor, calls, child, actions };
}

/** The QA example's active contract (c1 at p1, the reseller's), changed by `over`. */
const contract = (over: Partial<ContractRecord> = {}) =>
  ({ ...(machineExamples.contractsPage!.events!.act!.contract as object), ...over }) as ContractRecord;

const row = { propertyId: 'p2', name: 'Fjord Lodge', propertyType: 'accommodation' } as DiscoverRow;
const target = { side: 'supplier' as const, propertyId: 'p1', propertyType: 'accommodation' as const };

describe('contractsPageMachine', () => {
  it('starts on the lists with nothing open and its contract actions running for the role', () => {
    const { actor, actions } = start('reseller');
    expect(actor.getSnapshot().value).toBe('lists');
    expect(actor.getSnapshot().context).toMatchObject({
      confirming: null,
      requesting: null,
      proposing: null,
      agency: null,
      created: false,
    });
    expect(actions().context.role).toBe('reseller');
  });

  it('keeps one actions actor through every event of the page (none re-enters the root)', async () => {
    const { actor, child, actions } = start('reseller');
    const first = child();
    actor.send({ type: 'request.open', row });
    actor.send({ type: 'request.send', message: 'Hello' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('lists'));
    actor.send({ type: 'propose.open', target });
    actor.send({ type: 'proposal.created' });
    actor.send({ type: 'act', contract: contract(), action: 'terminate' });
    actor.send({ type: 'close' });
    actor.send({ type: 'act', contract: contract(), action: 'terminate', confirmed: true });
    await vi.waitFor(() => expect(actions().value).toBe('idle'));
    actor.send({ type: 'agency.open', agency: { id: 'a1', name: 'Northern Trips' } });
    actor.send({ type: 'close' });
    actor.send({ type: 'notice.dismiss' });
    expect(child()).toBe(first);
    expect(first.getSnapshot().status).toBe('active');
  });

  it('asks before terminating: keeping it acts on nothing, the answer terminates', async () => {
    const { actor, calls, actions } = start('reseller');
    actor.send({ type: 'act', contract: contract(), action: 'terminate' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.confirming).toMatchObject({ action: 'terminate' });
    // Nothing acts while the question is open.
    expect(
      actor.getSnapshot().can({ type: 'act', contract: contract(), action: 'terminate', confirmed: true }),
    ).toBe(false);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).toBe('lists');
    expect(actor.getSnapshot().context.confirming).toBeNull();
    expect(calls).toEqual([]);
    // The confirmation closes, then answers.
    actor.send({ type: 'act', contract: contract(), action: 'terminate' });
    actor.send({ type: 'close' });
    actor.send({ type: 'act', contract: contract(), action: 'terminate', confirmed: true });
    expect(actor.getSnapshot().value).toBe('lists');
    expect(actions().context.busyId).toBe('c1');
    await vi.waitFor(() => expect(actions().context.notice).toBe('contracts.saved_changes_message'));
    expect(calls).toEqual([
      { id: 'c1', action: 'terminate', propertyId: 'p1', propertyType: 'accommodation' },
    ]);
  });

  it('asks before declining too', () => {
    const { actor } = start('supplier');
    actor.send({ type: 'act', contract: contract({ status: 'proposed' }), action: 'decline' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('accepts at once from the lists, dropping the notice of a proposal made before', async () => {
    const { actor, calls, actions } = start('supplier');
    actor.send({ type: 'propose.open', target });
    expect(actor.getSnapshot().value).toBe('proposing');
    expect(actor.getSnapshot().context.proposing).toEqual(target);
    actor.send({ type: 'proposal.created' });
    expect(actor.getSnapshot().value).toBe('lists');
    expect(actor.getSnapshot().context).toMatchObject({ proposing: null, created: true });
    actor.send({ type: 'act', contract: contract({ status: 'proposed' }), action: 'approve' });
    expect(actor.getSnapshot().context.created).toBe(false);
    await vi.waitFor(() => expect(actions().context.notice).toBe('contracts.saved_changes_message'));
    expect(calls).toHaveLength(1);
  });

  it('proposes from the viewer’s own side only, and never as an admin', () => {
    const reseller = { ...target, side: 'reseller' as const };
    expect(start('supplier').actor.getSnapshot().can({ type: 'propose.open', target })).toBe(true);
    expect(start('supplier').actor.getSnapshot().can({ type: 'propose.open', target: reseller })).toBe(false);
    expect(start('reseller').actor.getSnapshot().can({ type: 'propose.open', target: reseller })).toBe(true);
    expect(start('reseller').actor.getSnapshot().can({ type: 'propose.open', target })).toBe(false);
    const admin = start('admin').actor;
    admin.send({ type: 'propose.open', target });
    expect(admin.getSnapshot().value).toBe('lists');
  });

  it('closes the proposal drawer unsent without the notice', () => {
    const { actor } = start('reseller');
    actor.send({ type: 'propose.open', target: { ...target, side: 'reseller', name: 'Fjord Lodge' } });
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).toBe('lists');
    expect(actor.getSnapshot().context).toMatchObject({ proposing: null, created: false });
    // A proposal is made only from its drawer.
    expect(actor.getSnapshot().can({ type: 'proposal.created' })).toBe(false);
  });

  it('sends a request from its dialog only, and closes the dialog once it went through', async () => {
    const { actor, calls, actions } = start('reseller');
    expect(actor.getSnapshot().can({ type: 'request.send', message: 'not open' })).toBe(false);
    actor.send({ type: 'request.open', row });
    expect(actor.getSnapshot().value).toBe('requesting');
    actor.send({ type: 'request.send', message: ' Hello ' });
    expect(actions().context.busyId).toBe('p2');
    expect(actor.getSnapshot().value).toBe('requesting');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('lists'));
    expect(actor.getSnapshot().context.requesting).toBeNull();
    expect(calls).toEqual([{ propertyId: 'p2', requestMessage: 'Hello' }]);
    expect(actions().context.notice).toBe('contracts.requested_successfully');
    // Opening another request dismisses that notice.
    actor.send({ type: 'request.open', row });
    await vi.waitFor(() => expect(actions().context.notice).toBeNull());
    expect(actor.getSnapshot().value).toBe('requesting');
  });

  it('keeps a refused request’s dialog open with its error', async () => {
    const machine = contractsPageMachine.provide({
      actors: {
        contractActions: contractActionsMachine.provide({
          actors: {
            actOnContract: fromPromise<unknown, ContractActInput>(async () => null),
            requestContract: fromPromise<unknown, { propertyId: string; requestMessage: string }>(
              async () => {
                throw Object.assign(new Error('Refused'), { status: 422 });
              },
            ),
          },
        }),
      },
    });
    const actor = createActor(machine, { input: { role: 'reseller' } }).start();
    actor.send({ type: 'request.open', row });
    actor.send({ type: 'request.send', message: 'Hello' });
    const child = actor.getSnapshot().children.actions!;
    await vi.waitFor(() => expect(child.getSnapshot().context.error).not.toBeNull());
    expect(actor.getSnapshot().value).toBe('requesting');
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).toBe('lists');
  });

  it('opens an agency’s details and closes them', () => {
    const { actor } = start('supplier');
    actor.send({ type: 'agency.open', agency: { id: 'a1', name: 'Northern Trips' } });
    expect(actor.getSnapshot().value).toBe('agency');
    expect(actor.getSnapshot().context.agency).toEqual({ id: 'a1', name: 'Northern Trips' });
    // The proposal's button stays (the drawer's focus returns to it).
    expect(actor.getSnapshot().can({ type: 'propose.open', target })).toBe(true);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().context.agency).toBeNull();
  });

  it('dismisses both notices at once', async () => {
    const { actor, actions } = start('supplier');
    actor.send({ type: 'act', contract: contract({ status: 'proposed' }), action: 'approve' });
    await vi.waitFor(() => expect(actions().context.notice).toBe('contracts.saved_changes_message'));
    actor.send({ type: 'propose.open', target });
    actor.send({ type: 'proposal.created' });
    expect(actions().context.notice).toBeNull();
    expect(actor.getSnapshot().context.created).toBe(true);
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.created).toBe(false);
    expect(actions().context.notice).toBeNull();
  });
});
