import {
  REVIEW_MESSAGES,
  REVIEW_NOTE_MAX_LENGTH,
  reviewQueueRequestSchema,
  reviewQueueResponseSchema,
  reviewRequestSchema,
  reviewResponseSchema,
  studentDocumentParamsSchema,
  studentIdParamsSchema,
  studentPageQuerySchema,
  studentRecordPageResponseSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { type DocumentViewer, documentViewer } from './document-access.js';
import { documentReviewRepository } from './document-review.repository.js';
import { documentReviewService, type RequestContext } from './document-review.service.js';

const GUARDED = [401, 403] as const;

const DOCUMENT_DESCRIPTION = [
  "The stored image (image/png or image/jpeg), never cached. Who may read it: the student's own session cookie ",
  "(from getStudent) for the student in the path (another student's session: 403; none: 401); or staff with a ",
  'bearer token whose scope holds the student (SUPERADMIN and SUPPORT any student, ADMIN its own faculty, ',
  'SOCIAL_ADMIN social-work colleges; 403 otherwise). Staff reads are audited.',
].join('');

const REVIEW_DESCRIPTION = [
  'One to six decisions, each kind at most once: accepted, or rejected with a reason (unreadable, cropped, ',
  `wrongDocument, expired, nameMismatch, other) and a note of at most ${REVIEW_NOTE_MAX_LENGTH} characters `,
  "(required with 'other'). `version` is the record page's: a save based on an older one is refused with 409, ",
  'as is a student whose data is not complete or a kind with no stored image. All or nothing; audited.',
].join('');

/**
 * Staff review of the students' documents (issue 16): the student's whole record, its document images, the
 * review save and the faculty's review queue. Who may call the three staff calls is the access table's
 * business (`auth/access-policy.ts`); which students each account reaches is `review-scope.ts`'s. The image
 * route has no row: it lets the student's own session in too, and checks both kinds of caller itself.
 */
export const documentReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = documentReviewService({
    repository: documentReviewRepository(app.db),
    audit: (entry, tx) => recordAudit(tx ?? app.db, entry),
    storage: app.storage,
  });
  const staff = (request: FastifyRequest) => app.auth.currentStaff(request);
  const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip });
  const tags = ['document review'];

  app.get(
    '/students/record/:id',
    {
      schema: {
        tags,
        summary: 'Everything the portal holds on one student, with its documents, history and review version',
        description: "Opening it is audited (student.view). 403 for a student outside the caller's scope.",
        params: studentIdParamsSchema,
        response: { 200: studentRecordPageResponseSchema, ...errorResponses(400, ...GUARDED, 404) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.recordPage(staff(request), request.params.id, context(request)),
    }),
  );

  // Who reads an image, from the credential check (before validation) to the handler.
  const viewers = new WeakMap<FastifyRequest, DocumentViewer>();

  app.get(
    '/students/document/:id/:kind',
    {
      // A HEAD would open the image and write an audit row only to discard both.
      exposeHeadRoute: false,
      // Credentials first: without them nothing is learnt, not even whether the id or kind is well formed.
      preValidation: async (request) => {
        const raw = (request.params as Record<string, unknown>).id;
        const id = typeof raw === 'string' ? raw : '';
        viewers.set(request, await documentViewer(request, id, (token) => app.auth.verifyToken(token)));
      },
      schema: {
        tags,
        summary: "One of a student's document images, for the student itself or for staff in scope",
        description: DOCUMENT_DESCRIPTION,
        params: studentDocumentParamsSchema,
        response: {
          200: z.unknown().meta({ description: 'The image bytes (image/png or image/jpeg)' }),
          ...errorResponses(400, ...GUARDED, 404, 410, 503),
        },
      },
    },
    async (request, reply) => {
      const viewer = viewers.get(request);
      if (!viewer) throw new Error('document route without its credential check');
      const { id, kind } = request.params;
      const image = await service.document(viewer, id, kind, context(request), request.log);
      const extension = image.contentType === 'image/png' ? 'png' : 'jpg';
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${kind}.${extension}"`)
        .send(image.stream);
    },
  );

  app.post(
    '/students/review/:id',
    {
      schema: {
        tags,
        summary: "Accepts or refuses the student's documents, in one save based on the record's version",
        description: REVIEW_DESCRIPTION,
        params: studentIdParamsSchema,
        body: reviewRequestSchema,
        response: { 200: reviewResponseSchema, ...errorResponses(400, ...GUARDED, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: REVIEW_MESSAGES.reviewSaved,
      data: await service.review(staff(request), request.params.id, request.body, context(request)),
    }),
  );

  app.post(
    '/students/reviewQueue',
    {
      schema: {
        tags,
        summary:
          "A page of the faculty's students whose documents await review, oldest completion first, with counts",
        description:
          'Super admin and support name the faculty (required); a faculty ADMIN always gets its own (naming ' +
          'another is 403); a SOCIAL_ADMIN names a social-work college (another is 403). Each page read is audited.',
        querystring: studentPageQuerySchema,
        body: reviewQueueRequestSchema,
        response: { 200: reviewQueueResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await service.queue(staff(request), request.body.faculty, request.query, context(request))),
    }),
  );
};
