import type { Redis } from 'ioredis';

/** Unknown national IDs looked up in the current minute and in the one before, across every instance. */
export interface MissCounts {
  current: number;
  previous: number;
  /** How far into the current minute, from 0 to 1. */
  elapsed: number;
}

/** Where the guard keeps what every instance must share: in Redis when configured, else in PostgreSQL. */
export interface GuardStore {
  /** Counts one unknown national ID in the current minute. */
  countMiss(): Promise<MissCounts>;
  readMisses(): Promise<MissCounts>;
  /** Records a proof as used; false when it already was (a replay). `expiresAt` in seconds since the epoch. */
  spend(signature: string, expiresAt: number): Promise<boolean>;
}

const MINUTE_MS = 60_000;

/** Counts the minute's key and reads the previous minute's; the key lives two minutes. */
const COUNT_MISS = `
  local current = redis.call('INCR', KEYS[1])
  if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return {current, tonumber(redis.call('GET', KEYS[2]) or '0')}`;

interface GuardRedis extends Redis {
  portalCountLookupMiss(current: string, previous: string, ttlMs: number): Promise<[number, number]>;
}

/** The guard's state in Redis under `prefix`, minutes by this instance's clock. */
export function redisGuardStore(redis: Redis, prefix: string, now = Date.now): GuardStore {
  if (!('portalCountLookupMiss' in redis))
    redis.defineCommand('portalCountLookupMiss', { numberOfKeys: 2, lua: COUNT_MISS });
  const guardRedis = redis as GuardRedis;
  const minuteOf = (at: number) => {
    const minute = Math.floor(at / MINUTE_MS);
    return {
      keys: [`${prefix}misses:${minute}`, `${prefix}misses:${minute - 1}`] as const,
      elapsed: (at % MINUTE_MS) / MINUTE_MS,
    };
  };
  return {
    async countMiss() {
      const { keys, elapsed } = minuteOf(now());
      const counts = await guardRedis.portalCountLookupMiss(keys[0], keys[1], 2 * MINUTE_MS);
      return { current: counts[0], previous: counts[1], elapsed };
    },
    async readMisses() {
      const { keys, elapsed } = minuteOf(now());
      const counts = await redis.mget(...keys);
      return { current: Number(counts[0] ?? 0), previous: Number(counts[1] ?? 0), elapsed };
    },
    async spend(signature, expiresAt) {
      const ttlMs = Math.max(1, expiresAt * 1000 - now());
      return (await redis.set(`${prefix}spent:${signature}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
  };
}

/**
 * `primary` (Redis), and `fallback` (PostgreSQL) for any call it fails: while Redis is away the guard still counts
 * and still refuses a replayed proof, shared through the database.
 */
export function withStoreFallback(primary: GuardStore, fallback: GuardStore): GuardStore {
  return {
    countMiss: () => primary.countMiss().catch(() => fallback.countMiss()),
    readMisses: () => primary.readMisses().catch(() => fallback.readMisses()),
    spend: (signature, expiresAt) =>
      primary.spend(signature, expiresAt).catch(() => fallback.spend(signature, expiresAt)),
  };
}
