import underPressure from '@fastify/under-pressure';
import { MESSAGES } from '@portal/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Config } from '../config/config.js';
import { AppError } from '../lib/app-error.js';
import { METRICS_PATH } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether new requests are being refused for overload right now (readiness reports it). */
    isOverloaded(): boolean;
  }
}

/**
 * Routes that answer whatever the pressure: liveness (an orchestrator must not restart a busy but healthy
 * instance), metrics (the busy moment is when they matter) and readiness, which reports the pressure itself so
 * a balancer sends the instance less.
 */
const EXEMPT = new Set(['/api/v1/health/live', '/api/v1/health/ready', METRICS_PATH]);

const API_PREFIX = '/api/';

export interface OverloadOptions {
  limits: Config['overload'];
  /** The database pool whose queue is watched; none for a test double. */
  pool?: Pick<pg.Pool, 'waitingCount' | 'on' | 'off'>;
}

/**
 * How long a new query would wait for a database connection, in ms: the queries ahead of it over the pace at
 * which the pool hands out connections (at least one a second, so a stalled pool counts as a long wait).
 */
export function expectedDatabaseWaitMs(waiting: number, checkoutsPerSecond: number): number {
  if (waiting === 0) return 0;
  return (waiting / Math.max(1, checkoutsPerSecond)) * 1000;
}

/** Seconds of check-out counts kept: the pool's pace is the best of them, the pace it has shown it can keep. */
const PACE_WINDOW_SECONDS = 10;

/**
 * The pool's expected wait, from its queue and the most check-outs it made in one of the last seconds. The best
 * second rather than the last: while requests are being refused few queries reach the pool, and its pace of
 * the moment would understate what it can do and keep the refusals going.
 */
function watchDatabaseQueue(app: FastifyInstance, pool: NonNullable<OverloadOptions['pool']>) {
  let current = 0;
  const recent: number[] = [];
  const count = () => {
    current += 1;
  };
  pool.on('acquire', count);
  const timer = setInterval(() => {
    recent.push(current);
    if (recent.length > PACE_WINDOW_SECONDS) recent.shift();
    current = 0;
  }, 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    pool.off('acquire', count);
  });
  return () => expectedDatabaseWaitMs(pool.waitingCount, Math.max(current, ...recent));
}

/**
 * Load shedding: new requests are answered at once with 503, `Retry-After` and the Arabic busy message in the
 * error envelope, instead of joining a queue that grows without bound, while
 * - the event loop lags, is busier, or the heap or RSS is larger than configured (sampled every second by
 *   @fastify/under-pressure), or
 * - a new query would wait longer than configured for a database connection: a flood of cheap requests queues
 *   there, not in the event loop, which stays responsive while every request waits seconds for the pool.
 * The instance takes work again by itself as soon as the figures are back under their limits.
 */
export const overloadProtection = fp(
  async (app: FastifyInstance, { limits, pool }: OverloadOptions) => {
    const databaseWaitMs = pool && limits.maxDatabaseWaitMs > 0 ? watchDatabaseQueue(app, pool) : () => 0;
    const databaseQueueFull = () => databaseWaitMs() > limits.maxDatabaseWaitMs;

    const shed = (request: FastifyRequest, reply: FastifyReply) => {
      if (EXEMPT.has(request.routeOptions.url ?? '')) return;
      reply.header('retry-after', String(limits.retryAfterSeconds));
      throw new AppError(503, MESSAGES.serverBusy);
    };

    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      maxEventLoopUtilization: limits.maxEventLoopUtilization,
      maxHeapUsedBytes: limits.maxHeapBytes,
      maxRssBytes: limits.maxRssBytes,
      pressureHandler: async (request, reply) => shed(request, reply),
    });
    // Only API calls wait for the database; the web app's files are served whatever its queue.
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url?.startsWith(API_PREFIX) && databaseQueueFull()) shed(request, reply);
    });
    app.decorate('isOverloaded', () => app.isUnderPressure() || databaseQueueFull());
  },
  { name: 'overload-protection' },
);
