import type { BookingRecord, BookingsQuery } from '@tern/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookingRecord } from '../test/bookingFixtures.js';
import {
  type BookingsListInput,
  type BookingsPage,
  bookingsListMachine,
  bookingsPageCount,
} from './bookingsListMachine.js';

function start(input: BookingsListInput, replies: Array<BookingsPage | Error> = []) {
  const calls: BookingsQuery[] = [];
  const machine = bookingsListMachine.provide({
    actors: {
      loadBookings: fromPromise(async ({ input: query }: { input: BookingsQuery }) => {
        calls.push(query);
        const reply = replies.shift() ?? { items: [], total: 0 };
        if (reply instanceof Error) throw reply;
        return reply;
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls };
}

const page = (n: number, total: number): BookingsPage => ({
  items: Array.from({ length: n }, (_, i): BookingRecord => bookingRecord({ id: `b${i}` })),
  total,
});

describe('bookingsListMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the first ten, newest first, and pages through the total', async () => {
    const { actor, calls } = start({ role: 'reseller' }, [page(10, 23), page(10, 23), page(3, 23)]);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(calls[0]).toEqual({ page: 1, limit: 10, orderBy: 'created_at', orderDirection: 'desc' });
    expect(bookingsPageCount(actor.getSnapshot().context)).toBe(3);
    actor.send({ type: 'page.go', page: 4 });
    actor.send({ type: 'page.go', page: 0 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'page.go', page: 3 });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(calls.map((c) => c.page)).toEqual([1, 3]);
    expect(actor.getSnapshot().context.items).toHaveLength(10);
  });

  it('searches 500 ms after the last key, once, from page one', async () => {
    const { actor, calls } = start({ role: 'reseller', page: 2 }, [page(10, 30)]);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    actor.send({ type: 'term.change', term: 'Be' });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'term.change', term: 'Berg' });
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.termDraft).toBe('Berg');
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ page: 1, term: 'Berg' });
    // The same term settling again (a space added) does not search again.
    actor.send({ type: 'term.change', term: 'Berg ' });
    await vi.advanceTimersByTimeAsync(600);
    expect(calls).toHaveLength(2);
  });

  it('cuts the search text at 52 characters', async () => {
    const { actor, calls } = start({ role: 'reseller' });
    actor.send({ type: 'term.change', term: 'z'.repeat(80) });
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.term).toHaveLength(52);
  });

  it('applies and clears the advanced filters, dropping a pending search', async () => {
    const { actor, calls } = start({ role: 'supplier', propertyId: 'p1' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    actor.send({ type: 'term.change', term: 'typed' });
    actor.send({ type: 'filters.apply', filters: { status: 'canceled', reseller: 'a1', term: 'Berg' } });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({
      propertyId: 'p1',
      resellerIds: ['a1'],
      status: 'canceled',
      term: 'Berg',
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    actor.send({ type: 'filters.clear' });
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({
      page: 1,
      limit: 10,
      orderBy: 'created_at',
      orderDirection: 'desc',
      propertyId: 'p1',
    });
    expect(actor.getSnapshot().context.termDraft).toBe('');
  });

  it('sorts by a column and back', async () => {
    const { actor, calls } = start({ role: 'admin' });
    actor.send({ type: 'sort.by', by: 'arrival_date' });
    actor.send({ type: 'sort.by', by: 'arrival_date' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(calls.at(-1)).toMatchObject({ orderBy: 'arrival_date', orderDirection: 'desc' });
  });

  it('loads nothing for a locked reseller or a supplier without a property, and loads once unblocked', async () => {
    const locked = start({ role: 'reseller', locked: true });
    expect(locked.actor.getSnapshot().value).toBe('blocked');
    locked.actor.send({ type: 'scope.change', locked: false });
    await vi.waitFor(() => expect(locked.actor.getSnapshot().value).toBe('ready'));
    expect(locked.calls).toHaveLength(1);

    const supplier = start({ role: 'supplier', propertyId: null });
    expect(supplier.actor.getSnapshot().value).toBe('blocked');
    expect(supplier.calls).toHaveLength(0);
    supplier.actor.send({ type: 'scope.change', propertyId: 'p2' });
    await vi.waitFor(() => expect(supplier.calls).toHaveLength(1));
    expect(supplier.calls[0]?.propertyId).toBe('p2');

    const admin = start({ role: 'admin', locked: true });
    await vi.waitFor(() => expect(admin.actor.getSnapshot().value).toBe('ready'));
  });

  it('keeps the failure and reloads on request', async () => {
    const { actor, calls } = start({ role: 'reseller' }, [new Error('Service Unavailable'), page(1, 1)]);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.error?.message).toBe('Service Unavailable');
    actor.send({ type: 'reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, total: 1 });
    expect(calls).toHaveLength(2);
  });

  it('drops the answer of an older query', async () => {
    let release: (value: BookingsPage) => void = () => {};
    const calls: BookingsQuery[] = [];
    const machine = bookingsListMachine.provide({
      actors: {
        loadBookings: fromPromise(async ({ input }: { input: BookingsQuery }) => {
          calls.push(input);
          if (calls.length === 1) return new Promise<BookingsPage>((resolve) => (release = resolve));
          return page(1, 1);
        }),
      },
    });
    const actor = createActor(machine, { input: { role: 'reseller' } }).start();
    actor.send({ type: 'filters.apply', filters: { status: 'new' } });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    release(page(10, 99));
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().context.total).toBe(1);
  });
});
