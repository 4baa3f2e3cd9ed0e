import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Each published charter; the newest is the one served. Never changed once written (issue 19). */
export const charterVersions = pgTable('charter_versions', {
  version: integer('version').primaryKey(),
  /** `CharterSections`: [{title, paragraphs: [string]}]. */
  sections: jsonb('sections').notNull(),
  /** The staff account that published it; null for the charter seeded from code. */
  createdByUserName: text('created_by_user_name'),
  createdAt: createdAt(),
});
