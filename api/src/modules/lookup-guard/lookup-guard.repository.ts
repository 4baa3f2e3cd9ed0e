import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import type { GuardStore, MissCounts } from './guard-store.js';

interface CountsRow extends Record<string, unknown> {
  current: number;
  previous: number;
  elapsed: number;
}

const countsOf = (rows: CountsRow[]): MissCounts => ({
  current: Number(rows[0]?.current ?? 0),
  previous: Number(rows[0]?.previous ?? 0),
  elapsed: Number(rows[0]?.elapsed ?? 0),
});

/** How far into the current minute the database's clock is, from 0 to 1. */
const ELAPSED = sql.raw(`extract(epoch from now() - date_trunc('minute', now())) / 60 AS elapsed`);

/**
 * The guard's counts and used proofs in PostgreSQL (without Redis), on the database's clock so that every instance
 * agrees on the minute. Rows older than the previous minute, and proofs whose challenge has expired, are deleted
 * by the statement that adds the next one.
 */
export function lookupGuardRepository(db: Database): GuardStore {
  return {
    async countMiss() {
      const result = await db.execute<CountsRow>(sql`
        WITH swept AS (
          DELETE FROM student_lookup_misses WHERE minute < date_trunc('minute', now()) - interval '1 minute'
        ), counted AS (
          INSERT INTO student_lookup_misses (minute, misses) VALUES (date_trunc('minute', now()), 1)
          ON CONFLICT (minute) DO UPDATE SET misses = student_lookup_misses.misses + 1
          RETURNING misses
        )
        SELECT (SELECT misses FROM counted) AS current,
          coalesce((SELECT misses FROM student_lookup_misses
            WHERE minute = date_trunc('minute', now()) - interval '1 minute'), 0) AS previous,
          ${ELAPSED}`);
      return countsOf(result.rows);
    },

    async readMisses() {
      const result = await db.execute<CountsRow>(sql`
        SELECT coalesce(sum(misses) FILTER (WHERE minute = date_trunc('minute', now())), 0) AS current,
          coalesce(sum(misses) FILTER (WHERE minute = date_trunc('minute', now()) - interval '1 minute'), 0)
            AS previous,
          ${ELAPSED}
        FROM student_lookup_misses`);
      return countsOf(result.rows);
    },

    async spend(signature, expiresAt) {
      const result = await db.execute(sql`
        WITH swept AS (DELETE FROM student_lookup_spent_proofs WHERE expires_at < now())
        INSERT INTO student_lookup_spent_proofs (signature, expires_at)
        VALUES (${signature}, to_timestamp(${expiresAt}))
        ON CONFLICT (signature) DO NOTHING
        RETURNING 1`);
      return result.rows.length === 1;
    },
  };
}
