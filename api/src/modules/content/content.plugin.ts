import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ContentCache, contentCache } from './content-cache.js';
import { readContentVersions } from './content-versions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content students read on every visit, cached per version in this instance (issue 19). */
    content: ContentCache;
  }
}

/** An edit on another instance shows here within this time (issue 19 asks for a second). */
export const CONTENT_POLL_MS = 500;

/** Registered before the routes; the counters are read once before the first request is served. */
export const contentPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = contentCache({
      readVersions: () => readContentVersions(app.db),
      pollMs: CONTENT_POLL_MS,
      onPollError: (error) => app.log.warn({ err: error }, 'content versions could not be read'),
    });
    app.decorate('content', cache);
    app.addHook('onReady', () => cache.start());
    app.addHook('onClose', () => cache.stop());
  },
  { name: 'content' },
);
