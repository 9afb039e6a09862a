import type { TernClient } from '@tern/sdk';
import { describe, expect, it, vi } from 'vitest';
import { lazyTernClient } from './lazyClient';

const setup = { token: () => null, onSessionExpired: () => {}, onPaymentLocked: () => {} };

/** A stand-in for the real client: records its calls, `this` included. */
function realClient() {
  const calls: unknown[][] = [];
  const bookings = {
    list(this: unknown, ...args: unknown[]) {
      calls.push(['bookings.list', this === bookings, ...args]);
      return Promise.resolve({ items: [], meta: { page: 1, limit: 10, total: 0 } });
    },
  };
  const client = {
    bookings,
    call: (...args: unknown[]) => {
      calls.push(['call', ...args]);
      return Promise.resolve('called');
    },
  };
  return { client: client as unknown as TernClient, calls };
}

describe('the lazy API client', () => {
  it('loads the SDK once, on the first call, and forwards every call with its arguments', async () => {
    const real = realClient();
    const load = vi.fn(async () => real.client);
    const { client } = lazyTernClient(setup, load);
    expect(load).not.toHaveBeenCalled();
    const signal = new AbortController().signal;
    await expect(client.bookings.list({ query: { page: 2 } }, { signal })).resolves.toMatchObject({
      items: [],
    });
    await client.bookings.list();
    await expect(client.call('endpoint' as never)).resolves.toBe('called');
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.calls).toEqual([
      ['bookings.list', true, { query: { page: 2 } }, { signal }],
      ['bookings.list', true],
      ['call', 'endpoint'],
    ]);
  });

  it('asks for the SDK again after it failed to arrive', async () => {
    const real = realClient();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(real.client);
    const { client } = lazyTernClient(setup, load);
    await expect(client.bookings.list()).rejects.toThrow('offline');
    await expect(client.bookings.list()).resolves.toMatchObject({ items: [] });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is not a thenable, so awaiting it or an area gives it back', async () => {
    const { client } = lazyTernClient(setup, async () => realClient().client);
    expect(await client).toBe(client);
    const area = client.bookings;
    expect(await area).toBe(area);
  });
});
