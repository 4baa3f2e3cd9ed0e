import {
  COMPLETE_DATA_FIELDS,
  type DocumentsStatus,
  type HistoryEntry,
  IMAGE_KINDS,
  type RefusalReason,
  type ReviewedDocument,
  type StudentNotification,
  type StudentRecordPage,
} from '@portal/common';
import type { DocumentRow } from './document-review.repository.js';
import { historyLabel } from './history-labels.js';

/** How the wire shows the staff record: rows as the repository reads them, turned into the shared schema. */

const KIND_ORDER = new Map<string, number>(IMAGE_KINDS.map((kind, index) => [kind, index]));

/** The stored documents in the form's order; the reviewer and the time only once decided. */
export function toReviewedDocuments(rows: readonly DocumentRow[]): ReviewedDocument[] {
  return [...rows]
    .sort((a, b) => (KIND_ORDER.get(a.kind) ?? 99) - (KIND_ORDER.get(b.kind) ?? 99))
    .map((row) => {
      const decided = row.reviewStatus !== 'pending';
      const rejected = row.reviewStatus === 'rejected';
      return {
        kind: row.kind as ReviewedDocument['kind'],
        state: row.reviewStatus,
        reason: rejected ? (row.reviewReason as RefusalReason | null) : null,
        note: rejected ? row.reviewNote : null,
        reviewedBy: decided ? row.reviewedByUserName : null,
        reviewedAt: decided && row.reviewedAt ? row.reviewedAt.toISOString() : null,
        contentType: row.contentType,
        sizeBytes: row.sizeBytes,
        uploadedAt: row.createdAt.toISOString(),
      };
    });
}

/** Grades are stored as numerics ('385.50'); people typed and read them as '385.5'. */
const GRADE_FIELDS = new Set<string>(['totalGrade', 'percentage']);

function fieldText(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (GRADE_FIELDS.has(field) && Number.isFinite(Number(value))) return String(Number(value));
  return String(value);
}

/** The complete-data form's fields as entered, every field named (null for one never entered). */
export function completedFields(row: Record<string, unknown>): Record<string, string | null> {
  return Object.fromEntries(COMPLETE_DATA_FIELDS.map((field) => [field, fieldText(field, row[field])]));
}

const decimalText = (value: string | null) => (value === null ? null : String(Number(value)));

export interface RecordStudentRow extends Record<string, unknown> {
  id: string;
  name: string;
  nationalId: string;
  seatNo: string | null;
  phoneNumber: string | null;
  gender: string | null;
  college: string;
  socialWork: boolean;
  tourism: boolean;
  enrollmentStatus: 'regular' | 'affiliated' | 'none';
  importedTotalGrade: string | null;
  importedPercentage: string | null;
  isComplete: boolean;
  completedAt: Date | null;
  isPassed: boolean;
  isCompletedAdditionalQuestions: boolean;
  documentsStatus: DocumentsStatus;
}

export function toRecordStudent(row: RecordStudentRow): StudentRecordPage['student'] {
  return {
    _id: row.id,
    studentName: row.name,
    nationalID: row.nationalId,
    seatNo: row.seatNo,
    phoneNumber: row.phoneNumber,
    gender: row.gender,
    college: row.college,
    socialWork: row.socialWork,
    tourism: row.tourism,
    enrollmentStatus: row.enrollmentStatus,
    importedTotalGrade: decimalText(row.importedTotalGrade),
    importedPercentage: decimalText(row.importedPercentage),
    isComplete: row.isComplete,
    completedAt: row.completedAt?.toISOString() ?? null,
    isPassed: row.isPassed,
    isCompletedAdditionalQuestions: row.isCompletedAdditionalQuestions,
    documentsStatus: row.documentsStatus,
    completed: completedFields(row),
  };
}

export function toHistoryEntry(row: {
  at: Date;
  actor: string | null;
  action: string;
  details: unknown;
}): HistoryEntry {
  const details =
    row.details !== null && typeof row.details === 'object' && !Array.isArray(row.details)
      ? (row.details as Record<string, unknown>)
      : null;
  return {
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    label: historyLabel(row.action, details),
    details,
  };
}

/** A stored questionnaire answer: a string, or a list of strings for a multi-select question. */
export function toRecordAnswer(row: { question: string; answer: unknown; input: string | null }) {
  const answer = Array.isArray(row.answer) ? row.answer.map(String) : String(row.answer ?? '');
  return { question: row.question, answer, input: row.input };
}

/** One of the student's messages as the record lists it (issue 17), its times in ISO-8601. */
export function toStudentNotification(row: {
  id: string;
  event: StudentNotification['event'];
  channel: StudentNotification['channel'];
  state: StudentNotification['state'];
  tries: number;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}): StudentNotification {
  return { ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null };
}
