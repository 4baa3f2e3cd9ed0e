import {
  MESSAGE_AUDIENCES,
  messagePreviewRequestSchema,
  messagePreviewResponseSchema,
  messageSendRequestSchema,
  messageSendResponseSchema,
  NOTIFICATION_MESSAGES,
  notificationStatsQuerySchema,
  notificationStatsResponseSchema,
  STAFF_MESSAGE_MAX_LENGTH,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { notificationsRepository } from './notifications.repository.js';
import { notificationsService, type RequestContext } from './notifications.service.js';

const GUARDED = [401, 403] as const;

const BODY_DESCRIPTION = [
  'faculty: a college name (a faculty ADMIN: its own, or none; 403 for another); filter.audience one of ',
  `${MESSAGE_AUDIENCES.join(', ')}, with filter.day (YYYY-MM-DD) for appointedOn and filter.progress `,
  '{step, state} for progress (the students of one admission-funnel count); channels: one or both of ',
  `email, sms; text: 1…${STAFF_MESSAGE_MAX_LENGTH} characters.`,
].join('');

/**
 * Staff messages to a faculty's students and the delivery figures (issue 17). Who may call is the access
 * table's business (`auth/access-policy.ts`: super admin, support and faculty ADMIN); the delivery itself is the
 * queue's (this folder's dispatcher and workers).
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = notificationsService({
    repository: notificationsRepository(app.db),
    audit: (entry, tx) => recordAudit(tx ?? app.db, entry),
  });
  const staff = (request: FastifyRequest) => app.auth.currentStaff(request);
  const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip });
  const tags = ['notifications'];

  app.post(
    '/notifications/preview',
    {
      schema: {
        tags,
        summary: 'How many students a staff message would reach, and how many have an e-mail and a mobile',
        description: `${BODY_DESCRIPTION} The text may still be empty. Nothing is written.`,
        body: messagePreviewRequestSchema,
        response: { 200: messagePreviewResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.preview(staff(request), request.body),
    }),
  );

  app.post(
    '/notifications/send',
    {
      schema: {
        tags,
        summary: "Queues a staff message to the faculty's students the filter selects, on each channel",
        description:
          `${BODY_DESCRIPTION} Answers at once: the campaign and its messages (one per student and channel) ` +
          'are queued in one transaction and delivered afterwards; the stats call shows their progress. 409 ' +
          'when no student matches, nothing queued. Audited.',
        body: messageSendRequestSchema,
        response: { 200: messageSendResponseSchema, ...errorResponses(400, ...GUARDED, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: NOTIFICATION_MESSAGES.messageQueued,
      data: await service.send(staff(request), request.body, context(request)),
    }),
  );

  app.get(
    '/notifications/stats',
    {
      schema: {
        tags,
        summary: 'Messages per state and per channel, the latest failures and the latest staff messages',
        description:
          'faculty: a college name; a faculty ADMIN always gets its own (403 for another), the others the ' +
          'faculty named or, without one, the whole university. Every state is counted, zeros included; the ' +
          'latest 50 failures (failed, or waiting for a retry after an error) and the latest 20 staff messages ' +
          'with their counts per state.',
        querystring: notificationStatsQuerySchema,
        response: { 200: notificationStatsResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.stats(staff(request), request.query.faculty),
    }),
  );
};
