import type { IncomingMessage } from 'node:http';
import {
  errorEnvelopeSchema,
  IMAGE_KINDS,
  type ImageKind,
  MESSAGES,
  SERVER_IMAGE_MAX_BYTES,
  STAGED_UPLOAD_MESSAGES,
  STAGED_UPLOAD_METADATA,
  stagedUploadIdSchema,
} from '@portal/common';
import { Metadata } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { readStudentSession, studentSessionFirst } from '../student-session/index.js';
import { STAGED_UPLOAD_MAX_AGE_MS, stagedUploadsRepository } from './staged-uploads.repository.js';
import { type CreationContext, createTusServer } from './tus-server.js';

/** How many uploads one session may have staged at once: six documents, each retried a few times. */
export const STAGED_UPLOADS_PER_SESSION = 30;

const idParamsSchema = z.object({ id: z.string().max(64) });

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  412: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  460: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

const CREATE_DESCRIPTION = [
  'tus 1.0 creation (https://tus.io/protocols/resumable-upload) of one document image, for the complete-data ',
  'or replace-documents submit to name in its `uploads` field. Headers: `Tus-Resumable: 1.0.0`, `Upload-Length` ',
  `(required; at most ${SERVER_IMAGE_MAX_BYTES} bytes, else 413 before any byte), \`Upload-Metadata\` with \`kind\` `,
  `(one of ${IMAGE_KINDS.join(', ')}), \`filename\`, \`filetype\`. Answers 201 with \`Location\` (an absolute `,
  'path). The upload belongs to this session; when its last byte arrives the bytes are checked as a `photos` ',
  'part is (png or jpeg, whole, pixel cap): else the upload is removed and answered 4xx. Removed after 24 hours ',
  'unless a submit used it.',
].join('');

const CANONICAL_COUNT = /^(0|[1-9]\d{0,14})$/;

/**
 * tus's own header checks, made first so that the refusal is the portal's (Arabic envelope) rather than tus's
 * plain English line: the protocol version, the offset, the body's type on PATCH, and headers the portal does
 * not use (concatenation, a forwarded scheme other than http/https).
 */
function tusHeaderProblem(request: FastifyRequest): AppError | null {
  const headers = request.headers;
  if (headers['tus-resumable'] !== '1.0.0') return new AppError(412, MESSAGES.invalidInput);
  // tus honours a method override (POST as PATCH, DELETE as POST…), which would skip the checks made here.
  if (headers['x-http-method-override'] !== undefined || headers['upload-concat'] !== undefined) {
    return new AppError(400, MESSAGES.invalidInput);
  }
  const offset = headers['upload-offset'];
  if (offset !== undefined && (typeof offset !== 'string' || !CANONICAL_COUNT.test(offset))) {
    return new AppError(400, MESSAGES.invalidInput);
  }
  const proto = headers['x-forwarded-proto'];
  if (proto !== undefined && proto !== 'http' && proto !== 'https')
    return new AppError(400, MESSAGES.invalidInput);
  if (request.method === 'PATCH' && headers['content-type'] !== 'application/offset+octet-stream') {
    return new AppError(415, MESSAGES.invalidInput);
  }
  return null;
}

/** The route's refusals before tus sees the request, for a creation. */
function creationContext(request: FastifyRequest): Omit<CreationContext, 'studentId' | 'sessionId' | 'log'> {
  const headers = request.headers;
  const length = headers['upload-length'];
  if (
    typeof length !== 'string' ||
    !/^\d{1,12}$/.test(length) ||
    headers['upload-defer-length'] !== undefined
  ) {
    throw new AppError(400, STAGED_UPLOAD_MESSAGES.uploadLengthRequired);
  }
  if (Number(length) > SERVER_IMAGE_MAX_BYTES) throw new AppError(413, STAGED_UPLOAD_MESSAGES.uploadTooLarge);
  const header = headers['upload-metadata'];
  let metadata: Record<string, string | null> = {};
  try {
    if (typeof header === 'string' && header !== '') metadata = Metadata.parse(header);
  } catch {
    throw new AppError(400, MESSAGES.invalidInput);
  }
  const kind = metadata[STAGED_UPLOAD_METADATA.kind];
  if (!kind || !(IMAGE_KINDS as readonly string[]).includes(kind)) {
    throw new AppError(400, STAGED_UPLOAD_MESSAGES.uploadKindUnknown);
  }
  return { kind: kind as ImageKind };
}

/**
 * The tus endpoint of staged document uploads (issue 34, decision 0021): `POST /uploads` creates, `HEAD`,
 * `PATCH` and `DELETE /uploads/{id}` resume, continue or cancel. Each request is authenticated as every student
 * route is, and an upload is reachable only from the session that created it (404 otherwise, so that its
 * existence is not told); then the request is handed to tus as it came, its body unread.
 */
export const stagedUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { store, service, locker } = app.stagedUploads;
  const repository = stagedUploadsRepository(app.db);
  const creations = new WeakMap<IncomingMessage, CreationContext>();
  const tus = createTusServer({ store, locker, repository, service, creations, log: app.log });

  // tus reads the body itself, from the Node request: Fastify must leave it unread.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  // Once checked, the request leaves Fastify: tus answers it on the raw response. The headers the portal's
  // hooks set so far (the security headers) go with it, and the request id that onSend would have added.
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.raw.setHeader('x-request-id', request.id);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  app.post(
    '/uploads',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags: ['students'],
        summary: 'Creates a resumable (tus) upload of one document image; student session required',
        description: CREATE_DESCRIPTION,
        response: {
          201: z.unknown().meta({ description: 'Created; `Location` names the upload' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const session = readStudentSession(request);
      if (!session) throw new AppError(401, MESSAGES.studentSessionExpired);
      const problem = tusHeaderProblem(request);
      if (problem) throw problem;
      const context = creationContext(request);
      if ((await repository.countOfSession(session.sessionId)) >= STAGED_UPLOADS_PER_SESSION) {
        throw new AppError(429, STAGED_UPLOAD_MESSAGES.uploadsTooMany);
      }
      creations.set(request.raw, {
        ...context,
        studentId: session.studentId,
        sessionId: session.sessionId,
        log: request.log,
      });
      await handOver(request, reply);
    },
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: '/uploads/:id',
    preValidation: studentSessionFirst,
    schema: {
      tags: ['students'],
      summary: "Resumes (HEAD), continues (PATCH) or cancels (DELETE) one of this session's tus uploads",
      description:
        'tus 1.0: HEAD answers `Upload-Offset`; PATCH (`Content-Type: application/offset+octet-stream`, ' +
        '`Upload-Offset`) appends; DELETE removes. 404 for an upload of another session, unknown or expired.',
      params: idParamsSchema,
      response: { 200: z.unknown(), 204: z.unknown(), ...errors },
    },
    handler: async (request, reply) => {
      const session = readStudentSession(request);
      if (!session) throw new AppError(401, MESSAGES.studentSessionExpired);
      const problem = tusHeaderProblem(request);
      if (problem) throw problem;
      const { id } = request.params as z.infer<typeof idParamsSchema>;
      const row = stagedUploadIdSchema.safeParse(id).success ? await repository.find(id) : undefined;
      if (
        !row ||
        row.studentId !== session.studentId ||
        row.sessionId !== session.sessionId ||
        Date.now() - row.createdAt.getTime() > STAGED_UPLOAD_MAX_AGE_MS
      ) {
        throw new AppError(404, STAGED_UPLOAD_MESSAGES.uploadNotFound);
      }
      await handOver(request, reply);
    },
  });
};
