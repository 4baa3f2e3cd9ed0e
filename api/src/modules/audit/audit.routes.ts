import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  auditExportRequestSchema,
  auditExportResponseSchema,
  auditListQuerySchema,
  auditListResponseSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { sendDownload } from '../../lib/send-download.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { API_PREFIX } from '../auth/index.js';
import { auditRepository } from './audit.repository.js';
import { auditService, type RequestContext } from './audit.service.js';
import { auditExportFile, auditSheet } from './audit-export.js';

export interface AuditRoutesOptions {
  /** The application secret: export links are signed with it, so any instance can serve them. */
  secret: string;
}

const FILTERS_DESCRIPTION =
  'Filters, each optional and combined with AND: actor (staff id), action (one of the known codes), nationalID ' +
  "(Arabic-Indic digits accepted), faculty (college name), from/to (YYYY-MM-DD, the university's days, " +
  'inclusive).';

/**
 * The audit trail on screen (issue 20, SUPERADMIN; the access table says so): pages of the log, newest first,
 * and its .xlsx export through a signed 10-minute link.
 */
export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, options) => {
  const timeZone = app.config.universityTimeZone;
  const repository = auditRepository(app.db, timeZone);
  const service = auditService({
    repository,
    audit: (entry) => recordAudit(app.db, entry),
    links: createLinkSigner(options.secret),
    downloadPath: (token) => `${API_PREFIX}/audit/export/${token}`,
  });
  const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip });
  const tags = ['audit'];

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: `A page of the audit log, newest first (${AUDIT_PAGE_SIZE} rows)`,
        description: `${FILTERS_DESCRIPTION} cursor: the nextCursor of the previous page (null on the last).`,
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, ...(await service.list(request.query)) }),
  );

  app.post(
    '/audit/export',
    {
      schema: {
        tags,
        summary: 'A 10-minute signed link to the filtered audit log as .xlsx',
        description: `${FILTERS_DESCRIPTION} Past ${AUDIT_EXPORT_MAX_ROWS} matching rows: 400. Audited, as is the download.`,
        body: auditExportRequestSchema,
        response: { 200: auditExportResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      path: await service.exportLink(app.auth.currentStaff(request), request.body, context(request)),
    }),
  );

  app.get(
    '/audit/export/:token',
    {
      // No automatic HEAD: it would build (and audit) the whole file only to discard it.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Streams the audit sheet an export link stands for (the link is the credential)',
        params: z.object({ token: z.string() }),
        response: { ...errorResponses(400, 403, 410) },
      },
    },
    async (request, reply) => {
      const opened = await service.openExport(request.params.token, context(request));
      const { body, produce } = auditSheet(repository, opened, timeZone);
      return sendDownload(reply, auditExportFile(), body, produce, request.log);
    },
  );
};
