import type { DocumentsStatus, FunnelSeries, ImageKind, RefusalReason } from '@portal/common';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';

/** A season as the funnel names it. */
export interface FunnelSeasonRow {
  id: string;
  name: string;
  current: boolean;
  openedAt: Date;
  closedAt: Date | null;
}

export interface FunnelCollegeRow {
  id: string;
  name: string;
  socialWork: boolean;
  hidden: boolean;
  dataDeadline: Date | null;
}

/** Students of one college sharing every input of the tracker but the appointment. */
export interface ProgressGroupRow {
  collegeId: string;
  isPassed: boolean;
  isCompletedAdditionalQuestions: boolean;
  isComplete: boolean;
  documentsStatus: DocumentsStatus;
  formsDownloaded: boolean;
  /** How many students the group holds, and how many of them have an interview appointment. */
  students: number;
  appointed: number;
}

export interface RefusalRow {
  collegeId: string;
  kind: ImageKind;
  reason: RefusalReason | null;
  count: number;
}

export interface DailyRow {
  series: FunnelSeries;
  day: string;
  count: number;
}

/** The colleges to read: a list of ids, or every college (null). */
export type CollegeIds = readonly string[] | null;

/** Rows of one season (and colleges) of the students table `s`. */
function ofScope(seasonId: string, collegeIds: CollegeIds, s = sql`s`): SQL {
  const season = sql`${s}.season_id = ${seasonId}::uuid`;
  if (collegeIds === null) return season;
  return sql`${season} AND ${s}.college_id = ANY(${sql.param([...collegeIds])}::uuid[])`;
}

/** The tracker's inputs kept in the students row, named; grouped on as `GROUP BY 1, 2, 3, 4, 5, 6`. */
const GROUP_KEYS = sql`s.college_id, s.is_passed, s.is_completed_additional_questions, s.is_complete,
  s.documents_status, s.forms_downloaded_at IS NOT NULL AS forms_downloaded`;

export function funnelRepository(db: Database) {
  return {
    /** The named season, or the current one for null; undefined for an unknown id. */
    async season(seasonId: string | null): Promise<FunnelSeasonRow | undefined> {
      const { rows } = await db.execute<FunnelSeasonRow & Record<string, unknown>>(sql`
        SELECT id, name, closed_at IS NULL AS current, opened_at AS "openedAt", closed_at AS "closedAt"
        FROM admission_seasons WHERE id = coalesce(${seasonId}::uuid, admission_current_season())`);
      const row = rows[0];
      return (
        row && { ...row, openedAt: new Date(row.openedAt), closedAt: row.closedAt && new Date(row.closedAt) }
      );
    },

    /** Every college in the colleges' order. */
    async colleges(): Promise<FunnelCollegeRow[]> {
      const { rows } = await db.execute<FunnelCollegeRow & Record<string, unknown>>(sql`
        SELECT id, name, social_work AS "socialWork", hidden, data_deadline AS "dataDeadline"
        FROM colleges ORDER BY sort_order, name`);
      return rows.map((row) => ({ ...row, dataDeadline: row.dataDeadline && new Date(row.dataDeadline) }));
    },

    /**
     * The season's students grouped by the tracker's inputs: an index-only scan of students_funnel_idx
     * (a few hundred groups at most, whatever the number of students). The appointment lives in its own table, so
     * the appointed students are counted by a second grouping that starts from the appointments (few: social
     * work only) and reaches each student by its primary key; no student row is read for the others.
     */
    async progressGroups(seasonId: string, collegeIds: CollegeIds): Promise<ProgressGroupRow[]> {
      const { rows } = await db.execute<ProgressGroupRow & Record<string, unknown>>(sql`
        WITH everyone AS (
          SELECT ${GROUP_KEYS}, count(*)::int AS students FROM students s
          WHERE ${ofScope(seasonId, collegeIds)} GROUP BY 1, 2, 3, 4, 5, 6
        ), appointed AS (
          SELECT ${GROUP_KEYS}, count(*)::int AS appointed
          FROM appointments a JOIN students s ON s.id = a.student_id
          WHERE ${ofScope(seasonId, collegeIds)} GROUP BY 1, 2, 3, 4, 5, 6
        )
        SELECT e.college_id AS "collegeId", e.is_passed AS "isPassed",
          e.is_completed_additional_questions AS "isCompletedAdditionalQuestions", e.is_complete AS "isComplete",
          e.documents_status AS "documentsStatus", e.forms_downloaded AS "formsDownloaded", e.students,
          coalesce(a.appointed, 0) AS appointed
        FROM everyone e LEFT JOIN appointed a USING (college_id, is_passed, is_completed_additional_questions,
          is_complete, documents_status, forms_downloaded)`);
      return rows;
    },

    /**
     * Documents refused now, per college, kind and reason. The refused rows are few (the partial index
     * student_images_refused_idx): each reaches its student by the primary key. LIMIT 1 keeps that a nested loop;
     * as a plain join the planner hashed the whole season's students instead (168 ms against 66 at 100,000).
     */
    async refusals(seasonId: string, collegeIds: CollegeIds): Promise<RefusalRow[]> {
      const { rows } = await db.execute<RefusalRow & Record<string, unknown>>(sql`
        SELECT s.college_id AS "collegeId", i.kind, i.review_reason AS reason, count(*)::int AS count
        FROM student_images i
        JOIN LATERAL (
          SELECT s.college_id FROM students s WHERE s.id = i.student_id AND ${ofScope(seasonId, collegeIds)} LIMIT 1
        ) s ON true
        WHERE i.review_status = 'rejected'
        GROUP BY s.college_id, i.kind, i.review_reason
        ORDER BY count DESC, i.kind, i.review_reason`);
      return rows;
    },

    /**
     * Per day of the university's clock from `from` to `to` (both counted), how many of the season's students
     * were imported, logged in first, completed their data, had all documents accepted and were interviewed.
     * Each day of a series is one index-only range count on an index that leads with (season_id, instant) and
     * holds the college: nothing is computed per student row (grouping 100,000 rows by their local day cost
     * three to six times as much), and the series run side by side.
     */
    async daily(
      seasonId: string,
      collegeIds: CollegeIds,
      range: { from: string; to: string },
      timeZone: string,
    ): Promise<DailyRow[]> {
      const days = sql`generate_series(${range.from}::date, ${range.to}::date, interval '1 day') AS d(day)`;
      const start = sql`(d.day::date::timestamp AT TIME ZONE ${timeZone})`;
      const end = sql`((d.day::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
      const series = (name: FunnelSeries, column: string) => {
        const at = sql.raw(`s.${column}`);
        return db.execute<DailyRow & Record<string, unknown>>(sql`
          SELECT ${name}::text AS series, d.day::date::text AS day,
            (SELECT count(*)::int FROM students s
             WHERE ${ofScope(seasonId, collegeIds)} AND ${at} >= ${start} AND ${at} < ${end}) AS count
          FROM ${days}`);
      };
      // Few rows (social work's interviews): grouped by their day.
      const interviewed = db.execute<DailyRow & Record<string, unknown>>(sql`
        SELECT 'interviewed' AS series, (o.recorded_at AT TIME ZONE ${timeZone})::date::text AS day,
          count(*)::int AS count
        FROM interview_outcomes o JOIN students s ON s.id = o.student_id
        WHERE o.attended AND ${ofScope(seasonId, collegeIds)}
          AND o.recorded_at >= (${range.from}::date::timestamp AT TIME ZONE ${timeZone})
          AND o.recorded_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})
        GROUP BY 2`);
      const results = await Promise.all([
        series('imported', 'created_at'),
        series('firstLogin', 'first_login_at'),
        series('dataCompleted', 'completed_at'),
        series('documentsAccepted', 'documents_accepted_at'),
        interviewed,
      ]);
      return results.flatMap((result) => result.rows);
    },

    /**
     * Median days from import to complete data, and from complete data to all documents accepted, over the
     * season's students who got there (index-only on the partial indexes that hold both instants).
     */
    async medianDays(
      seasonId: string,
      collegeIds: CollegeIds,
    ): Promise<{ importToComplete: number | null; completeToAccepted: number | null }> {
      const median = (later: string, earlier: string) =>
        sql.raw(
          `percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM s.${later} - s.${earlier}) / 86400)`,
        );
      const { rows } = await db.execute<{
        importToComplete: number | null;
        completeToAccepted: number | null;
      }>(sql`
        SELECT
          (SELECT ${median('completed_at', 'created_at')} FROM students s
            WHERE ${ofScope(seasonId, collegeIds)} AND s.completed_at IS NOT NULL) AS "importToComplete",
          (SELECT ${median('documents_accepted_at', 'completed_at')} FROM students s
            WHERE ${ofScope(seasonId, collegeIds)} AND s.documents_accepted_at IS NOT NULL) AS "completeToAccepted"`);
      const row = rows[0];
      return {
        importToComplete: row?.importToComplete ?? null,
        completeToAccepted: row?.completeToAccepted ?? null,
      };
    },
  };
}
export type FunnelRepository = ReturnType<typeof funnelRepository>;
