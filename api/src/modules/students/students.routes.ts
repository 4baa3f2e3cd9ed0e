import rateLimit from '@fastify/rate-limit';
import {
  errorEnvelopeSchema,
  MESSAGES,
  studentLookupRequestSchema,
  studentLookupResponseSchema,
} from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { setStudentSession } from '../student-session/student-session.js';
import { studentsRepository } from './students.repository.js';
import { studentsService } from './students.service.js';

export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = studentsService(studentsRepository(app.db));

  // Only the routes of this plugin that ask for it are limited. The plugin's own error is a plain Error
  // without a code, so the builder hands the error envelope an AppError with the Arabic 429 message.
  if (!app.hasDecorator('rateLimit')) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => new AppError(context.statusCode, MESSAGES.tooManyRequests),
    });
  }

  app.post(
    '/students/getStudent',
    {
      config: { rateLimit: { max: app.config.studentLookupRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['students'],
        summary: 'Student login by national ID; opens the student session (signed HttpOnly cookie)',
        body: studentLookupRequestSchema,
        response: {
          200: studentLookupResponseSchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await service.lookup(request.body.nationalID);
      setStudentSession(reply, answer._id);
      return answer;
    },
  );
};
