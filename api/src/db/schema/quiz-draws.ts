import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { students } from './students.js';

/** The four questions drawn for a student, kept so that the same four, as they were worded, are graded. */
export const quizDraws = pgTable('quiz_draws', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  questionIndexes: integer('question_indexes').array().notNull(),
  /** The version of each drawn question, in the order of `questionIndexes`. */
  questionVersions: integer('question_versions').array().notNull(),
  drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
});
