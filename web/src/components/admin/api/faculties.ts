import { nameListResponseSchema } from '@portal/common';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The faculty names for a faculty choice (`GET /colleges`, with the bearer token as the spec says). */
export function getFaculties() {
  return apiRequest('/colleges', { auth: true, schema: nameListResponseSchema });
}

export function useFaculties(enabled = true) {
  return useQuery({
    queryKey: ['colleges', 'names'],
    queryFn: getFaculties,
    staleTime: 10 * 60_000,
    enabled,
  });
}
