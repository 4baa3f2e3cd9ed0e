import {
  type CollegeDeadlineResponse,
  type CollegeEntry,
  type CollegesListResponse,
  DEADLINE_MESSAGES,
  MESSAGES,
} from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from '../auth/index.js';
import type { CollegeRow, CollegesRepository } from './colleges.repository.js';

export interface CollegesServiceDeps {
  repository: CollegesRepository;
  /** Writes one audit row in the transaction of the change it records. */
  audit: (entry: AuditEntry, tx: DbExecutor) => Promise<void>;
  /**
   * The value of `key` for the colleges' current content version, loaded once per version in this instance
   * (issue 19): the public lists cost no query per request.
   */
  cached: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** Raises the colleges' content counter in the transaction of an edit. */
  bumpVersion: (tx: DbExecutor) => Promise<void>;
  /** After the commit: this instance reads the new counter at once. */
  refresh: () => Promise<void>;
}

/** A college by its name, as the public program list looks it up: its flag and its visible programs. */
interface ProgramCatalogEntry {
  tourism: boolean;
  programs: string[];
}

export interface RequestContext {
  ip: string;
}

type Staff = Pick<StaffPrincipal, 'id' | 'userName'>;

const toEntry = (row: CollegeRow): CollegeEntry => ({
  id: row.id,
  name: row.name,
  socialWork: row.socialWork,
  tourism: row.tourism,
  dataDeadline: row.dataDeadline?.toISOString() ?? null,
  hidden: row.hidden,
});

export function collegesService({ repository, audit, cached, bumpVersion, refresh }: CollegesServiceDeps) {
  async function programCatalog(): Promise<Map<string, ProgramCatalogEntry>> {
    const [colleges, programs] = await Promise.all([repository.list(), repository.tourismPrograms()]);
    const byId = new Map<string, ProgramCatalogEntry>();
    const byName = new Map<string, ProgramCatalogEntry>();
    for (const college of colleges) {
      const entry = { tourism: college.tourism, programs: [] };
      byId.set(college.id, entry);
      byName.set(college.name, entry);
    }
    for (const program of programs) byId.get(program.collegeId)?.programs.push(program.name);
    return byName;
  }

  return {
    /**
     * `GET /colleges`: the names as the spec lists them (hidden colleges too: students and staff still refer to
     * them), and each college with its deadline and visibility beside them.
     */
    list(): Promise<CollegesListResponse['data']> {
      return cached('list', async () => {
        const colleges = (await repository.list()).map(toEntry);
        return { data: colleges.map((college) => college.name), colleges };
      });
    },

    /** `GET /colleges/tourism/{college}/programs`: the programs a student may choose now (hidden ones are not). */
    async tourismPrograms(collegeName: string): Promise<string[]> {
      const college = (await cached('programs', programCatalog)).get(collegeName.trim());
      if (!college) throw new AppError(404, MESSAGES.collegeNotFound);
      if (!college.tourism) throw new AppError(404, MESSAGES.collegeNotTourism);
      return college.programs;
    },

    /**
     * `PATCH /colleges/{id}`: sets the college's data deadline (an ISO instant) or clears it (null), in one
     * transaction with its audit row naming the deadline before and after.
     */
    async setDeadline(
      staff: Staff,
      id: string,
      deadline: string | null,
      context: RequestContext,
    ): Promise<Omit<CollegeDeadlineResponse, 'status'>> {
      const answer = await repository.transaction(async (tx) => {
        const before = await repository.lock(tx, id);
        if (!before) throw new AppError(404, DEADLINE_MESSAGES.collegeNotFound);
        const saved = await repository.setDeadline(tx, id, deadline === null ? null : new Date(deadline));
        if (!saved) throw new AppError(404, DEADLINE_MESSAGES.collegeNotFound);
        const after = toEntry(saved);
        await audit(
          {
            actor: { id: staff.id, userName: staff.userName },
            action: 'college.deadline',
            targetType: 'college',
            targetId: id,
            details: {
              college: after.name,
              before: toEntry(before).dataDeadline,
              after: after.dataDeadline,
            },
            ip: context.ip,
          },
          tx,
        );
        // `GET /colleges` carries the deadline, and every instance serves it from its cache.
        await bumpVersion(tx);
        return {
          message: deadline === null ? DEADLINE_MESSAGES.deadlineCleared : DEADLINE_MESSAGES.deadlineSaved,
          data: after,
        };
      });
      await refresh();
      return answer;
    },
  };
}
