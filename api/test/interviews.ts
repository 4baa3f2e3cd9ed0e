import { addDays, nextSchedulingDay, type Period } from '@portal/common';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app.js';
import type { Database } from '../src/db/pool.js';
import { appointments, interviewSlots } from '../src/db/schema/index.js';
import { universityToday } from '../src/modules/scheduling/scheduling.rules.js';
import { insertWaitingStudents } from '../src/modules/scheduling/testing/waiting-students.js';
import { studentCookie } from './student-access.js';

export { insertWaitingStudents, SOCIAL_WORK } from '../src/modules/scheduling/testing/waiting-students.js';

/** The default university zone and weekend of a test app (no UNIVERSITY_TIMEZONE, no INTERVIEW_WEEKEND_DAYS). */
export const TEST_TIME_ZONE = 'Africa/Cairo';
export const TEST_WEEKEND = [5, 6];

/** A working day at least `daysAhead` days after the university's today: its periods are more than 24 h away. */
export function workingDay(daysAhead = 3, now = new Date()): string {
  return nextSchedulingDay(addDays(universityToday(now, TEST_TIME_ZONE), daysAhead), TEST_WEEKEND);
}

/** Publishes a slot straight into the database (no audit row); answers its id. */
export async function insertSlot(
  db: Database,
  slot: { day: string; period?: Period; capacity?: number; place?: string; closed?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(interviewSlots)
    .values({
      day: slot.day,
      period: slot.period ?? 9,
      capacity: slot.capacity ?? 10,
      place: slot.place ?? `قاعة ${Math.random().toString(36).slice(2, 8)}`,
      closed: slot.closed ?? false,
    })
    .returning({ id: interviewSlots.id });
  if (!row) throw new Error('slot not inserted');
  return row.id;
}

/** Books the slot for the students straight into the database, as the booking call would. */
export async function fillSlot(db: Database, slotId: string, studentIds: readonly string[]): Promise<void> {
  if (studentIds.length === 0) return;
  await db.execute(sql`
    INSERT INTO appointments (student_id, appointed_day, appointed_hour, slot_id)
    SELECT s.id, sl.day, sl.period, sl.id
    FROM unnest(${sql.param(studentIds)}::uuid[]) AS s(id), interview_slots sl
    WHERE sl.id = ${slotId}::uuid`);
}

/** Waiting social-work students (complete, no appointment), each with a session cookie of its own. */
export async function waitingStudentsWithSessions(app: App, count: number) {
  const students = await insertWaitingStudents(app.db, count);
  return students.map((student) => ({ ...student, cookie: studentCookie(app, student.id) }));
}

/** The appointments of the students, by student id. */
export async function appointmentsOf(db: Database, studentIds: readonly string[]) {
  const rows = await db
    .select()
    .from(appointments)
    .where(sql`${appointments.studentId} = ANY(${sql.param(studentIds)}::uuid[])`);
  return new Map(rows.map((row) => [row.studentId, row]));
}
