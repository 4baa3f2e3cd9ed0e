import { statisticsResponseSchema } from '@portal/common';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseParser } from '@/lib/api-client';
import { staffKeys } from '../../shell/staff-session';

/** The spec reads the per-faculty list as `results` or `data`; the server answers `results`, both are accepted. */
const statisticsParser: ResponseParser<ReturnType<typeof statisticsResponseSchema.parse>> = {
  parse(body) {
    if (typeof body === 'object' && body !== null && !('results' in body) && 'data' in body) {
      const { data, ...rest } = body as { data: unknown };
      return statisticsResponseSchema.parse({ ...rest, results: data });
    }
    return statisticsResponseSchema.parse(body);
  },
};

/** `GET /students/getStatistics` (super admin only). */
export function getStatistics() {
  return apiRequest('/students/getStatistics', { auth: true, schema: statisticsParser });
}

export function useStatistics(token: string) {
  return useQuery({ queryKey: [...staffKeys.of(token), 'statistics'], queryFn: getStatistics, staleTime: 0 });
}
