import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './pool.js';

/** Rows are read from PostgreSQL this many at a time (a server-side cursor), never all at once. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Reads a query through a cursor in a read-only transaction, `EXPORT_BATCH_ROWS` at a time, handing each
 * batch to `onBatch` before the next is fetched (so a slow download holds one batch in memory, not the table).
 * Answers how many rows there were.
 */
export async function readInBatches<T>(
  db: Database,
  query: SQL,
  onBatch: (rows: T[]) => Promise<void>,
): Promise<number> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`DECLARE portal_export NO SCROLL CURSOR FOR ${query}`);
      let total = 0;
      for (;;) {
        const { rows } = await tx.execute(sql.raw(`FETCH ${EXPORT_BATCH_ROWS} FROM portal_export`));
        if (rows.length === 0) break;
        total += rows.length;
        await onBatch(rows as T[]);
        if (rows.length < EXPORT_BATCH_ROWS) break;
      }
      return total;
    },
    { accessMode: 'read only' },
  );
}
