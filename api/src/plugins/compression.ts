import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this an answer fits in one packet either way, and compressing it costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const BODILESS = new Set(['GET', 'HEAD']);

/**
 * Compresses API answers of 1 kB or more (brotli at quality 4, or gzip) for clients that accept it. Answers that
 * already carry a Content-Encoding (the web app's files, precompressed at build) or a byte range pass untouched,
 * and images, PDF and spreadsheets are not compressible types, so downloads keep their Content-Length.
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    // A request without a body has nothing to decompress: its route goes without the plugin's preParsing hook,
    // which otherwise ran on every GET. Added before the plugin's own onRoute hook, which reads the option.
    app.addHook('onRoute', (route) => {
      if (route.decompress === undefined && [route.method].flat().every((method) => BODILESS.has(method)))
        route.decompress = false;
    });
    await app.register(compress, {
      global: true,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
    });
  },
  { name: 'portal-compression' },
);
