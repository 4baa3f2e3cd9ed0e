import type { Period } from '@portal/common';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/executor.js';
import { type OutboxMessage, queueNotifications } from '../../db/notification-outbox.js';
import type { Database } from '../../db/pool.js';
import {
  appointments,
  colleges,
  interviewOutcomes,
  interviewSlots,
  students,
} from '../../db/schema/index.js';
import type { BookingStudent } from './interviews.rules.js';
import { asSlot, type SlotRow } from './slots.repository.js';

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

/** The student's side: its lock, what the booking rules read of it, and its booking written or removed. */
export function bookingRepository(db: Database) {
  return {
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
  };
}
