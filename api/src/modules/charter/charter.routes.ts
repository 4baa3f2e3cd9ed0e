import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sourcePath } from '../../lib/source-path.js';
import { pdfAttachment } from '../../pdf/pdf-attachment.js';
import { charterFor } from './charter-text.js';

const TEMPLATE = sourcePath(import.meta.url, './charter.typ');

/**
 * The student charter is public: a student reads it before the quiz, and it depends only on configuration, so
 * each instance renders it once and keeps the bytes.
 */
export const charterRoutes: FastifyPluginAsyncZod = async (app) => {
  let rendered: Promise<Buffer> | undefined;
  const charterPdf = () => {
    rendered ??= app.pdf.render(TEMPLATE, { charter: charterFor(app.config.branding.universityName) });
    rendered.catch(() => {
      rendered = undefined;
    });
    return rendered;
  };

  app.get(
    '/students/getStudentBook',
    { schema: { tags: ['students'], summary: 'The student charter as a PDF (attachment)' } },
    async (_request, reply) =>
      pdfAttachment(reply, await charterPdf(), {
        arabicName: 'ميثاق الطالب الجامعي',
        asciiName: 'student-charter',
      }),
  );
};
