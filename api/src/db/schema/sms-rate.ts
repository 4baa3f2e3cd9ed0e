import { integer, pgTable } from 'drizzle-orm/pg-core';

/** SMS sent per second of the database's clock: the rate cap every instance shares (issue 17). */
export const smsRate = pgTable('sms_rate', {
  second: integer('second').primaryKey(),
  count: integer('count').notNull().default(0),
});
