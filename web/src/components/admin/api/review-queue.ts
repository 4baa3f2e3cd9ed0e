import { reviewQueueResponseSchema } from '@portal/common';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from '../staff-session';

/**
 * The review queue (issue 16), shared by its screen and the student record page: the record page moves to the next
 * student from the queue page already in the cache, so a reviewer's loop asks for nothing but the record, its six
 * images and the save.
 */

/** Rows per queue page: a screenful to scan, and the run of students 'save and next' walks without asking. */
export const REVIEW_QUEUE_PAGE_SIZE = 50;

/** One page of one faculty's queue (faculty null: the server's choice, an ADMIN's own or social work's). */
export interface ReviewQueuePage {
  faculty: string | null;
  page: number;
}

export const reviewQueueKey = (token: string, { faculty, page }: ReviewQueuePage) =>
  [...staffKeys.of(token), 'reviewQueue', faculty, page] as const;

/** `POST /students/reviewQueue?page=&limit=`: it only reads, so it may be sent again after a 503. */
export function getReviewQueue({ faculty, page }: ReviewQueuePage) {
  return apiRequest(`/students/reviewQueue?page=${page}&limit=${REVIEW_QUEUE_PAGE_SIZE}`, {
    method: 'POST',
    body: { faculty },
    auth: true,
    schema: reviewQueueResponseSchema,
    idempotent: true,
  });
}

export function useReviewQueue(token: string, query: ReviewQueuePage | null) {
  return useQuery({
    queryKey: query ? reviewQueueKey(token, query) : [...staffKeys.of(token), 'reviewQueue', 'none'],
    queryFn: () => getReviewQueue(query as ReviewQueuePage),
    enabled: query !== null,
    // Other reviewers empty the same queue: a queue shown again is fetched again.
    staleTime: 0,
  });
}

/** The address of a queue page: `?faculty=&page=` (both left out at their defaults). */
export function queuePageSearch({ faculty, page }: ReviewQueuePage): string {
  const params = new URLSearchParams();
  if (faculty) params.set('faculty', faculty);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The queue page an address names; without one, the first page of the server's faculty for the account. */
export function queuePageFrom(params: URLSearchParams): ReviewQueuePage {
  const page = Number(params.get('page'));
  return {
    faculty: params.get('faculty') || null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** A record page opened from the queue says so in its address, with the queue page it came from. */
export function queueSearch(query: ReviewQueuePage): string {
  const rest = queuePageSearch(query).replace(/^\?/, '');
  return `?from=review${rest ? `&${rest}` : ''}`;
}

/** The queue a record page was opened from, or null when it was opened from elsewhere. */
export function queueFrom(params: URLSearchParams): ReviewQueuePage | null {
  return params.get('from') === 'review' ? queuePageFrom(params) : null;
}

/**
 * The students opened in this tab's run through a faculty's queue. A student saved with a document still pending,
 * or skipped, stays in the queue the server answers; 'save and next' must not bring it back round. A run starts
 * again whenever the queue screen is shown.
 */
const passed = new Map<string, Set<string>>();
const runKey = (faculty: string | null) => faculty ?? '';

export function passedInQueueRun(faculty: string | null): Set<string> {
  let students = passed.get(runKey(faculty));
  if (!students) {
    students = new Set();
    passed.set(runKey(faculty), students);
  }
  return students;
}

export function startQueueRun(faculty: string | null): void {
  passed.delete(runKey(faculty));
}
