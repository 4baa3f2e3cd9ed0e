import { MESSAGES, SEASON_MESSAGES } from '@portal/common';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { isClosedSeasonWrite, isDatabaseUnavailable } from '../lib/database-errors.js';
import { PdfRenderError } from '../pdf/pdf-renderer.js';

const ARABIC = /[\u0600-\u06ff]/;

function send(reply: FastifyReply, statusCode: number, message: string) {
  return reply.code(statusCode).send({ status: 'error', message });
}

/** Maps Fastify's own error codes to a truthful status and an Arabic sentence. */
const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MESSAGES.invalidInput],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.bodyTooLarge],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_INVALID_TYPE: [400, MESSAGES.invalidInput],
  FST_ERR_VALIDATION: [400, MESSAGES.invalidInput],
  FST_ERR_RATE_LIMIT_EXCEEDED: [429, MESSAGES.tooManyRequests],
};

/**
 * Every failure leaves as `{status: 'error', message}` in Arabic with a truthful status; 5xx details stay in
 * the log, never in the answer.
 */
export const errorEnvelope = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return send(reply, error.statusCode, error.message);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0]?.message;
        return send(reply, 400, first && ARABIC.test(first) ? first : MESSAGES.invalidInput);
      }
      if (error instanceof SyntaxError && error.statusCode === 400)
        return send(reply, 400, MESSAGES.invalidJson);
      const known = error.code ? FASTIFY_CODES[error.code] : undefined;
      if (known) return send(reply, known[0], known[1]);
      if (isClosedSeasonWrite(error)) return send(reply, 409, SEASON_MESSAGES.closed);
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return send(reply, 503, MESSAGES.databaseUnavailable);
      }
      if (error instanceof PdfRenderError) {
        // The renderer child is replaced after a failure, so the next attempt has a fair chance.
        request.log.error({ err: error }, 'PDF rendering failed');
        reply.header('retry-after', '5');
        return send(reply, 503, MESSAGES.serviceUnavailable);
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return send(reply, error.statusCode, MESSAGES.invalidInput);
      }
      request.log.error({ err: error }, 'unexpected error');
      return send(reply, 500, MESSAGES.unexpected);
    });
  },
  { name: 'portal-error-envelope' },
);
