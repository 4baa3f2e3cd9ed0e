import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { students } from './students.js';

/**
 * A document uploaded on its own with tus (issue 34, decision 0021) and not yet named by a submit: it belongs to
 * the session that created it, so any instance can check a HEAD/PATCH/DELETE or a submit against it, and the
 * sweep removes those left over 24 hours. The bytes live in the tus store (staging disk or S3), not here.
 */
export const stagedUploads = pgTable(
  'staged_uploads',
  {
    /** The tus upload id: 32 hex digits, also the file's name in the store. */
    id: text('id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    kind: text('kind').notNull(),
    declaredLength: integer('declared_length').notNull(),
    /** receiving until its last byte arrived and passed the image checks. */
    state: text('state', { enum: ['receiving', 'finished'] })
      .notNull()
      .default('receiving'),
    /** From the bytes once finished (png or jpeg). */
    contentType: text('content_type'),
    /** Of the bytes as received, once finished. */
    sha256: text('sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staged_uploads_created_idx').on(t.createdAt),
    index('staged_uploads_session_idx').on(t.sessionId),
  ],
);
