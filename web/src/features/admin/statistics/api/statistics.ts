import { statisticsResponseSchema } from '@portal/common';
import { useQuery } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { withSeason } from '@/components/season-select/selected-season';
import { apiRequest, type ResponseParser } from '@/lib/api-client';

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

/** `GET /students/getStatistics` (super admin only): the current season's, or a past one's (`season`). */
export function getStatistics(season: string | undefined) {
  return apiRequest(withSeason('/students/getStatistics', season), { auth: true, schema: statisticsParser });
}

export function useStatistics(token: string, season: string | undefined) {
  return useQuery({
    queryKey: [...staffKeys.of(token), 'statistics', season],
    queryFn: () => getStatistics(season),
    staleTime: 0,
  });
}
