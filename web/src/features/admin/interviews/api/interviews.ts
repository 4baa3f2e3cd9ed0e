import {
  type DateRangeQuery,
  type InterviewDayResponse,
  type InterviewOutcomeInput,
  interviewDayResponseSchema,
  interviewExportResponseSchema,
  interviewOutcomeResponseSchema,
  interviewStatisticsResponseSchema,
  type Period,
} from '@portal/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { type ApiResult, apiRequest } from '@/lib/api-client';

const interviewsKey = (token: string) => [...staffKeys.of(token), 'interviews'] as const;
const dayKey = (token: string) => [...interviewsKey(token), 'day'] as const;
const statisticsKey = (token: string) => [...interviewsKey(token), 'statistics'] as const;

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `GET /interviews/day?date=&period=`: the day's students (both periods without one), each with its outcome. */
export function getInterviewDay(date: string, period: Period | undefined) {
  return apiRequest(`/interviews/day${query({ date, period })}`, {
    auth: true,
    schema: interviewDayResponseSchema,
  });
}

export function useInterviewDay(token: string, date: string, period: Period | undefined) {
  return useQuery({
    queryKey: [...dayKey(token), date, period ?? 'both'],
    queryFn: () => getInterviewDay(date, period),
    // Several committees record the same day: their outcomes show whenever the screen is looked at again.
    staleTime: 0,
  });
}

/** `GET /interviews/statistics?from=&to=`: per day and in total. */
export function getInterviewStatistics(range: DateRangeQuery) {
  return apiRequest(`/interviews/statistics${query({ from: range.from, to: range.to })}`, {
    auth: true,
    schema: interviewStatisticsResponseSchema,
  });
}

export function useInterviewStatistics(token: string, range: DateRangeQuery, enabled = true) {
  return useQuery({
    queryKey: [...statisticsKey(token), range.from ?? null, range.to ?? null],
    queryFn: () => getInterviewStatistics(range),
    enabled,
    staleTime: 0,
  });
}

/**
 * `PUT /interviews/outcome/{studentId}`: records or corrects the outcome. Sending it twice saves the same thing
 * twice, so a brief 503 may be retried.
 */
export function saveOutcome(studentId: string, body: InterviewOutcomeInput) {
  return apiRequest(`/interviews/outcome/${encodeURIComponent(studentId)}`, {
    method: 'PUT',
    body,
    auth: true,
    idempotent: true,
    schema: interviewOutcomeResponseSchema,
  });
}

/** The saved outcome replaces the student's in every loaded day list at once; the counts are fetched again. */
export function useSaveOutcome(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: string; body: InterviewOutcomeInput }) =>
      saveOutcome(studentId, body),
    onSuccess: async (result, { studentId }) => {
      if (result.status !== 'success') return;
      const outcome = result.data.data;
      queryClient.setQueriesData<ApiResult<InterviewDayResponse>>({ queryKey: dayKey(token) }, (old) =>
        old?.status === 'success'
          ? {
              ...old,
              data: {
                ...old.data,
                data: {
                  ...old.data.data,
                  students: old.data.data.students.map((student) =>
                    student.studentId === studentId ? { ...student, outcome } : student,
                  ),
                },
              },
            }
          : old,
      );
      await queryClient.invalidateQueries({ queryKey: statisticsKey(token) });
    },
  });
}

/** `POST /interviews/export`: a short-lived link to the outcomes sheet of the range, which the browser opens. */
export function requestInterviewExport(range: DateRangeQuery) {
  return apiRequest('/interviews/export', {
    method: 'POST',
    body: range,
    auth: true,
    schema: interviewExportResponseSchema,
  });
}
