import { readFile } from 'node:fs/promises';
import { MESSAGES, successEnvelope } from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { sourcePath } from '../../lib/source-path.js';
import { pdfAttachment } from '../../pdf/pdf-attachment.js';
import { API_PREFIX } from '../auth/index.js';
import { FORM_KINDS, FORMS, type FormKind } from './form-kinds.js';
import { assertStaffFaculty, type FormViewer, formAccess } from './forms.access.js';
import { formsRepository } from './forms.repository.js';
import { formsService } from './forms.service.js';
import { createPhotoFitter } from './photo-fit.js';
import { verificationUrl } from './qr-code.js';
import { createFormVerifier } from './verification-token.js';

export interface FormsRoutesOptions {
  /** The application secret: verification tokens and staff form links are signed with keys derived from it. */
  secret: string;
}

const studentIdParams = z.object({ studentId: z.uuid({ error: MESSAGES.studentIdInvalid }) });
const formQuery = z.object({ token: z.string().max(1024).optional() });
const linkBody = z.object({
  studentId: z.uuid({ error: MESSAGES.studentIdInvalid }),
  form: z.enum(FORM_KINDS, { error: MESSAGES.formKindInvalid }).default('admission'),
});

const DOWNLOAD_DESCRIPTION = [
  'A PDF generated from the stored data of a student whose data is complete (409 otherwise). Who may download: ',
  "the student's own session cookie (from getStudent) for the student in the path; or staff (SUPERADMIN, ",
  "SUPPORT, ADMIN of the student's faculty) with a bearer token, or with the signed 10-minute link `?token=` ",
  'answered by POST /forms/downloadLink. The QR code links to GET /forms/verify/{token}.',
].join('');

/**
 * The admission forms (spec sections 2 'formsDownload' and 7): `getAdmissionForm` for every college, and
 * `getAcquaintanceForm` and `getFinalPersonalTestForm` for social-work colleges; the staff link that opens them
 * from the student list; and the public page that the forms' QR codes open.
 */
export const formsRoutes: FastifyPluginAsyncZod<FormsRoutesOptions> = async (app, options) => {
  const repository = formsRepository(app.db);
  const photos = createPhotoFitter();
  app.addHook('onClose', () => photos.close());
  const service = formsService({
    repository,
    storage: app.storage,
    photos,
    pdf: app.pdf,
    verifier: createFormVerifier(options.secret),
    sharedTemplate: await readFile(sourcePath(import.meta.url, './forms.typ')),
    timeZone: app.config.universityTimeZone,
    universityName: app.config.branding.universityName,
    log: app.log,
  });
  const access = formAccess({
    links: createLinkSigner(options.secret),
    verifyStaffToken: (token) => app.auth.verifyToken(token),
    linkOwner: (id) => repository.linkOwner(id),
  });
  const audit = (viewer: FormViewer, studentId: string, kind: FormKind, request: FastifyRequest) => {
    const actor = viewer.type === 'staff' ? viewer.staff : viewer.type === 'link' ? viewer.actor : null;
    if (!actor) return Promise.resolve();
    return recordAudit(app.db, {
      actor: { id: actor.id, userName: actor.userName },
      action: 'forms.download',
      targetType: 'student',
      targetId: studentId,
      details: { form: kind, via: viewer.type },
      ip: request.ip,
    });
  };

  // Who downloads a form, from the credential check (before validation) to the handler.
  const viewers = new WeakMap<FastifyRequest, FormViewer>();

  for (const kind of FORM_KINDS) {
    const form = FORMS[kind];
    app.get(
      `/students/${form.call}/:studentId`,
      {
        // No automatic HEAD: it would render the whole PDF only to discard it.
        exposeHeadRoute: false,
        // Credentials first: without them nothing is learnt, not even whether the id is well formed.
        preValidation: async (request) => {
          const raw = (request.params as Record<string, unknown>).studentId;
          viewers.set(request, await access.viewer(request, typeof raw === 'string' ? raw : '', kind));
        },
        schema: {
          tags: ['students'],
          summary: `${form.title} (PDF attachment)${form.socialWorkOnly ? '; social-work colleges only' : ''}`,
          description: DOWNLOAD_DESCRIPTION,
          params: studentIdParams,
          querystring: formQuery,
          response: errorResponses(400, 401, 403, 404, 409, 410, 503),
        },
      },
      async (request, reply) => {
        const viewer = viewers.get(request);
        if (!viewer) throw new Error('form route without its credential check');
        const student = await service.studentFor(kind, request.params.studentId, (found) => {
          if (viewer.type === 'staff') assertStaffFaculty(viewer.staff, found);
          if (viewer.type === 'link') assertStaffFaculty(viewer.owner, found);
        });
        const rendered = await service.render(kind, student, (token) =>
          verificationUrl(request, API_PREFIX, token),
        );
        await audit(viewer, student.id, kind, request);
        await service.downloadedBy(viewer, student.id);
        return pdfAttachment(reply, rendered.pdf, rendered.fileName);
      },
    );
  }

  app.post(
    '/forms/downloadLink',
    {
      schema: {
        tags: ['students'],
        summary:
          "A 10-minute signed link to one form of a student (staff; an ADMIN: its own faculty's students)",
        body: linkBody,
        response: {
          200: successEnvelope({ path: z.string() }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const staff = app.auth.currentStaff(request);
      const { studentId, form } = request.body;
      const student = await service.studentFor(form, studentId, (found) => assertStaffFaculty(staff, found));
      const token = access.link(staff, student.id, form);
      return {
        status: 'success' as const,
        path: `${API_PREFIX}/students/${FORMS[form].call}/${student.id}?token=${encodeURIComponent(token)}`,
      };
    },
  );

  app.get(
    '/forms/verify/:token',
    {
      schema: {
        tags: ['forms'],
        summary: 'The public page a form QR code opens: whether the form is genuine (HTML; 404 when not)',
        params: z.object({ token: z.string().max(512) }),
      },
    },
    async (request, reply) => {
      const page = await service.verificationPage(request.params.token);
      return reply
        .code(page.statusCode)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer')
        .send(page.html);
    },
  );
};
