import { errorEnvelopeSchema } from '@portal/common';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { challengeSchema, LOOKUP_POW } from './proof-of-work.js';

const challengeAnswer = challengeSchema.meta({
  description:
    `An ALTCHA challenge (proof-of-work v2, ${LOOKUP_POW.algorithm}): solved, it goes back as the lookup's ` +
    '`altcha` field, base64 of `{"challenge": <this>, "solution": {"counter", "derivedKey"}}`, and is used once.',
});

/**
 * GET lookupChallenge: a fresh challenge for a lookup made while the enumeration guard is on. Registered inside the
 * students plugin, under the lookup's own limit: a guess then costs an address two of its requests.
 */
export function registerLookupChallenge(app: FastifyInstance, lookupLimit: onRequestHookHandler) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/students/lookupChallenge',
    {
      onRequest: lookupLimit,
      schema: {
        tags: ['students'],
        summary:
          'A proof-of-work challenge for the student lookup while too many unknown national IDs are tried',
        response: { 200: challengeAnswer, 429: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.lookupProofOfWork.create();
    },
  );
}
