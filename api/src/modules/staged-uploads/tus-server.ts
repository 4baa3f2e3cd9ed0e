import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type ImageKind,
  MESSAGES,
  SERVER_IMAGE_MAX_BYTES,
  STAGED_UPLOAD_MESSAGES,
  TUS_UPLOADS_PATH,
} from '@portal/common';
import { Server } from '@tus/server';
import { EVENTS, type Locker } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { StagedUploadStore } from './staged-upload-store.js';
import type { StagedUploadOwner, StagedUploadsRepository } from './staged-uploads.repository.js';
import type { StagedUploadsService } from './staged-uploads.service.js';

/** What the route found out before handing a creation to tus: who creates it, of which kind. */
export interface CreationContext extends StagedUploadOwner {
  kind: ImageKind;
  log: FastifyBaseLogger;
}

/** A tus refusal as the portal answers: the error envelope, in Arabic. */
function envelope(message: string): string {
  return JSON.stringify({ status: 'error', message });
}

/** tus's own (English) refusals as Arabic ones, by status. */
function arabicFor(status: number): string {
  if (status === 413) return STAGED_UPLOAD_MESSAGES.uploadTooLarge;
  if (status === 404 || status === 410) return STAGED_UPLOAD_MESSAGES.uploadNotFound;
  if (status >= 500) return STAGED_UPLOAD_MESSAGES.uploadFailed;
  return MESSAGES.invalidInput;
}

type TusRequest = { runtime?: { node?: { req?: IncomingMessage } } };

/**
 * The tus 1.0 server of staged document uploads. The Fastify route authenticates and checks the request first
 * (see staged-uploads.routes.ts) and hands creations their context through `creations`, keyed by the Node request.
 * Locations are absolute paths, so they hold behind nginx whatever host or scheme the client used.
 */
export function createTusServer(deps: {
  store: StagedUploadStore;
  locker: Locker;
  repository: StagedUploadsRepository;
  service: StagedUploadsService;
  creations: WeakMap<IncomingMessage, CreationContext>;
  log: FastifyBaseLogger;
}): Server {
  const contextOf = (req: unknown): CreationContext | undefined => {
    const node = (req as TusRequest).runtime?.node?.req;
    return node ? deps.creations.get(node) : undefined;
  };
  const server = new Server({
    path: TUS_UPLOADS_PATH,
    datastore: deps.store,
    locker: deps.locker,
    relativeLocation: true,
    // Same origin only: tus would otherwise answer every request `Access-Control-Allow-Origin: *`.
    allowedOrigins: () => false,
    maxSize: SERVER_IMAGE_MAX_BYTES,
    namingFunction: () => randomBytes(16).toString('hex'),
    async onUploadCreate(req, upload) {
      const context = contextOf(req);
      if (!context || upload.size === undefined)
        throw { status_code: 400, body: envelope(MESSAGES.invalidInput) };
      await deps.repository.create({
        id: upload.id,
        studentId: context.studentId,
        sessionId: context.sessionId,
        kind: context.kind,
        declaredLength: upload.size,
      });
      return {};
    },
    async onUploadFinish(req, upload) {
      const log = contextOf(req)?.log ?? deps.log;
      try {
        await deps.service.finish(upload.id, log);
      } catch (error) {
        if (error instanceof AppError) throw { status_code: error.statusCode, body: envelope(error.message) };
        throw error;
      }
      return {};
    },
    onResponseError(_req, error) {
      const status = 'status_code' in error ? error.status_code : 500;
      const body = 'body' in error ? error.body : '';
      if (body.startsWith('{"status":"error"')) return { status_code: status, body };
      if (status >= 500) deps.log.error({ err: error }, 'a tus upload request failed');
      return { status_code: status, body: envelope(arabicFor(status)) };
    },
  });
  // A cancelled upload (DELETE): its bytes are gone, so is its row.
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    deps.repository
      .remove([id])
      .catch((error: unknown) => deps.log.warn({ err: error, id }, 'could not forget a cancelled upload'));
  });
  return server;
}
