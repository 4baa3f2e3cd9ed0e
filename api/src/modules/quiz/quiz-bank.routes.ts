import {
  quizQuestionCreateSchema,
  quizQuestionIdParamsSchema,
  quizQuestionListResponseSchema,
  quizQuestionPatchSchema,
  quizQuestionResponseSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { quizBankRepository } from './quiz-bank.repository.js';
import { quizBankService, type RequestContext } from './quiz-bank.service.js';

/**
 * The quiz bank on the content screens (issue 19): super admin only (the access table), every write audited.
 * Questions are retired, never deleted, and a student's stored draw keeps the versions it was drawn with.
 */
export const quizBankRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = quizBankService({
    repository: quizBankRepository(app.db),
    audit: (entry, tx) => recordAudit(tx, entry),
    // The write is committed: if the counters cannot be read now, the next poll catches up.
    contentChanged: () =>
      app.content.refresh().catch((error: unknown) => {
        app.log.warn({ err: error }, 'content versions could not be read after a quiz bank edit');
      }),
  });
  const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip });
  const staff = (request: FastifyRequest) => app.auth.currentStaff(request);
  const tags = ['content'];

  app.get(
    '/content/quiz-questions',
    {
      schema: {
        tags,
        summary: 'Every quiz question, active and retired, by index, with the fewest that must stay active',
        response: { 200: quizQuestionListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, ...(await service.list()) }),
  );

  app.post(
    '/content/quiz-questions',
    {
      schema: {
        tags,
        summary: 'Adds a true/false question at the next index, as its version 1; audited',
        body: quizQuestionCreateSchema,
        response: { 201: quizQuestionResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const answer = await service.create(staff(request), request.body, context(request));
      reply.code(201);
      return { status: 'success' as const, ...answer };
    },
  );

  app.patch(
    '/content/quiz-questions/:id',
    {
      schema: {
        tags,
        summary:
          'Edits a question (a new version; stored draws keep theirs), retires (active: false) or restores ' +
          '(active: true) it; audited',
        params: quizQuestionIdParamsSchema,
        body: quizQuestionPatchSchema,
        response: { 200: quizQuestionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await service.update(staff(request), request.params.id, request.body, context(request))),
    }),
  );

  app.delete(
    '/content/quiz-questions/:id',
    {
      schema: {
        tags,
        summary: 'Retires a question: out of new draws, kept with its versions for the attempts; audited',
        params: quizQuestionIdParamsSchema,
        response: { 200: quizQuestionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await service.retire(staff(request), request.params.id, context(request))),
    }),
  );
};
