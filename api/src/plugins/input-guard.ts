import { hasUnstorableText, MESSAGES } from '@portal/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/**
 * Refuses, whole and with an Arabic message, input that no route can take:
 * - text PostgreSQL cannot store (NUL, lone surrogates) anywhere in the body, query or path, which would
 *   otherwise fail inside a query as a 500. Checked after validation, so the route's own messages come first.
 * - bodies that are neither JSON nor multipart: Fastify's built-in text/plain reader would hand the route a
 *   string, answered 400; the truthful answer is 415.
 */
export const inputGuard = fp(
  async (app: FastifyInstance) => {
    app.removeContentTypeParser('text/plain');
    app.addHook('preHandler', (request, _reply, done) => {
      const unstorable =
        hasUnstorableText(request.params) ||
        hasUnstorableText(request.query) ||
        hasUnstorableText(request.body);
      done(unstorable ? new AppError(400, MESSAGES.textUnstorable) : undefined);
    });
  },
  { name: 'portal-input-guard' },
);

/**
 * Fastify's `frameworkErrors`: a URL that is not valid percent-encoding, or a path parameter longer than the
 * router takes, is answered by the router itself, before any hook or error handler; this gives it the envelope.
 */
export function answerFrameworkError(_error: Error, _request: FastifyRequest, reply: FastifyReply) {
  reply.code(400).send({ status: 'error', message: MESSAGES.invalidInput });
}
