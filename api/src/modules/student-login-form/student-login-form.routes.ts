import {
  MESSAGES,
  STUDENT_LOGIN_FORM_PATH,
  type StudentLookupRequestParsed,
  type StudentLookupResponse,
  studentLookupRequestSchema,
} from '@portal/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { setStudentSession } from '../student-session/index.js';
import { isCrossSitePost, landingOf, refusalAsRedirect, setWebAppCookies } from './student-login-form.js';

const API_PREFIX = '/api/v1';
/**
 * A national ID is 14 digits, a seat number at most 20 and a solved proof-of-work under 1 kB of base64; a form body
 * twice that is already not a login.
 */
const FORM_BODY_LIMIT = 4096;

interface LoginFormDeps {
  /** getStudent's lookup: through the same enumeration guard (a solved proof in the `altcha` field). */
  lookup: (
    request: FastifyRequest,
    reply: FastifyReply,
    body: StudentLookupRequestParsed,
  ) => Promise<StudentLookupResponse>;
  /** The lookup's rate limit, the same counter as getStudent's, so two doors do not double the guesses. */
  lookupLimit: onRequestHookHandler;
}

/**
 * POST loginForm: the login screen's form as index.html carries it before any script has arrived. Same lookup,
 * same session and the same limit as getStudent, but the answer is a redirect a browser follows: to the
 * student's screen, or back to the login screen naming the refusal. Registered inside the students plugin.
 */
export function registerStudentLoginForm(app: FastifyInstance, { lookup, lookupLimit }: LoginFormDeps) {
  const secondFactor = app.config.studentSecondFactor;
  app.register(async (scope) => {
    // A browser's form post and nothing else: the JSON door is getStudent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      STUDENT_LOGIN_FORM_PATH.slice(API_PREFIX.length),
      {
        onRequest: [
          async (request) => {
            if (isCrossSitePost(request)) throw new AppError(403, MESSAGES.forbidden);
          },
          lookupLimit,
        ],
        onSend: async (_request, reply, payload) =>
          reply.statusCode >= 400 ? refusalAsRedirect(reply, payload) : payload,
        schema: {
          tags: ['students'],
          summary:
            'Student login by a plain form post (the login screen before its script has loaded): opens the ' +
            'student session and redirects (303) to the student screen, or back to the login screen with ' +
            '`?loginError=<code>`',
          consumes: ['application/x-www-form-urlencoded'],
          body: studentLookupRequestSchema,
          response: {
            303: z
              .null()
              .meta({ description: 'Location: the student screen, or the login screen with the error' }),
          },
        },
      },
      async (request, reply) => {
        const { nationalID: nationalId, seatNo } = request.body;
        const answer = await lookup(request, reply, request.body);
        setStudentSession(reply, answer._id);
        setWebAppCookies(reply, answer._id, nationalId, secondFactor === 'seatNo' ? seatNo : undefined);
        return reply.header('cache-control', 'no-store').redirect(landingOf(answer), 303);
      },
    );
  });
}
