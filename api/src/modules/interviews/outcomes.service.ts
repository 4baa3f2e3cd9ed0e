import {
  INTERVIEW_MESSAGES,
  type InterviewOutcome,
  type InterviewOutcomeInput,
  interviewTotal,
  MESSAGES,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import type { OutcomeRow } from './outcomes.repository.js';
import { actorOf, type PartDeps, type RequestContext, type Staff } from './service-deps.js';

export const toOutcome = (row: OutcomeRow): InterviewOutcome => ({
  attended: row.attended,
  scores: row.scores,
  total: row.total,
  decision: row.decision,
  notes: row.notes,
  recordedBy: row.recordedByUserName,
  recordedAt: row.recordedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** An outcome as the audit log keeps it (before and after a save): what was decided, not who or when. */
const auditedOutcome = (row: OutcomeRow | undefined) =>
  row
    ? {
        attended: row.attended,
        scores: row.scores,
        total: row.total,
        decision: row.decision,
        notes: row.notes,
      }
    : null;

/** The committee's outcome of a student's interview, recorded and corrected. */
export function outcomesService({ repository, audit }: PartDeps) {
  return {
    /**
     * `PUT /interviews/outcome/{studentId}`: records or corrects the outcome of an appointed student, in one
     * transaction with its audit row naming what it replaced.
     */
    async saveOutcome(
      staff: Staff,
      studentId: string,
      input: InterviewOutcomeInput,
      context: RequestContext,
    ): Promise<InterviewOutcome> {
      return repository.transaction(async (tx) => {
        if (!(await repository.lockStudent(tx, studentId)))
          throw new AppError(404, MESSAGES.studentRecordNotFound);
        if (!(await repository.isAppointed(tx, studentId)))
          throw new AppError(409, INTERVIEW_MESSAGES.interviewNotAppointed);
        const before = await repository.outcome(tx, studentId);
        const saved = await repository.saveOutcome(
          tx,
          studentId,
          { ...input, total: interviewTotal(input.scores) },
          actorOf(staff),
        );
        await audit(
          {
            actor: actorOf(staff),
            action: 'interviews.outcome',
            targetType: 'student',
            targetId: studentId,
            details: { before: auditedOutcome(before), after: auditedOutcome(saved) },
            ip: context.ip,
          },
          tx,
        );
        return toOutcome(saved);
      });
    },
  };
}
