import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { poolOf } from '../../db/pool.js';
import { type ContentCache, contentCache } from './content-cache.js';
import { contentPollPool, contentVersionsReader } from './content-versions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content students read on every visit, cached per version in this instance (issue 19). */
    content: ContentCache;
  }
}

/** An edit on another instance shows here within this time (issue 19 asks for a second). */
export const CONTENT_POLL_MS = 500;

/**
 * Registered before the routes; the counters are read once before the first request is served. A database that
 * does not answer then does not stop the start (the health checks report it): the cache loads as at version 0 and
 * the first poll that succeeds moves it on.
 */
export const contentPlugin = fp(
  async (app: FastifyInstance) => {
    const appPool = poolOf(app.db);
    if (!appPool) throw new Error('the content cache needs the database pool');
    const pollPool = contentPollPool(appPool);
    const cache = contentCache({
      readVersions: contentVersionsReader(pollPool),
      pollMs: CONTENT_POLL_MS,
      onPollError: (error) => app.log.warn({ err: error }, 'content versions could not be read'),
    });
    app.decorate('content', cache);
    app.addHook('onReady', () => cache.start());
    app.addHook('onClose', async () => {
      cache.stop();
      await pollPool.end();
    });
  },
  { name: 'portal-content', decorators: { fastify: ['db'] } },
);
