import { type Season, seasonsResponseSchema } from '@portal/common';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The cache key of `GET /seasons` under a staff session's key (the caller passes it), so signing out forgets the
 * list with every other staff answer, and the seasons screen refreshes the same list it writes to.
 */
export const seasonsKey = (scope: QueryKey) => [...scope, 'seasons'] as const;

/** `GET /seasons`: newest first, the current one first (SUPERADMIN, SUPPORT, ADMIN). */
export function getSeasons() {
  return apiRequest('/seasons', { auth: true, schema: seasonsResponseSchema });
}

export function useSeasons(scope: QueryKey) {
  return useQuery({ queryKey: seasonsKey(scope), queryFn: getSeasons, staleTime: 0 });
}

/** The seasons of a successful answer; undefined while loading or after a failure. */
export function seasonsOf(answer: ReturnType<typeof useSeasons>['data']): Season[] | undefined {
  return answer?.status === 'success' ? answer.data.seasons : undefined;
}
