import {
  DOWNLOAD_LINK_LIFETIME_MS,
  daysInRange,
  FUNNEL_MAX_DAYS,
  FUNNEL_MESSAGES,
  FUNNEL_SERIES,
  type FunnelDaily,
  type FunnelData,
  type FunnelDay,
  MESSAGES,
  type StaffRole,
} from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { LinkOwner } from '../../db/link-owner.js';
import { AppError } from '../../lib/app-error.js';
import { type LinkSigner, requireLinkOwner, requireValidLink } from '../../lib/signed-link.js';
import type { FunnelCollegeRow, FunnelRepository, FunnelSeasonRow } from './funnel.repository.js';
import { funnelRows, refusalRows } from './funnel-counts.js';
import { funnelColleges } from './funnel-scope.js';

/** Who reads the funnel: every staff role, each within its scope (funnel-scope.ts). */
export const FUNNEL_ROLES: readonly StaffRole[] = ['SUPERADMIN', 'SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'];
const EXPORT_LINK_PURPOSE = 'funnel-export';
const DAY_MS = 86_400_000;

export interface FunnelStaff {
  id: string;
  userName: string;
  role: StaffRole;
  faculty: string | null;
}

export interface FunnelFilters {
  faculty: string | null;
  season?: string | undefined;
}

export interface DailyFilters extends FunnelFilters {
  from?: string | undefined;
  to?: string | undefined;
}

export interface FunnelServiceDeps {
  repository: FunnelRepository;
  audit: (entry: AuditEntry) => Promise<void>;
  links: LinkSigner;
  linkOwner: (id: string) => Promise<LinkOwner | undefined>;
  downloadPath: (token: string) => string;
  /** The university's IANA time zone: a day of the series is a day on its clock. */
  timeZone: string;
  now?: () => Date;
}

/** The export link's data: the account, when it was made, and the filters. */
interface LinkData {
  s: string;
  i: number;
  f: string | null;
  z: string;
  a: string;
  b: string;
}

function isLinkData(data: Record<string, unknown>): data is Record<string, unknown> & LinkData {
  return (
    typeof data.s === 'string' &&
    typeof data.i === 'number' &&
    (data.f === null || typeof data.f === 'string') &&
    typeof data.z === 'string' &&
    typeof data.a === 'string' &&
    typeof data.b === 'string'
  );
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function funnelService(deps: FunnelServiceDeps) {
  const { repository, audit, links, timeZone } = deps;
  const now = deps.now ?? (() => new Date());
  const dayOf = (instant: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      instant,
    );

  async function seasonOf(seasonId: string | undefined): Promise<FunnelSeasonRow> {
    const season = await repository.season(seasonId ?? null);
    if (!season) throw new AppError(404, FUNNEL_MESSAGES.seasonNotFound);
    return season;
  }

  async function scope(staff: Pick<FunnelStaff, 'role' | 'faculty'>, filters: FunnelFilters) {
    const [season, colleges] = await Promise.all([seasonOf(filters.season), repository.colleges()]);
    const chosen = funnelColleges(staff, filters.faculty, colleges);
    // Every college chosen is every college: the statements then need no list of ids.
    const ids = chosen.length === colleges.length ? null : chosen.map((college) => college.id);
    return { season, colleges: chosen, ids, faculty: filters.faculty?.trim() || null };
  }

  /**
   * The range of the series: as asked, or the season's last days up to today (or its closing day), at most
   * FUNNEL_MAX_DAYS. One end given alone reaches to the default of the other; the whole is then checked.
   */
  function rangeOf(season: FunnelSeasonRow, filters: DailyFilters): { from: string; to: string } {
    const last = dayOf(season.closedAt ?? now());
    const to = filters.to ?? (filters.from ? minDay(addDays(filters.from, FUNNEL_MAX_DAYS - 1), last) : last);
    const from = filters.from ?? maxDay(dayOf(season.openedAt), addDays(to, 1 - FUNNEL_MAX_DAYS));
    const days = daysInRange(from, to);
    if (days < 1) throw new AppError(400, FUNNEL_MESSAGES.rangeBackwards);
    if (days > FUNNEL_MAX_DAYS) throw new AppError(400, FUNNEL_MESSAGES.rangeTooLong);
    return { from, to };
  }

  async function funnelOf(scoped: Awaited<ReturnType<typeof scope>>): Promise<FunnelData> {
    const [groups, refusals] = await Promise.all([
      repository.progressGroups(scoped.season.id, scoped.ids),
      repository.refusals(scoped.season.id, scoped.ids),
    ]);
    return {
      season: { id: scoped.season.id, name: scoped.season.name, current: scoped.season.current },
      ...funnelRows(scoped.colleges, groups),
      refusals: refusalRows(scoped.colleges, refusals),
    };
  }

  async function dailyOf(
    scoped: Awaited<ReturnType<typeof scope>>,
    filters: DailyFilters,
  ): Promise<FunnelDaily> {
    const range = rangeOf(scoped.season, filters);
    const [rows, medians] = await Promise.all([
      repository.daily(scoped.season.id, scoped.ids, range, timeZone),
      repository.medianDays(scoped.season.id, scoped.ids),
    ]);
    const days = new Map<string, FunnelDay>();
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
      days.set(day, { day, ...Object.fromEntries(FUNNEL_SERIES.map((series) => [series, 0])) } as FunnelDay);
    }
    for (const row of rows) {
      const day = days.get(row.day);
      if (day) day[row.series] = row.count;
    }
    const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
    return {
      season: { id: scoped.season.id, name: scoped.season.name, current: scoped.season.current },
      faculty: scoped.colleges.length === 1 ? (scoped.colleges[0]?.name ?? null) : null,
      ...range,
      deadline: latestDeadline(scoped.colleges),
      days: [...days.values()],
      medianDays: {
        importToComplete: round(medians.importToComplete),
        completeToAccepted: round(medians.completeToAccepted),
      },
    };
  }

  const actorOf = (staff: FunnelStaff) => ({ id: staff.id, userName: staff.userName });

  return {
    /** `GET /funnel`: audited like the other list reads (who, the faculty, the season). */
    async funnel(staff: FunnelStaff, filters: FunnelFilters, context: { ip: string }): Promise<FunnelData> {
      const scoped = await scope(staff, filters);
      const data = await funnelOf(scoped);
      await audit({
        actor: actorOf(staff),
        action: 'funnel.read',
        targetType: scoped.colleges.length === 1 ? 'college' : null,
        targetId: scoped.colleges.length === 1 ? (scoped.colleges[0]?.id ?? null) : null,
        details: {
          faculty: scoped.faculty ?? 'all',
          season: scoped.season.name,
          students: data.total.students,
        },
        ip: context.ip,
      });
      return data;
    },

    /** `GET /funnel/daily`. */
    async daily(staff: FunnelStaff, filters: DailyFilters, context: { ip: string }): Promise<FunnelDaily> {
      const scoped = await scope(staff, filters);
      const data = await dailyOf(scoped, filters);
      await audit({
        actor: actorOf(staff),
        action: 'funnel.daily',
        targetType: scoped.colleges.length === 1 ? 'college' : null,
        targetId: scoped.colleges.length === 1 ? (scoped.colleges[0]?.id ?? null) : null,
        details: {
          faculty: scoped.faculty ?? 'all',
          season: scoped.season.name,
          from: data.from,
          to: data.to,
        },
        ip: context.ip,
      });
      return data;
    },

    /** `POST /funnel/export`: a 10-minute link to the .xlsx of the funnel and the daily series. Audited. */
    async exportLink(staff: FunnelStaff, filters: DailyFilters, context: { ip: string }): Promise<string> {
      const scoped = await scope(staff, filters);
      const range = rangeOf(scoped.season, filters);
      const issuedAt = now().getTime();
      const data: LinkData = {
        s: staff.id,
        i: issuedAt,
        f: scoped.faculty,
        z: scoped.season.id,
        a: range.from,
        b: range.to,
      };
      const token = links.sign(EXPORT_LINK_PURPOSE, { ...data }, DOWNLOAD_LINK_LIFETIME_MS, issuedAt);
      await audit({
        actor: actorOf(staff),
        action: 'funnel.export',
        details: {
          faculty: scoped.faculty ?? 'all',
          season: scoped.season.name,
          ...range,
          linkExpiresAt: new Date(issuedAt + DOWNLOAD_LINK_LIFETIME_MS).toISOString(),
        },
        ip: context.ip,
      });
      return deps.downloadPath(token);
    },

    /**
     * What an export link stands for, read again with the account's scope as it is now: 400/403/410 for a
     * malformed, forged or expired link; 403 when the account is gone, lost the role or changed its password.
     */
    async openExport(token: string, context: { ip: string }) {
      const { data } = requireValidLink(links, EXPORT_LINK_PURPOSE, token);
      if (!isLinkData(data)) throw new AppError(400, MESSAGES.downloadLinkInvalid);
      const owner = requireLinkOwner(await deps.linkOwner(data.s), FUNNEL_ROLES, data.i);
      const colleges = await repository.colleges();
      const ownFaculty = colleges.find((college) => college.id === owner.collegeId)?.name ?? null;
      const filters = { faculty: data.f, season: data.z, from: data.a, to: data.b };
      const scoped = await scope({ role: owner.role, faculty: ownFaculty }, filters);
      const [funnel, daily] = await Promise.all([funnelOf(scoped), dailyOf(scoped, filters)]);
      await audit({
        actor: { id: data.s, userName: owner.userName },
        action: 'funnel.export_download',
        details: { faculty: data.f ?? 'all', season: scoped.season.name, from: data.a, to: data.b },
        ip: context.ip,
      });
      return { funnel, daily };
    },
  };
}
export type FunnelService = ReturnType<typeof funnelService>;

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

/** The deadline drawn on the chart: the faculty's, or the latest of those in scope. */
function latestDeadline(colleges: readonly FunnelCollegeRow[]): string | null {
  const times = colleges.flatMap((college) => (college.dataDeadline ? [college.dataDeadline.getTime()] : []));
  return times.length === 0 ? null : new Date(Math.max(...times)).toISOString();
}
