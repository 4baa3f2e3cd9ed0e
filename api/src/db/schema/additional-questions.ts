import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

export const additionalQuestions = pgTable('additional_questions', {
  id: text('id').primaryKey(),
  type: text('type', {
    enum: ['mcq', 'multi_select_input', 'input', 'mcq_yes_input', 'mcq_input'],
  }).notNull(),
  question: text('question').notNull(),
  description: text('description'),
  options: text('options').array().notNull().default(sql`'{}'::text[]`),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  updatedAt: updatedAt(),
});
