import type { ImageKind, RefusalReason } from '@portal/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { linkOwner } from '../../db/link-owner.js';
import type { Database } from '../../db/pool.js';
import { appointments, colleges, interviewOutcomes, studentImages, students } from '../../db/schema/index.js';
import { studentProfileColumns } from '../../db/student-profile-columns.js';

/** The image kind printed on the forms. */
const PERSONAL_PHOTO = 'personalPhoto';

/** A refused document as the admission form prints it: `[kind, reason code, note]`. */
export type RefusedDocument = [kind: ImageKind, reason: RefusalReason | null, note: string | null];

/** The student's refused documents as one JSON array (`[]` when none), read through (student_id, kind). */
const refusedDocuments = sql<RefusedDocument[]>`(
  SELECT coalesce(json_agg(json_build_array(i.kind, i.review_reason, i.review_note)), '[]')
  FROM ${studentImages} i WHERE i.student_id = ${students.id} AND i.review_status = 'rejected')`;

export function formsRepository(db: Database) {
  /**
   * Everything a form prints, with the college flags, the appointment, the interview's outcome and where the
   * personal photo is kept.
   */
  const findForForm = db
    .select({
      ...studentProfileColumns,
      collegeId: students.collegeId,
      completedAt: students.completedAt,
      documentsStatus: students.documentsStatus,
      refusedDocuments,
      appointedDay: appointments.appointedDay,
      appointedHour: appointments.appointedHour,
      // The committee's outcome (issue 18), all null before one is saved: the personal-test form prints it.
      interviewAttended: interviewOutcomes.attended,
      interviewScores: interviewOutcomes.scores,
      interviewTotal: interviewOutcomes.total,
      interviewDecision: interviewOutcomes.decision,
      interviewNotes: interviewOutcomes.notes,
      interviewRecordedAt: interviewOutcomes.recordedAt,
      photoKey: studentImages.storageKey,
      photoContentType: studentImages.contentType,
    })
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .leftJoin(appointments, eq(appointments.studentId, students.id))
    .leftJoin(interviewOutcomes, eq(interviewOutcomes.studentId, students.id))
    .leftJoin(
      studentImages,
      // A photo the retention job deleted prints as none (the placeholder), also where an instance keeps it fitted.
      and(
        eq(studentImages.studentId, students.id),
        eq(studentImages.kind, PERSONAL_PHOTO),
        isNull(studentImages.purgedAt),
      ),
    )
    .where(eq(students.id, sql.placeholder('studentId')))
    .prepare('forms_student_for_form');

  /** The little the public verification page shows: the name and the college. */
  const findForVerification = db
    .select({ name: students.name, college: colleges.name })
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .prepare('forms_student_for_verification');

  // Only the first download is kept: later ones find the row already marked and write nothing.
  const markFormsDownloaded = db
    .update(students)
    .set({ formsDownloadedAt: sql`now()` })
    .where(and(eq(students.id, sql.placeholder('studentId')), isNull(students.formsDownloadedAt)))
    .prepare('forms_mark_downloaded');

  return {
    /** The account a staff form link was made for, as it is now. */
    linkOwner: (id: string) => linkOwner(db, id),
    async findForForm(studentId: string) {
      return (await findForForm.execute({ studentId }))[0];
    },
    async findForVerification(studentId: string) {
      return (await findForVerification.execute({ studentId }))[0];
    },
    /** The student downloaded one of its forms: the tracker's last step is done (issue 17). */
    async markFormsDownloaded(studentId: string): Promise<void> {
      await markFormsDownloaded.execute({ studentId });
    },
  };
}

export type FormsRepository = ReturnType<typeof formsRepository>;
export type FormStudent = NonNullable<Awaited<ReturnType<FormsRepository['findForForm']>>>;
