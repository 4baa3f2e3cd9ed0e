import {
  seasonQuerySchema,
  studentDownloadParamsSchema,
  studentDownloadRequestSchema,
  studentDownloadResponseSchema,
} from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { sendDownload } from '../../lib/send-download.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { API_PREFIX } from '../auth/index.js';
import { exportsRepository } from './exports.repository.js';
import { exportsService } from './exports.service.js';

export interface ExportsRoutesOptions {
  /** The application secret: download links are signed with it, so any instance can serve them. */
  secret: string;
}

/**
 * Staff downloads (spec section 7, `POST /students/downloadStudentData/{type}`): the call answers a short-lived
 * signed `path`; the browser navigates to it (`GET /downloads/{token}`) and the file is streamed from a
 * database cursor as it is written. Who may ask is the access table's business; which kind a role may have is
 * checked by the service (spec section 2).
 */
export const exportsRoutes: FastifyPluginAsyncZod<ExportsRoutesOptions> = async (app, options) => {
  const service = exportsService({
    repository: exportsRepository(app.db),
    audit: (entry) => recordAudit(app.db, entry),
    links: createLinkSigner(options.secret),
    storage: app.storage,
    downloadPath: (token) => `${API_PREFIX}/downloads/${token}`,
  });
  const tags = ['students'];

  app.post(
    '/students/downloadStudentData/:type',
    {
      schema: {
        tags,
        summary:
          'A 10-minute signed link to a student export (.xlsx; completePhotos: .zip) of one faculty or all',
        description: 'The optional ?season= exports a closed admission season; without it, the current one.',
        params: studentDownloadParamsSchema,
        querystring: seasonQuerySchema,
        body: studentDownloadRequestSchema,
        response: { 200: studentDownloadResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const staff = app.auth.currentStaff(request);
      const path = await service.createLink(
        staff,
        request.params.type,
        request.body.faculty,
        { ip: request.ip },
        request.query.season ?? null,
      );
      return { status: 'success' as const, path };
    },
  );

  app.get(
    '/downloads/:token',
    {
      // No automatic HEAD: it would build (and audit) the whole file only to discard it.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Streams the export a download link stands for (the link is the credential)',
        params: z.object({ token: z.string() }),
        response: { ...errorResponses(400, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const opened = await service.open(request.params.token, { ip: request.ip });
      const { body, produce } =
        opened.type === 'completePhotos' ? service.photos(opened) : service.sheet(opened);
      return sendDownload(reply, service.fileOf(opened), body, produce, request.log);
    },
  );
};
