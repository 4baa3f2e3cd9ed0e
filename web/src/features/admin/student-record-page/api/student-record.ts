import {
  documentsStatusOf,
  type ReviewRequest,
  type ReviewResponse,
  reviewResponseSchema,
  type StudentRecordPage,
  studentRecordPageResponseSchema,
} from '@portal/common';
import { useQuery } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { apiRequest } from '@/lib/api-client';

export const recordKey = (token: string, id: string) =>
  [...staffKeys.of(token), 'studentRecord', id] as const;

/** `GET /students/record/{id}`: everything the portal holds on one student (the server audits each read). */
export function getStudentRecord(id: string) {
  return apiRequest(`/students/record/${encodeURIComponent(id)}`, {
    auth: true,
    schema: studentRecordPageResponseSchema,
  });
}

export function useStudentRecord(token: string, id: string) {
  return useQuery({
    queryKey: recordKey(token, id),
    queryFn: () => getStudentRecord(id),
    // Other reviewers and the student change the record: each opening reads it again, and shows nothing until
    // it has. Kept after the page closed, the last record showed at once and was then replaced by the fresh one,
    // which reset the review form: decisions made in between were lost (CI's document review walk, 2026-11-27).
    staleTime: 0,
    gcTime: 0,
  });
}

/** `POST /students/review/{id}`, based on the version the page loaded (409 when another save came first). */
export function saveReview(id: string, body: ReviewRequest) {
  return apiRequest(`/students/review/${encodeURIComponent(id)}`, {
    method: 'POST',
    body,
    auth: true,
    schema: reviewResponseSchema,
  });
}

/** The record as it stands after a save: the answer's documents and version, so nothing is fetched again. */
export function withSavedReview(record: StudentRecordPage, saved: ReviewResponse['data']): StudentRecordPage {
  const states = saved.documents.map((document) => document.state);
  return {
    ...record,
    documents: saved.documents,
    version: saved.version,
    student: { ...record.student, documentsStatus: documentsStatusOf(record.student.isComplete, states) },
  };
}
