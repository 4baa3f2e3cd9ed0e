import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, smallint, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { interviewSlots } from './interview-slots.js';
import { staffUsers } from './staff-users.js';
import { students } from './students.js';

export const appointments = pgTable(
  'appointments',
  {
    // The primary key is what makes a second appointment of one student impossible, however it is made.
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    appointedDay: date('appointed_day').notNull(),
    appointedHour: smallint('appointed_hour').notNull(),
    appointedBy: uuid('appointed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The slot the student booked (issue 18); null for an appointment made by 'appoint N'. */
    slotId: uuid('slot_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointments_day_idx').on(t.appointedDay, t.appointedHour),
    check('appointments_hour_check', sql`${t.appointedHour} IN (9, 12)`),
    // Counting a slot's bookings under its lock.
    index('appointments_slot_idx').on(t.slotId),
    // Day and hour stay those of the booked slot, so every reader of the appointment sees the same time. A slot
    // with bookings cannot be deleted (restrict): its students would lose their place without being told.
    foreignKey({
      name: 'appointments_slot_fk',
      columns: [t.slotId, t.appointedDay, t.appointedHour],
      foreignColumns: [interviewSlots.id, interviewSlots.day, interviewSlots.period],
    }).onDelete('restrict'),
  ],
);
