import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { students } from './students.js';

/**
 * The contacts a student had before the last change of phone number or e-mail through the complete-data form:
 * for 24 hours after it step-up codes go to them, so that whoever changed them cannot redirect the codes.
 */
export const studentContactChanges = pgTable('student_contact_changes', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  previousPhoneNumber: text('previous_phone_number'),
  previousEmail: text('previous_email'),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
