import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // apiRequest already asks again, with backoff, when the server says it is briefly unavailable; another
      // layer of retries would repeat 4xx answers and multiply the waits.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      // A repeated write could apply twice on the server; the person decides whether to try again.
      mutations: { retry: false },
    },
  });
}
