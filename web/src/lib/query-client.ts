import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 },
      // A repeated write could apply twice on the server; the person decides whether to try again.
      mutations: { retry: false },
    },
  });
}
