import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { staffUsers } from './staff-users.js';
import { students } from './students.js';

/**
 * The committee's outcome of a student's personal interview (issue 18): attendance, the six scores of the
 * personal-test form keyed as `INTERVIEW_CRITERIA`, their total once complete, the decision and notes. One per
 * student, corrected in place; every save is in the audit log with what it replaced.
 */
export const interviewOutcomes = pgTable(
  'interview_outcomes',
  {
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    attended: boolean('attended').notNull(),
    scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
    total: smallint('total'),
    decision: text('decision', { enum: ['suitable', 'notSuitable'] }),
    notes: text('notes'),
    recordedBy: uuid('recorded_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The recorder's user name as it was, kept when the account is later deleted. */
    recordedByUserName: text('recorded_by_user_name'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The funnel's daily 'interviewed' series (issue 36).
    index('interview_outcomes_recorded_idx').on(t.recordedAt, t.studentId).where(sql`${t.attended}`),
    check('interview_outcomes_decision_check', sql`${t.decision} IS NULL OR ${t.attended}`),
    check(
      'interview_outcomes_absent_check',
      sql`${t.attended} OR (${t.scores} = '{}'::jsonb AND ${t.total} IS NULL)`,
    ),
    check('interview_outcomes_total_check', sql`${t.total} BETWEEN 0 AND 100`),
  ],
);
