import {
  type AuditExportRequest,
  auditExportResponseSchema,
  auditListResponseSchema,
  getAllAdminsResponseSchema,
} from '@portal/common';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { apiRequest } from '@/lib/api-client';

/** The filters as the screen holds them: each one given or left out. */
export interface AuditFilterValues {
  actor?: string;
  action?: string;
  nationalID?: string;
  faculty?: string;
  from?: string;
  to?: string;
}

function search(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** `GET /audit`: one page of the log, newest first, after `cursor` when given. */
export function getAuditPage(filters: AuditFilterValues, cursor: string | null) {
  return apiRequest(`/audit${search({ ...filters, cursor: cursor ?? undefined })}`, {
    auth: true,
    schema: auditListResponseSchema,
  });
}

/** The pages loaded so far of the applied filters; 'more' fetches the next with the last page's cursor. */
export function useAuditPages(token: string, filters: AuditFilterValues) {
  return useInfiniteQuery({
    queryKey: [...staffKeys.of(token), 'audit', filters],
    queryFn: ({ pageParam }) => getAuditPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.status === 'success' ? last.data.nextCursor : null),
    // The log grows all the time: opening the screen again shows what happened since.
    staleTime: 0,
  });
}

/** The staff accounts for the 'staff member' filter (`GET /users/getAllAdmins`, super admin only). */
export function useStaffAccounts(token: string) {
  return useQuery({
    queryKey: [...staffKeys.of(token), 'audit', 'accounts'],
    queryFn: () => apiRequest('/users/getAllAdmins', { auth: true, schema: getAllAdminsResponseSchema }),
    staleTime: 60_000,
  });
}

/** `POST /audit/export`: a short-lived link to the sheet of the filtered rows, which the browser opens. */
export function requestAuditExport(filters: AuditExportRequest) {
  return apiRequest('/audit/export', {
    method: 'POST',
    body: filters,
    auth: true,
    schema: auditExportResponseSchema,
  });
}
