import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/** The quiz bank as it is now; every wording a question ever had is in `quiz_question_versions` (issue 19). */
export const quizQuestions = pgTable('quiz_questions', {
  index: integer('index').primaryKey(),
  question: text('question').notNull(),
  answer: boolean('answer').notNull(),
  active: boolean('active').notNull().default(true),
  /** The charter section the question comes from, by its heading; null when not recorded. */
  section: text('section'),
  /** The current version; its text and answer are also the row of that version in `quiz_question_versions`. */
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});
