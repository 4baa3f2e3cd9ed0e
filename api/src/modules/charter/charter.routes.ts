import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pdfAttachment } from '../../pdf/pdf-attachment.js';
import { charterServiceOf } from './charter-content.routes.js';

/** The ETag of a version's PDF: the same bytes for as long as the version is the newest on this instance. */
export const charterEtag = (version: number) => `"charter-v${version}"`;

/** Whether an If-None-Match header (a list of tags, weak or strong, or `*`) names `etag`. */
function namesEtag(header: string | undefined, etag: string): boolean {
  return (
    header?.split(',').some((tag) => {
      const value = tag.trim();
      return value === '*' || value.replace(/^W\//, '') === etag;
    }) ?? false
  );
}

/**
 * The student charter is public: a student reads it before the quiz. Students get the newest published version
 * (issue 19), which each instance renders once and keeps until a new version is published on any instance.
 */
export const charterRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = charterServiceOf(app);

  app.get(
    '/students/getStudentBook',
    { schema: { tags: ['students'], summary: 'The student charter as a PDF (attachment)' } },
    async (request, reply) => {
      const { version, pdf } = await service.newestPdf();
      const etag = charterEtag(version);
      reply.header('etag', etag);
      if (namesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return pdfAttachment(reply, pdf, {
        arabicName: 'ميثاق الطالب الجامعي',
        asciiName: 'student-charter',
      });
    },
  );
};
