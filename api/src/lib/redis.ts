import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one Redis client of this process when `REDIS_URL` is set (shared rate limits), else `null`. */
    redis: Redis | null;
  }
}

/** How long to wait for Redis at start before carrying on (the client keeps reconnecting in the background). */
const START_WAIT_MS = 5_000;
/** At most one 'Redis is down' warning in this many milliseconds. */
const WARN_EVERY_MS = 30_000;

/**
 * A client that never makes a request wait for Redis: while disconnected a command fails at once (no offline
 * queue), a command that gets no answer fails after a second, and the client reconnects in the background.
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    connectionName: 'st-admission',
  });
}

/** Whether Redis answers a PING within the client's command time-out. */
export async function redisAnswers(client: Redis): Promise<boolean> {
  try {
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  }
}

/**
 * Decorates the app with `redis`: one client for the process when a URL is given (closed with the app), else
 * `null`. An unreachable Redis does not stop the start: readiness (`/health/ready`) reports it, the student lookup
 * limit counts in each instance's memory and the lookup guard in PostgreSQL until it is back (decisions 4, 18).
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, options: { url: string | undefined }) => {
    if (!options.url) {
      app.decorate('redis', null);
      return;
    }
    const client = createRedisClient(options.url);
    let lastWarning = 0;
    client.on('error', (error: Error) => {
      const now = Date.now();
      if (now - lastWarning < WARN_EVERY_MS) return;
      lastWarning = now;
      app.log.warn(
        { err: error },
        'Redis unreachable: each instance counts the lookup limit alone until it is back',
      );
    });
    // Wait for the first connection, its first failure, or START_WAIT_MS, whichever comes first.
    let waiting: NodeJS.Timeout | undefined;
    await Promise.race([
      client.connect().catch(() => undefined),
      new Promise((resolve) => {
        waiting = setTimeout(resolve, START_WAIT_MS);
      }),
    ]);
    clearTimeout(waiting);
    if (client.status !== 'ready') app.log.warn('Redis did not answer at start; carrying on and retrying');

    app.decorate('redis', client);
    app.addHook('onClose', async () => {
      if (client.status === 'end') return;
      let waiting: NodeJS.Timeout | undefined;
      const ended = new Promise((resolve) => {
        client.once('end', resolve);
        waiting = setTimeout(resolve, 2_000);
      });
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
      await ended;
      clearTimeout(waiting);
    });
  },
  { name: 'portal-redis' },
);
