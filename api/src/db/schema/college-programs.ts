import { boolean, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { colleges } from './colleges.js';
import { id } from './columns.js';

export const collegePrograms = pgTable(
  'college_programs',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Kept for the students who chose it, but no longer offered to a student choosing programs (issue 19). */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('college_programs_college_name_key').on(t.collegeId, t.name)],
);
