import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import {
  additionalAnswers,
  additionalQuestions,
  appointments,
  colleges,
  interviewOutcomes,
  interviewSlots,
  notificationCampaigns,
  notifications,
  quizAttempts,
  quizDraws,
  quizQuestions,
  studentImages,
  students,
} from '../../db/schema/index.js';

/**
 * The students row as the student's data file shows it: every column but the two search keys, which only
 * repeat the name in a normalised spelling for the staff search.
 */
const {
  nameSearch: _nameSearch,
  nameSearchKey: _nameSearchKey,
  ...studentRowColumns
} = getTableColumns(students);

/** Everything the portal holds about one student, read for the student's own download (issue 20). */
export function myDataRepository(db: Database) {
  return {
    /** The students row with its college's name; undefined for no such student. */
    async student(studentId: string) {
      const [row] = await db
        .select({ ...studentRowColumns, college: colleges.name })
        .from(students)
        .innerJoin(colleges, eq(colleges.id, students.collegeId))
        .where(eq(students.id, studentId));
      return row;
    },

    /** The stored images with their review; the reviewer is staff, and is not the student's data. */
    documents(studentId: string) {
      return db
        .select({
          kind: studentImages.kind,
          storageKey: studentImages.storageKey,
          contentType: studentImages.contentType,
          sizeBytes: studentImages.sizeBytes,
          sha256: studentImages.sha256,
          uploadedAt: studentImages.createdAt,
          reviewStatus: studentImages.reviewStatus,
          reviewReason: studentImages.reviewReason,
          reviewNote: studentImages.reviewNote,
          reviewedAt: studentImages.reviewedAt,
          purgedAt: studentImages.purgedAt,
        })
        .from(studentImages)
        .where(eq(studentImages.studentId, studentId));
    },

    /** The questionnaire's answers, each with the question as the student was asked it (issue 19). */
    answers(studentId: string) {
      return db
        .select({
          questionId: additionalAnswers.questionId,
          question: sql<string>`${additionalAnswers.question}->>'question'`,
          answer: additionalAnswers.answer,
          input: additionalAnswers.input,
          answeredAt: additionalAnswers.createdAt,
        })
        .from(additionalAnswers)
        .innerJoin(additionalQuestions, eq(additionalQuestions.id, additionalAnswers.questionId))
        .where(eq(additionalAnswers.studentId, studentId))
        .orderBy(asc(additionalQuestions.sortOrder), asc(additionalQuestions.id));
    },

    /** The charter quiz's questions drawn for the student (undefined before any draw). */
    async quizDraw(studentId: string) {
      const [row] = await db
        .select({ questionIndexes: quizDraws.questionIndexes, drawnAt: quizDraws.drawnAt })
        .from(quizDraws)
        .where(eq(quizDraws.studentId, studentId));
      return row;
    },

    /** The texts of the quiz questions, by index. */
    quizQuestions() {
      return db.select({ index: quizQuestions.index, question: quizQuestions.question }).from(quizQuestions);
    },

    quizAttempts(studentId: string) {
      return db
        .select({
          answers: quizAttempts.answers,
          correctCount: quizAttempts.correctCount,
          passed: quizAttempts.passed,
          at: quizAttempts.createdAt,
        })
        .from(quizAttempts)
        .where(eq(quizAttempts.studentId, studentId))
        .orderBy(asc(quizAttempts.createdAt));
    },

    /** The personal-interview appointment with its booked slot's place; undefined without one. */
    async appointment(studentId: string) {
      const [row] = await db
        .select({
          day: appointments.appointedDay,
          hour: appointments.appointedHour,
          place: interviewSlots.place,
          bookedByStudent: appointments.slotId,
          createdAt: appointments.createdAt,
        })
        .from(appointments)
        .leftJoin(interviewSlots, eq(interviewSlots.id, appointments.slotId))
        .where(eq(appointments.studentId, studentId));
      return row;
    },

    /** The committee's outcome of the personal interview; undefined without one. */
    async interviewOutcome(studentId: string) {
      const [row] = await db
        .select({
          attended: interviewOutcomes.attended,
          scores: interviewOutcomes.scores,
          total: interviewOutcomes.total,
          decision: interviewOutcomes.decision,
          notes: interviewOutcomes.notes,
          recordedAt: interviewOutcomes.recordedAt,
          updatedAt: interviewOutcomes.updatedAt,
        })
        .from(interviewOutcomes)
        .where(eq(interviewOutcomes.studentId, studentId));
      return row;
    },

    /** The messages written to the student, oldest first, with a staff message's text. */
    notifications(studentId: string) {
      return db
        .select({
          event: notifications.event,
          channel: notifications.channel,
          state: notifications.state,
          payload: notifications.payload,
          staffMessage: notificationCampaigns.text,
          createdAt: notifications.createdAt,
          sentAt: notifications.sentAt,
        })
        .from(notifications)
        .leftJoin(notificationCampaigns, eq(notificationCampaigns.id, notifications.campaignId))
        .where(eq(notifications.studentId, studentId))
        .orderBy(asc(notifications.createdAt));
    },
  };
}
export type MyDataRepository = ReturnType<typeof myDataRepository>;
