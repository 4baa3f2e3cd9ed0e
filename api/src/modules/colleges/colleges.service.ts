import {
  type CollegeDeadlineResponse,
  type CollegeEntry,
  type CollegesListResponse,
  DEADLINE_MESSAGES,
  MESSAGES,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import type { AuditEntry, DbExecutor } from '../audit/audit.repository.js';
import type { StaffPrincipal } from '../auth/staff-principal.repository.js';
import type { CollegeRow, CollegesRepository } from './colleges.repository.js';

export interface CollegesServiceDeps {
  repository: CollegesRepository;
  /** Writes one audit row in the transaction of the change it records. */
  audit: (entry: AuditEntry, tx: DbExecutor) => Promise<void>;
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

export function collegesService({ repository, audit }: CollegesServiceDeps) {
  return {
    /** `GET /colleges`: the names as the spec lists them, and each college with its deadline beside them. */
    async list(): Promise<CollegesListResponse['data']> {
      const colleges = (await repository.list()).map(toEntry);
      return { data: colleges.map((college) => college.name), colleges };
    },

    async tourismPrograms(collegeName: string): Promise<string[]> {
      const college = await repository.findByName(collegeName.trim());
      if (!college) throw new AppError(404, MESSAGES.collegeNotFound);
      if (!college.tourism) throw new AppError(404, MESSAGES.collegeNotTourism);
      return repository.programNames(college.id);
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
      return repository.transaction(async (tx) => {
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
        return {
          message: deadline === null ? DEADLINE_MESSAGES.deadlineCleared : DEADLINE_MESSAGES.deadlineSaved,
          data: after,
        };
      });
    },
  };
}
