import {
  collegeCreateSchema,
  collegeDeadlineResponseSchema,
  collegeIdParamsSchema,
  collegePatchSchema,
  collegesListResponseSchema,
  contentCollegeResponseSchema,
  contentCollegesResponseSchema,
  nameListResponseSchema,
  programCreateSchema,
  programIdParamsSchema,
  programPatchSchema,
} from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { bumpContentVersion } from '../content/index.js';
import { collegeContentRepository } from './college-content.repository.js';
import { type CollegePatchInput, collegeContentService } from './college-content.service.js';
import { collegesRepository } from './colleges.repository.js';
import { collegesService } from './colleges.service.js';

const messageResponseSchema = z.object({ status: z.literal('success'), message: z.string() });

/** `{dataDeadline}` alone is the college settings' call of issue 17, answered exactly as it was. */
const deadlineOnly = (patch: CollegePatchInput): patch is { dataDeadline: string | null } =>
  Object.keys(patch).length === 1 && patch.dataDeadline !== undefined;

export const collegesRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = recordAudit;
  const bumpVersion = (tx: Parameters<typeof bumpContentVersion>[0]) => bumpContentVersion(tx, 'colleges');
  // The edit is committed; a failed read of the counters only delays this instance to its next poll.
  const refresh = () =>
    app.content
      .refresh()
      .catch((error: unknown) => app.log.warn({ err: error }, 'content versions not read'));
  const service = collegesService({
    repository: collegesRepository(app.db),
    audit: (entry, tx) => audit(tx, entry),
    cached: (key, load) => app.content.get('colleges', key, load),
    bumpVersion,
    refresh,
  });
  const content = collegeContentService({
    repository: collegeContentRepository(app.db),
    audit: (entry, tx) => audit(tx, entry),
    bumpVersion,
    refresh,
  });
  const tags = ['colleges'];

  app.get(
    '/colleges',
    {
      schema: {
        tags,
        summary: "The colleges' names (data.data) and each college with its flags, deadline and visibility",
        description:
          'Served from the instance cache of the colleges (issue 19): an edit shows within a second.',
        response: { 200: collegesListResponseSchema },
      },
    },
    async () => ({ status: 'success' as const, data: await service.list() }),
  );

  app.get(
    '/content/colleges',
    {
      schema: {
        tags,
        summary: 'Every college with its counts and all its programs, hidden ones too (super admin)',
        response: { 200: contentCollegesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, data: await content.list() }),
  );

  app.post(
    '/colleges',
    {
      schema: {
        tags,
        summary: 'Adds a college, listed last unless a sort order is given (super admin); audited',
        body: collegeCreateSchema,
        response: { 201: contentCollegeResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const saved = await content.create(app.auth.currentStaff(request), request.body, { ip: request.ip });
      return reply.code(201).send({ status: 'success' as const, ...saved });
    },
  );

  app.patch(
    '/colleges/:id',
    {
      schema: {
        tags,
        summary:
          'Edits a college: its name, flags, order, visibility or data deadline (super admin); audited',
        description:
          'Body `{name?, socialWork?, tourism?, sortOrder?, hidden?, dataDeadline?}`, at least one. `dataDeadline` ' +
          'is an ISO-8601 date and time with its offset (e.g. 2026-12-01T23:59:00+02:00), or null to clear it: ' +
          "after it the college's students can no longer submit their data or replace refused documents. A " +
          'rename shows everywhere at once; a hidden college refuses new student lists. 409 for a name another ' +
          'college has, or for taking the tourism flag from a college that still has programs.',
        params: collegeIdParamsSchema,
        body: collegePatchSchema,
        response: { 200: collegeDeadlineResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const staff = app.auth.currentStaff(request);
      const context = { ip: request.ip };
      const patch: CollegePatchInput = request.body;
      const saved = deadlineOnly(patch)
        ? await service.setDeadline(staff, request.params.id, patch.dataDeadline, context)
        : await content.update(staff, request.params.id, patch, context);
      return { status: 'success' as const, ...saved };
    },
  );

  app.delete(
    '/colleges/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a college no student or staff account refers to (super admin); audited',
        description: 'A college that is referred to answers 409; it can be hidden instead.',
        params: collegeIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await content.remove(app.auth.currentStaff(request), request.params.id, { ip: request.ip })),
    }),
  );

  app.post(
    '/colleges/:id/programs',
    {
      schema: {
        tags,
        summary: 'Adds a program to a tourism college, listed last unless ordered (super admin); audited',
        params: collegeIdParamsSchema,
        body: programCreateSchema,
        response: { 201: contentCollegeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const saved = await content.addProgram(
        app.auth.currentStaff(request),
        request.params.id,
        request.body,
        {
          ip: request.ip,
        },
      );
      return reply.code(201).send({ status: 'success' as const, ...saved });
    },
  );

  app.patch(
    '/colleges/:id/programs/:programId',
    {
      schema: {
        tags,
        summary: "Renames, orders or hides a tourism college's program (super admin); audited",
        description:
          "A rename also renames the program in the college's students' stored choices, in the same " +
          'transaction. A hidden program is no longer offered, but a student who chose it keeps it.',
        params: programIdParamsSchema,
        body: programPatchSchema,
        response: { 200: contentCollegeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await content.updateProgram(
        app.auth.currentStaff(request),
        request.params.id,
        request.params.programId,
        request.body,
        { ip: request.ip },
      )),
    }),
  );

  app.delete(
    '/colleges/:id/programs/:programId',
    {
      schema: {
        tags,
        summary: 'Deletes a program no student of the college chose (super admin); audited',
        description: 'A program students chose answers 409; it can be hidden instead.',
        params: programIdParamsSchema,
        response: { 200: contentCollegeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await content.removeProgram(
        app.auth.currentStaff(request),
        request.params.id,
        request.params.programId,
        { ip: request.ip },
      )),
    }),
  );

  app.get(
    '/colleges/tourism/:college/programs',
    {
      schema: {
        tags,
        summary: "A tourism college's programs a student may choose (hidden ones are not offered)",
        params: z.object({ college: z.string().min(1).max(200) }),
        response: { 200: nameListResponseSchema },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { data: await service.tourismPrograms(request.params.college) },
    }),
  );
};
