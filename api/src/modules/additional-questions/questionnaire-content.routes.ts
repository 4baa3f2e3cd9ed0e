import {
  CONTENT_MESSAGES,
  questionCreateSchema,
  questionIdParamsSchema,
  questionListResponseSchema,
  questionOrderResponseSchema,
  questionOrderSchema,
  questionPatchSchema,
  questionResponseSchema,
} from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { questionnaireContentRepository } from './questionnaire-content.repository.js';
import { questionnaireContentService } from './questionnaire-content.service.js';

const tags = ['content'];

/** The super admin's questionnaire screen (issue 19); guarded by the access table (SUPERADMIN only). */
export const questionnaireContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = questionnaireContentService({
    repository: questionnaireContentRepository(app.db),
    audit: (entry, tx) => recordAudit(tx, entry),
    // The edit is committed: a failed refresh only delays this instance to its next poll.
    refreshContent: () =>
      app.content.refresh().catch((error: unknown) => {
        app.log.warn({ err: error }, 'content versions could not be read after a questionnaire edit');
      }),
  });

  app.get(
    '/content/additional-questions',
    {
      schema: {
        tags,
        summary: 'Every questionnaire question, active or not, in order, with how many students answered it',
        response: { 200: questionListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, data: await service.list() }),
  );

  app.post(
    '/content/additional-questions',
    {
      schema: {
        tags,
        summary: 'Adds a questionnaire question after the others; audited',
        description:
          'The definition must be answerable by the answer rules: two distinct options for the choice types, ' +
          "'أخرى' for multi_select_input and mcq_input, 'نعم' for mcq_yes_input, no options for input.",
        body: questionCreateSchema,
        response: { 201: questionResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await service.create(app.auth.currentStaff(request), request.body, { ip: request.ip });
      reply.code(201);
      return { status: 'success' as const, message: CONTENT_MESSAGES.questionAdded, data };
    },
  );

  app.post(
    '/content/additional-questions/order',
    {
      schema: {
        tags,
        summary: 'Orders the questionnaire: every question id (active or not) exactly once; audited',
        body: questionOrderSchema,
        response: { 200: questionOrderResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: CONTENT_MESSAGES.orderSaved,
      data: await service.order(app.auth.currentStaff(request), request.body.ids, { ip: request.ip }),
    }),
  );

  app.patch(
    '/content/additional-questions/:id',
    {
      schema: {
        tags,
        summary: 'Edits or deactivates a questionnaire question; audited',
        description:
          'The stored question merged with the fields sent must still be answerable (the same rules as a new ' +
          'one). There is no delete: `active: false` takes it out of the questionnaire, and stored answers keep ' +
          'the wording they were given to.',
        params: questionIdParamsSchema,
        body: questionPatchSchema,
        response: { 200: questionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: CONTENT_MESSAGES.questionSaved,
      data: await service.update(app.auth.currentStaff(request), request.params.id, request.body, {
        ip: request.ip,
      }),
    }),
  );
};
