import type { ContractRecord, DiscoverRow, Role } from '@tern/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { BOOKINGS_SEARCH_DEBOUNCE_MS } from '../bookings/bookingsList.js';
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
  const actions = () => actor.getSnapshot().children.actions!.getSnapshot();
  return { actor, calls, actions };
}

const contract = (over: Partial<ContractRecord> = {}) =>
  ({
    id: 'c1',
    status: 'approved',
    initiator: 'reseller',
    channelId: 'p1',
    propertyType: 'accommodation',
    agentName: 'Northern Trips',
    ternHotelName: 'Harbour Inn',
    ...over,
  }) as ContractRecord;

const row = { propertyId: 'p2', name: 'Fjord Lodge', propertyType: 'accommodation' } as DiscoverRow;

describe('contractsPageMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens on the role’s first tab and takes only the role’s tabs', () => {
    const { actor } = start('supplier');
    expect(actor.getSnapshot().context.tab).toBe('active');
    actor.send({ type: 'tab.select', tab: 'discover' });
    expect(actor.getSnapshot().context.tab).toBe('active');
    actor.send({ type: 'tab.select', tab: 'pending' });
    expect(actor.getSnapshot().context.tab).toBe('pending');
    expect(start('reseller').actor.getSnapshot().context.tab).toBe('discover');
  });

  it('gives the lists the search term half a second after the last key, trimmed', () => {
    const { actor } = start('reseller');
    actor.send({ type: 'search.change', value: 'Rey' });
    vi.advanceTimersByTime(BOOKINGS_SEARCH_DEBOUNCE_MS - 100);
    actor.send({ type: 'search.change', value: 'Reykjavik ' });
    vi.advanceTimersByTime(BOOKINGS_SEARCH_DEBOUNCE_MS - 100);
    expect(actor.getSnapshot().context).toMatchObject({ search: 'Reykjavik ', term: '' });
    vi.advanceTimersByTime(100);
    expect(actor.getSnapshot().context.term).toBe('Reykjavik');
    expect(actor.getSnapshot().value).toBe('settled');
  });

  it('asks before terminating, and terminates once confirmed', async () => {
    const { actor, calls, actions } = start('reseller');
    actor.send({ type: 'act', contract: contract(), action: 'terminate' });
    expect(actor.getSnapshot().context.dialog).toMatchObject({ kind: 'confirm', action: 'terminate' });
    expect(calls).toEqual([]);
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'act', contract: contract(), action: 'terminate', confirmed: true });
    expect(actor.getSnapshot().context.dialog).toBeNull();
    await vi.waitFor(() => expect(actions().context.notice).toBe('contracts.saved_changes_message'));
    expect(calls).toEqual([
      { id: 'c1', action: 'terminate', propertyId: 'p1', propertyType: 'accommodation' },
    ]);
  });

  it('accepts at once, dropping the notice of a proposal made before', async () => {
    const { actor, calls, actions } = start('supplier');
    actor.send({
      type: 'propose.open',
      target: { side: 'supplier', propertyId: 'p1', propertyType: 'accommodation' },
    });
    expect(actor.getSnapshot().context.dialog?.kind).toBe('propose');
    actor.send({ type: 'proposal.created' });
    expect(actor.getSnapshot().context).toMatchObject({ dialog: null, created: true });
    actor.send({ type: 'act', contract: contract({ status: 'proposed' }), action: 'approve' });
    expect(actor.getSnapshot().context.created).toBe(false);
    await vi.waitFor(() => expect(actions().value).toBe('idle'));
    expect(calls).toHaveLength(1);
  });

  it('sends a request from its dialog and closes the dialog once it went through', async () => {
    const { actor, calls, actions } = start('reseller');
    actor.send({ type: 'request.send', message: 'not open' });
    actor.send({ type: 'request.open', row });
    actor.send({ type: 'request.send', message: ' Hello ' });
    expect(actions().context.busyId).toBe('p2');
    await vi.waitFor(() => expect(actor.getSnapshot().context.dialog).toBeNull());
    expect(calls).toEqual([{ propertyId: 'p2', requestMessage: 'Hello' }]);
    expect(actions().context.notice).toBe('contracts.requested_successfully');
    actor.send({ type: 'notice.dismiss' });
    expect(actions().context.notice).toBeNull();
  });

  it('opens an agency’s details and closes them', () => {
    const { actor } = start('supplier');
    actor.send({ type: 'agency.open', agency: { id: 'a1', name: 'Northern Trips' } });
    expect(actor.getSnapshot().context.dialog).toEqual({
      kind: 'agency',
      agency: { id: 'a1', name: 'Northern Trips' },
    });
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().context.dialog).toBeNull();
  });
});
