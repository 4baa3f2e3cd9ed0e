import {
  signOutEverywhereRequestSchema,
  staffMessageResponseSchema,
  TWO_FACTOR_MESSAGES,
} from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { staffSessionsRepository } from './staff-sessions.repository.js';
import { staffSessionsService } from './staff-sessions.service.js';

/** Staff sessions (issue 20): 'sign out on all devices', for the own account or, by the super admin, another's. */
export const staffSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = staffSessionsService({
    repository: staffSessionsRepository(app.db),
    audit: (entry, tx) => recordAudit(tx, entry),
  });

  app.post(
    '/users/signOutEverywhere',
    {
      schema: {
        tags: ['users'],
        summary: 'Ends every session of the own account, or of another account (super admin); audited',
        description:
          "Without a body, or with `{}`, the caller's own account; `{id}` names another account (super admin " +
          'only; another super admin is out of reach). Every token issued before is refused at once, on every ' +
          'instance, including the one that made this call.',
        // Fastify hands a request without a body to the validator as null, not undefined.
        body: signOutEverywhereRequestSchema.nullable(),
        response: { 200: staffMessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.signOutEverywhere(app.auth.currentStaff(request), request.body?.id, { ip: request.ip });
      return { status: 'success' as const, message: TWO_FACTOR_MESSAGES.signedOutEverywhere };
    },
  );
};
