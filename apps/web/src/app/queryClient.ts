import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from '../lib/http';

/** Retrying does not help a 4xx answer (bad input, no session, no right); a network blip or a 5xx may pass. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isHttpError(error) && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        // The session is re-checked on visibility by the shell; other data refreshes when it goes stale.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
