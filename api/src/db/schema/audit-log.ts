import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id'),
    actorUserName: text('actor_user_name'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details'),
    ip: text('ip'),
    /**
     * The student a row names, copied when the row is written (issue 20): the audit screen filters on them, and
     * they outlive the student's deletion.
     */
    studentNationalId: text('student_national_id'),
    studentName: text('student_name'),
    /** The faculty the row concerns: the student's college, or the acting faculty ADMIN's. */
    faculty: text('faculty'),
    createdAt: createdAt(),
  },
  (t) => [
    // The audit screen's pages: newest first, cursor on (created_at, id), one index per filter it offers.
    index('audit_log_created_idx').on(t.createdAt, t.id),
    // A student's history on the staff record page: the rows that name it, newest first.
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_student_idx').on(t.studentNationalId, t.createdAt, t.id),
    index('audit_log_faculty_idx').on(t.faculty, t.createdAt, t.id),
  ],
);
