import { sql } from 'drizzle-orm';
import type { DbExecutor } from './executor.js';
import { studentImages, students } from './schema/index.js';

/**
 * The rule of `documentsStatusOf` (common/documents-status.ts) in SQL, over the student's image rows: `none`
 * before the data is complete, `needsReupload` while any document is refused, `pending` while any awaits review
 * or fewer than six are stored, `accepted` once all six are accepted.
 */
const statusOfStudent = sql`CASE
  WHEN NOT ${students.isComplete} THEN 'none'
  WHEN bool_or(i.review_status = 'rejected') THEN 'needsReupload'
  WHEN count(i.*) < 6 OR bool_or(i.review_status = 'pending') THEN 'pending'
  ELSE 'accepted' END`;

/**
 * Recomputes the student's kept documents status and awaiting count from its image rows. Called inside every
 * transaction that changes a student's images, completeness or reviews, after the change; `bumpVersion` also
 * moves the review version on, so a review based on what a reviewer saw before is refused. It also keeps the instant
 * the documents became all accepted (the admission funnel's series, issue 36).
 */
export async function refreshDocumentsStatus(
  tx: DbExecutor,
  studentId: string,
  { bumpVersion }: { bumpVersion: boolean },
): Promise<void> {
  await tx.execute(sql`
    UPDATE ${students} SET
      documents_status = computed.status,
      documents_awaiting = computed.awaiting,
      -- The funnel's 'all documents accepted' day (issue 36): kept while accepted, cleared when it leaves.
      documents_accepted_at = CASE
        WHEN computed.status <> 'accepted' THEN NULL
        ELSE coalesce(${students.documentsAcceptedAt}, now()) END,
      review_version = ${students.reviewVersion} + ${bumpVersion ? 1 : 0}
    FROM (
      SELECT ${statusOfStudent} AS status,
        count(i.*) FILTER (WHERE i.review_status = 'pending')::smallint AS awaiting
      FROM ${students} LEFT JOIN ${studentImages} i ON i.student_id = ${students.id}
      WHERE ${students.id} = ${studentId}
      GROUP BY ${students.id}
    ) AS computed
    WHERE ${students.id} = ${studentId}`);
}
