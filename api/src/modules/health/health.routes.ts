import { MESSAGES } from '@portal/common';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redisAnswers } from '../../lib/redis.js';
import { isStopping } from './graceful-stop.js';

const healthSchema = z.object({ status: z.literal('success'), database: z.literal('up') });
const downSchema = z.object({ status: z.literal('error'), message: z.string() });
const liveSchema = z.object({ status: z.literal('success') });
const checkSchema = z.enum(['up', 'down', 'not-configured']);
const readySchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string().optional(),
  database: checkSchema,
  redis: checkSchema,
  overloaded: z.boolean(),
  /** Present (true) only while the instance drains before it stops (graceful-stop.ts). */
  stopping: z.literal(true).optional(),
});

/** A check that takes longer than this counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

async function withinTime(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Health checks for load balancers and orchestrators:
 * - `GET /health`: the process answers and the database is reachable (as always; for `npm start` users);
 * - `GET /health/live`: liveness only (the process answers), never failing because of a dependency, so an
 *   orchestrator does not restart healthy instances during a database outage;
 * - `GET /health/ready`: readiness: the database and, when `REDIS_URL` is set, Redis answer; 503 otherwise, and
 *   503 with `stopping: true` from the moment the instance begins its graceful stop (graceful-stop.ts), while it still
 *   serves everything else for the drain period, so a balancer stops sending it traffic;
 *   also 503 (`overloaded: true`, with Retry-After) while the instance sheds load (plugins/overload.ts).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const databaseUp = () =>
    withinTime(
      app.db.execute(sql`SELECT 1`).then(
        () => true,
        (error: unknown) => {
          app.log.warn({ err: error }, 'health check: database unreachable');
          return false;
        },
      ),
    );

  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: downSchema } } },
    async (request, reply) => {
      try {
        await app.db.execute(sql`SELECT 1`);
        return { status: 'success' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error' as const, message: MESSAGES.databaseUnavailable });
      }
    },
  );

  app.get(
    '/health/live',
    { schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: liveSchema } } },
    async () => ({ status: 'success' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database and (when configured) Redis answer',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const redis = app.redis;
      const [database, redisUp] = await Promise.all([
        databaseUp(),
        redis ? withinTime(redisAnswers(redis)) : Promise.resolve(undefined),
      ]);
      const answer = {
        database: database ? ('up' as const) : ('down' as const),
        redis:
          redisUp === undefined ? ('not-configured' as const) : redisUp ? ('up' as const) : ('down' as const),
        overloaded: app.isOverloaded(),
      };
      if (isStopping(app))
        return reply.code(503).send({
          status: 'error' as const,
          message: MESSAGES.serviceUnavailable,
          ...answer,
          stopping: true,
        });
      if (answer.database === 'up' && answer.redis !== 'down' && !answer.overloaded)
        return { status: 'success' as const, ...answer };
      // Overload first: a full connection pool also makes the database check time out.
      const message = answer.overloaded
        ? MESSAGES.serverBusy
        : answer.database === 'down'
          ? MESSAGES.databaseUnavailable
          : MESSAGES.serviceUnavailable;
      if (answer.overloaded) reply.header('retry-after', String(app.config.overload.retryAfterSeconds));
      return reply.code(503).send({ status: 'error' as const, message, ...answer });
    },
  );
};
