import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { loginFailures } from '../../db/schema.js';

/**
 * Sign-in throttling: failures are counted per user name and per client address in a window; reaching the
 * limit locks that user name (or address) for a while. Counters live in PostgreSQL and use its clock, so every
 * instance sees the same state.
 */
export const LOGIN_THROTTLE = {
  /** Failures of one user name within the window that lock it. */
  userMaxFailures: 5,
  /** Failures from one client address within the window that lock it. */
  ipMaxFailures: 20,
  windowMinutes: 15,
  lockMinutes: 15,
} as const;

type Kind = 'user' | 'ip';

const WINDOW = sql.raw(`interval '${LOGIN_THROTTLE.windowMinutes} minutes'`);
const LOCK = sql.raw(`interval '${LOGIN_THROTTLE.lockMinutes} minutes'`);

export function loginThrottleRepository(db: Database) {
  const activeLock = db
    .select({
      seconds: sql<number>`ceil(extract(epoch from max(${loginFailures.lockedUntil}) - now()))::int`,
    })
    .from(loginFailures)
    .where(
      and(
        or(
          and(eq(loginFailures.kind, 'user'), eq(loginFailures.key, sql.placeholder('userKey'))),
          and(eq(loginFailures.kind, 'ip'), eq(loginFailures.key, sql.placeholder('ipKey'))),
        ),
        gt(loginFailures.lockedUntil, sql`now()`),
      ),
    )
    .prepare('login_throttle_active_lock');

  // A window that is over, or a lock that has run out, starts the count again.
  const expired = sql`(${loginFailures.windowStartedAt} <= now() - ${WINDOW} OR ${loginFailures.lockedUntil} <= now())`;
  const nextCount = sql`CASE WHEN ${expired} THEN 1 ELSE ${loginFailures.count} + 1 END`;
  const failure = db
    .insert(loginFailures)
    .values({
      kind: sql.placeholder('kind'),
      key: sql.placeholder('key'),
      count: 1,
      windowStartedAt: sql`now()`,
      lockedUntil: sql`CASE WHEN 1 >= ${sql.placeholder('max')}::int THEN now() + ${LOCK} END`,
    })
    .onConflictDoUpdate({
      target: [loginFailures.kind, loginFailures.key],
      set: {
        count: nextCount,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${loginFailures.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${nextCount} >= ${sql.placeholder('max')}::int THEN now() + ${LOCK} END`,
      },
    })
    .returning({
      lockedSeconds: sql<number | null>`ceil(extract(epoch from ${loginFailures.lockedUntil} - now()))::int`,
    })
    .prepare('login_throttle_failure');

  const reset = db
    .delete(loginFailures)
    .where(and(eq(loginFailures.kind, 'user'), eq(loginFailures.key, sql.placeholder('key'))))
    .prepare('login_throttle_reset');

  const purge = db
    .delete(loginFailures)
    .where(
      sql`${loginFailures.windowStartedAt} < now() - interval '1 day'
        AND (${loginFailures.lockedUntil} IS NULL OR ${loginFailures.lockedUntil} < now())`,
    )
    .prepare('login_throttle_purge');

  async function fail(kind: Kind, key: string, max: number): Promise<number | null> {
    const [row] = await failure.execute({ kind, key, max });
    return row?.lockedSeconds ?? null;
  }

  return {
    /** Seconds until the user name and the address are both unlocked; `null` when neither is locked. */
    async lockedSeconds(userKey: string, ipKey: string): Promise<number | null> {
      const [row] = await activeLock.execute({ userKey, ipKey });
      return row?.seconds ?? null;
    },
    /** Counts one failure for the user name and one for the address; seconds of a lock this caused, if any. */
    async recordFailure(userKey: string, ipKey: string): Promise<number | null> {
      const user = await fail('user', userKey, LOGIN_THROTTLE.userMaxFailures);
      const ip = await fail('ip', ipKey, LOGIN_THROTTLE.ipMaxFailures);
      if (user === null && ip === null) return null;
      return Math.max(user ?? 0, ip ?? 0);
    },
    /** A successful sign-in clears the user name's counter and drops long-stale rows. */
    async recordSuccess(userKey: string): Promise<void> {
      await reset.execute({ key: userKey });
      await purge.execute();
    },
  };
}
export type LoginThrottleRepository = ReturnType<typeof loginThrottleRepository>;
