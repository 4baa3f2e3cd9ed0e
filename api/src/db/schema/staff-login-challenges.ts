import { index, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { staffUsers } from './staff-users.js';

/**
 * A sign-in waiting for its second factor (issue 20): made by a right password, it lives five minutes, is used
 * once, and ends after five wrong codes.
 */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failures: smallint('failures').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_login_challenges_expires_idx').on(t.expiresAt)],
);
