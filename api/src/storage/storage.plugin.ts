import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';
import { localDiskStorage, sweepOldFiles } from './local-disk-storage.js';
import { s3Storage } from './s3-storage.js';
import type { ObjectStorage } from './storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the students' images are kept (local disk by default; see `ObjectStorage`). */
    storage: ObjectStorage;
  }
}

/** Temporary files older than this are leftovers of an interrupted request or a crash. */
export const STALE_TEMP_FILE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The configured store: the S3-compatible one when `S3_BUCKET` is set, else the local disk under `DATA_DIR/images`. */
export function storageFromConfig(config: Pick<Config, 's3' | 'dataDir'>): ObjectStorage {
  return config.s3 ? s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, 'images'));
}

/** Local folder where an upload is staged (checked and hashed) before it is put into the storage. */
export function uploadStagingDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/**
 * Decorates the app with its storage (closed with the app), and removes stale temporary files (the store's interrupted writes and
 * staged uploads) when the app starts and every hour, without ever failing a request.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance, options: { storage: ObjectStorage; stagingDir: string }) => {
    app.decorate('storage', options.storage);

    const sweep = async () => {
      try {
        const fromStore = (await options.storage.sweep?.(STALE_TEMP_FILE_MS)) ?? 0;
        const removed = fromStore + (await sweepOldFiles(options.stagingDir, STALE_TEMP_FILE_MS));
        if (removed > 0) app.log.info({ removed }, 'removed stale temporary upload files');
      } catch (error) {
        app.log.warn({ err: error }, 'could not remove stale temporary upload files');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await options.storage.close?.();
    });
  },
  { name: 'portal-storage' },
);
