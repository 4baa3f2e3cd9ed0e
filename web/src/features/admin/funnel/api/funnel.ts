import { funnelDailyResponseSchema, funnelExportResponseSchema, funnelResponseSchema } from '@portal/common';
import { useQuery } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { apiRequest } from '@/lib/api-client';

/** What the funnel screen reads: a faculty (null: every faculty in scope), a season, a range of days. */
export interface FunnelQuery {
  faculty: string | null;
  season: string | undefined;
}

export interface DailyRange {
  from: string | undefined;
  to: string | undefined;
}

function queryString(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /funnel?faculty=&season=` */
export function getFunnel({ faculty, season }: FunnelQuery) {
  return apiRequest(`/funnel${queryString({ faculty, season })}`, {
    auth: true,
    schema: funnelResponseSchema,
  });
}

/** `GET /funnel/daily?faculty=&season=&from=&to=` */
export function getFunnelDaily({ faculty, season }: FunnelQuery, { from, to }: DailyRange) {
  return apiRequest(`/funnel/daily${queryString({ faculty, season, from, to })}`, {
    auth: true,
    schema: funnelDailyResponseSchema,
  });
}

/** `POST /funnel/export`: a 10-minute link to the workbook the browser then opens. */
export function requestFunnelExport({ faculty, season }: FunnelQuery, { from, to }: DailyRange) {
  return apiRequest('/funnel/export', {
    method: 'POST',
    body: { faculty, season, from, to },
    auth: true,
    schema: funnelExportResponseSchema,
  });
}

const funnelKey = (token: string) => [...staffKeys.of(token), 'funnel'] as const;

export function useFunnel(token: string, query: FunnelQuery) {
  return useQuery({ queryKey: [...funnelKey(token), query], queryFn: () => getFunnel(query), staleTime: 0 });
}

export function useFunnelDaily(token: string, query: FunnelQuery, range: DailyRange) {
  return useQuery({
    queryKey: [...funnelKey(token), 'daily', query, range],
    queryFn: () => getFunnelDaily(query, range),
    staleTime: 0,
  });
}
