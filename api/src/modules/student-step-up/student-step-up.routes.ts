import {
  errorEnvelopeSchema,
  MESSAGES,
  STEP_UP_MESSAGES,
  stepUpMessageResponseSchema,
  stepUpStartResponseSchema,
  stepUpVerifyRequestSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readStudentSession, requireStudent, studentSessionFirst } from '../student-session/index.js';
import type { StepUpSession } from './student-step-up.repository.js';
import { studentStepUpRepository } from './student-step-up.repository.js';
import { studentStepUpService } from './student-step-up.service.js';

const paramsSchema = z.object({ id: z.uuid({ error: MESSAGES.studentIdInvalid }) });

/** The request's session, once `requireStudent` has checked it is the student of the path. */
function stepUpSession(request: FastifyRequest, pathId: string): StepUpSession {
  requireStudent(request, pathId);
  const session = readStudentSession(request);
  if (!session) throw new Error('step-up route without its session check');
  return { sessionId: session.sessionId, studentId: session.studentId, expiresAt: session.expiresAt };
}

/** The student's step-up (issue 33): a code to the contacts on record, or the seat number. */
export const studentStepUpRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, options) => {
  const service = studentStepUpService(studentStepUpRepository(app.db), {
    method: app.config.studentStepUp,
    email: Boolean(app.config.notifications.email),
    sms: Boolean(app.config.notifications.sms),
    secret: options.secret,
  });

  app.post(
    '/students/stepUp/:id',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags: ['students'],
        summary:
          'Starts the step-up before the own-data zip and document images: sends a code, or names the seat number',
        description:
          '`data.method`: `code` (a 6-digit code sent to the phone and e-mail on record, `data.sentTo` masked; ' +
          'valid 10 minutes, one use), `seatNo` (the seat number of the imported list: STUDENT_STEP_UP=seatNo, or ' +
          'no contact a configured channel reaches) or `off`. A new code no sooner than 60 s after the last (429).',
        params: paramsSchema,
        response: {
          200: stepUpStartResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const session = stepUpSession(request, request.params.id);
      return { status: 'success' as const, data: await service.start(session, { ip: request.ip }) };
    },
  );

  app.post(
    '/students/stepUp/:id/verify',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags: ['students'],
        summary:
          'Checks the step-up code (or seat number); passed, it opens the protected reads for 15 minutes',
        description:
          '`{code}` or `{seatNo}`, Arabic-Indic digits accepted. Five tries a session (counted before each ' +
          "check), fifteen an hour over all of the student's sessions. Every refused try is audited " +
          '(student.stepUp.refused), the pass too (student.stepUp.passed).',
        params: paramsSchema,
        body: stepUpVerifyRequestSchema,
        response: {
          200: stepUpMessageResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const session = stepUpSession(request, request.params.id);
      await service.verify(session, request.body, { ip: request.ip });
      return { status: 'success' as const, message: STEP_UP_MESSAGES.verified };
    },
  );
};
