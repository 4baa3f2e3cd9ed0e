import { errorEnvelopeSchema, STEP_UP_MESSAGES, stepUpMessageResponseSchema } from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../db/audit-trail.js';
import { AppError } from '../../lib/app-error.js';
import { checkStudentSession, STUDENT_SESSION_COOKIE } from './student-session.js';
import { endSession } from './student-session.repository.js';

/** `POST /students/logout` (issue 33): ends the session on the server, for every instance at once. */
export const studentSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/students/logout',
    {
      schema: {
        tags: ['students'],
        summary: "Ends the student's session on the server and clears its cookie; audited (student.logout)",
        description:
          'From the next request on, every instance refuses the session (401), even with a copy of the cookie. ' +
          'Without a valid session: 401, and the cookie is cleared all the same.',
        response: { 200: stepUpMessageResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const session = await checkStudentSession(request);
      reply.clearCookie(STUDENT_SESSION_COOKIE, { path: '/' });
      if (!session) throw new AppError(401, STEP_UP_MESSAGES.notLoggedIn);
      await endSession(
        app.db,
        { id: session.sessionId, studentId: session.studentId, expiresAt: session.expiresAt },
        (tx) =>
          recordAudit(tx, {
            actor: null,
            action: 'student.logout',
            targetType: 'student',
            targetId: session.studentId,
            ip: request.ip,
          }),
      );
      return { status: 'success' as const, message: STEP_UP_MESSAGES.loggedOut };
    },
  );
};
