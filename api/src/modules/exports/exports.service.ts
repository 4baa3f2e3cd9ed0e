import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import {
  DOWNLOAD_LINK_LIFETIME_MS,
  MESSAGES,
  STUDENT_DOWNLOAD_ROLES,
  STUDENT_DOWNLOAD_TYPES,
  type StudentDownloadType,
} from '@portal/common';
import yazl from 'yazl';
import type { AuditEntry } from '../../db/audit-trail.js';
import { AppError } from '../../lib/app-error.js';
import { fileDate } from '../../lib/attachment.js';
import type { DownloadFile } from '../../lib/send-download.js';
import { DownloadAbortedError, XLSX_CONTENT_TYPE, ZIP_CONTENT_TYPE } from '../../lib/send-download.js';
import { type LinkSigner, requireLinkOwner, requireValidLink } from '../../lib/signed-link.js';
import { type XlsxStream, xlsxStream } from '../../lib/xlsx-stream.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { StorageNotFoundError } from '../../storage/storage.js';
import { facultyScope, type StaffPrincipal } from '../auth/index.js';
import { RETENTION_MESSAGES } from '../retention/index.js';
import type { ExportFilter, ExportsRepository } from './exports.repository.js';
import { isSheetDownload, SHEET_KINDS } from './student-columns.js';

/** Purpose of the export links (see lib/signed-link.ts). */
export const EXPORT_LINK_PURPOSE = 'student-export';

export interface ExportsServiceDeps {
  repository: ExportsRepository;
  audit: (entry: AuditEntry) => Promise<void>;
  links: LinkSigner;
  storage: ObjectStorage;
  /** The full path of a download link, e.g. `/api/v1/downloads/<token>`. */
  downloadPath: (token: string) => string;
}

/** An export a valid link stands for. */
export interface OpenedExport {
  type: StudentDownloadType;
  filter: ExportFilter;
  /** The faculty's name, or null for every faculty. */
  faculty: string | null;
}

const TITLES: Record<StudentDownloadType, { arabic: string; ascii: string }> = {
  complete: { arabic: 'بيانات الطلاب المكتملة', ascii: 'students-complete' },
  incomplete: { arabic: 'بيانات الطلاب غير المكتملة', ascii: 'students-incomplete' },
  completeSupport: { arabic: 'بيانات الطلاب المكتملة - الدعم الفني', ascii: 'students-complete-support' },
  incompleteSupport: {
    arabic: 'بيانات الطلاب غير المكتملة - الدعم الفني',
    ascii: 'students-incomplete-support',
  },
  completePhotos: { arabic: 'صور مستندات الطلاب المكتملة', ascii: 'students-complete-photos' },
};

/** Rows written between two turns of the event loop. */
const YIELD_EVERY_ROWS = 250;

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

interface LinkData {
  t: StudentDownloadType;
  c: string | null;
  s: string;
  i: number;
  /** The admission season; null (or absent, in links made before seasons) for the current one. */
  n?: string | null;
}

function isLinkData(data: Record<string, unknown>): data is Record<string, unknown> & LinkData {
  return (
    STUDENT_DOWNLOAD_TYPES.includes(data.t as StudentDownloadType) &&
    (data.c === null || typeof data.c === 'string') &&
    typeof data.s === 'string' &&
    typeof data.i === 'number' &&
    (data.n === undefined || data.n === null || typeof data.n === 'string')
  );
}

export function exportsService({ repository, audit, links, storage, downloadPath }: ExportsServiceDeps) {
  return {
    /**
     * The answer of `POST /students/downloadStudentData/{type}`: a signed link, valid 10 minutes, that any
     * instance can serve (spec section 2: support gets incompleteSupport only; super admin every kind).
     */
    async createLink(
      staff: StaffPrincipal,
      type: StudentDownloadType,
      requestedFaculty: string | null,
      context: { ip: string },
      seasonId: string | null = null,
    ): Promise<string> {
      if (!STUDENT_DOWNLOAD_ROLES[type].includes(staff.role as 'SUPERADMIN' | 'SUPPORT'))
        throw new AppError(403, MESSAGES.forbidden);
      const faculty = facultyScope(staff, requestedFaculty);
      let collegeId: string | null = null;
      if (faculty) {
        collegeId = (await repository.collegeIdByName(faculty)) ?? null;
        if (!collegeId) throw new AppError(400, MESSAGES.collegeNotFound);
      }
      const issuedAt = Date.now();
      const data: LinkData = { t: type, c: collegeId, s: staff.id, i: issuedAt, n: seasonId };
      const token = links.sign(EXPORT_LINK_PURPOSE, { ...data }, DOWNLOAD_LINK_LIFETIME_MS, issuedAt);
      await audit({
        actor: { id: staff.id, userName: staff.userName },
        action: 'students.export',
        targetType: 'college',
        targetId: collegeId,
        details: {
          type,
          faculty,
          ...(seasonId ? { season: seasonId } : {}),
          linkExpiresAt: new Date(issuedAt + DOWNLOAD_LINK_LIFETIME_MS).toISOString(),
        },
        ip: context.ip,
      });
      return downloadPath(token);
    },

    /**
     * What a download link stands for: 400/403/410 for a malformed, forged or expired link (lib/signed-link),
     * 403 when the account it was made for is gone, lost the right to this kind, or changed its password since.
     */
    async open(token: string, context: { ip: string }): Promise<OpenedExport> {
      const { data } = requireValidLink(links, EXPORT_LINK_PURPOSE, token);
      if (!isLinkData(data)) throw new AppError(400, MESSAGES.downloadLinkInvalid);
      const staff = requireLinkOwner(
        await repository.staffForLink(data.s),
        STUDENT_DOWNLOAD_ROLES[data.t],
        data.i,
      );
      const faculty = data.c ? ((await repository.collegeName(data.c)) ?? null) : null;
      if (data.c && !faculty) throw new AppError(404, MESSAGES.collegeNotFound);
      // complete, completeSupport, completePhotos: students with complete data; the others: without.
      const filter = { complete: data.t.startsWith('complete'), collegeId: data.c, seasonId: data.n ?? null };
      // Audited before a byte is sent (no audit row, no file), with the students the file holds.
      await audit({
        actor: { id: data.s, userName: staff.userName },
        action: 'students.export.download',
        targetType: 'college',
        targetId: data.c,
        details: { type: data.t, faculty, rows: await repository.countStudents(filter) },
        ip: context.ip,
      });
      return { type: data.t, filter, faculty };
    },

    fileOf(opened: OpenedExport): DownloadFile {
      const title = TITLES[opened.type];
      const date = fileDate();
      const extension = opened.type === 'completePhotos' ? 'zip' : 'xlsx';
      return {
        contentType: opened.type === 'completePhotos' ? ZIP_CONTENT_TYPE : XLSX_CONTENT_TYPE,
        arabicName: `${title.arabic} - ${opened.faculty ?? 'جميع الكليات'} - ${date}.${extension}`,
        asciiName: `${title.ascii}-${date}.${extension}`,
      };
    },

    /** A sheet export: the body to send at once, and the work that fills it batch by batch. */
    sheet(opened: OpenedExport): { body: Readable; produce: () => Promise<void> } {
      if (!isSheetDownload(opened.type)) throw new Error(`${opened.type} is not a sheet`);
      const { columns } = SHEET_KINDS[opened.type];
      const sheet: XlsxStream = xlsxStream('الطلاب', columns);
      const produce = async () => {
        await repository.streamStudents(opened.filter, columns, async (rows) => {
          for (let index = 0; index < rows.length; index++) {
            const row = rows[index] as unknown[];
            sheet.addRow(
              row.map((value, column) => {
                const show = columns[column]?.show;
                return show ? show(value) : (value as string | number | null);
              }),
            );
            // Let other requests in between slices of a batch: no slice holds the event loop for long.
            if (index % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await setImmediate();
          }
          await sheet.drained();
          if (sheet.output.destroyed) throw new DownloadAbortedError();
        });
        await sheet.finish();
      };
      return { body: sheet.output, produce };
    },

    /**
     * The photos export: a zip with one folder per complete student, named by national ID, holding the stored
     * images (`<kind>.png|jpg`), stored without recompression. Images are read one at a time from the storage
     * as the zip is sent; an image missing from the storage is listed in a note inside the zip, and so is one
     * whose file the retention job deleted (in a note of its own: that absence is expected).
     */
    photos(opened: OpenedExport): { body: Readable; produce: () => Promise<void> } {
      const zip = new yazl.ZipFile();
      const body = zip.outputStream as unknown as Readable;
      const produce = async () => {
        const missing: string[] = [];
        const purged: string[] = [];
        const now = new Date();
        await repository.streamImages(opened.filter, async (rows) => {
          for (const image of rows) {
            if (image.purged) {
              purged.push(`${image.nationalId}: ${image.kind}`);
              continue;
            }
            let stream: Readable;
            try {
              stream = await storage.get(image.storageKey);
            } catch (error) {
              if (!(error instanceof StorageNotFoundError)) throw error;
              missing.push(`${image.nationalId}: ${image.kind}`);
              continue;
            }
            const extension = EXTENSIONS[image.contentType] ?? 'bin';
            zip.addReadStream(stream, `${image.nationalId}/${image.kind}.${extension}`, {
              compress: false,
              mtime: now,
            });
            // yazl writes entries in order: waiting for this one keeps one image open and in memory at a time.
            await finished(stream);
            if (body.destroyed) throw new DownloadAbortedError();
          }
        });
        if (missing.length > 0)
          zip.addBuffer(
            Buffer.from(`صور غير موجودة في المخزن:\n${missing.join('\n')}\n`, 'utf8'),
            'صور غير موجودة.txt',
            { mtime: now },
          );
        if (purged.length > 0)
          zip.addBuffer(
            Buffer.from(`${RETENTION_MESSAGES.archiveEntryHeading}\n${purged.join('\n')}\n`, 'utf8'),
            RETENTION_MESSAGES.archiveEntryName,
            { mtime: now },
          );
        zip.end();
      };
      return { body, produce };
    },
  };
}

export type ExportsService = ReturnType<typeof exportsService>;
