import { DOWNLOAD_LINK_LIFETIME_MS, INTERVIEW_STAFF_ROLES, MESSAGES } from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import { requireLinkOwner, requireValidLink } from '../../lib/signed-link.js';
import type { DateRange } from './interviews.repository.js';
import { actorOf, type PartDeps, type RequestContext, type Staff } from './service-deps.js';

/** Purpose of the outcomes export links (lib/signed-link.ts): a link of another export is refused here. */
export const INTERVIEW_EXPORT_LINK_PURPOSE = 'interview-export';
/** Who may open an export link: the staff of the interview calls, as the account is now. */
const EXPORT_ROLES: readonly string[] = INTERVIEW_STAFF_ROLES;

interface LinkData {
  s: string;
  i: number;
  f: string | null;
  t: string | null;
}

function isLinkData(data: Record<string, unknown>): data is Record<string, unknown> & LinkData {
  const day = (value: unknown) =>
    value === null || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value));
  return typeof data.s === 'string' && typeof data.i === 'number' && day(data.f) && day(data.t);
}

/** The outcomes export's signed links: made for a staff account, and opened by the browser alone. */
export function exportLinkService({ repository, audit, links, downloadPath, now }: PartDeps) {
  return {
    /** `POST /interviews/export`: a signed link, valid 10 minutes, to the outcomes of the range. Audited. */
    async exportLink(staff: Staff, range: DateRange, context: RequestContext): Promise<string> {
      const issuedAt = now().getTime();
      const data: LinkData = { s: staff.id, i: issuedAt, f: range.from ?? null, t: range.to ?? null };
      const token = links.sign(
        INTERVIEW_EXPORT_LINK_PURPOSE,
        { ...data },
        DOWNLOAD_LINK_LIFETIME_MS,
        issuedAt,
      );
      await audit({
        actor: actorOf(staff),
        action: 'interviews.export',
        targetType: 'interview_outcomes',
        details: {
          from: data.f,
          to: data.t,
          linkExpiresAt: new Date(issuedAt + DOWNLOAD_LINK_LIFETIME_MS).toISOString(),
        },
        ip: context.ip,
      });
      return downloadPath(token);
    },

    /**
     * What an export link stands for: 400/403/410 for a malformed, forged or expired link, 403 when the account
     * it was made for is gone, lost the role, or changed its password since. The download is audited.
     */
    async openExport(token: string, context: RequestContext): Promise<DateRange> {
      const { data } = requireValidLink(links, INTERVIEW_EXPORT_LINK_PURPOSE, token);
      if (!isLinkData(data)) throw new AppError(400, MESSAGES.downloadLinkInvalid);
      const staff = requireLinkOwner(await repository.staffForLink(data.s), EXPORT_ROLES, data.i);
      const range = { from: data.f ?? undefined, to: data.t ?? undefined };
      await audit({
        actor: { id: data.s, userName: staff.userName },
        action: 'interviews.export_download',
        targetType: 'interview_outcomes',
        details: { from: data.f, to: data.t, rows: await repository.countOutcomes(range) },
        ip: context.ip,
      });
      return range;
    },
  };
}
