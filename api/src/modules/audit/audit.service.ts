import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  type AuditCursor,
  type AuditEntryView,
  type AuditFilters,
  type AuditListQueryParsed,
  auditActionLabel,
  auditExportRequestSchema,
  DOWNLOAD_LINK_LIFETIME_MS,
  encodeAuditCursor,
  MESSAGES,
} from '@portal/common';
import type { AuditActor, AuditEntry } from '../../db/audit-trail.js';
import { AppError } from '../../lib/app-error.js';
import { type LinkSigner, requireLinkOwner, requireValidLink } from '../../lib/signed-link.js';
import type { AuditRepository, AuditRow } from './audit.repository.js';

export const AUDIT_EXPORT_LINK_PURPOSE = 'audit-export';

export interface RequestContext {
  ip: string;
}

interface Staff {
  id: string;
  userName: string;
}

export interface AuditServiceDeps {
  repository: AuditRepository;
  audit: (entry: AuditEntry) => Promise<void>;
  links: LinkSigner;
  downloadPath: (token: string) => string;
  now?: () => Date;
}

/** What an export link carries: who asked, when, the filters, the newest row it covers and how many rows. */
interface LinkData {
  s: string;
  i: number;
  f: Record<string, unknown>;
  b: AuditCursor | null;
  n: number;
}

function isLinkData(data: Record<string, unknown>): data is Record<string, unknown> & LinkData {
  const bound = data.b as Partial<AuditCursor> | null | undefined;
  return (
    typeof data.s === 'string' &&
    typeof data.i === 'number' &&
    typeof data.n === 'number' &&
    typeof data.f === 'object' &&
    data.f !== null &&
    (bound === null || (typeof bound?.at === 'string' && typeof bound.id === 'string'))
  );
}

/** The filters as the audit row records them: only those given. */
function filtersOf(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** One row as the screen shows it. */
export function toEntryView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    at: new Date(row.cursorAt).toISOString(),
    actor: row.actorId || row.actorUserName ? { id: row.actorId, userName: row.actorUserName } : null,
    action: row.action,
    label: auditActionLabel(row.action),
    target: row.targetType ? { type: row.targetType, id: row.targetId } : null,
    student: row.studentNationalId ? { nationalID: row.studentNationalId, name: row.studentName } : null,
    faculty: row.faculty,
    details: row.details,
    ip: row.ip,
  };
}

/** The audit screen (issue 20): pages of the log, newest first, and its export. SUPERADMIN only (access table). */
export function auditService({
  repository,
  audit,
  links,
  downloadPath,
  now = () => new Date(),
}: AuditServiceDeps) {
  const actorOf = (staff: Staff): AuditActor => ({ id: staff.id, userName: staff.userName });

  return {
    /** `GET /audit`: one page, and the cursor of the next when there is one. */
    async list(query: AuditListQueryParsed): Promise<{ data: AuditEntryView[]; nextCursor: string | null }> {
      const { cursor, ...filters } = query;
      const rows = await repository.page(filters, cursor ?? null, AUDIT_PAGE_SIZE + 1);
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const last = page.at(-1);
      return {
        data: page.map(toEntryView),
        nextCursor:
          rows.length > AUDIT_PAGE_SIZE && last
            ? encodeAuditCursor({ at: last.cursorAt, id: last.id })
            : null,
      };
    },

    /**
     * `POST /audit/export`: a signed 10-minute link to the rows matching now. The log is append-only, so the
     * newest matching row fixes the file's contents: the download holds exactly the rows counted here.
     */
    async exportLink(staff: Staff, filters: AuditFilters, context: RequestContext): Promise<string> {
      const [newest] = await repository.page(filters, null, 1);
      const bound = newest ? { at: newest.cursorAt, id: newest.id } : null;
      const rows = bound ? await repository.count(filters, bound, AUDIT_EXPORT_MAX_ROWS + 1) : 0;
      if (rows > AUDIT_EXPORT_MAX_ROWS) throw new AppError(400, AUDIT_MESSAGES.exportTooLarge);
      const issuedAt = now().getTime();
      const data: LinkData = { s: staff.id, i: issuedAt, f: filtersOf(filters), b: bound, n: rows };
      const token = links.sign(AUDIT_EXPORT_LINK_PURPOSE, { ...data }, DOWNLOAD_LINK_LIFETIME_MS, issuedAt);
      await audit({
        actor: actorOf(staff),
        action: 'audit.export',
        targetType: 'audit_log',
        details: {
          filters: data.f,
          rows,
          linkExpiresAt: new Date(issuedAt + DOWNLOAD_LINK_LIFETIME_MS).toISOString(),
        },
        ip: context.ip,
      });
      return downloadPath(token);
    },

    /**
     * What an export link stands for: 400/403/410 for a malformed, forged or expired link, 403 when the account
     * it was made for is gone, is no longer SUPERADMIN, or changed its password since. The download is audited
     * before a byte is sent: no audit row, no file.
     */
    async openExport(
      token: string,
      context: RequestContext,
    ): Promise<{ filters: AuditFilters; bound: AuditCursor | null; rows: number }> {
      const { data } = requireValidLink(links, AUDIT_EXPORT_LINK_PURPOSE, token);
      if (!isLinkData(data)) throw new AppError(400, MESSAGES.downloadLinkInvalid);
      const parsed = auditExportRequestSchema.safeParse(data.f);
      if (!parsed.success) throw new AppError(400, MESSAGES.downloadLinkInvalid);
      const staff = requireLinkOwner(await repository.staffForLink(data.s), ['SUPERADMIN'], data.i);
      await audit({
        actor: { id: data.s, userName: staff.userName },
        action: 'audit.export_download',
        targetType: 'audit_log',
        details: { filters: data.f, rows: data.n },
        ip: context.ip,
      });
      return { filters: parsed.data, bound: data.b, rows: data.n };
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
