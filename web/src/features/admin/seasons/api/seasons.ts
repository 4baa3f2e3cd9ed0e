import { deleteSeasonResponseSchema, openSeasonResponseSchema } from '@portal/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { showSuccessNotice } from '@/components/notices';
import { apiRequest } from '@/lib/api-client';

/** `POST /seasons`: closes the current season and opens `name` (super admin only). */
export function openSeason(name: string) {
  return apiRequest('/seasons', {
    method: 'POST',
    body: { name },
    auth: true,
    schema: openSeasonResponseSchema,
  });
}

/** `DELETE /seasons/{id}`: a closed season with every student of it; `confirmCount` is its student count typed back. */
export function deleteSeason({ id, confirmCount }: { id: string; confirmCount: number }) {
  return apiRequest(`/seasons/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    body: { confirmCount },
    auth: true,
    schema: deleteSeasonResponseSchema,
  });
}

/**
 * After a season opens or goes, any staff answer may speak of another season than it did (the lists, counts and
 * statistics read the current one), so the session's whole cache is read again, the season list among it. The
 * success is said here, before that: the fresh list remounts the opening form (keyed by the current season), and a
 * callback given to `mutate` by a component no longer mounted never runs.
 */
function useRefreshAfter(token: string) {
  const queryClient = useQueryClient();
  return async (result: { status: 'success'; data: { message: string } } | { status: 'error' }) => {
    if (result.status !== 'success') return;
    showSuccessNotice(result.data.message);
    await queryClient.invalidateQueries({ queryKey: staffKeys.of(token) });
  };
}

export function useOpenSeason(token: string) {
  return useMutation({ mutationFn: openSeason, onSuccess: useRefreshAfter(token) });
}

export function useDeleteSeason(token: string) {
  return useMutation({ mutationFn: deleteSeason, onSuccess: useRefreshAfter(token) });
}
