import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { staffUsers } from './staff-users.js';
import { students } from './students.js';

/** One row per stored document image, with its staff review (issue 16): pending until accepted or refused. */
export const studentImages = pgTable(
  'student_images',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    reviewStatus: text('review_status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The refusal reason's code (`REFUSAL_REASONS`), only when rejected. */
    reviewReason: text('review_reason', {
      enum: ['unreadable', 'cropped', 'wrongDocument', 'expired', 'nameMismatch', 'other'],
    }),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The reviewer's user name as it was, kept when the account is later deleted. */
    reviewedByUserName: text('reviewed_by_user_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When the retention job deleted the stored file (issue 21); the row keeps the review. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('student_images_student_kind_key').on(t.studentId, t.kind),
    // The funnel's refusals (issue 36): the documents refused now, few beside the accepted ones.
    index('student_images_refused_idx')
      .on(t.studentId, t.kind, t.reviewReason)
      .where(sql`${t.reviewStatus} = 'rejected'`),
  ],
);
