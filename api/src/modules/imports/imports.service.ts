import { randomUUID } from 'node:crypto';
import {
  CONTENT_MESSAGES,
  DOWNLOAD_LINK_LIFETIME_MS,
  type ImportRejection,
  MESSAGE_TEMPLATES,
  MESSAGES,
  STUDENT_IMPORT_REPORT_ROWS_SHOWN,
  type StudentUploadFields,
  type StudentUploadResponse,
} from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import { type LinkSigner, requireValidLink } from '../../lib/signed-link.js';
import type { StaffPrincipal } from '../auth/index.js';
import { checkXlsxContainer, excelFormatOf } from './excel-file.js';
import {
  type ImportsRepository,
  type StoredImportReport,
  UPLOAD_AUDIT_ACTION,
} from './imports.repository.js';
import type { ParseOptions, parseStudentSheet } from './sheet-parser.js';

/** Purpose of the report links (see lib/signed-link.ts). */
export const REPORT_LINK_PURPOSE = 'import-report';

export interface ImportsServiceDeps {
  repository: ImportsRepository;
  audit: (entry: AuditEntry, tx?: DbExecutor) => Promise<void>;
  parse: typeof parseStudentSheet;
  parseOptions?: ParseOptions;
  links: LinkSigner;
  /** The full path of a report link, e.g. `/api/v1/students/uploadReport/<token>`. */
  reportPath: (token: string) => string;
  /** Told of every finished import, with how long reading and writing took (for the log). */
  onImported?: (summary: Record<string, unknown>) => void;
}

export interface UploadedFile {
  fileName: string;
  content: Buffer;
}

const toRejection = ([row, nationalID, name, reason]: [number, string, string, string]): ImportRejection => ({
  row,
  nationalID,
  name,
  reason,
});

export function importsService({
  repository,
  audit,
  parse,
  parseOptions,
  links,
  reportPath,
  onImported,
}: ImportsServiceDeps) {
  return {
    /**
     * Imports one student list (product decisions 'Student lists (upload)'): the file is checked (type by
     * content, zip bomb), read in a worker, and every accepted row is written with its audit row in ONE
     * transaction: all good rows or none. Rejected rows are answered (the first few) and kept in the audit row
     * for the downloadable report.
     */
    async upload(
      staff: StaffPrincipal,
      fields: StudentUploadFields,
      file: UploadedFile,
      context: { ip: string },
    ): Promise<StudentUploadResponse> {
      const college = await repository.collegeByName(fields.faculty as string);
      if (!college) throw new AppError(400, MESSAGES.collegeNotFound);
      if (college.hidden) throw new AppError(400, CONTENT_MESSAGES.collegeHidden);
      const collegeId = college.id;
      const format = excelFormatOf(file.fileName, file.content);
      if (format === 'xlsx') checkXlsxContainer(file.content);
      const started = performance.now();
      const sheet = await parse(file.content, format, parseOptions);
      const parsedAt = performance.now();

      const reportId = randomUUID();
      const rejected = sheet.rejections.length;
      const counts = await repository.transaction(async (tx) => {
        const written =
          sheet.accepted > 0
            ? await repository.upsertStudents(tx, {
                collegeId,
                status: fields.status,
                literals: sheet.literals,
              })
            : { added: 0, updated: 0 };
        await audit(
          {
            actor: { id: staff.id, userName: staff.userName },
            action: UPLOAD_AUDIT_ACTION,
            targetType: 'college',
            targetId: collegeId,
            details: {
              reportId,
              faculty: fields.faculty,
              status: fields.status,
              fileName: file.fileName.slice(0, 200),
              fileBytes: file.content.length,
              sheetName: sheet.sheetName,
              headerRow: sheet.headerRow,
              ...written,
              rejected,
              ignoredColumns: sheet.ignoredColumns,
              rejections: sheet.rejections,
            },
            ip: context.ip,
          },
          tx,
        );
        return written;
      });
      onImported?.({
        faculty: fields.faculty,
        ...counts,
        rejected,
        fileBytes: file.content.length,
        readMs: Math.round(parsedAt - started),
        writeMs: Math.round(performance.now() - parsedAt),
      });

      const token =
        rejected > 0
          ? links.sign(REPORT_LINK_PURPOSE, { r: reportId }, DOWNLOAD_LINK_LIFETIME_MS)
          : undefined;
      return {
        status: 'success',
        message: MESSAGE_TEMPLATES.uploadDone(counts.added, counts.updated, rejected),
        added: counts.added,
        updated: counts.updated,
        rejected,
        ignoredColumns: sheet.ignoredColumns,
        report: sheet.rejections.slice(0, STUDENT_IMPORT_REPORT_ROWS_SHOWN).map(toRejection),
        reportPath: token ? reportPath(token) : null,
      };
    },

    /** The stored report a link points to (403/410 for a bad or old link, 404 when it is gone). */
    async report(token: string): Promise<StoredImportReport> {
      const { data } = requireValidLink(links, REPORT_LINK_PURPOSE, token);
      const found = typeof data.r === 'string' ? await repository.findReport(data.r) : undefined;
      if (!found) throw new AppError(404, MESSAGES.downloadLinkInvalid);
      return found;
    },
  };
}

export type ImportsService = ReturnType<typeof importsService>;
