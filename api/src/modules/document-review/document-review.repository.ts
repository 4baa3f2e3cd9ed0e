import {
  COMPLETE_DATA_FIELDS,
  type CompleteDataField,
  type DocumentState,
  type DocumentsStatus,
  type ReviewDecision,
} from '@portal/common';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AuditActor } from '../../db/audit-trail.js';
import { refreshDocumentsStatus } from '../../db/documents-status.js';
import type { DbExecutor } from '../../db/executor.js';
import { type OutboxMessage, queueNotifications } from '../../db/notification-outbox.js';
import type { Database } from '../../db/pool.js';
import {
  additionalAnswers,
  additionalQuestions,
  admissionSeasons,
  appointments,
  auditLog,
  colleges,
  notifications,
  quizAttempts,
  studentImages,
  students,
} from '../../db/schema/index.js';
import { inCurrentSeason } from '../../db/seasons.js';

/** A student's history shows at most this many audit rows, the newest. */
export const HISTORY_LIMIT = 200;
/** The record lists at most this many of the student's messages, the newest. */
export const NOTIFICATIONS_LIMIT = 200;

/** The student a review save works on, with what the scope rule and the checks need. */
export interface StudentUnderReview {
  id: string;
  collegeId: string;
  socialWork: boolean;
  isComplete: boolean;
  documentsStatus: DocumentsStatus;
  reviewVersion: number;
}

/** A document a review save decided on, with the state it had before the save. */
export interface AppliedDecision {
  kind: string;
  previous: DocumentState;
}

export interface DocumentRow {
  kind: string;
  reviewStatus: 'pending' | 'accepted' | 'rejected';
  reviewReason: string | null;
  reviewNote: string | null;
  reviewedByUserName: string | null;
  reviewedAt: Date | null;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
}

/** The complete-data form's fields are columns of `students` under the same names. */
const completedColumns = Object.fromEntries(
  COMPLETE_DATA_FIELDS.map((field) => [field, students[field]]),
) as unknown as { [F in CompleteDataField]: (typeof students)[F] };

const recordStudentColumns = {
  ...completedColumns,
  id: students.id,
  name: students.name,
  nationalId: students.nationalId,
  seatNo: students.seatNo,
  phoneNumber: students.phoneNumber,
  gender: students.gender,
  collegeId: students.collegeId,
  college: colleges.name,
  socialWork: colleges.socialWork,
  tourism: colleges.tourism,
  enrollmentStatus: students.enrollmentStatus,
  importedTotalGrade: students.importedTotalGrade,
  importedPercentage: students.importedPercentage,
  isComplete: students.isComplete,
  completedAt: students.completedAt,
  isPassed: students.isPassed,
  isCompletedAdditionalQuestions: students.isCompletedAdditionalQuestions,
  documentsStatus: students.documentsStatus,
  reviewVersion: students.reviewVersion,
};

const documentColumns = {
  kind: studentImages.kind,
  reviewStatus: studentImages.reviewStatus,
  reviewReason: studentImages.reviewReason,
  reviewNote: studentImages.reviewNote,
  reviewedByUserName: studentImages.reviewedByUserName,
  reviewedAt: studentImages.reviewedAt,
  contentType: studentImages.contentType,
  sizeBytes: studentImages.sizeBytes,
  createdAt: studentImages.createdAt,
};

/** Columns of a review-queue row: those of the staff student list, the documents status and the completion. */
const queueColumns = {
  id: students.id,
  name: students.name,
  nationalId: students.nationalId,
  phoneNumber: students.phoneNumber,
  college: colleges.name,
  isComplete: students.isComplete,
  isPassed: students.isPassed,
  isCompletedAdditionalQuestions: students.isCompletedAdditionalQuestions,
  appointedDay: appointments.appointedDay,
  appointedHour: appointments.appointedHour,
  documentsStatus: students.documentsStatus,
  completedAt: students.completedAt,
};

/**
 * The review queue's condition, written out as the partial index `students_review_queue_idx` states it: with the
 * 0 as a bound parameter the planner could not prove the index applies to a prepared statement.
 */
const awaitingReview = sql`${students.documentsAwaiting} > 0`;

export function documentReviewRepository(db: Database) {
  const collegeByName = db
    .select({ id: colleges.id, name: colleges.name, socialWork: colleges.socialWork })
    .from(colleges)
    .where(eq(colleges.name, sql.placeholder('name')))
    .prepare('document_review_college_by_name');

  // The student's college flags and the one image, in one round trip: the scope check needs both.
  const documentFile = db
    .select({
      collegeId: students.collegeId,
      socialWork: colleges.socialWork,
      storageKey: studentImages.storageKey,
      contentType: studentImages.contentType,
      purgedAt: studentImages.purgedAt,
    })
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .leftJoin(
      studentImages,
      and(eq(studentImages.studentId, students.id), eq(studentImages.kind, sql.placeholder('kind'))),
    )
    .where(eq(students.id, sql.placeholder('studentId')))
    .prepare('document_review_document_file');

  // Walks students_review_queue_idx in order: the first page costs about `limit` rows whatever the queue's size.
  const queuePage = db
    .select(queueColumns)
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .leftJoin(appointments, eq(appointments.studentId, students.id))
    .where(and(eq(students.collegeId, sql.placeholder('collegeId')), inCurrentSeason, awaitingReview))
    .orderBy(asc(students.completedAt), asc(students.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('document_review_queue_page');

  // Three index-only counts: the partial queue index, and (college_id, season_id, documents_status) for the
  // other two. The queue is the current admission season's: a closed season is read-only (issue 21).
  const queueCounts = db
    .select({
      awaiting: sql<number>`(SELECT count(*)::int FROM ${students}
        WHERE ${students.collegeId} = ${sql.placeholder('collegeId')} AND ${inCurrentSeason} AND ${awaitingReview})`,
      needsReupload: sql<number>`(SELECT count(*)::int FROM ${students}
        WHERE ${students.collegeId} = ${sql.placeholder('collegeId')} AND ${inCurrentSeason}
          AND ${students.documentsStatus} = 'needsReupload')`,
      accepted: sql<number>`(SELECT count(*)::int FROM ${students}
        WHERE ${students.collegeId} = ${sql.placeholder('collegeId')} AND ${inCurrentSeason}
          AND ${students.documentsStatus} = 'accepted')`,
    })
    .from(sql`(SELECT 1) AS one`)
    .prepare('document_review_queue_counts');

  return {
    async collegeByName(name: string) {
      return (await collegeByName.execute({ name }))[0];
    },

    /** The names of the social-work colleges (a SOCIAL_ADMIN's queue defaults to the one there usually is). */
    async socialWorkCollegeNames(): Promise<string[]> {
      const rows = await db
        .select({ name: colleges.name })
        .from(colleges)
        .where(eq(colleges.socialWork, true))
        .orderBy(asc(colleges.sortOrder), asc(colleges.name));
      return rows.map((row) => row.name);
    },

    /** The student's college flags (undefined: no such student) and the image of `kind`, if stored. */
    async documentFile(studentId: string, kind: string) {
      return (await documentFile.execute({ studentId, kind }))[0];
    },

    queuePage(collegeId: string, page: number, limit: number) {
      return queuePage.execute({ collegeId, limit, offset: (page - 1) * limit });
    },

    async queueCounts(
      collegeId: string,
    ): Promise<{ awaiting: number; needsReupload: number; accepted: number }> {
      const [row] = await queueCounts.execute({ collegeId });
      return row ?? { awaiting: 0, needsReupload: 0, accepted: 0 };
    },

    /** Everything of the record page is read in one snapshot: the version always matches the documents shown. */
    readSnapshot<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work, { isolationLevel: 'repeatable read' });
    },

    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async recordStudent(tx: DbExecutor, id: string) {
      const [row] = await tx
        .select(recordStudentColumns)
        .from(students)
        .innerJoin(colleges, eq(colleges.id, students.collegeId))
        .where(eq(students.id, id));
      return row;
    },

    /** The student's admission season (issue 21): a closed one is read-only. */
    async season(tx: DbExecutor, studentId: string): Promise<{ id: string; name: string; current: boolean }> {
      const [row] = await tx
        .select({
          id: admissionSeasons.id,
          name: admissionSeasons.name,
          current: sql<boolean>`${admissionSeasons.closedAt} IS NULL`,
        })
        .from(students)
        .innerJoin(admissionSeasons, eq(admissionSeasons.id, students.seasonId))
        .where(eq(students.id, studentId));
      if (!row) throw new Error(`student ${studentId} has no season`);
      return row;
    },

    /** The national ID's records in every season, newest season first (through the (national_id, season_id) key). */
    seasonRecords(
      tx: DbExecutor,
      nationalId: string,
    ): Promise<{ studentId: string; seasonId: string; seasonName: string }[]> {
      return tx
        .select({ studentId: students.id, seasonId: admissionSeasons.id, seasonName: admissionSeasons.name })
        .from(students)
        .innerJoin(admissionSeasons, eq(admissionSeasons.id, students.seasonId))
        .where(eq(students.nationalId, nationalId))
        .orderBy(desc(admissionSeasons.openedAt));
    },

    /**
     * The student, locked until the transaction ends: a second reviewer's save, or the student's replacement
     * of a document, waits and then sees the version this save leaves.
     */
    async lockStudent(tx: DbExecutor, id: string): Promise<StudentUnderReview | undefined> {
      const [row] = await tx
        .select({
          id: students.id,
          collegeId: students.collegeId,
          socialWork: colleges.socialWork,
          isComplete: students.isComplete,
          documentsStatus: students.documentsStatus,
          reviewVersion: students.reviewVersion,
        })
        .from(students)
        .innerJoin(colleges, eq(colleges.id, students.collegeId))
        .where(eq(students.id, id))
        .for('update', { of: students });
      return row;
    },

    documents(tx: DbExecutor, studentId: string): Promise<DocumentRow[]> {
      return tx.select(documentColumns).from(studentImages).where(eq(studentImages.studentId, studentId));
    },

    /**
     * Records the decisions on the student's stored images, one statement for all; answers the documents it
     * updated with the state each had before (a kind with no stored image is absent, so the caller can refuse
     * the whole save). The state before is the statement's snapshot of the row, which the student's lock keeps
     * current: every change of its images takes that lock first.
     */
    async applyDecisions(
      tx: DbExecutor,
      studentId: string,
      reviewer: AuditActor,
      decisions: readonly ReviewDecision[],
    ): Promise<AppliedDecision[]> {
      const rows = await tx.execute<{ kind: string; previous: DocumentState }>(sql`
        UPDATE ${studentImages} AS i SET
          review_status = d.status,
          review_reason = d.reason,
          review_note = d.note,
          reviewed_by = ${reviewer.id}::uuid,
          reviewed_by_user_name = ${reviewer.userName}::text,
          reviewed_at = now()
        FROM unnest(
          ${sql.param(decisions.map((d) => d.kind))}::text[],
          ${sql.param(decisions.map((d) => d.decision))}::text[],
          ${sql.param(decisions.map((d) => d.reason))}::text[],
          ${sql.param(decisions.map((d) => d.note))}::text[]) AS d(kind, status, reason, note),
          ${studentImages} AS before
        WHERE i.student_id = ${studentId}::uuid AND i.kind = d.kind AND before.id = i.id
        RETURNING i.kind, before.review_status AS previous`);
      return rows.rows;
    },

    /** Queues the save's messages to the student (issue 17) in its transaction. */
    queueNotifications(tx: DbExecutor, messages: readonly OutboxMessage[]): Promise<void> {
      return queueNotifications(tx, messages);
    },

    /** Keeps the student's documents status and awaiting count, and moves its review version on. */
    refreshDocumentsStatus(tx: DbExecutor, studentId: string): Promise<void> {
      return refreshDocumentsStatus(tx, studentId, { bumpVersion: true });
    },

    async quizAttempts(tx: DbExecutor, studentId: string): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(quizAttempts)
        .where(eq(quizAttempts.studentId, studentId));
      return row?.count ?? 0;
    },

    /**
     * The questionnaire answers in the questionnaire's order, each with the question as the student was asked it
     * (the snapshot stored with the answer), not as it is worded now (issue 19).
     */
    answers(tx: DbExecutor, studentId: string) {
      return tx
        .select({
          question: sql<string>`${additionalAnswers.question}->>'question'`,
          answer: additionalAnswers.answer,
          input: additionalAnswers.input,
        })
        .from(additionalAnswers)
        .innerJoin(additionalQuestions, eq(additionalQuestions.id, additionalAnswers.questionId))
        .where(eq(additionalAnswers.studentId, studentId))
        .orderBy(asc(additionalQuestions.sortOrder), asc(additionalQuestions.id));
    },

    async appointment(tx: DbExecutor, studentId: string) {
      const [row] = await tx
        .select({ appointedDay: appointments.appointedDay, appointedHour: appointments.appointedHour })
        .from(appointments)
        .where(eq(appointments.studentId, studentId));
      return row;
    },

    /** The student's e-mails and text messages, newest first (index notifications_student_idx). */
    notifications(tx: DbExecutor, studentId: string) {
      return tx
        .select({
          id: notifications.id,
          event: notifications.event,
          channel: notifications.channel,
          state: notifications.state,
          tries: notifications.tries,
          error: notifications.lastError,
          createdAt: notifications.createdAt,
          sentAt: notifications.sentAt,
        })
        .from(notifications)
        .where(eq(notifications.studentId, studentId))
        .orderBy(desc(notifications.createdAt), asc(notifications.channel))
        .limit(NOTIFICATIONS_LIMIT);
    },

    /** The audit rows that name the student, newest first (index audit_log_target_idx). */
    history(tx: DbExecutor, studentId: string) {
      return tx
        .select({
          at: auditLog.createdAt,
          actor: auditLog.actorUserName,
          action: auditLog.action,
          details: auditLog.details,
        })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'student'), eq(auditLog.targetId, studentId)))
        .orderBy(desc(auditLog.createdAt))
        .limit(HISTORY_LIMIT);
    },
  };
}
export type DocumentReviewRepository = ReturnType<typeof documentReviewRepository>;
