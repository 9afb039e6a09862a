import type { TernClient } from '@tern/sdk';
import type { ClientSetup } from './client';

/**
 * The API client, loaded on its first call (or when `preload` is called): the SDK — its contract and the zod
 * schemas of every reply — is a chunk of its own, not part of a page's first load. Every client method returns
 * a promise, so a call waits for the chunk and then goes out as the real client's call. `load` is for tests.
 */
export function lazyTernClient(
  setup: ClientSetup,
  load: () => Promise<TernClient> = () => import('./client').then((module) => module.createTernClient(setup)),
): { client: TernClient; preload: () => Promise<TernClient> } {
  let loading: Promise<TernClient> | null = null;
  const preload = () => {
    // A chunk that failed to arrive (offline for a moment) is asked for again by the next call.
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  type AnyMethod = (...args: unknown[]) => Promise<unknown>;
  const forward =
    (pick: (client: TernClient) => AnyMethod) =>
    (...args: unknown[]) =>
      preload().then((client) => pick(client)(...args));
  const area = (name: string) =>
    new Proxy(
      {},
      {
        get: (_, method) =>
          // Not a thenable: `await client.bookings` stays the area itself.
          typeof method === 'string' && method !== 'then'
            ? forward((client) => {
                const resource = (client as unknown as Record<string, Record<string, AnyMethod>>)[name]!;
                return resource[method]!.bind(resource);
              })
            : undefined,
      },
    );
  const client = new Proxy({} as TernClient, {
    get: (_, name) => {
      if (name === 'call') return forward((real) => real.call.bind(real) as AnyMethod);
      return typeof name === 'string' && name !== 'then' ? area(name) : undefined;
    },
  });
  return { client, preload };
}
