import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { completeDataRepository } from './complete-data.repository.js';
import { sweepOrphanImages } from './orphan-images.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs the orphan image sweep once the app is ready and every hour after, in the background (it never delays
 * the start nor fails a request), one run at a time, followed by the removal of staged uploads older than 24
 * hours; a run in progress stops at its next batch when the app closes. Every instance sweeps: removing a file
 * twice is harmless.
 */
export const orphanImageSweep = fp(
  async (app: FastifyInstance) => {
    const repository = completeDataRepository(app.db);
    let closing = false;
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;

    const run = () => {
      if (running || closing) return;
      running = sweepOrphanImages({
        storage: app.storage,
        recordedKeys: repository.recordedKeys,
        stopped: () => closing,
      })
        .then((result) => app.log.info(result, 'orphan image sweep finished'))
        // Staged (tus) uploads no submit used within 24 hours go with the same hourly run (issue 34).
        .then(() => app.stagedUploads.service.sweep(app.log))
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'removed staged uploads older than 24 hours');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'orphan image sweep failed'))
        .finally(() => {
          running = undefined;
        });
    };

    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      if (timer) clearInterval(timer);
      await running;
    });
  },
  {
    name: 'portal-orphan-image-sweep',
    dependencies: ['portal-storage', 'portal-staged-uploads'],
    decorators: { fastify: ['db'] },
  },
);
