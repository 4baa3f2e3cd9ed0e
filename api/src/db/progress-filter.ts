import { type FunnelState, type ProgressFlags, type ProgressStep, progressFlagsIn } from '@portal/common';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The students whose tracker shows `step` in `state` (issue 36), as an SQL condition on the students row `s` (a
 * table name or alias). It is not a second copy of the tracker's rule: the combinations of the tracker's inputs
 * that give that state come from `studentProgress` itself (`progressFlagsIn`), and the condition only asks
 * whether the student's inputs are one of them. The funnel's counts read the same inputs the same way, so the
 * student list, the staff message and the funnel select exactly the same students.
 */
export function progressCondition(s: SQL, step: ProgressStep, state: FunnelState): SQL {
  const combinations = progressFlagsIn(step, state);
  if (combinations.length === 0) return sql`false`;
  const row = (flags: ProgressFlags) =>
    sql.raw(
      `(${flags.isPassed}, ${flags.isCompletedAdditionalQuestions}, ${flags.isComplete}, '${flags.documentsStatus}', ${flags.socialWork}, ${flags.appointed}, ${flags.formsDownloaded})`,
    );
  return sql`(${s}.is_passed, ${s}.is_completed_additional_questions, ${s}.is_complete, ${s}.documents_status,
    (SELECT fc.social_work FROM colleges fc WHERE fc.id = ${s}.college_id),
    EXISTS (SELECT 1 FROM appointments fa WHERE fa.student_id = ${s}.id),
    ${s}.forms_downloaded_at IS NOT NULL) IN (${sql.join(combinations.map(row), sql`, `)})`;
}
