import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * tus's per-upload lock shared by every instance: a lease, taken by inserting the row (or taking over an expired
 * one) and renewed while a request holds it, so a crashed holder frees the upload within one lease.
 */
export const uploadLocks = pgTable('upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  token: text('token').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
});
