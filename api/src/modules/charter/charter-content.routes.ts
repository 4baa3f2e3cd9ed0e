import { charterPublishResponseSchema, charterResponseSchema, charterSectionsSchema } from '@portal/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../db/audit-trail.js';
import { attachment } from '../../lib/attachment.js';
import { errorResponses } from '../../lib/error-responses.js';
import { sourcePath } from '../../lib/source-path.js';
import { bumpContentVersion } from '../content/index.js';
import { charterContentRepository } from './charter-content.repository.js';
import { type CharterContentService, charterContentService } from './charter-content.service.js';

const TEMPLATE = sourcePath(import.meta.url, './charter.typ');

/**
 * The charter service of this app. Both route modules (the student's `getStudentBook` and the content screen's
 * calls) build one; they share the rendered PDF through `app.content`, which keys it by the charter's version.
 */
export function charterServiceOf(app: FastifyInstance): CharterContentService {
  return charterContentService({
    repository: charterContentRepository(app.db),
    audit: (entry, tx) => recordAudit(tx, entry),
    bumpVersion: (tx) => bumpContentVersion(tx, 'charter'),
    // The publish is committed by then: a failed read of the counters only delays this instance to its next poll.
    refreshContent: () =>
      app.content.refresh().catch((error: unknown) => {
        app.log.warn({ err: error }, 'content versions could not be read after a charter publish');
      }),
    render: (charter) => app.pdf.render(TEMPLATE, { charter }),
    cached: (key, load) => app.content.get('charter', key, load),
    universityName: app.config.branding.universityName,
  });
}

/** Shows a PDF in the browser's viewer (the editor's preview), never cached: a draft is nobody's to keep. */
function sendInlinePdf(reply: FastifyReply, pdf: Buffer, names: { arabic: string; ascii: string }) {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', attachment(names.arabic, names.ascii).replace(/^attachment/, 'inline'))
    .send(pdf);
}

/** The content screen's charter calls (issue 19, item 6); super admin only (access-policy.ts). */
export const charterContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = charterServiceOf(app);

  app.get(
    '/content/charter',
    {
      schema: {
        tags: ['content'],
        summary:
          'The charter as published: the newest version with its sections, and every version (super admin)',
        response: { 200: charterResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, ...(await service.current()) }),
  );

  app.put(
    '/content/charter',
    {
      schema: {
        tags: ['content'],
        summary: 'Publishes the sections as a new version of the charter (super admin); audited',
        description:
          'Body `{sections: [{title, paragraphs: [string]}]}`: the whole charter, in order, as plain text ' +
          "(`{university}` is replaced by the university's name when printed). Students get the new PDF at once " +
          'on every instance; older versions stay. Sections identical to the newest version answer 409.',
        body: charterSectionsSchema,
        response: { 201: charterPublishResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const published = await service.publish(app.auth.currentStaff(request), request.body.sections, {
        ip: request.ip,
      });
      return reply.code(201).send({ status: 'success' as const, ...published });
    },
  );

  app.get(
    '/content/charter/preview',
    {
      schema: {
        tags: ['content'],
        summary: "The newest version's PDF as students get it, shown inline (super admin)",
        response: errorResponses(401, 403),
      },
    },
    async (_request, reply) => {
      const { pdf } = await service.newestPdf();
      return sendInlinePdf(reply, pdf, { arabic: 'ميثاق الطالب الجامعي.pdf', ascii: 'student-charter.pdf' });
    },
  );

  app.post(
    '/content/charter/preview',
    {
      schema: {
        tags: ['content'],
        summary: 'A draft of the charter as a PDF, shown inline; nothing is stored (super admin)',
        description:
          'Same body as `PUT /content/charter`. Each call renders anew: its size is capped by the body limits, and ' +
          'an instance renders at most two drafts at once (503 past that).',
        body: charterSectionsSchema,
        response: errorResponses(400, 401, 403, 503),
      },
    },
    async (request, reply) =>
      sendInlinePdf(reply, await service.draftPdf(request.body.sections), {
        arabic: 'مسودة ميثاق الطالب الجامعي.pdf',
        ascii: 'student-charter-draft.pdf',
      }),
  );
};
