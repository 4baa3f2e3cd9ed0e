import {
  type MessagePreviewRequest,
  type MessageSendRequest,
  messagePreviewResponseSchema,
  messageSendResponseSchema,
  type NotificationStatsResponse,
  notificationStatsResponseSchema,
} from '@portal/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import type { ApiResult } from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { waitingCount } from '../state-counts';

/** While messages wait, the figures are asked for again this often (ms). */
export const STATS_POLL_MS = 2500;

const notificationsKey = (token: string) => [...staffKeys.of(token), 'notifications'] as const;

/**
 * `POST /notifications/preview`: how many students the message would reach. It only counts, so it may be sent
 * again after a 503.
 */
export function previewMessage(body: MessagePreviewRequest) {
  return apiRequest('/notifications/preview', {
    method: 'POST',
    body,
    auth: true,
    schema: messagePreviewResponseSchema,
    idempotent: true,
  });
}

/** The count for a valid filter, asked again whenever the faculty, filter or channels change; null: none to ask. */
export function useMessagePreview(token: string, body: MessagePreviewRequest | null) {
  return useQuery({
    queryKey: [...notificationsKey(token), 'preview', body],
    queryFn: () => previewMessage(body as MessagePreviewRequest),
    enabled: body !== null,
    // Students complete their data and book all the time: a count shown again is asked for again.
    staleTime: 0,
  });
}

/** `POST /notifications/send`: queues the message for every student the filter selects and answers at once. */
export function sendMessage(body: MessageSendRequest) {
  return apiRequest('/notifications/send', {
    method: 'POST',
    body,
    auth: true,
    schema: messageSendResponseSchema,
  });
}

export function useSendMessage(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: async (result) => {
      if (result.status === 'success')
        await queryClient.invalidateQueries({ queryKey: [...notificationsKey(token), 'stats'] });
    },
  });
}

/** `GET /notifications/stats?faculty=` (left out: an ADMIN's own faculty, or the whole university for the others). */
export function getNotificationStats(faculty: string | null) {
  const query = faculty ? `?${new URLSearchParams({ faculty })}` : '';
  return apiRequest(`/notifications/stats${query}`, { auth: true, schema: notificationStatsResponseSchema });
}

/** The figures, asked for again every few seconds while any message still waits to be sent, and not otherwise. */
export function useNotificationStats(token: string, faculty: string | null) {
  return useQuery({
    queryKey: [...notificationsKey(token), 'stats', faculty],
    queryFn: () => getNotificationStats(faculty),
    staleTime: 0,
    refetchInterval: (query) => {
      const answer = query.state.data as ApiResult<NotificationStatsResponse> | undefined;
      return answer?.status === 'success' && waitingCount(answer.data.data.byState) > 0
        ? STATS_POLL_MS
        : false;
    },
  });
}
