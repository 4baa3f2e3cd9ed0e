import type { InterviewCounts, InterviewDecision, InterviewScores, Period } from '@portal/common';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/executor.js';
import { linkOwner } from '../../db/link-owner.js';
import { type OutboxMessage, queueNotifications } from '../../db/notification-outbox.js';
import type { Database } from '../../db/pool.js';
import { readInBatches } from '../../db/read-in-batches.js';
import {
  appointments,
  colleges,
  interviewOutcomes,
  interviewSlots,
  students,
} from '../../db/schema/index.js';
import type { BookingStudent } from './interviews.rules.js';

/** A slot with the students who booked it. */
export interface SlotRow {
  id: string;
  day: string;
  period: Period;
  capacity: number;
  place: string;
  closed: boolean;
  booked: number;
}

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

export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** The PostgreSQL error of a unique index, with the index's name (node-postgres' `constraint`). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505' && current.constraint === constraint) return true;
    current = current.cause as typeof current;
  }
  return false;
}
const SLOT_PLACE_KEY = 'interview_slots_day_period_place_key';

const slotColumns = {
  id: interviewSlots.id,
  day: interviewSlots.day,
  period: interviewSlots.period,
  capacity: interviewSlots.capacity,
  place: interviewSlots.place,
  closed: interviewSlots.closed,
};
/** The slot's bookings, read through appointments_slot_idx. */
const bookedCount = sql<number>`(SELECT count(*)::int FROM ${appointments} WHERE ${appointments.slotId} = ${interviewSlots.id})`;

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

function inRange(column: typeof appointments.appointedDay | typeof interviewSlots.day, range: DateRange) {
  return and(range.from ? gte(column, range.from) : undefined, range.to ? lte(column, range.to) : undefined);
}

/** What the booking rules read of a student, with `appointments`, its slot and `interview_outcomes` joined. */
const bookingStudentColumns = {
  socialWork: colleges.socialWork,
  isComplete: students.isComplete,
  slotId: appointments.slotId,
  day: appointments.appointedDay,
  hour: appointments.appointedHour,
  place: interviewSlots.place,
  outcomeRecorded: sql<boolean>`${interviewOutcomes.studentId} IS NOT NULL`,
};

function asBookingStudent(row: {
  socialWork: boolean;
  isComplete: boolean;
  slotId: string | null;
  day: string | null;
  hour: number | null;
  place: string | null;
  outcomeRecorded: boolean;
}): BookingStudent & { place: string | null } {
  return {
    socialWork: row.socialWork,
    isComplete: row.isComplete,
    appointment:
      row.day !== null && row.hour !== null
        ? { slotId: row.slotId, day: row.day, hour: row.hour as Period }
        : null,
    outcomeRecorded: row.outcomeRecorded,
    place: row.place,
  };
}

const asSlot = (row: Omit<SlotRow, 'period'> & { period: number }): SlotRow => ({
  ...row,
  period: row.period as Period,
});

export function interviewsRepository(db: Database) {
  return {
    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Publishes a slot; undefined when the place is already published for that day and period. */
    async insertSlot(
      tx: DbExecutor,
      slot: { day: string; period: Period; capacity: number; place: string; createdBy: string },
    ): Promise<SlotRow | undefined> {
      const [row] = await tx
        .insert(interviewSlots)
        .values(slot)
        .onConflictDoNothing({ target: [interviewSlots.day, interviewSlots.period, interviewSlots.place] })
        .returning(slotColumns);
      return row ? asSlot({ ...row, booked: 0 }) : undefined;
    },

    /**
     * Locks the slot (`FOR UPDATE`) and then counts its bookings in a statement of its own: under READ
     * COMMITTED a later statement sees every booking committed by whoever held the lock before, which the
     * statement that waited for the lock would not. Every booking of a slot is written under this lock.
     */
    async lockSlot(tx: DbExecutor, id: string): Promise<SlotRow | undefined> {
      const [row] = await tx
        .select(slotColumns)
        .from(interviewSlots)
        .where(eq(interviewSlots.id, id))
        .for('update');
      if (!row) return undefined;
      const [count] = await tx
        .select({ booked: sql<number>`count(*)::int` })
        .from(appointments)
        .where(eq(appointments.slotId, id));
      return asSlot({ ...row, booked: count?.booked ?? 0 });
    },

    /** Changes a locked slot; 'duplicate' when the new place is already published for its day and period. */
    async updateSlot(
      tx: DbExecutor,
      id: string,
      changes: { capacity?: number | undefined; place?: string | undefined; closed?: boolean | undefined },
    ): Promise<'duplicate' | undefined> {
      try {
        await tx
          .update(interviewSlots)
          .set({
            ...(changes.capacity !== undefined ? { capacity: changes.capacity } : {}),
            ...(changes.place !== undefined ? { place: changes.place } : {}),
            ...(changes.closed !== undefined ? { closed: changes.closed } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(interviewSlots.id, id));
        return undefined;
      } catch (error) {
        if (isUniqueViolation(error, SLOT_PLACE_KEY)) return 'duplicate';
        throw error;
      }
    },

    /** The slots of the days in the range with their bookings, by day, period and place. */
    async slots(range: DateRange): Promise<SlotRow[]> {
      const rows = await db
        .select({ ...slotColumns, booked: bookedCount })
        .from(interviewSlots)
        .where(inRange(interviewSlots.day, range))
        .orderBy(asc(interviewSlots.day), asc(interviewSlots.period), asc(interviewSlots.place));
      return rows.map(asSlot);
    },

    /** Open slots from the day on (the caller drops those already started or full). */
    async openSlotsFrom(day: string): Promise<SlotRow[]> {
      const rows = await db
        .select({ ...slotColumns, booked: bookedCount })
        .from(interviewSlots)
        .where(and(gte(interviewSlots.day, day), eq(interviewSlots.closed, false)))
        .orderBy(asc(interviewSlots.day), asc(interviewSlots.period), asc(interviewSlots.place));
      return rows.map(asSlot);
    },

    /**
     * Locks the student's row, so that its bookings, cancellations, outcome saves and a staff 'appoint N' (which
     * skips locked students) follow one another. What the student holds is read afterwards, in a statement of
     * its own, so that it sees what the transaction it waited for committed. False: no such student.
     */
    async lockStudent(tx: DbExecutor, id: string): Promise<boolean> {
      const rows = await tx
        .select({ id: students.id })
        .from(students)
        .where(eq(students.id, id))
        .for('update');
      return rows.length > 0;
    },

    /** The student as the booking rules see it, with its booking's place; undefined for no such student. */
    async bookingStudent(
      id: string,
      executor: DbExecutor = db,
    ): Promise<(BookingStudent & { place: string | null }) | undefined> {
      const [row] = await executor
        .select(bookingStudentColumns)
        .from(students)
        .innerJoin(colleges, eq(colleges.id, students.collegeId))
        .leftJoin(appointments, eq(appointments.studentId, students.id))
        .leftJoin(interviewSlots, eq(interviewSlots.id, appointments.slotId))
        .leftJoin(interviewOutcomes, eq(interviewOutcomes.studentId, students.id))
        .where(eq(students.id, id));
      return row ? asBookingStudent(row) : undefined;
    },

    /**
     * The student as the booking rules see it and the slot it asks for with its bookings, as last committed and
     * without a lock, in one statement: what is refused from this alone was so at that instant, so a crowd
     * asking for a full slot is answered without queueing on the slot's lock. Undefined: no such student.
     */
    async bookingView(
      studentId: string,
      slotId: string,
    ): Promise<
      { student: BookingStudent & { place: string | null }; slot: SlotRow | undefined } | undefined
    > {
      const target = alias(interviewSlots, 'target');
      const [row] = await db
        .select({
          ...bookingStudentColumns,
          slot: {
            id: target.id,
            day: target.day,
            period: target.period,
            capacity: target.capacity,
            place: target.place,
            closed: target.closed,
            booked: sql<number>`(SELECT count(*)::int FROM ${appointments} WHERE ${appointments.slotId} = ${target.id})`,
          },
        })
        .from(students)
        .innerJoin(colleges, eq(colleges.id, students.collegeId))
        .leftJoin(appointments, eq(appointments.studentId, students.id))
        .leftJoin(interviewSlots, eq(interviewSlots.id, appointments.slotId))
        .leftJoin(interviewOutcomes, eq(interviewOutcomes.studentId, students.id))
        .leftJoin(target, eq(target.id, slotId))
        .where(eq(students.id, studentId));
      if (!row) return undefined;
      return {
        student: asBookingStudent(row),
        slot: row.slot && row.slot.id !== null ? asSlot(row.slot) : undefined,
      };
    },

    /** The student's first booking. False when the student has an appointment after all (the primary key). */
    async insertBooking(tx: DbExecutor, studentId: string, slot: SlotRow): Promise<boolean> {
      const rows = await tx
        .insert(appointments)
        .values({ studentId, appointedDay: slot.day, appointedHour: slot.period, slotId: slot.id })
        .onConflictDoNothing({ target: appointments.studentId })
        .returning({ studentId: appointments.studentId });
      return rows.length > 0;
    },

    /** Moves the student's booking from one slot to another; false when it is no longer in `fromSlotId`. */
    async moveBooking(
      tx: DbExecutor,
      studentId: string,
      fromSlotId: string,
      slot: SlotRow,
    ): Promise<boolean> {
      const rows = await tx
        .update(appointments)
        .set({ appointedDay: slot.day, appointedHour: slot.period, slotId: slot.id, createdAt: sql`now()` })
        .where(and(eq(appointments.studentId, studentId), eq(appointments.slotId, fromSlotId)))
        .returning({ studentId: appointments.studentId });
      return rows.length > 0;
    },

    /** Queues messages to students (issue 17) in the transaction of the change that causes them. */
    queueNotifications(tx: DbExecutor, messages: readonly OutboxMessage[]): Promise<void> {
      return queueNotifications(tx, messages);
    },

    /** Cancels the student's booking of the slot; false when it is no longer there. */
    async deleteBooking(tx: DbExecutor, studentId: string, slotId: string): Promise<boolean> {
      const rows = await tx
        .delete(appointments)
        .where(and(eq(appointments.studentId, studentId), eq(appointments.slotId, slotId)))
        .returning({ studentId: appointments.studentId });
      return rows.length > 0;
    },

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

    /** The appointed students of the range with their outcomes, batch by batch (a cursor); answers the count. */
    /** How many students the outcomes export of the range holds (one row each). */
    async countOutcomes(range: DateRange): Promise<number> {
      const { rows } = await db.execute(sql`
        SELECT count(*)::int AS n FROM appointments a
        WHERE (${range.from ?? null}::date IS NULL OR a.appointed_day >= ${range.from ?? null}::date)
          AND (${range.to ?? null}::date IS NULL OR a.appointed_day <= ${range.to ?? null}::date)`);
      return (rows[0] as { n: number }).n;
    },

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
export type InterviewsRepository = ReturnType<typeof interviewsRepository>;
