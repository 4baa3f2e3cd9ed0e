import { REVIEW_MESSAGES } from './document-review-messages.js';
import { DOCUMENT_STATES, DOCUMENTS_STATUSES } from './documents-status.js';
import { successEnvelope } from './envelope.js';
import { IMAGE_KINDS } from './limits.js';
import { MESSAGES } from './messages.js';
import { studentNotificationSchema } from './notifications.js';
import { recordSeasonSchema, seasonRecordLinkSchema } from './seasons.js';
import { facultyField } from './staff.js';
import { studentRecordSchema } from './student-records.js';
import { z } from './zod.js';

/**
 * Staff review of the six document images (issue 16): each document is accepted or refused with a reason; a
 * student whose document was refused replaces only that one. Shared by the server (validation, OpenAPI) and the
 * web client.
 */

/** Why a document is refused: a fixed list, stored by code, shown in Arabic. */
export const REFUSAL_REASONS = [
  'unreadable',
  'cropped',
  'wrongDocument',
  'expired',
  'nameMismatch',
  'other',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const REFUSAL_REASON_LABELS: Record<RefusalReason, string> = {
  unreadable: 'الصورة غير واضحة أو غير مقروءة',
  cropped: 'الصورة مقصوصة ولا تظهر المستند كاملا',
  wrongDocument: 'المستند المرفوع ليس المستند المطلوب',
  expired: 'المستند منتهي الصلاحية أو تالف',
  nameMismatch: 'البيانات في المستند لا تطابق اسم الطالب',
  other: 'سبب آخر',
};

/** Longest refusal note, in characters (required when the reason is 'other'). */
export const REVIEW_NOTE_MAX_LENGTH = 500;

/** One document as the staff record shows it: the reason as its code, and who decided when. */
export const reviewedDocumentSchema = z.object({
  kind: z.enum(IMAGE_KINDS),
  state: z.enum(DOCUMENT_STATES),
  reason: z.enum(REFUSAL_REASONS).nullable(),
  note: z.string().nullable(),
  /** The reviewer's user name, or null while pending (or when the account was deleted). */
  reviewedBy: z.string().nullable(),
  /** ISO-8601, or null while pending. */
  reviewedAt: z.string().nullable(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** When this version of the document was uploaded (ISO-8601). */
  uploadedAt: z.string(),
});
export type ReviewedDocument = z.infer<typeof reviewedDocumentSchema>;

/** `{id}` and `{id}/{kind}` path parameters of the record, review and document calls. */
export const studentDocumentParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES.studentIdInvalid }),
  kind: z.enum(IMAGE_KINDS, { error: MESSAGES.photoKindUnknown }),
});

const reviewNote = z
  .string({ error: REVIEW_MESSAGES.reviewNoteInvalid })
  .trim()
  .max(REVIEW_NOTE_MAX_LENGTH, { error: REVIEW_MESSAGES.reviewNoteTooLong })
  .nullish()
  .transform((value) => value || null);

/** One decision of a review save. */
export const reviewDecisionSchema = z
  .object(
    {
      kind: z.enum(IMAGE_KINDS, { error: MESSAGES.photoKindUnknown }),
      decision: z.enum(['accepted', 'rejected'], { error: REVIEW_MESSAGES.reviewDecisionInvalid }),
      reason: z.enum(REFUSAL_REASONS, { error: REVIEW_MESSAGES.refusalReasonInvalid }).nullish(),
      note: reviewNote,
    },
    { error: MESSAGES.invalidInput },
  )
  .superRefine((value, ctx) => {
    if (value.decision === 'rejected' && !value.reason)
      ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.refusalReasonRequired, path: ['reason'] });
    if (value.decision === 'rejected' && value.reason === 'other' && !value.note)
      ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.refusalNoteRequired, path: ['note'] });
  })
  // An accepted document carries no reason or note, whatever was sent.
  .transform((value) =>
    value.decision === 'accepted'
      ? { kind: value.kind, decision: value.decision, reason: null, note: null }
      : { kind: value.kind, decision: value.decision, reason: value.reason ?? null, note: value.note },
  );
export type ReviewDecision = z.output<typeof reviewDecisionSchema>;

/** Body of `POST /students/review/{id}`: one to six kinds, each at most once, based on the record's version. */
export const reviewRequestSchema = z
  .object(
    {
      version: z.number({ error: REVIEW_MESSAGES.reviewVersionInvalid }).int().min(0),
      decisions: z
        .array(reviewDecisionSchema, { error: REVIEW_MESSAGES.reviewDecisionsRequired })
        .min(1, { error: REVIEW_MESSAGES.reviewDecisionsRequired })
        .max(IMAGE_KINDS.length, { error: REVIEW_MESSAGES.reviewDecisionsRequired }),
    },
    { error: MESSAGES.invalidInput },
  )
  .superRefine((value, ctx) => {
    const kinds = value.decisions.map((decision) => decision.kind);
    if (new Set(kinds).size !== kinds.length)
      ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.reviewKindRepeated, path: ['decisions'] });
  });
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

/** Answer of `POST /students/review/{id}`: the record's documents and its new version. */
export const reviewResponseSchema = successEnvelope({
  message: z.string(),
  data: z.object({ documents: z.array(reviewedDocumentSchema), version: z.number().int() }),
});
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

/** One line of a student's history: an audit row that names the student. */
export const historyEntrySchema = z.object({
  at: z.string(),
  /** The staff user name, or null for the student's own actions and the system. */
  actor: z.string().nullable(),
  action: z.string(),
  /** The action in Arabic, for people. */
  label: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A questionnaire answer with the question as it is worded now. */
export const recordAnswerSchema = z.object({
  question: z.string(),
  answer: z.union([z.string(), z.array(z.string())]),
  input: z.string().nullable(),
});

/** Answer of `GET /students/record/{id}`: everything the portal holds on one student. */
export const studentRecordPageResponseSchema = successEnvelope({
  data: z.object({
    student: z.object({
      _id: z.uuid(),
      studentName: z.string(),
      nationalID: z.string(),
      seatNo: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      gender: z.string().nullable(),
      college: z.string(),
      socialWork: z.boolean(),
      tourism: z.boolean(),
      enrollmentStatus: z.enum(['regular', 'affiliated', 'none']),
      importedTotalGrade: z.string().nullable(),
      importedPercentage: z.string().nullable(),
      isComplete: z.boolean(),
      completedAt: z.string().nullable(),
      isPassed: z.boolean(),
      isCompletedAdditionalQuestions: z.boolean(),
      documentsStatus: z.enum(DOCUMENTS_STATUSES),
      /** The complete-data form's fields as entered (strings; null for a value never entered). */
      completed: z.record(z.string(), z.string().nullable()),
    }),
    documents: z.array(reviewedDocumentSchema),
    quiz: z.object({ isPassed: z.boolean(), attempts: z.number().int() }),
    answers: z.array(recordAnswerSchema),
    appointment: z.object({ appointedDay: z.string(), appointedHour: z.number().int() }).nullable(),
    history: z.array(historyEntrySchema),
    /** The e-mails and text messages sent or queued for the student (issue 17), newest first. */
    notifications: z.array(studentNotificationSchema).default([]),
    /** The student's admission season (issue 21): a closed one is read-only. */
    season: recordSeasonSchema,
    /** The same national ID's records in every season, newest first (this one included). */
    seasonRecords: z.array(seasonRecordLinkSchema),
    version: z.number().int(),
  }),
});
export type StudentRecordPage = z.infer<typeof studentRecordPageResponseSchema>['data'];

/** Body of `POST /students/reviewQueue`: the faculty (ignored for a faculty ADMIN, which gets its own). */
export const reviewQueueRequestSchema = z.object({ faculty: facultyField }, { error: MESSAGES.invalidInput });
export type ReviewQueueRequest = z.input<typeof reviewQueueRequestSchema>;

export const reviewQueueRowSchema = studentRecordSchema.extend({
  /** When the student first completed the data (ISO-8601): the queue's order, oldest first. */
  completedAt: z.string().nullable(),
});
export type ReviewQueueRow = z.infer<typeof reviewQueueRowSchema>;

/**
 * Answer of `POST /students/reviewQueue`: one page of the faculty's students with a document awaiting review,
 * oldest completion first, and the faculty's counts of students by documents status (`awaiting` = the queue's
 * length; a student with one document refused and another awaiting counts in `awaiting` and `needsReupload`).
 */
export const reviewQueueResponseSchema = successEnvelope({
  faculty: z.string(),
  data: z.array(reviewQueueRowSchema),
  awaiting: z.number().int(),
  needsReupload: z.number().int(),
  accepted: z.number().int(),
});
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponseSchema>;

/** Answer of `PATCH /students/replaceDocuments/{id}`. */
export const replaceDocumentsResponseSchema = successEnvelope({ message: z.string() });
