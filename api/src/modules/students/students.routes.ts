import {
  errorEnvelopeSchema,
  MESSAGES,
  studentLookupRequestSchema,
  studentLookupResponseSchema,
} from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressLimit, memoryCounter, redisCounter } from '../../lib/address-limit.js';
import { registerStudentLoginForm } from '../student-login-form/student-login-form.routes.js';
import {
  requireStudent,
  setStudentSession,
  studentSessionFirst,
} from '../student-session/student-session.js';
import { studentsRepository } from './students.repository.js';
import { studentsService } from './students.service.js';

/** The name the calendar file is saved under. */
export const APPOINTMENT_FILE_NAME = 'personal-interview-appointment.ics';

/** The student lookup's window, and where its counts are kept in Redis. */
const LOOKUP_WINDOW_MS = 60_000;
export const LOOKUP_COUNT_PREFIX = 'portal:rate-limit:student-lookup:';

export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = studentsService(studentsRepository(app.db), {
    timeZone: app.config.universityTimeZone,
    interviewResultVisible: app.config.interviewResultVisible,
    studentSecondFactor: app.config.studentSecondFactor,
  });

  // One limit for both doors of the lookup (the JSON call and the login screen's form post), so that using both
  // does not double the guesses an address gets. With REDIS_URL the counts live in Redis, shared by every
  // instance (keys `portal:rate-limit:student-lookup:<address>`); while Redis is unreachable lookups are let
  // through rather than refused. Without it each process counts in its own memory. (Staff sign-in lockouts live
  // in PostgreSQL: login-throttle.repository.ts.)
  const lookupLimit = addressLimit({
    max: app.config.studentLookupRateLimit,
    windowMs: LOOKUP_WINDOW_MS,
    counter: app.redis ? redisCounter(app.redis, LOOKUP_COUNT_PREFIX) : memoryCounter(),
  });

  app.post(
    '/students/getStudent',
    {
      onRequest: lookupLimit,
      schema: {
        tags: ['students'],
        summary: 'Student login by national ID; opens the student session (signed HttpOnly cookie)',
        description:
          'With `STUDENT_SECOND_FACTOR=seatNo` the body carries `seatNo` too, the seat number of the imported ' +
          'list; a wrong or missing one is answered exactly as an unknown national ID (404). Without the ' +
          'setting `seatNo` is ignored.',
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
      const answer = await service.lookup(request.body.nationalID, request.body.seatNo);
      setStudentSession(reply, answer._id);
      return answer;
    },
  );

  registerStudentLoginForm(app, { service, lookupLimit });

  app.get(
    '/students/appointment/:id.ics',
    {
      // Without a session the answer is 401 whatever the path, so nothing is learnt without logging in.
      preValidation: studentSessionFirst,
      schema: {
        tags: ['students'],
        summary: "The logged-in student's personal-interview appointment as a calendar file (.ics)",
        params: z.object({ id: z.uuid({ error: MESSAGES.studentIdInvalid }) }),
        response: {
          200: z.string().meta({ description: 'text/calendar (RFC 5545), one event' }),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const studentId = requireStudent(request, request.params.id);
      const calendar = await service.appointmentCalendar(studentId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${APPOINTMENT_FILE_NAME}"`)
        .send(calendar);
    },
  );
};
