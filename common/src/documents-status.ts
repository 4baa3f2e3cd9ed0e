import { IMAGE_KINDS } from './limits.js';

/**
 * The review states of a student's documents (issue 16), apart from the review calls so that the student list
 * and the lookup can carry them without importing the review schemas.
 */

/** The review state of one stored document. */
export const DOCUMENT_STATES = ['pending', 'accepted', 'rejected'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/**
 * A student's documents as a whole: `none` before the data is complete; `needsReupload` while any document is
 * refused (the student must act); `pending` while any awaits review and none is refused; `accepted` once all
 * six are accepted.
 */
export const DOCUMENTS_STATUSES = ['none', 'pending', 'needsReupload', 'accepted'] as const;
export type DocumentsStatus = (typeof DOCUMENTS_STATUSES)[number];

/** How staff screens name a documents status (the studentsInfo column and filter). */
export const DOCUMENTS_STATUS_LABELS: Record<DocumentsStatus, string> = {
  none: 'لم تكتمل البيانات',
  pending: 'بانتظار المراجعة',
  needsReupload: 'مطلوب إعادة الرفع',
  accepted: 'مقبولة',
};

/** How one document's state is named on screens. */
export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  pending: 'بانتظار المراجعة',
  accepted: 'مقبول',
  rejected: 'مرفوض',
};

/** Whether a value is one of the documents statuses (a filter as sent). */
export function isDocumentsStatus(value: unknown): value is DocumentsStatus {
  return typeof value === 'string' && (DOCUMENTS_STATUSES as readonly string[]).includes(value);
}

/**
 * The documents status of a student from its completeness and the states of its stored documents (the same
 * rule the server keeps in `students.documents_status`; see `api/src/db/documents-status.ts`).
 */
export function documentsStatusOf(isComplete: boolean, states: readonly DocumentState[]): DocumentsStatus {
  if (!isComplete) return 'none';
  if (states.includes('rejected')) return 'needsReupload';
  if (states.length < IMAGE_KINDS.length || states.includes('pending')) return 'pending';
  return 'accepted';
}
