import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgLocker } from './pg-locker.js';
import { type StagedUploadStore, stagedUploadStore } from './staged-upload-store.js';
import { stagedUploadsRepository } from './staged-uploads.repository.js';
import { type StagedUploadsService, stagedUploadsService } from './staged-uploads.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Documents uploaded on their own with tus, waiting for the submit that names them (issue 34). */
    stagedUploads: { store: StagedUploadStore; service: StagedUploadsService; locker: PgLocker };
  }
}

/**
 * The staged uploads' store (tus's file store on the staging disk, or its S3 store), the lock shared by the
 * instances, and the service the tus endpoint and the submits use. A test may hand its own store.
 */
export const stagedUploadsPlugin = fp(
  async (app: FastifyInstance, options: { store?: StagedUploadStore }) => {
    const store = options.store ?? stagedUploadStore(app.config);
    const repository = stagedUploadsRepository(app.db);
    app.decorate('stagedUploads', {
      store,
      service: stagedUploadsService(repository, store),
      locker: new PgLocker(app.db),
    });
  },
  { name: 'portal-staged-uploads', decorators: { fastify: ['db', 'config'] } },
);
