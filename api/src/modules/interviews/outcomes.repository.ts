import type { InterviewCounts, InterviewDecision, InterviewScores, Period } from '@portal/common';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import { linkOwner } from '../../db/link-owner.js';
import type { Database } from '../../db/pool.js';
import { readInBatches } from '../../db/read-in-batches.js';
import { appointments, interviewOutcomes, interviewSlots, students } from '../../db/schema/index.js';
import type { DateRange } from './interviews.repository.js';

/** A saved outcome as stored. */
export interface OutcomeRow {
  attended: boolean;
  scores: InterviewScores;
  total: number | null;
  decision: InterviewDecision | null;
  notes: string | null;
  recordedByUserName: string | null;
  recordedAt: Date;
  updatedAt: Date;
}

/** One student of the day list. */
export interface DayRow {
  studentId: string;
  name: string;
  nationalId: string;
  phoneNumber: string | null;
  day: string;
  period: Period;
  place: string | null;
  slotId: string | null;
  outcome: OutcomeRow | null;
}

/** One row of the outcomes export, in the export's column order (interview-export.ts). */
export interface ExportRow {
  name: string;
  nationalId: string;
  phoneNumber: string | null;
  day: string;
  period: Period;
  place: string | null;
  attended: boolean | null;
  scores: InterviewScores | null;
  total: number | null;
  decision: InterviewDecision | null;
  notes: string | null;
  recordedBy: string | null;
  updatedAt: Date | string | null;
}

const outcomeColumns = {
  attended: interviewOutcomes.attended,
  scores: interviewOutcomes.scores,
  total: interviewOutcomes.total,
  decision: interviewOutcomes.decision,
  notes: interviewOutcomes.notes,
  recordedByUserName: interviewOutcomes.recordedByUserName,
  recordedAt: interviewOutcomes.recordedAt,
  updatedAt: interviewOutcomes.updatedAt,
};

/** The appointed students with their outcomes: the day list, the outcome saved, the statistics and the export. */
export function outcomesRepository(db: Database) {
  return {
    /** The students appointed on the day (in the period, or both), by period, place and name. */
    async day(date: string, period: Period | undefined): Promise<DayRow[]> {
      const rows = await db
        .select({
          studentId: students.id,
          name: students.name,
          nationalId: students.nationalId,
          phoneNumber: students.phoneNumber,
          day: appointments.appointedDay,
          period: appointments.appointedHour,
          place: interviewSlots.place,
          slotId: appointments.slotId,
          outcomeStudent: interviewOutcomes.studentId,
          ...outcomeColumns,
        })
        .from(appointments)
        .innerJoin(students, eq(students.id, appointments.studentId))
        .leftJoin(interviewSlots, eq(interviewSlots.id, appointments.slotId))
        .leftJoin(interviewOutcomes, eq(interviewOutcomes.studentId, appointments.studentId))
        .where(
          and(
            eq(appointments.appointedDay, date),
            period === undefined ? undefined : eq(appointments.appointedHour, period),
          ),
        )
        .orderBy(
          asc(appointments.appointedHour),
          sql`${interviewSlots.place} NULLS LAST`,
          asc(students.nameSearch),
          asc(students.name),
          asc(students.id),
        );
      return rows.map((row) => ({
        studentId: row.studentId,
        name: row.name,
        nationalId: row.nationalId,
        phoneNumber: row.phoneNumber,
        day: row.day,
        period: row.period as Period,
        place: row.place,
        slotId: row.slotId,
        outcome:
          row.outcomeStudent === null
            ? null
            : {
                attended: row.attended as boolean,
                scores: row.scores as InterviewScores,
                total: row.total,
                decision: row.decision,
                notes: row.notes,
                recordedByUserName: row.recordedByUserName,
                recordedAt: row.recordedAt as Date,
                updatedAt: row.updatedAt as Date,
              },
      }));
    },

    /** Whether the student holds an appointment, however made. */
    async isAppointed(tx: DbExecutor, studentId: string): Promise<boolean> {
      const rows = await tx
        .select({ id: appointments.studentId })
        .from(appointments)
        .where(eq(appointments.studentId, studentId));
      return rows.length > 0;
    },

    async outcome(tx: DbExecutor, studentId: string): Promise<OutcomeRow | undefined> {
      const [row] = await tx
        .select(outcomeColumns)
        .from(interviewOutcomes)
        .where(eq(interviewOutcomes.studentId, studentId));
      return row ? { ...row, scores: row.scores as InterviewScores } : undefined;
    },

    /** Saves the outcome over any earlier one, keeping when it was first recorded. */
    async saveOutcome(
      tx: DbExecutor,
      studentId: string,
      outcome: Omit<OutcomeRow, 'recordedAt' | 'updatedAt' | 'recordedByUserName'>,
      recorder: { id: string; userName: string },
    ): Promise<OutcomeRow> {
      const values = {
        attended: outcome.attended,
        scores: outcome.scores as Record<string, number>,
        total: outcome.total,
        decision: outcome.decision,
        notes: outcome.notes,
        recordedBy: recorder.id,
        recordedByUserName: recorder.userName,
      };
      const [row] = await tx
        .insert(interviewOutcomes)
        .values({ studentId, ...values })
        .onConflictDoUpdate({
          target: interviewOutcomes.studentId,
          set: { ...values, updatedAt: sql`now()` },
        })
        .returning(outcomeColumns);
      if (!row) throw new Error('outcome not saved');
      return { ...row, scores: row.scores as InterviewScores };
    },

    /** The counts of each day with appointments in the range (appointments_day_idx), by day. */
    async statistics(range: DateRange): Promise<(InterviewCounts & { date: string })[]> {
      const result = await db.execute<InterviewCounts & { date: string }>(sql`
        SELECT a.appointed_day::text AS date,
               count(*)::int AS appointed,
               count(*) FILTER (WHERE o.attended)::int AS attended,
               count(*) FILTER (WHERE NOT o.attended)::int AS absent,
               count(*) FILTER (WHERE o.decision = 'suitable')::int AS suitable,
               count(*) FILTER (WHERE o.decision = 'notSuitable')::int AS "notSuitable",
               count(*) FILTER (WHERE o.student_id IS NULL)::int AS "notRecorded"
        FROM appointments a
        LEFT JOIN interview_outcomes o ON o.student_id = a.student_id
        WHERE (${range.from ?? null}::date IS NULL OR a.appointed_day >= ${range.from ?? null}::date)
          AND (${range.to ?? null}::date IS NULL OR a.appointed_day <= ${range.to ?? null}::date)
        GROUP BY a.appointed_day
        ORDER BY a.appointed_day`);
      return result.rows;
    },

    /** How many students the outcomes export of the range holds (one row each). */
    async countOutcomes(range: DateRange): Promise<number> {
      const { rows } = await db.execute(sql`
        SELECT count(*)::int AS n FROM appointments a
        WHERE (${range.from ?? null}::date IS NULL OR a.appointed_day >= ${range.from ?? null}::date)
          AND (${range.to ?? null}::date IS NULL OR a.appointed_day <= ${range.to ?? null}::date)`);
      return (rows[0] as { n: number }).n;
    },

    /** The appointed students of the range with their outcomes, batch by batch (a cursor); answers the count. */
    streamOutcomes(range: DateRange, onBatch: (rows: ExportRow[]) => Promise<void>): Promise<number> {
      const query: SQL = sql`
        SELECT s.name, s.national_id AS "nationalId", s.phone_number AS "phoneNumber",
               a.appointed_day::text AS day, a.appointed_hour AS period, sl.place,
               o.attended, o.scores, o.total, o.decision, o.notes,
               o.recorded_by_user_name AS "recordedBy", o.updated_at AS "updatedAt"
        FROM appointments a
        JOIN students s ON s.id = a.student_id
        LEFT JOIN interview_slots sl ON sl.id = a.slot_id
        LEFT JOIN interview_outcomes o ON o.student_id = a.student_id
        WHERE (${range.from ?? null}::date IS NULL OR a.appointed_day >= ${range.from ?? null}::date)
          AND (${range.to ?? null}::date IS NULL OR a.appointed_day <= ${range.to ?? null}::date)
        ORDER BY a.appointed_day, a.appointed_hour, sl.place NULLS LAST, s.name_search, s.name, s.id`;
      return readInBatches<ExportRow>(db, query, onBatch);
    },

    /** The account a link was made for, as it is now (`db/link-owner.ts`). */
    staffForLink: (id: string) => linkOwner(db, id),
  };
}
