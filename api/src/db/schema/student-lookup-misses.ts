import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * Unknown national IDs looked up in each minute, across every address and instance, when there is no Redis: past
 * `STUDENT_LOOKUP_POW_THRESHOLD` every lookup needs a solved proof-of-work (decision 18). Rows older than the
 * previous minute are deleted as new ones are counted.
 */
export const studentLookupMisses = pgTable('student_lookup_misses', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  misses: integer('misses').notNull(),
});
