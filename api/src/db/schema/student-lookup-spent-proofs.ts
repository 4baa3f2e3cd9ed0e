import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The proofs-of-work a lookup has already used (without Redis), each kept until its challenge expires. */
export const studentLookupSpentProofs = pgTable(
  'student_lookup_spent_proofs',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('student_lookup_spent_proofs_expires_at_idx').on(t.expiresAt)],
);
