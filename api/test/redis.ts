import { Redis } from 'ioredis';

/** The Redis the tests use: TEST_REDIS_URL, or the usual local server. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * TEST_REDIS_URL when a Redis answers there, else undefined after printing why the Redis tests are skipped
 * (they need a real server; the machine's and CI's run one on 127.0.0.1:6379).
 */
export async function reachableTestRedis(what: string): Promise<string | undefined> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    if ((await client.ping()) === 'PONG') return TEST_REDIS_URL;
  } catch {
    // reported below
  } finally {
    client.disconnect();
  }
  console.warn(`SKIPPED ${what}: no Redis answers at ${TEST_REDIS_URL} (set TEST_REDIS_URL to run them)`);
  return undefined;
}
