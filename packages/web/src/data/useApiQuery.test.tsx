import { QueryClientProvider } from '@tanstack/react-query';
import type { TernClient } from '@tern/sdk';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { AppServices } from '../app/services';
import { ServicesContext } from '../session/SessionContext';
import { createQueryClient } from './queryClient';
import { useApiQuery } from './useApiQuery';

function wrapperWith(client: TernClient) {
  const queryClient = createQueryClient();
  const services = { client } as AppServices;
  return ({ children }: { children: ReactNode }) => (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ServicesContext.Provider>
  );
}

describe('useApiQuery', () => {
  it('gives the read the app’s client and a signal that aborts when a newer key replaces it', async () => {
    const client = { name: 'the client' } as unknown as TernClient;
    const signals: AbortSignal[] = [];
    const seen: unknown[] = [];
    const { result, rerender } = renderHook(
      ({ id }: { id: string }) =>
        useApiQuery(['thing', id], (c, signal) => {
          seen.push(c);
          signals.push(signal);
          return id === 'slow' ? new Promise<string>(() => {}) : Promise.resolve(`answer for ${id}`);
        }),
      { wrapper: wrapperWith(client), initialProps: { id: 'slow' } },
    );
    await waitFor(() => expect(signals).toHaveLength(1));
    // The query function reads `signal`, so TanStack Query aborts it when nobody waits for it any more.
    rerender({ id: 'fast' });
    await waitFor(() => expect(result.current.data).toBe('answer for fast'));
    expect(seen).toEqual([client, client]);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('reports a failed read as an error once, without retrying on top of the SDK’s own retries', async () => {
    let calls = 0;
    const { result } = renderHook(
      () =>
        useApiQuery(['failing'], () => {
          calls += 1;
          return Promise.reject(new Error('down'));
        }),
      { wrapper: wrapperWith({} as TernClient) },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('down');
    expect(calls).toBe(1);
  });
});
