import type { Readable } from 'node:stream';
import { MESSAGES } from '@portal/common';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { sourcePath } from '../../lib/source-path.js';
import type { PdfDocuments } from '../../pdf/pdf.plugin.js';
import { PdfRenderError } from '../../pdf/pdf-renderer.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { formData } from './form-data.js';
import { formatIssuedAt } from './form-fields.js';
import { FORMS, type FormKind } from './form-kinds.js';
import type { FormViewer } from './forms.access.js';
import type { FormStudent, FormsRepository } from './forms.repository.js';
import type { PhotoFitter } from './photo-fit.js';
import { verificationQrSvg } from './qr-code.js';
import type { FormVerifier } from './verification-token.js';
import { type GenuineForm, genuinePage, notGenuinePage, studentGonePage } from './verify-page.js';

/** Files the templates show, by the name they use. */
const PHOTO_NAMES: Record<string, string> = { 'image/png': 'photo.png', 'image/jpeg': 'photo.jpg' };
const QR_NAME = 'qr.svg';

export interface FormsServiceDeps {
  repository: FormsRepository;
  storage: ObjectStorage;
  /** Prepares the stored personal photo for printing (large PNGs reduced, off the event loop). */
  photos: PhotoFitter;
  pdf: PdfDocuments;
  verifier: FormVerifier;
  /** The shared Typst helpers (`forms.typ`), read once. */
  sharedTemplate: Uint8Array;
  timeZone: string;
  universityName: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export interface RenderedForm {
  pdf: Buffer;
  fileName: { arabicName: string; asciiName: string };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function formsService(deps: FormsServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** The personal photo's bytes and template name; none (a framed placeholder) when missing or unreadable. */
  async function photoOf(student: FormStudent): Promise<{ name: string; bytes: Buffer } | null> {
    const { photoKey: key, photoContentType: type } = student;
    if (!key || (type !== 'image/png' && type !== 'image/jpeg')) return null;
    try {
      const photo = await deps.photos.fit(key, type, async () => readAll(await deps.storage.get(key)));
      return { name: PHOTO_NAMES[photo.contentType] ?? 'photo.png', bytes: photo.bytes };
    } catch (error) {
      deps.log.warn(
        { err: error, studentId: student.id },
        'personal photo unreadable; form printed without it',
      );
      return null;
    }
  }

  return {
    /**
     * The student a form is asked for: 404 when there is no such student or the form is not offered to the
     * student's college, 409 while the data is incomplete. `check` runs first (staff faculty confinement).
     */
    async studentFor(kind: FormKind, studentId: string, check?: (student: FormStudent) => void) {
      const student = await deps.repository.findForForm(studentId.toLowerCase());
      if (!student) throw new AppError(404, MESSAGES.studentNotFound);
      check?.(student);
      if (FORMS[kind].socialWorkOnly && !student.socialWork)
        throw new AppError(404, MESSAGES.formSocialWorkOnly);
      if (!student.isComplete) throw new AppError(409, MESSAGES.formsNeedCompleteData);
      return student;
    },

    /** The form as a PDF, with a fresh verification token in its QR code (`verifyUrl` builds the link). */
    async render(
      kind: FormKind,
      student: FormStudent,
      verifyUrl: (token: string) => string,
    ): Promise<RenderedForm> {
      const form = FORMS[kind];
      const issuedAt = now();
      const token = deps.verifier.sign({ studentId: student.id, kind, issuedAtMs: issuedAt.getTime() });
      const [qr, photo] = await Promise.all([verificationQrSvg(verifyUrl(token)), photoOf(student)]);
      const renderWith = (printed: typeof photo) => {
        const data = formData(kind, student, {
          issuedAt,
          timeZone: deps.timeZone,
          photo: printed?.name ?? null,
          qr: QR_NAME,
        });
        const files: Record<string, Uint8Array> = {
          'forms.typ': deps.sharedTemplate,
          [QR_NAME]: Buffer.from(qr, 'utf8'),
        };
        if (printed) files[printed.name] = printed.bytes;
        return deps.pdf.render(sourcePath(import.meta.url, form.template), { ...data }, files);
      };
      // A photo the renderer cannot decode (an unusual JPEG) must not keep the student from the form: the
      // form is printed again with the framed placeholder.
      let pdf: Buffer | undefined;
      for (const printed of photo ? [photo, null] : [null]) {
        try {
          pdf = await renderWith(printed);
          break;
        } catch (error) {
          if (!(error instanceof PdfRenderError)) throw error;
          const problem = printed ? 'form rendering failed with the personal photo' : 'form rendering failed';
          deps.log.error({ err: error, kind, studentId: student.id }, problem);
        }
      }
      if (!pdf) throw new AppError(503, MESSAGES.formUnavailable);
      return {
        pdf,
        fileName: {
          arabicName: `${form.title} - ${student.name}`,
          asciiName: `${form.asciiName}-${student.nationalId}`,
        },
      };
    },

    /**
     * Records the student's own download of a form (issue 17: the tracker's forms step); a staff download or a
     * staff link does not count, the student has not seen the forms.
     */
    async downloadedBy(viewer: FormViewer, studentId: string): Promise<void> {
      if (viewer.type === 'student') await deps.repository.markFormsDownloaded(studentId);
    },

    /** The verification page of a QR code's token: genuine (200), or not genuine / unknown student (404). */
    async verificationPage(token: string): Promise<{ statusCode: 200 | 404; html: string }> {
      const claims = deps.verifier.verify(token);
      if (!claims) return { statusCode: 404, html: notGenuinePage(deps.universityName) };
      const student = await deps.repository.findForVerification(claims.studentId);
      if (!student) return { statusCode: 404, html: studentGonePage(deps.universityName) };
      const form: GenuineForm = {
        universityName: deps.universityName,
        studentName: student.name,
        college: student.college,
        formTitle: FORMS[claims.kind].title,
        issuedAt: formatIssuedAt(new Date(claims.issuedAtMs), deps.timeZone),
      };
      return { statusCode: 200, html: genuinePage(form) };
    },
  };
}

export type FormsService = ReturnType<typeof formsService>;
