import {
  funnelDailyQuerySchema,
  funnelDailyResponseSchema,
  funnelExportResponseSchema,
  funnelQuerySchema,
  funnelResponseSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { linkOwner } from '../../db/link-owner.js';
import { errorResponses } from '../../lib/error-responses.js';
import { sendDownload } from '../../lib/send-download.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { API_PREFIX } from '../auth/index.js';
import { funnelRepository } from './funnel.repository.js';
import { funnelService } from './funnel.service.js';
import { funnelExportFile, funnelSheets } from './funnel-export.js';

export interface FunnelRoutesOptions {
  /** The application secret: export links are signed with it, so any instance can serve them. */
  secret: string;
  /** The university's IANA time zone (the series' days). */
  timeZone: string;
}

const GUARDED = [401, 403] as const;
const SCOPE =
  'faculty: a college name; none is every faculty in scope (super admin and support: all; a faculty ADMIN: its ' +
  'own, 403 for another; SOCIAL_ADMIN: the social-work colleges). season: an admission season id; none is the ' +
  'current one (404 for an unknown one).';

/**
 * The admission funnel (issue 36): where the students of a season stand on the tracker, per faculty; the daily
 * series; the export. Who may call is the access table's business; the scope is the service's.
 */
export const funnelRoutes: FastifyPluginAsyncZod<FunnelRoutesOptions> = async (app, options) => {
  const service = funnelService({
    repository: funnelRepository(app.db),
    audit: (entry) => recordAudit(app.db, entry),
    links: createLinkSigner(options.secret),
    linkOwner: (id) => linkOwner(app.db, id),
    downloadPath: (token) => `${API_PREFIX}/funnel/export/${token}`,
    timeZone: options.timeZone,
  });
  const tags = ['funnel'];
  const context = (request: FastifyRequest) => ({ ip: request.ip });

  app.get(
    '/funnel',
    {
      schema: {
        tags,
        summary:
          'Students done, current and blocked at each tracker step, per faculty and in total; refusals',
        description: `${SCOPE} The states are those of the student's own tracker. Audited.`,
        querystring: funnelQuerySchema,
        response: { 200: funnelResponseSchema, ...errorResponses(400, 404, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.funnel(app.auth.currentStaff(request), request.query, context(request)),
    }),
  );

  app.get(
    '/funnel/daily',
    {
      schema: {
        tags,
        summary:
          'Per day: students imported, first logins, data completed, all documents accepted, interviewed',
        description:
          `${SCOPE} from, to: YYYY-MM-DD on the university's clock, both counted, at most 366 days; without ` +
          'them the season up to today. Also the data deadline and the median days import → complete data → ' +
          'all documents accepted. Audited.',
        querystring: funnelDailyQuerySchema,
        response: { 200: funnelDailyResponseSchema, ...errorResponses(400, 404, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.daily(app.auth.currentStaff(request), request.query, context(request)),
    }),
  );

  app.post(
    '/funnel/export',
    {
      schema: {
        tags,
        summary: 'A 10-minute signed link to the funnel and the daily series as .xlsx (right to left)',
        description: `Body: the filters of GET /funnel/daily. ${SCOPE} Audited, as is the download.`,
        body: funnelDailyQuerySchema,
        response: { 200: funnelExportResponseSchema, ...errorResponses(400, 404, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      path: await service.exportLink(app.auth.currentStaff(request), request.body, context(request)),
    }),
  );

  app.get(
    '/funnel/export/:token',
    {
      // No automatic HEAD: it would build (and audit) the file only to discard it.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Streams the workbook an export link stands for (the link is the credential)',
        params: z.object({ token: z.string() }),
        response: { ...errorResponses(400, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const { funnel, daily } = await service.openExport(request.params.token, context(request));
      const { body, produce } = funnelSheets(funnel, daily);
      return sendDownload(reply, funnelExportFile(daily), body, produce, request.log);
    },
  );
};
