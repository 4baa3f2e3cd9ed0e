import {
  type CreateSlotRequest,
  type DateRangeQuery,
  type SlotResponse,
  type SlotsResponse,
  slotResponseSchema,
  slotsResponseSchema,
  type UpdateSlotRequest,
} from '@portal/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { type ApiResult, apiRequest } from '@/lib/api-client';

const slotsKey = (token: string) => [...staffKeys.of(token), 'schedule', 'slots'] as const;

/** `?from=&to=`, bounds left out when open. */
export function rangeQuery(range: DateRangeQuery): string {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** `GET /interviews/slots?from=&to=`: the range's slots with the students booked in each. */
export function getSlots(range: DateRangeQuery) {
  return apiRequest(`/interviews/slots${rangeQuery(range)}`, { auth: true, schema: slotsResponseSchema });
}

export function useSlots(token: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...slotsKey(token), range.from, range.to],
    queryFn: () => getSlots(range),
    // Students book all the time: the booked counts are fetched again whenever the screen is shown.
    staleTime: 0,
  });
}

/** `POST /interviews/slots`. */
export function createSlot(body: CreateSlotRequest) {
  return apiRequest('/interviews/slots', { method: 'POST', body, auth: true, schema: slotResponseSchema });
}

/** `PATCH /interviews/slots/{id}`: capacity, place or closed. */
export function updateSlot(id: string, body: UpdateSlotRequest) {
  return apiRequest(`/interviews/slots/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    auth: true,
    schema: slotResponseSchema,
  });
}

/**
 * The answer's slot replaces its old copy in every loaded range at once (closing a slot shows without a wait),
 * then every range is fetched again: a new slot belongs to ranges this client cannot work out, and students may
 * have booked meanwhile.
 */
function useSlotChange<Variables>(
  token: string,
  send: (variables: Variables) => Promise<ApiResult<SlotResponse>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      if (result.status !== 'success') return;
      const slot = result.data.data;
      queryClient.setQueriesData<ApiResult<SlotsResponse>>({ queryKey: slotsKey(token) }, (old) =>
        old?.status === 'success'
          ? {
              ...old,
              data: { ...old.data, data: old.data.data.map((each) => (each.id === slot.id ? slot : each)) },
            }
          : old,
      );
      await queryClient.invalidateQueries({ queryKey: slotsKey(token) });
    },
  });
}

export function useCreateSlot(token: string) {
  return useSlotChange(token, createSlot);
}

export function useUpdateSlot(token: string) {
  return useSlotChange(token, ({ id, changes }: { id: string; changes: UpdateSlotRequest }) =>
    updateSlot(id, changes),
  );
}
