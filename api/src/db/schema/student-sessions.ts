import { index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/**
 * What the server keeps of a student session (issue 33). The session itself is the signed cookie, and a login
 * writes nothing: a row exists only once the session asked for a step-up code, passed one, or logged out. Every
 * student request reads its row by the cookie's session id (`ended_at` set: refused everywhere at once).
 */
export const studentSessions = pgTable(
  'student_sessions',
  {
    /** The cookie's random session id (or, for a cookie of the earlier format, its whole signed value). */
    id: text('id').primaryKey(),
    // No foreign key: a row outlives its student until the cookie's expiry, so that a session of a deleted
    // student still reads as logged out or stepped up, and its calls answer that the student is gone.
    studentId: uuid('student_id').notNull(),
    /** The cookie's own expiry: past it the row says nothing the cookie does not, and may be deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Until when a passed step-up opens the own-data zip and the document images, on this session only. */
    stepUpUntil: timestamp('step_up_until', { withTimezone: true }),
    /** HMAC of the code last sent; null once used. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    /** Tries at the step-up (the code since it was sent, or the seat number), counted before each check. */
    tries: smallint('tries').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The student's recent sessions: the step-up's failures are also capped per student (new sessions are free).
    index('student_sessions_student_idx').on(t.studentId, t.updatedAt),
    index('student_sessions_expires_idx').on(t.expiresAt),
  ],
);
