import type { Period, ScheduleCounts } from '@portal/common';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import { queueNotificationForStudents } from '../../db/notification-outbox.js';
import type { Database } from '../../db/pool.js';

/** One student of the printed schedule list. */
export interface ScheduledStudent {
  name: string;
  nationalId: string;
  phoneNumber: string | null;
  college: string;
  /** The booked interview slot's place (issue 18), or null for a student appointed by 'appoint N'. */
  place: string | null;
}

/** What one appointing round did: how many waiting students it locked, and which it appointed. */
export interface AppointRound {
  picked: number;
  appointedIds: string[];
}

/**
 * Waiting (product decisions): a student of a social-work college (`colleges.social_work`) with complete data
 * and no appointment. `s` is the students table.
 */
const waiting: SQL = sql`s.is_complete
  AND s.season_id = admission_current_season()
  AND s.college_id IN (SELECT c.id FROM colleges c WHERE c.social_work)
  AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.student_id = s.id)`;

export function schedulingRepository(db: Database) {
  return {
    /** Appointed on the day at 9:00 and at 12:00 (index appointments_day_idx), and waiting on any day. */
    async counts(date: string, executor: DbExecutor = db): Promise<ScheduleCounts> {
      const result = await executor.execute<{
        students9: number;
        students12: number;
        studentsWaiting: number;
      }>(sql`
        SELECT
          (SELECT count(*) FROM appointments WHERE appointed_day = ${date}::date AND appointed_hour = 9)::int
            AS "students9",
          (SELECT count(*) FROM appointments WHERE appointed_day = ${date}::date AND appointed_hour = 12)::int
            AS "students12",
          (SELECT count(*) FROM students s WHERE ${waiting})::int AS "studentsWaiting"`);
      const row = result.rows[0];
      return {
        students9: row?.students9 ?? 0,
        students12: row?.students12 ?? 0,
        studentsWaiting: row?.studentsWaiting ?? 0,
      };
    },

    /**
     * One appointing round, one statement: locks up to `limit` waiting students, earliest to complete first
     * (`scheduling.rules.ts`, `compareWaiting`), skipping rows another transaction holds (`FOR UPDATE SKIP
     * LOCKED`: a concurrent call takes the next ones instead of waiting or taking the same), and appoints them
     * with one set-based `INSERT … SELECT`. A student whose appointment a concurrent call committed after this
     * statement's snapshot is left out by `ON CONFLICT DO NOTHING` (the primary key on student_id makes a second
     * appointment impossible); the caller then runs another round.
     */
    async appointRound(
      tx: DbExecutor,
      input: { date: string; period: Period; limit: number; appointedBy: string | null },
    ): Promise<AppointRound> {
      const result = await tx.execute<{ picked: number; ids: string[] | null }>(sql`
        WITH picked AS (
          SELECT s.id FROM students s
          WHERE ${waiting}
          ORDER BY s.completed_at ASC NULLS LAST, s.id
          LIMIT ${input.limit}
          FOR UPDATE OF s SKIP LOCKED
        ), appointed AS (
          INSERT INTO appointments (student_id, appointed_day, appointed_hour, appointed_by)
          SELECT id, ${input.date}::date, ${input.period}, ${input.appointedBy}::uuid FROM picked
          ON CONFLICT (student_id) DO NOTHING
          RETURNING student_id
        )
        SELECT (SELECT count(*) FROM picked)::int AS picked,
               (SELECT array_agg(student_id::text) FROM appointed) AS ids`);
      const row = result.rows[0];
      return { picked: row?.picked ?? 0, appointedIds: row?.ids ?? [] };
    },

    /**
     * Queues the `interviewAppointed` message of the students just appointed on the day in the period (issue
     * 17), in one statement for all of them, in the transaction that appointed them.
     */
    queueAppointed(
      tx: DbExecutor,
      studentIds: readonly string[],
      appointment: { date: string; period: Period },
    ): Promise<void> {
      return queueNotificationForStudents(tx, studentIds, {
        event: 'interviewAppointed',
        dedupeKey: `interviewAppointed:${appointment.date}:${appointment.period}`,
        payload: { day: appointment.date, hour: appointment.period, place: null },
      });
    },

    /**
     * The students appointed on the day in the period, however appointed ('appoint N' or their own booking of a
     * slot), by (normalised) name, with the booked slot's place.
     */
    async scheduledStudents(date: string, period: Period): Promise<ScheduledStudent[]> {
      const result = await db.execute<ScheduledStudent & Record<string, unknown>>(sql`
        SELECT s.name, s.national_id AS "nationalId", s.phone_number AS "phoneNumber", c.name AS college,
               sl.place
        FROM appointments a
        JOIN students s ON s.id = a.student_id
        JOIN colleges c ON c.id = s.college_id
        LEFT JOIN interview_slots sl ON sl.id = a.slot_id
        WHERE a.appointed_day = ${date}::date AND a.appointed_hour = ${period}
        ORDER BY s.name_search, s.name, s.id`);
      return result.rows;
    },

    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
  };
}
export type SchedulingRepository = ReturnType<typeof schedulingRepository>;
