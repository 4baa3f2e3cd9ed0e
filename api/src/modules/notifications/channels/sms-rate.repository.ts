import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/pool.js';
import { smsRate } from '../../../db/schema/index.js';

export interface SlotAnswer {
  granted: boolean;
  /** Milliseconds from the database's now to its next second. */
  msToNextSecond: number;
}

/**
 * Takes one SMS of the current second of the DATABASE's clock, which every instance shares, unless `cap` were
 * already taken in it: the row of the second is locked by the upsert, so concurrent takers are counted one by one.
 */
export async function takeSmsSlot(db: Database, cap: number): Promise<SlotAnswer> {
  const result = await db.execute<{ epoch: number; granted: boolean }>(sql`
    WITH clock AS (SELECT extract(epoch FROM clock_timestamp())::float8 AS epoch),
    slot AS (
      INSERT INTO ${smsRate} (second, count)
      SELECT floor(epoch)::int, 1 FROM clock
      ON CONFLICT (second) DO UPDATE SET count = ${smsRate}.count + 1 WHERE ${smsRate}.count < ${cap}
      RETURNING second
    )
    SELECT (SELECT epoch FROM clock) AS epoch, EXISTS (SELECT 1 FROM slot) AS granted`);
  const row = result.rows[0];
  if (!row) throw new Error('the SMS rate counter answered nothing');
  return { granted: row.granted, msToNextSecond: Math.ceil((Math.floor(row.epoch) + 1 - row.epoch) * 1000) };
}

/** Forgets the counts of seconds older than a minute. */
export async function deleteOldSmsCounts(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM ${smsRate} WHERE second < extract(epoch FROM now()) - 60`);
}
