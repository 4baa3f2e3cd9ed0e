import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff-users.js';

/** Ten single-use recovery codes per account with a second factor, kept as SHA-256 hashes (issue 20). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);
