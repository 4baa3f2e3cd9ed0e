import { jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { additionalQuestions } from './additional-questions.js';
import { createdAt } from './columns.js';
import { students } from './students.js';

export const additionalAnswers = pgTable(
  'additional_answers',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => additionalQuestions.id, { onDelete: 'restrict' }),
    answer: jsonb('answer').notNull(),
    input: text('input'),
    /**
     * The question as the student saw it when answering (`AnsweredQuestion`: question, type, description,
     * options), so the staff record shows what was asked even after the question is edited (issue 19).
     */
    question: jsonb('question').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.questionId] })],
);
