import { boolean, index, jsonb, pgTable, smallint, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { students } from './students.js';

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').notNull(),
    /** Each graded question's index mapped to the version it was graded on (issue 19); null before versions. */
    questionVersions: jsonb('question_versions'),
    correctCount: smallint('correct_count').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quiz_attempts_student_idx').on(t.studentId)],
);
