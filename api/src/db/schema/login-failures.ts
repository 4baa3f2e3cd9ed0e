import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Staff password and code checks counted before each check (`users/login-throttle.rules.ts`): per user name from
 * one address (`kind` 'pair', key `address user`), per address ('address') and per user name from anywhere
 * ('account'). Kept in PostgreSQL so that every instance sees the same counters, locks and delays.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    kind: text('kind', { enum: ['pair', 'address', 'account'] }).notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);
