import {
  IMAGE_KINDS,
  MESSAGES,
  REFUSAL_REASON_LABELS,
  type StudentDocument,
  type StudentLookupResponse,
  studentProgress,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import { appointmentOf } from '../appointment-calendar/index.js';
import type { LookupDocument, StudentLookupRepository } from './student-lookup.repository.js';
import { studentResult } from './student-result.js';

/**
 * The student's documents in the form's order. A reason and note are shown only for a refused document: staff
 * notes on an accepted one are none of the student's business, and a replaced one starts over.
 */
export function documentsOf(rows: readonly LookupDocument[]): StudentDocument[] {
  return rows
    .map(([kind, state, reason, note]) =>
      state === 'rejected'
        ? { kind, state, reason: reason ? REFUSAL_REASON_LABELS[reason] : null, note: note || null }
        : { kind, state, reason: null, note: null },
    )
    .sort((a, b) => IMAGE_KINDS.indexOf(a.kind) - IMAGE_KINDS.indexOf(b.kind));
}

export interface StudentLookupServiceOptions {
  /** The university's IANA time zone: the calendar file's start is the period's start on its clock. */
  timeZone: string;
  /** `INTERVIEW_RESULT_VISIBLE`: whether the student sees the committee's decision once saved. */
  interviewResultVisible: boolean;
  /** `STUDENT_SECOND_FACTOR`: 'seatNo' asks for the imported seat number beside the national ID (issue 20). */
  studentSecondFactor: 'off' | 'seatNo';
}

export function studentLookupService(
  repository: StudentLookupRepository,
  options: StudentLookupServiceOptions,
) {
  // Chosen once: with the setting off the login runs exactly the statement it always ran, and nothing more. With
  // it on, a missing seat number runs the pair's statement too (as null, matching no row), so that a wrong or
  // missing seat number and an unknown national ID all cost one statement and get one answer.
  const find =
    options.studentSecondFactor === 'seatNo'
      ? (nationalId: string, seatNo: string | undefined) =>
          repository.findByNationalIdAndSeatNo(nationalId, seatNo ?? null)
      : (nationalId: string) => repository.findByNationalId(nationalId);

  return {
    /**
     * The login lookup by (already normalised) national ID, and seat number when the setting asks for it; 404
     * with an Arabic hint when not registered, or when the pair does not match.
     */
    async lookup(nationalId: string, seatNo?: string): Promise<StudentLookupResponse> {
      const student = await find(nationalId, seatNo);
      if (!student) throw new AppError(404, MESSAGES.studentNotRegistered);
      // One write in the student's life, not one per login (the login stays a single read; decision 10).
      if (student.firstLogin) await repository.markFirstLogin(student.id);
      const interviewDecision = options.interviewResultVisible ? student.interviewDecision : null;
      const appointment = appointmentOf(student);
      const documents = documentsOf(student.documents);
      return {
        status: 'success',
        _id: student.id,
        result: studentResult(student, interviewDecision),
        studentData: {
          isPassed: student.isPassed,
          isCompletedAdditionalQuestions: student.isCompletedAdditionalQuestions,
          isComplete: student.isComplete,
          college: student.college,
          socialWork: student.socialWork,
          tourism: student.tourism,
          ...appointment,
          documentsStatus: student.documentsStatus,
          documents,
          appointmentPlace: student.appointmentPlace,
          interviewDecision,
          formsDownloaded: student.formsDownloaded,
          dataDeadline: student.dataDeadline,
          progress: studentProgress({
            isPassed: student.isPassed,
            isCompletedAdditionalQuestions: student.isCompletedAdditionalQuestions,
            isComplete: student.isComplete,
            socialWork: student.socialWork,
            appointed: appointment.appointed,
            documentsStatus: student.documentsStatus,
            documents,
            formsDownloaded: student.formsDownloaded,
          }),
        },
      };
    },
  };
}
export type StudentLookupService = ReturnType<typeof studentLookupService>;
