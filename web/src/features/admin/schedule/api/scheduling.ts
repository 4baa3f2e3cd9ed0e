import {
  type AppointedStudentsNumberResponse,
  type AppointStudentsRequest,
  type AppointStudentsResponse,
  appointedStudentsNumberResponseSchema,
  appointStudentsResponseSchema,
  type PrintLinkRequest,
  printLinkResponseSchema,
} from '@portal/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { type ApiResult, apiRequest } from '@/lib/api-client';

const scheduleKey = (token: string) => [...staffKeys.of(token), 'schedule'] as const;
const countsKey = (token: string, date: string) => [...scheduleKey(token), 'counts', date] as const;

/** `POST /users/getAppointedStudentsNumber`: the day's counts per period and the students waiting. */
export function getAppointedStudentsNumber(date: string) {
  return apiRequest('/users/getAppointedStudentsNumber', {
    method: 'POST',
    body: { date },
    auth: true,
    schema: appointedStudentsNumberResponseSchema,
  });
}

export function useScheduleCounts(token: string, date: string) {
  return useQuery({
    queryKey: countsKey(token, date),
    queryFn: () => getAppointedStudentsNumber(date),
    // Another member of staff may be scheduling too: counts are fetched again whenever the screen is shown.
    staleTime: 0,
  });
}

/** `PATCH /users/appointStudents`; the answer's counts replace the day's, and every other day is refetched. */
export function appointStudents(body: AppointStudentsRequest) {
  return apiRequest('/users/appointStudents', {
    method: 'PATCH',
    body,
    auth: true,
    schema: appointStudentsResponseSchema,
  });
}

export function useAppointStudents(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: appointStudents,
    onSuccess: async (result) => {
      if (result.status !== 'success') return;
      const { date, students9, students12, studentsWaiting } = result.data.data;
      queryClient.setQueryData<ApiResult<AppointedStudentsNumberResponse>>(countsKey(token, date), (old) =>
        old?.status === 'success'
          ? {
              ...old,
              data: { ...old.data, data: { ...old.data.data, students9, students12, studentsWaiting } },
            }
          : old,
      );
      // The waiting count is the same on every day; the day just scheduled is refetched too, to be sure.
      await queryClient.invalidateQueries({ queryKey: scheduleKey(token) });
    },
  });
}

/**
 * `POST /users/exportsAppointedStudents/link`: the print link of a day and period (spec section 7's path) with a
 * 10-minute print token for them in place of the staff token, which never goes into a URL (issue 33).
 */
export function requestPrintLink(body: PrintLinkRequest) {
  return apiRequest('/users/exportsAppointedStudents/link', {
    method: 'POST',
    body,
    auth: true,
    schema: printLinkResponseSchema,
  });
}

export type { AppointStudentsResponse };
