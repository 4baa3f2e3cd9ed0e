import type { Readable } from 'node:stream';
import {
  documentsStatusOf,
  IMAGE_KIND_LABELS,
  type ImageKind,
  MESSAGES,
  REVIEW_MESSAGES,
  type ReviewDecision,
  type ReviewQueueResponse,
  type ReviewResponse,
  type StudentRecordPage,
} from '@portal/common';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import type { OutboxMessage } from '../../db/notification-outbox.js';
import { AppError } from '../../lib/app-error.js';
import { type ObjectStorage, StorageError, StorageNotFoundError } from '../../storage/storage.js';
import { facultyScope, type StaffPrincipal } from '../auth/index.js';
import { RETENTION_MESSAGES } from '../retention/index.js';
import { toStudentRecord } from '../student-records/index.js';
import type { DocumentViewer } from './document-access.js';
import type {
  AppliedDecision,
  DocumentReviewRepository,
  DocumentRow,
  StudentUnderReview,
} from './document-review.repository.js';
import { REVIEW_AUDIT_ACTIONS } from './history-labels.js';
import {
  toHistoryEntry,
  toRecordAnswer,
  toRecordStudent,
  toReviewedDocuments,
  toStudentNotification,
} from './record-view.js';
import { assertStudentInScope, reviewScopeIncludes } from './review-scope.js';

export interface DocumentReviewServiceDeps {
  repository: DocumentReviewRepository;
  /** Writes one audit row, in the transaction when one is given. */
  audit: (entry: AuditEntry, tx?: DbExecutor) => Promise<void>;
  storage: ObjectStorage;
}

export interface RequestContext {
  ip: string;
}

type Staff = Pick<StaffPrincipal, 'id' | 'userName' | 'role' | 'collegeId' | 'faculty'>;

const actorOf = (staff: Staff) => ({ id: staff.id, userName: staff.userName });

/**
 * What a review save tells the student (issue 17): the documents it refused that were not refused before, and
 * that all are accepted when the save makes them so. Each is keyed by the version the save leaves, so the same
 * save is queued once; a later save is another occurrence.
 */
function reviewMessages(
  student: StudentUnderReview,
  decisions: readonly ReviewDecision[],
  applied: readonly AppliedDecision[],
  documentsAfter: readonly DocumentRow[],
): OutboxMessage[] {
  const version = student.reviewVersion + 1;
  const previous = new Map(applied.map((row) => [row.kind, row.previous]));
  const refused = decisions.filter(
    (decision) => decision.decision === 'rejected' && previous.get(decision.kind) !== 'rejected',
  );
  const messages: OutboxMessage[] = [];
  if (refused.length > 0)
    messages.push({
      studentId: student.id,
      event: 'documentRefused',
      dedupeKey: `documentRefused:${version}`,
      payload: { documents: refused.map(({ kind, reason, note }) => ({ kind, reason, note })) },
    });
  const statusAfter = documentsStatusOf(
    student.isComplete,
    documentsAfter.map((row) => row.reviewStatus),
  );
  if (student.documentsStatus !== 'accepted' && statusAfter === 'accepted')
    messages.push({
      studentId: student.id,
      event: 'documentsAccepted',
      dedupeKey: `documentsAccepted:${version}`,
    });
  return messages;
}

export function documentReviewService({ repository, audit, storage }: DocumentReviewServiceDeps) {
  /**
   * The faculty whose queue is asked for. Issue 16: a faculty ADMIN's choice is ignored, it always works on its
   * own. A SOCIAL_ADMIN naming none gets the social-work college when there is exactly one (its screen has no
   * picker); anyone else must name one.
   */
  async function queueFaculty(staff: Staff, requested: string | null): Promise<string | null> {
    if (staff.role === 'ADMIN') return staff.faculty;
    const named = facultyScope(staff, requested);
    if (named || staff.role !== 'SOCIAL_ADMIN') return named;
    const socialWork = await repository.socialWorkCollegeNames();
    return socialWork.length === 1 ? (socialWork[0] ?? null) : null;
  }

  async function openImage(key: string, log: FastifyBaseLogger): Promise<Readable> {
    try {
      return await storage.get(key);
    } catch (error) {
      if (error instanceof StorageNotFoundError) {
        log.error({ key }, 'a recorded image is missing from the storage');
        throw new AppError(404, MESSAGES.photoNotFound);
      }
      if (error instanceof StorageError) throw new AppError(503, MESSAGES.storageUnavailable);
      throw error;
    }
  }

  return {
    /**
     * `GET /students/record/{id}`: everything the portal holds on the student. The view is audited in the same
     * snapshot, so it is already the first line of the history it answers.
     */
    async recordPage(staff: Staff, id: string, context: RequestContext): Promise<StudentRecordPage> {
      return repository.readSnapshot(async (tx) => {
        const row = await repository.recordStudent(tx, id);
        if (!row) throw new AppError(404, MESSAGES.studentRecordNotFound);
        assertStudentInScope(staff, { id: row.collegeId, socialWork: row.socialWork });
        await audit(
          {
            actor: actorOf(staff),
            action: REVIEW_AUDIT_ACTIONS.view,
            targetType: 'student',
            targetId: row.id,
            ip: context.ip,
          },
          tx,
        );
        const documents = await repository.documents(tx, row.id);
        const attempts = await repository.quizAttempts(tx, row.id);
        const answers = await repository.answers(tx, row.id);
        const appointment = await repository.appointment(tx, row.id);
        const history = await repository.history(tx, row.id);
        const notifications = await repository.notifications(tx, row.id);
        const season = await repository.season(tx, row.id);
        const seasonRecords = await repository.seasonRecords(tx, row.nationalId);
        return {
          student: toRecordStudent(row),
          documents: toReviewedDocuments(documents),
          quiz: { isPassed: row.isPassed, attempts },
          answers: answers.map(toRecordAnswer),
          appointment: appointment ?? null,
          history: history.map(toHistoryEntry),
          notifications: notifications.map(toStudentNotification),
          season,
          seasonRecords,
          version: row.reviewVersion,
        };
      });
    },

    /**
     * `POST /students/review/{id}`: the decisions, all or none, on the version the reviewer saw. The student is
     * locked first, so a concurrent save or replacement either finished before (and the version is stale) or
     * waits for this one. The messages the save causes are queued in its transaction.
     */
    async review(
      staff: Staff,
      id: string,
      input: { version: number; decisions: readonly ReviewDecision[] },
      context: RequestContext,
    ): Promise<ReviewResponse['data']> {
      return repository.transaction(async (tx) => {
        const student = await repository.lockStudent(tx, id);
        if (!student) throw new AppError(404, MESSAGES.studentRecordNotFound);
        assertStudentInScope(staff, { id: student.collegeId, socialWork: student.socialWork });
        if (!student.isComplete) throw new AppError(409, REVIEW_MESSAGES.reviewNotComplete);
        if (input.version !== student.reviewVersion) throw new AppError(409, REVIEW_MESSAGES.reviewStale);

        const applied = await repository.applyDecisions(tx, student.id, actorOf(staff), input.decisions);
        const updated = new Set(applied.map((row) => row.kind));
        const missing = input.decisions.find((decision) => !updated.has(decision.kind));
        // Thrown inside the transaction: the decisions already written are rolled back with it.
        if (missing)
          throw new AppError(
            409,
            `${REVIEW_MESSAGES.reviewDocumentMissing}: ${IMAGE_KIND_LABELS[missing.kind]}`,
          );

        await repository.refreshDocumentsStatus(tx, student.id);
        await audit(
          {
            actor: actorOf(staff),
            action: REVIEW_AUDIT_ACTIONS.review,
            targetType: 'student',
            targetId: student.id,
            details: {
              decisions: input.decisions.map(({ kind, decision, reason, note }) => ({
                kind,
                decision,
                reason,
                note,
              })),
              version: student.reviewVersion + 1,
            },
            ip: context.ip,
          },
          tx,
        );
        const documents = await repository.documents(tx, student.id);
        await repository.queueNotifications(tx, reviewMessages(student, input.decisions, applied, documents));
        return {
          documents: toReviewedDocuments(documents),
          // The row is locked and the save moved the version on by one.
          version: student.reviewVersion + 1,
        };
      });
    },

    /**
     * `POST /students/reviewQueue`: a page of the faculty's students awaiting review, oldest completion first. Each
     * page read is audited (issue 33): who, the faculty, the page, and how many students it showed.
     */
    async queue(
      staff: Staff,
      requested: string | null,
      page: { page: number; limit: number },
      context: RequestContext,
    ): Promise<Omit<ReviewQueueResponse, 'status'>> {
      const faculty = await queueFaculty(staff, requested);
      if (!faculty) throw new AppError(400, MESSAGES.facultyRequired);
      const college = await repository.collegeByName(faculty);
      if (!college) throw new AppError(400, MESSAGES.collegeNotFound);
      if (!reviewScopeIncludes(staff, college)) throw new AppError(403, MESSAGES.otherFacultyForbidden);
      const [rows, counts] = await Promise.all([
        repository.queuePage(college.id, page.page, page.limit),
        repository.queueCounts(college.id),
      ]);
      await audit({
        actor: actorOf(staff),
        action: 'students.review_queue',
        targetType: 'college',
        targetId: college.id,
        details: { faculty: college.name, page: page.page, limit: page.limit, rows: rows.length },
        ip: context.ip,
      });
      return {
        faculty: college.name,
        data: rows.map((row) => ({
          ...toStudentRecord(row),
          completedAt: row.completedAt?.toISOString() ?? null,
        })),
        ...counts,
      };
    },

    /**
     * `GET /students/document/{id}/{kind}`: the stored image, for the student itself or for staff whose scope
     * holds the student. A staff read is audited once the image is found and opened. 410 once the retention
     * job deleted the file (the row and its review stay).
     */
    async document(
      viewer: DocumentViewer,
      id: string,
      kind: ImageKind,
      context: RequestContext,
      log: FastifyBaseLogger,
    ): Promise<{ contentType: string; stream: Readable }> {
      const found = await repository.documentFile(id, kind);
      if (!found)
        throw new AppError(
          404,
          viewer.type === 'staff' ? MESSAGES.studentRecordNotFound : MESSAGES.studentNotFound,
        );
      if (viewer.type === 'staff')
        assertStudentInScope(viewer.staff, { id: found.collegeId, socialWork: found.socialWork });
      if (!found.storageKey || !found.contentType) throw new AppError(404, MESSAGES.photoNotFound);
      if (found.purgedAt) throw new AppError(410, RETENTION_MESSAGES.imagePurged);

      const stream = await openImage(found.storageKey, log);
      if (viewer.type === 'staff') {
        try {
          await audit({
            actor: actorOf(viewer.staff),
            action: REVIEW_AUDIT_ACTIONS.documentView,
            targetType: 'student',
            targetId: id.toLowerCase(),
            details: { kind },
            ip: context.ip,
          });
        } catch (error) {
          // Personal data is never read without its audit row.
          stream.destroy();
          throw error;
        }
      }
      return { contentType: found.contentType, stream };
    },
  };
}
export type DocumentReviewService = ReturnType<typeof documentReviewService>;
