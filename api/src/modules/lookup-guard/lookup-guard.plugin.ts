import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redisGuardStore, withStoreFallback } from './guard-store.js';
import { type LookupGuard, lookupGuard } from './lookup-guard.js';
import { lookupGuardRepository } from './lookup-guard.repository.js';
import { type LookupProofOfWork, lookupProofOfWork } from './proof-of-work.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The portal-wide enumeration guard of the student lookup (decision 18). */
    lookupGuard: LookupGuard;
    /** Its challenges: created for `GET /students/lookupChallenge`, checked by the guard. */
    lookupProofOfWork: LookupProofOfWork;
  }
}

/** Where the guard's counts and used proofs live in Redis. */
export const LOOKUP_GUARD_PREFIX = 'portal:lookup-guard:';

/** Decorates the app with the guard, which shares the Redis plugin's client when there is one. */
export const lookupGuardPlugin = fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    const database = lookupGuardRepository(app.db);
    const store = app.redis
      ? withStoreFallback(redisGuardStore(app.redis, LOOKUP_GUARD_PREFIX), database)
      : database;
    const proofOfWork = lookupProofOfWork(options.secret);
    app.decorate('lookupProofOfWork', proofOfWork);
    app.decorate(
      'lookupGuard',
      lookupGuard({ store, proofOfWork, threshold: app.config.studentLookupPowThreshold }),
    );
  },
  { name: 'portal-lookup-guard', dependencies: ['portal-redis'], decorators: { fastify: ['db', 'config'] } },
);
