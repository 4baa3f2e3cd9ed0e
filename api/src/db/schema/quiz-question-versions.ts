import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { quizQuestions } from './quiz-questions.js';

/** Every version of every quiz question, never changed once written: draws and attempts refer to them. */
export const quizQuestionVersions = pgTable(
  'quiz_question_versions',
  {
    questionIndex: integer('question_index')
      .notNull()
      .references(() => quizQuestions.index, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    question: text('question').notNull(),
    answer: boolean('answer').notNull(),
    section: text('section'),
    /** The staff account that wrote it; null for the seeded bank. */
    createdByUserName: text('created_by_user_name'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.questionIndex, t.version] })],
);
