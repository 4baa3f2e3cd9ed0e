import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import type { Counter, Counters } from './login-throttle.rules.js';

/** Which counters one attempt touches: the user name from this address, the address, the user name anywhere. */
export interface ThrottleKeys {
  userKey: string;
  ip: string;
}

type Kind = keyof Counters;
// The order the rows are locked in: every attempt takes them in the same order, so two cannot deadlock.
const KINDS: readonly Kind[] = ['account', 'address', 'pair'];

const keyOf = (kind: Kind, { userKey, ip }: ThrottleKeys): string =>
  kind === 'account' ? userKey : kind === 'address' ? ip : `${ip} ${userKey}`;

type Row = {
  kind: Kind;
  count: number;
  window_started_at: Date;
  locked_until: Date | null;
  now: Date;
};

/**
 * The sign-in throttle's counters in `login_failures`, read and written in one transaction with the rows locked:
 * two parallel attempts on one account or address are counted one after the other, and every instance sees the
 * same counts. The times are PostgreSQL's clock.
 */
export function loginThrottleRepository(db: Database) {
  return {
    /** Applies `change` to the attempt's three counters atomically; answers what `change` decided. */
    async update<T>(
      keys: ThrottleKeys,
      change: (counters: Counters, now: Date) => { next: Counters; result: T },
    ): Promise<T> {
      const pairs = KINDS.map((kind) => sql`(${kind}, ${keyOf(kind, keys)})`);
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO login_failures (kind, key, count, window_started_at)
          VALUES ${sql.join(
            KINDS.map((kind) => sql`(${kind}, ${keyOf(kind, keys)}, 0, now())`),
            sql`, `,
          )}
          ON CONFLICT (kind, key) DO NOTHING`);
        const { rows } = await tx.execute<Row>(sql`
          SELECT kind, count, window_started_at, locked_until, now() AS now FROM login_failures
          WHERE (kind, key) IN (${sql.join(pairs, sql`, `)})
          ORDER BY kind, key FOR UPDATE`);
        const now = new Date(rows[0]?.now ?? Date.now());
        const counter = (kind: Kind): Counter => {
          const row = rows.find((r) => r.kind === kind);
          return {
            count: row?.count ?? 0,
            windowStartedAt: new Date(row?.window_started_at ?? now),
            lockedUntil: row?.locked_until ? new Date(row.locked_until) : null,
          };
        };
        const { next, result } = change(
          { pair: counter('pair'), address: counter('address'), account: counter('account') },
          now,
        );
        await tx.execute(sql`
          UPDATE login_failures AS f
          SET count = v.count, window_started_at = v.window_started_at, locked_until = v.locked_until
          FROM (VALUES ${sql.join(
            KINDS.map((kind) => {
              const { count, windowStartedAt, lockedUntil } = next[kind];
              return sql`(${kind}, ${keyOf(kind, keys)}, ${count}::int, ${windowStartedAt.toISOString()}::timestamptz,
                ${lockedUntil?.toISOString() ?? null}::timestamptz)`;
            }),
            sql`, `,
          )}) AS v(kind, key, count, window_started_at, locked_until)
          WHERE f.kind = v.kind AND f.key = v.key`);
        // A counter back at nothing is no row: the table holds only accounts and addresses with attempts.
        await tx.execute(sql`
          DELETE FROM login_failures
          WHERE (kind, key) IN (${sql.join(pairs, sql`, `)}) AND count = 0 AND locked_until IS NULL`);
        return result;
      });
    },

    /** Drops counters whose window is long over and that lock nothing. */
    async purge(): Promise<void> {
      await db.execute(sql`
        DELETE FROM login_failures
        WHERE window_started_at < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())`);
    },
  };
}
export type LoginThrottleRepository = ReturnType<typeof loginThrottleRepository>;
