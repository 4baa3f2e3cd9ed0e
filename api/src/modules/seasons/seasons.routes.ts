import {
  deleteSeasonBodySchema,
  deleteSeasonResponseSchema,
  openSeasonBodySchema,
  openSeasonResponseSchema,
  SEASON_MESSAGES,
  seasonIdSchema,
  seasonsResponseSchema,
} from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { fileRemover } from '../../storage/remove-files.js';
import { bumpContentVersion } from '../content/index.js';
import { seasonsRepository } from './seasons.repository.js';
import { seasonsService } from './seasons.service.js';

const seasonParamsSchema = z.object({ id: seasonIdSchema });

/** Admission seasons (issue 21): who may call what is the access table's business (`auth/access-policy.ts`). */
export const seasonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = seasonsService({
    repository: seasonsRepository(app.db),
    audit: (entry, tx) => recordAudit(tx, entry),
    bumpVersion: (tx) => bumpContentVersion(tx, 'seasons'),
    // The season is committed; a failed read of the counters only delays this instance to its next poll.
    refresh: () =>
      app.content
        .refresh()
        .catch((error: unknown) => app.log.warn({ err: error }, 'content versions not read')),
    removeFiles: fileRemover(app),
  });
  const tags = ['seasons'];

  app.get(
    '/seasons',
    {
      schema: {
        tags,
        summary: 'Every admission season with its student count, the current one first, then newest first',
        response: { 200: seasonsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, seasons: await service.list() }),
  );

  app.post(
    '/seasons',
    {
      schema: {
        tags,
        summary:
          'Opens the next admission season and closes the current one, which becomes read-only (super admin)',
        description:
          'The name is an academic year later than the current one (2027/2028; Arabic-Indic digits accepted). ' +
          'From this commit on, imports, logins, scheduling, the review queue and the lists work on the new ' +
          'season; the closed one stays searchable with ?season=. Audited.',
        body: openSeasonBodySchema,
        response: { 201: openSeasonResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const season = await service.open(app.auth.currentStaff(request), request.body.name, {
        ip: request.ip,
      });
      return reply.code(201).send({ status: 'success' as const, message: SEASON_MESSAGES.opened, season });
    },
  );

  app.delete(
    '/seasons/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a closed season with all its students, answers and images (super admin)',
        description:
          "confirmCount must equal the season's student count as GET /seasons shows it; the current season " +
          'cannot be deleted. Audited before anything is deleted.',
        params: seasonParamsSchema,
        body: deleteSeasonBodySchema,
        response: { 200: deleteSeasonResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const deletedStudents = await service.delete(
        app.auth.currentStaff(request),
        request.params.id,
        request.body.confirmCount,
        { ip: request.ip },
      );
      return { status: 'success' as const, message: SEASON_MESSAGES.deleted, deletedStudents };
    },
  );
};
