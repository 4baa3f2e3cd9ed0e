import multipart from '@fastify/multipart';
import {
  COMPLETE_DATA_FIELDS,
  completeDataStoredResponseSchema,
  errorEnvelopeSchema,
  IMAGE_KINDS,
  MESSAGES,
  PHOTO_NAME_SEPARATOR,
  PHOTOS_FIELD,
  REVIEW_MESSAGES,
  replaceDocumentsResponseSchema,
  STAGED_UPLOADS_FIELD,
  successEnvelope,
  TUS_UPLOADS_PATH,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { AppError } from '../../lib/app-error.js';
import { uploadStagingDir } from '../../storage/storage.plugin.js';
import {
  readStudentSession,
  requireStepUp,
  requireStudent,
  studentSessionFirst,
} from '../student-session/index.js';
import { completeDataRepository } from './complete-data.repository.js';
import { type ClaimStaged, completeDataService } from './complete-data.service.js';
import {
  type ReceivedDocuments,
  receiveCompleteDataForm,
  receiveReplacementDocuments,
  UploadStaging,
} from './complete-data.upload.js';
import { orphanImageSweep } from './orphan-image-sweep.plugin.js';

const paramsSchema = z.object({ id: z.uuid({ error: MESSAGES.studentIdInvalid }) });
const photoParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES.studentIdInvalid }),
  kind: z.enum(IMAGE_KINDS, { error: MESSAGES.photoKindUnknown }),
});

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

const PATCH_DESCRIPTION = [
  'multipart/form-data. Text fields (all strings; Arabic-Indic digits accepted in number fields): ',
  `${COMPLETE_DATA_FIELDS.join(', ')}. `,
  `Images: up to ${IMAGE_KINDS.length} files in the field '${PHOTOS_FIELD}', each named `,
  `encodeURIComponent(originalName) + '${PHOTO_NAME_SEPARATOR}' + kind, kind one of ${IMAGE_KINDS.join(', ')}; `,
  'png or jpeg by content, at most 2 MB each. Images already stored need not be sent again; a sent image ',
  'replaces the stored one of its kind. All or nothing: on any error nothing is stored. After the ',
  "college's data deadline the submit is refused (403, naming the deadline). ",
  `Instead of the '${PHOTOS_FIELD}' files, the text field '${STAGED_UPLOADS_FIELD}' may name finished tus uploads `,
  `of this session (\`POST ${TUS_UPLOADS_PATH}\`) as JSON {"<kind>": "<uploadId>", ...}: each must exist, be `,
  'finished, younger than 24 hours, of the kind it is named for, and named once; they are used all or none and ',
  'removed (also when the submit is refused).',
].join('');

const REPLACE_DESCRIPTION = [
  `multipart/form-data with files only: one to ${IMAGE_KINDS.length} in the field '${PHOTOS_FIELD}', named `,
  "as in the complete-data form; each kind sent must be one the faculty refused, and the student's data ",
  'complete (409 otherwise). A text field is refused (400). Same image checks as the complete-data form. All ',
  'or nothing: the replaced documents await review again; on any error nothing is stored. After the ',
  "college's data deadline the replacement is refused (403, naming the deadline). ",
  `Instead of the files, the one text field '${STAGED_UPLOADS_FIELD}' may name finished tus uploads of the kinds `,
  'replaced, as in the complete-data form.',
].join('');

/**
 * The complete-data form of the logged-in student: its submit (multipart, with the six document images), the
 * replacement of documents the faculty refused (the same images, nothing else), its stored values for the edit
 * form, and the stored images for preview (behind the step-up, as every read of the identity documents). Multipart
 * parsing is registered here only, not for the whole API.
 */
export const completeDataRoutes: FastifyPluginAsyncZod = async (app) => {
  // Limits are given per request (`UPLOAD_LIMITS` and `REPLACE_LIMITS`, in complete-data.upload.ts).
  await app.register(multipart, { throwFileSizeLimit: true });
  await app.register(orphanImageSweep);
  const service = completeDataService(
    completeDataRepository(app.db),
    app.storage,
    (entry, tx) => recordAudit(tx, entry),
    { timeZone: app.config.universityTimeZone },
  );
  const stagingDir = uploadStagingDir(app.config.dataDir);

  /**
   * Runs a submit on the images it sent as `photos` parts, or on the staged uploads it named (issue 34): those
   * are checked and copied into the request's staging, consumed in the submit's transaction, and removed once
   * it committed; a refused submit (4xx) removes them too, a server failure keeps them for a retry.
   */
  const withStagedUploads = async (
    request: FastifyRequest,
    received: ReceivedDocuments,
    staging: UploadStaging,
    submit: (images: ReceivedDocuments['images'], claim?: ClaimStaged) => Promise<void>,
  ): Promise<void> => {
    if (!received.uploads) return submit(received.images);
    const session = readStudentSession(request);
    if (!session) throw new AppError(401, MESSAGES.studentSessionExpired);
    const taken = await app.stagedUploads.service.take(received.uploads, session, staging, request.log);
    try {
      await submit(taken.images, taken.claim);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) await taken.abandon();
      throw error;
    }
    await taken.release();
  };

  app.patch(
    '/students/completeStudentData/:id',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags: ['students'],
        summary: "Completes or edits the logged-in student's data and images; student session required",
        description: PATCH_DESCRIPTION,
        consumes: ['multipart/form-data'],
        params: paramsSchema,
        response: {
          200: successEnvelope({ message: z.string() }),
          ...errors,
          // A named staged upload not finished yet (issue 34), or a chosen program renamed meanwhile.
          409: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const studentId = requireStudent(request, request.params.id);
      const student = await service.student(studentId);
      service.requireBeforeDeadline(student);
      const staging = new UploadStaging(stagingDir);
      try {
        const form = await receiveCompleteDataForm(request, staging);
        await withStagedUploads(request, form, staging, (images, claim) =>
          service.complete(student, { ...form, images }, request.log, claim),
        );
      } finally {
        await staging.clear();
      }
      return { status: 'success' as const, message: MESSAGES.completeDataSaved };
    },
  );

  app.patch(
    '/students/replaceDocuments/:id',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags: ['students'],
        summary: "Replaces the logged-in student's refused documents; student session required",
        description: REPLACE_DESCRIPTION,
        consumes: ['multipart/form-data'],
        params: paramsSchema,
        response: {
          200: replaceDocumentsResponseSchema,
          ...errors,
          409: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const studentId = requireStudent(request, request.params.id);
      const student = await service.student(studentId);
      service.requireBeforeDeadline(student);
      service.requireComplete(student);
      const staging = new UploadStaging(stagingDir);
      try {
        const received = await receiveReplacementDocuments(request, staging);
        await withStagedUploads(request, received, staging, (images, claim) =>
          service.replaceDocuments(student, images, request.log, claim),
        );
      } finally {
        await staging.clear();
      }
      return { status: 'success' as const, message: REVIEW_MESSAGES.documentsReplaced };
    },
  );

  app.get(
    '/students/completeStudentData/:id',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags: ['students'],
        summary: "The logged-in student's stored form values and images, to fill the edit form",
        params: paramsSchema,
        response: { 200: completeDataStoredResponseSchema, ...errors },
      },
    },
    async (request) => {
      const studentId = requireStudent(request, request.params.id);
      const student = await service.student(studentId);
      return { status: 'success' as const, data: await service.stored(student) };
    },
  );

  app.get(
    '/students/photo/:id/:kind',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags: ['students'],
        summary: "One of the logged-in student's stored images (png or jpeg), for preview in the edit form",
        description:
          'The same identity documents as `GET /students/document/{id}/{kind}`, so the same guard: 403 until a ' +
          'step-up passed on this session in the last 15 minutes (`POST /students/stepUp/{id}`), unless ' +
          'STUDENT_STEP_UP=off.',
        params: photoParamsSchema,
        response: {
          200: z.unknown().meta({ description: 'The image bytes (image/png or image/jpeg)' }),
          ...errors,
          410: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const studentId = requireStudent(request, request.params.id);
      requireStepUp(request);
      const photo = await service.photo(studentId, request.params.kind, request.log);
      const etag = `"${photo.sha256}"`;
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
      if (known?.includes(etag)) return reply.code(304).send();
      const stream = await photo.open();
      const extension = photo.contentType === 'image/png' ? 'png' : 'jpg';
      return reply
        .type(photo.contentType)
        .header('content-disposition', `inline; filename="${request.params.kind}.${extension}"`)
        .send(stream);
    },
  );
};
