import { MESSAGES } from '@portal/common';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.literal('success'), database: z.literal('up') });
const downSchema = z.object({ status: z.literal('error'), message: z.string() });

/** Liveness and database reachability, for load balancers and `npm start` users alike. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
