import {
  collegeDeadlineRequestSchema,
  collegeDeadlineResponseSchema,
  collegeIdParamsSchema,
  collegesListResponseSchema,
  nameListResponseSchema,
} from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.js';
import { recordAudit } from '../audit/audit.repository.js';
import { collegesRepository } from './colleges.repository.js';
import { collegesService } from './colleges.service.js';

export const collegesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = collegesService({
    repository: collegesRepository(app.db),
    audit: (entry, tx) => recordAudit(tx, entry),
  });

  app.get(
    '/colleges',
    {
      schema: {
        tags: ['colleges'],
        summary: "The colleges' names (data.data) and each college with its flags and data deadline",
        response: { 200: collegesListResponseSchema },
      },
    },
    async () => ({ status: 'success' as const, data: await service.list() }),
  );

  app.patch(
    '/colleges/:id',
    {
      schema: {
        tags: ['colleges'],
        summary: "Sets or clears a college's data deadline (super admin); audited",
        description:
          'Body `{dataDeadline}`: an ISO-8601 date and time with its offset (e.g. 2026-12-01T23:59:00+02:00), ' +
          "or null to clear it. After the deadline the college's students can no longer submit their data or " +
          'replace refused documents; staff edits and reviews still work.',
        params: collegeIdParamsSchema,
        body: collegeDeadlineRequestSchema,
        response: { 200: collegeDeadlineResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await service.setDeadline(
        app.auth.currentStaff(request),
        request.params.id,
        request.body.dataDeadline,
        { ip: request.ip },
      )),
    }),
  );

  app.get(
    '/colleges/tourism/:college/programs',
    {
      schema: {
        tags: ['colleges'],
        params: z.object({ college: z.string().min(1).max(200) }),
        response: { 200: nameListResponseSchema },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { data: await service.tourismPrograms(request.params.college) },
    }),
  );
};
