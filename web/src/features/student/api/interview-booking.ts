import {
  bookInterviewResponseSchema,
  cancelInterviewResponseSchema,
  studentInterviewSlotsResponseSchema,
} from '@portal/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const slotsKey = (studentId: string) => ['interviewSlots', studentId] as const;

/** `GET /students/interviewSlots/{id}`: the open slots with free places, and the student's own booking. */
export function getInterviewSlots(studentId: string) {
  return apiRequest(`/students/interviewSlots/${encodeURIComponent(studentId)}`, {
    schema: studentInterviewSlotsResponseSchema,
  });
}

/**
 * Other students take places all the time: the list is fetched on every visit and again when the student comes
 * back to the tab, never kept from an earlier one.
 */
export function useInterviewSlots(studentId: string, enabled: boolean) {
  return useQuery({
    queryKey: slotsKey(studentId),
    queryFn: () => getInterviewSlots(studentId),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** `POST /students/bookInterview/{id}`: books the slot, or moves the student's booking there. */
export function bookInterview(studentId: string, slotId: string) {
  return apiRequest(`/students/bookInterview/${encodeURIComponent(studentId)}`, {
    method: 'POST',
    body: { slotId },
    schema: bookInterviewResponseSchema,
  });
}

/** `POST /students/cancelInterview/{id}`. */
export function cancelInterview(studentId: string) {
  return apiRequest(`/students/cancelInterview/${encodeURIComponent(studentId)}`, {
    method: 'POST',
    schema: cancelInterviewResponseSchema,
  });
}

/** After either call, whatever its answer, the list is fetched again: a refusal usually means it changed. */
function useBookingCall<Variables, Result>(
  studentId: string,
  send: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotsKey(studentId) }),
  });
}

export function useBookInterview(studentId: string) {
  return useBookingCall(studentId, (slotId: string) => bookInterview(studentId, slotId));
}

export function useCancelInterview(studentId: string) {
  return useBookingCall(studentId, () => cancelInterview(studentId));
}
