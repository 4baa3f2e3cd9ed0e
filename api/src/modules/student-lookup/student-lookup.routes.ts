import {
  errorEnvelopeSchema,
  type StudentLookupRequestParsed,
  studentLookupRequestSchema,
  studentLookupResponseSchema,
} from '@portal/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressLimit, memoryCounter, redisCounter, withFallback } from '../../lib/address-limit.js';
import { markedRefusal, registerLookupChallenge } from '../lookup-guard/index.js';
import { registerStudentLoginForm } from '../student-login-form/index.js';
import { checkStudentSession, setStudentSession } from '../student-session/index.js';
import { studentLookupRepository } from './student-lookup.repository.js';
import { studentLookupService } from './student-lookup.service.js';

/** The name the calendar file is saved under. */

/** The student lookup's window, and where its counts are kept in Redis. */
const LOOKUP_WINDOW_MS = 60_000;
export const LOOKUP_COUNT_PREFIX = 'portal:rate-limit:student-lookup:';

export const studentLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = studentLookupService(studentLookupRepository(app.db), {
    timeZone: app.config.universityTimeZone,
    interviewResultVisible: app.config.interviewResultVisible,
    studentSecondFactor: app.config.studentSecondFactor,
  });

  // One limit for both doors of the lookup (the JSON call and the login screen's form post) and the proof-of-work
  // challenge, so that using several does not multiply the guesses an address gets. An IPv6 client is counted by
  // its prefix (STUDENT_LOOKUP_IPV6_PREFIX, a /64 by default). With REDIS_URL the counts live in Redis, shared by
  // every instance (keys `portal:rate-limit:student-lookup:<address>`); while Redis is unreachable each instance
  // counts in its own memory, never lets lookups through uncounted. Without it each process counts in its memory.
  // (Staff sign-in lockouts live in PostgreSQL: login-throttle.repository.ts.)
  const lookupLimit = addressLimit({
    max: app.config.studentLookupRateLimit,
    windowMs: LOOKUP_WINDOW_MS,
    counter: app.redis
      ? withFallback(redisCounter(app.redis, LOOKUP_COUNT_PREFIX), memoryCounter())
      : memoryCounter(),
    ipv6Prefix: app.config.studentLookupIpv6Prefix,
  });

  // Both doors look up through the portal-wide enumeration guard (lookup-guard/, decision 18).
  const guardedLookup = (
    request: FastifyRequest,
    reply: FastifyReply,
    { nationalID, seatNo, altcha }: StudentLookupRequestParsed,
  ) =>
    app.lookupGuard
      .lookup(
        { proof: altcha, sessionStudentId: async () => (await checkStudentSession(request))?.studentId },
        () => service.lookup(nationalID, seatNo),
      )
      .catch((error: unknown) => {
        throw markedRefusal(reply, error);
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
          'setting `seatNo` is ignored. While more than `STUDENT_LOOKUP_POW_THRESHOLD` unknown national IDs a ' +
          'minute are tried across the portal, the body must carry `altcha`, a solved challenge of ' +
          '`GET /students/lookupChallenge` (used once), unless the request holds the session of the student it ' +
          'looks up: without one the answer is 403 with the header `x-proof-of-work`.',
        body: studentLookupRequestSchema,
        response: {
          200: studentLookupResponseSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await guardedLookup(request, reply, request.body);
      // The page's lookup at each load renews the session it already holds rather than starting another.
      const current = await checkStudentSession(request);
      setStudentSession(
        reply,
        answer._id,
        Date.now(),
        current?.studentId === answer._id ? current.sessionId : undefined,
      );
      return answer;
    },
  );

  registerStudentLoginForm(app, { lookup: guardedLookup, lookupLimit });
  registerLookupChallenge(app, lookupLimit);
};
