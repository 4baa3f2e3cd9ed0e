import type { UploadStatus } from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { colleges } from '../../db/schema/index.js';
import type { ImportLiterals, RejectedRow } from './sheet-parser.js';

/** The audit action of an upload; its details also keep the rejected rows for the downloadable report. */
export const UPLOAD_AUDIT_ACTION = 'students.upload';

export interface ImportCounts {
  added: number;
  updated: number;
}

/** What an upload's audit row keeps for its report. */
export interface StoredImportReport {
  fileName: string;
  faculty: string;
  createdAt: Date;
  ignoredColumns: string[];
  rejections: RejectedRow[];
}

export function importsRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: DbExecutor) => Promise<T>) => db.transaction(work),

    /** The college an upload names, with whether it is hidden (issue 19: it then takes no new students). */
    async collegeByName(name: string): Promise<{ id: string; hidden: boolean } | undefined> {
      const [row] = await db
        .select({ id: colleges.id, hidden: colleges.hidden })
        .from(colleges)
        .where(eq(colleges.name, name));
      return row;
    },

    /**
     * Writes every accepted row in ONE set-based statement: the columns arrive as PostgreSQL array literals and
     * `unnest` turns them into rows, always into the current admission season; `ON CONFLICT` updates a national ID
     * already present in that season (the same ID in a closed season is another student's row). An update changes the
     * name, seat number, faculty and status (product decisions) plus the imported grades and gender, and never
     * data the student completed: a complete student's phone number stays the one the student entered, and the
     * entered grades live in other columns. A cell left empty in the file keeps what is stored.
     *
     * Rows are written in national-ID order (two imports of overlapping lists lock rows in the same order, so
     * they wait for each other instead of deadlocking), and a row the file does not change is not rewritten
     * (re-uploading a list costs no index churn). `xmax = 0` tells a fresh row from an updated one; a present
     * national ID counts as updated whether or not its values changed.
     */
    async upsertStudents(
      tx: DbExecutor,
      input: { collegeId: string; status: UploadStatus; literals: ImportLiterals },
    ): Promise<ImportCounts> {
      const { literals } = input;
      const result = await tx.execute<{ added: number; total: number }>(sql`
        WITH input AS (
          SELECT *
          FROM unnest(
            ${literals.nationalId}::text[], ${literals.name}::text[], ${literals.seatNo}::text[],
            ${literals.phoneNumber}::text[], ${literals.gender}::text[], ${literals.totalGrade}::numeric[],
            ${literals.percentage}::numeric[]
          ) AS t(national_id, name, seat_no, phone_number, gender, total_grade, percentage)
        ),
        written AS (
          INSERT INTO students AS s (
            national_id, season_id, name, seat_no, phone_number, gender, college_id, enrollment_status,
            imported_total_grade, imported_percentage
          )
          SELECT national_id, admission_current_season(), name, seat_no, phone_number, gender,
            ${input.collegeId}::uuid, ${input.status}, total_grade, percentage
          FROM input
          ORDER BY national_id
          ON CONFLICT (national_id, season_id) DO UPDATE SET
            name = excluded.name,
            seat_no = COALESCE(excluded.seat_no, s.seat_no),
            college_id = excluded.college_id,
            enrollment_status = excluded.enrollment_status,
            gender = COALESCE(excluded.gender, s.gender),
            phone_number = CASE WHEN s.is_complete THEN s.phone_number
              ELSE COALESCE(excluded.phone_number, s.phone_number) END,
            imported_total_grade = COALESCE(excluded.imported_total_grade, s.imported_total_grade),
            imported_percentage = COALESCE(excluded.imported_percentage, s.imported_percentage),
            updated_at = now()
          WHERE (s.name, s.seat_no, s.college_id, s.enrollment_status, s.gender, s.phone_number,
              s.imported_total_grade, s.imported_percentage)
            IS DISTINCT FROM (excluded.name, COALESCE(excluded.seat_no, s.seat_no), excluded.college_id,
              excluded.enrollment_status, COALESCE(excluded.gender, s.gender),
              CASE WHEN s.is_complete THEN s.phone_number ELSE COALESCE(excluded.phone_number, s.phone_number) END,
              COALESCE(excluded.imported_total_grade, s.imported_total_grade),
              COALESCE(excluded.imported_percentage, s.imported_percentage))
          RETURNING (xmax = 0) AS inserted
        )
        SELECT (SELECT count(*) FROM written WHERE inserted)::int AS added, (SELECT count(*) FROM input)::int AS total
      `);
      const [counts] = result.rows;
      const added = Number(counts?.added ?? 0);
      return { added, updated: Number(counts?.total ?? 0) - added };
    },

    /**
     * The report of a recent upload, found by the id its link carries. Only audit rows younger than a day are
     * searched (the link itself lives 10 minutes), so the created-at index keeps this cheap however long the
     * audit log grows.
     */
    async findReport(reportId: string): Promise<StoredImportReport | undefined> {
      const result = await db.execute<{ details: Record<string, unknown>; created_at: string | Date }>(sql`
        SELECT details, created_at FROM audit_log
        WHERE action = ${UPLOAD_AUDIT_ACTION}
          AND created_at > now() - interval '1 day'
          AND details->>'reportId' = ${reportId}
        LIMIT 1
      `);
      const [row] = result.rows;
      if (!row) return undefined;
      const details = row.details;
      return {
        fileName: String(details.fileName ?? ''),
        faculty: String(details.faculty ?? ''),
        createdAt: new Date(row.created_at),
        ignoredColumns: (details.ignoredColumns as string[] | undefined) ?? [],
        rejections: (details.rejections as RejectedRow[] | undefined) ?? [],
      };
    },
  };
}

export type ImportsRepository = ReturnType<typeof importsRepository>;
