import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getReviewQueue,
  passedInQueueRun,
  REVIEW_QUEUE_PAGE_SIZE,
  type ReviewQueuePage,
  reviewQueueKey,
} from '@/components/admin/api/review-queue';
import type { ApiError } from '@/lib/api-client';

export type NextStudent = { id: string; queue: ReviewQueuePage } | { id: null } | { error: ApiError };

/** Enough for any real queue; a bound so that a server answering full pages forever cannot hold the tab. */
const MAX_PAGES_LOOKED_AT = 200;

/**
 * The student after `current` in the queue it was opened from. The queue page the reviewer came through is in the
 * cache: the next student is read from it without a request, so a reviewer's loop costs the record, its six images
 * and the save. Only at the end of the cached page is the queue asked again, from that page on, since the students
 * reviewed meanwhile have left it and the pages have moved up.
 */
export function useNextInQueue(token: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (current: string, queue: ReviewQueuePage): Promise<NextStudent> => {
      const passed = passedInQueueRun(queue.faculty);
      passed.add(current);
      const isNew = (id: string) => !passed.has(id);

      const cached = queryClient.getQueryData<Awaited<ReturnType<typeof getReviewQueue>>>(
        reviewQueueKey(token, queue),
      );
      if (cached?.status === 'success') {
        const ids = cached.data.data.map((row) => row._id);
        const after = ids.indexOf(current);
        const next = ids.slice(after + 1).find(isNew);
        if (next) return { id: next, queue };
      }

      for (let page = queue.page; page < queue.page + MAX_PAGES_LOOKED_AT; page += 1) {
        const shown = { faculty: queue.faculty, page };
        const answer = await queryClient.fetchQuery({
          queryKey: reviewQueueKey(token, shown),
          queryFn: () => getReviewQueue(shown),
          staleTime: 0,
        });
        if (answer.status === 'error') return { error: answer };
        const next = answer.data.data.find((row) => isNew(row._id));
        if (next) return { id: next._id, queue: shown };
        if (answer.data.data.length < REVIEW_QUEUE_PAGE_SIZE) break;
      }
      return { id: null };
    },
    [queryClient, token],
  );
}
