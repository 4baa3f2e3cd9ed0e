import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

/**
 * Admission seasons (issue 21): one academic year's intake each. Exactly one is current (not closed): imports,
 * logins, scheduling, the review queue and reminders work on it; closed seasons stay read-only and searchable.
 * `admission_current_season()` (migration 0013) names the current one and is the default of `students.season_id`.
 */
export const admissionSeasons = pgTable(
  'admission_seasons',
  {
    id: id(),
    /** The academic year, '2026/2027'. */
    name: text('name').notNull().unique(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the retention job deleted the season's images (RETENTION_DAYS after closing); null while kept. */
    imagesDeletedAt: timestamp('images_deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admission_seasons_one_current').on(sql`(true)`).where(sql`${t.closedAt} IS NULL`)],
);
