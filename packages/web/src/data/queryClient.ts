import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. The SDK already retries idempotent calls (ky, twice), so the cache does not
 * retry again; prices and lists are not re-read behind the user's back when the window regains focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}
