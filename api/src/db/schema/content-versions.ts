import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One counter per kind of content the university edits (quiz, questionnaire, charter, colleges), raised in the
 * transaction of every edit. Each instance polls this small table to drop its cached copy of a kind whose counter
 * moved, so an edit shows on every instance within a second without a query per request (issue 19).
 */
export const contentVersions = pgTable('content_versions', {
  kind: text('kind').primaryKey(),
  version: integer('version').notNull().default(1),
});
