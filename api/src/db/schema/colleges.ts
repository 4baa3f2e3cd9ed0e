import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

/** Colleges are data, not code: the flags decide the family sections, the three forms, scheduling and programs. */
export const colleges = pgTable('colleges', {
  id: id(),
  name: text('name').notNull().unique(),
  socialWork: boolean('social_work').notNull().default(false),
  tourism: boolean('tourism').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  /** After it the students' complete-data and replacement submits are refused (issue 17); null: no deadline. */
  dataDeadline: timestamp('data_deadline', { withTimezone: true }),
  /** Kept for the students who refer to it, but refused for new uploads and left out of new choices (issue 19). */
  hidden: boolean('hidden').notNull().default(false),
});
