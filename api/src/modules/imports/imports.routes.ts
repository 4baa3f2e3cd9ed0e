import multipart from '@fastify/multipart';
import {
  errorEnvelopeSchema,
  MESSAGES,
  STUDENT_IMPORT_MAX_FILE_BYTES,
  studentUploadFieldsSchema,
  studentUploadResponseSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { AppError } from '../../lib/app-error.js';
import { fileDate } from '../../lib/attachment.js';
import { sendDownload, XLSX_CONTENT_TYPE } from '../../lib/send-download.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { API_PREFIX } from '../auth/index.js';
import { fillReport, fillTemplate, reportWorkbook, templateWorkbook } from './import-workbooks.js';
import { importsRepository } from './imports.repository.js';
import { importsService, type UploadedFile } from './imports.service.js';
import { assertWorkerFilePresent, type ParseOptions, parseStudentSheet } from './sheet-parser.js';

export interface ImportsRoutesOptions {
  /** The application secret: report links are signed with it (any instance can serve them). */
  secret: string;
  /** Tests shorten the reader's limits (row limit, time limit) without building huge files. */
  parseOptions?: ParseOptions;
}

function errors<const C extends number>(...codes: C[]) {
  return Object.fromEntries(codes.map((code) => [code, errorEnvelopeSchema])) as Record<
    C,
    typeof errorEnvelopeSchema
  >;
}

/** Multipart limits of the upload: one file of at most 30 MB and a few short fields. */
const FORM_LIMITS = {
  fileSize: STUDENT_IMPORT_MAX_FILE_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
  headerPairs: 100,
};

const MULTIPART_TOO_LARGE = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** The form of an upload: its text fields and the file of the field `file` (read into memory, ≤ 30 MB). */
async function readUploadForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(400, MESSAGES.uploadFieldsInvalid);
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file' && !file && (part.filename || content.length > 0))
          file = { fileName: part.filename ?? '', content };
      } else {
        if (part.valueTruncated) throw new AppError(400, MESSAGES.uploadFieldsInvalid);
        if (!(part.fieldname in fields))
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, MESSAGES.uploadFileTooLarge);
    if (code && MULTIPART_TOO_LARGE.has(code)) throw new AppError(413, MESSAGES.bodyTooLarge);
    throw new AppError(400, MESSAGES.uploadFieldsInvalid);
  }
  return { fields, file };
}

/**
 * Student lists: `POST /students/upload` (spec section 7), its template and its rejection report. Who may
 * call them is the access table's business (auth/access-policy.ts).
 */
export const importsRoutes: FastifyPluginAsyncZod<ImportsRoutesOptions> = async (app, options) => {
  assertWorkerFilePresent();
  // Encapsulated in this plugin; a parser registered further up (another feature's uploads) is reused, and
  // the limits above are given per request either way.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  const reportPath = (token: string) => `${API_PREFIX}/students/uploadReport/${token}`;
  const service = importsService({
    repository: importsRepository(app.db),
    audit: (entry, tx) => recordAudit(tx ?? app.db, entry),
    parse: parseStudentSheet,
    parseOptions: {
      ...options.parseOptions,
      onWorkerError: (error) => app.log.error({ err: error }, 'the student list reader failed'),
    },
    links: createLinkSigner(options.secret),
    reportPath,
    onImported: (summary) => app.log.info(summary, 'student list imported'),
  });
  const tags = ['students'];

  app.post(
    '/students/upload',
    {
      schema: {
        tags,
        summary:
          'Imports a student list (.xlsx/.xls; multipart: faculty, status, file) in one transaction; answers the counts and the rejected rows',
        consumes: ['multipart/form-data'],
        response: { 200: studentUploadResponseSchema, ...errors(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const staff = app.auth.currentStaff(request);
      const { fields, file } = await readUploadForm(request);
      const parsed = studentUploadFieldsSchema.safeParse(fields);
      const problem = (field: string) =>
        parsed.error?.issues.find((issue) => issue.path[0] === field)?.message;
      // In the order of spec section 5: faculty, file (its type is checked next, by the service), status.
      const facultyProblem = problem('faculty');
      if (facultyProblem) throw new AppError(400, facultyProblem);
      if (!file) throw new AppError(400, MESSAGES.uploadFileRequired);
      const statusProblem = problem('status');
      if (statusProblem || !parsed.success) throw new AppError(400, statusProblem ?? MESSAGES.invalidInput);
      return service.upload(staff, parsed.data, file, { ip: request.ip });
    },
  );

  app.get(
    '/students/uploadTemplate',
    {
      schema: {
        tags,
        summary: 'The upload template (.xlsx): Arabic headers and one example row',
        response: { ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const sheet = templateWorkbook();
      return sendDownload(
        reply,
        {
          contentType: XLSX_CONTENT_TYPE,
          arabicName: 'نموذج رفع بيانات الطلاب.xlsx',
          asciiName: 'students-upload-template.xlsx',
        },
        sheet.output,
        () => fillTemplate(sheet),
        request.log,
      );
    },
  );

  app.get(
    '/students/uploadReport/:token',
    {
      // No automatic HEAD: it would build (and audit) the whole file only to discard it.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary:
          'The rejection report of an upload (.xlsx); the signed link of `reportPath`, valid 10 minutes',
        params: z.object({ token: z.string() }),
        response: { ...errors(400, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const report = await service.report(request.params.token);
      const sheet = reportWorkbook();
      const date = fileDate(report.createdAt);
      return sendDownload(
        reply,
        {
          contentType: XLSX_CONTENT_TYPE,
          arabicName: `تقرير الصفوف المرفوضة - ${report.faculty} - ${date}.xlsx`,
          asciiName: `upload-rejections-${date}.xlsx`,
        },
        sheet.output,
        () => fillReport(sheet, report),
        request.log,
      );
    },
  );
};
