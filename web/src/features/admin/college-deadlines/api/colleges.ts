import {
  brandingResponseSchema,
  type CollegeDeadlineRequest,
  type CollegesListResponse,
  collegeDeadlineResponseSchema,
  collegesListResponseSchema,
} from '@portal/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { type ApiResult, apiRequest } from '@/lib/api-client';

const collegesKey = (token: string) => [...staffKeys.of(token), 'colleges', 'deadlines'] as const;

/** `GET /colleges`: the names as the spec has them and, beside them, each college with its data deadline. */
export function getColleges() {
  return apiRequest('/colleges', { auth: true, schema: collegesListResponseSchema });
}

export function useColleges(token: string) {
  return useQuery({ queryKey: collegesKey(token), queryFn: getColleges, staleTime: 0 });
}

/** `PATCH /colleges/{id}` with `{dataDeadline: ISO-8601 with offset | null}` (super admin only). */
export function setCollegeDeadline(id: string, body: CollegeDeadlineRequest) {
  return apiRequest(`/colleges/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    auth: true,
    schema: collegeDeadlineResponseSchema,
  });
}

/** The answer's college replaces its old copy in the list, so the new deadline shows without a refetch. */
export function useSetCollegeDeadline(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CollegeDeadlineRequest }) => setCollegeDeadline(id, body),
    onSuccess: (result) => {
      if (result.status !== 'success') return;
      const college = result.data.data;
      queryClient.setQueryData<ApiResult<CollegesListResponse>>(collegesKey(token), (old) =>
        old?.status === 'success'
          ? {
              ...old,
              data: {
                ...old.data,
                data: {
                  ...old.data.data,
                  colleges: old.data.data.colleges.map((each) => (each.id === college.id ? college : each)),
                },
              },
            }
          : old,
      );
    },
  });
}

/**
 * The university's IANA time zone, from the branding call: deadlines are entered and shown on its clock. Kept
 * apart from the header's branding query (another feature's), at the cost of one small request per session.
 */
export function useUniversityTimeZone() {
  return useQuery({
    queryKey: ['universityTimeZone'],
    queryFn: async () => {
      const result = await apiRequest('/branding', { schema: brandingResponseSchema });
      return result.status === 'success' ? { ...result, data: result.data.data.timeZone } : result;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
