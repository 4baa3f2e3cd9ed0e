import { SEASON_MESSAGES, type Season } from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import type { RemoveFiles } from '../../storage/remove-files.js';
import type { StaffPrincipal } from '../auth/index.js';
import type { SeasonRow, SeasonsRepository } from './seasons.repository.js';
import { isLaterSeason } from './seasons.rules.js';

/** Students deleted per transaction when a season is deleted: each commits, so no lock is held for long. */
const DELETE_BATCH = 1000;

export interface SeasonsServiceDeps {
  repository: SeasonsRepository;
  audit: (entry: AuditEntry, tx: DbExecutor) => Promise<void>;
  /** Raises the `seasons` content counter in the transaction, so every instance reloads the current name. */
  bumpVersion: (tx: DbExecutor) => Promise<void>;
  /** Reads the counters again after the commit, so this instance's next read is fresh at once. */
  refresh: () => Promise<void>;
  removeFiles: RemoveFiles;
}

export interface RequestContext {
  ip: string;
}

type Staff = Pick<StaffPrincipal, 'id' | 'userName'>;

const actorOf = (staff: Staff) => ({ id: staff.id, userName: staff.userName });

export function toSeason(row: SeasonRow): Season {
  return {
    id: row.id,
    name: row.name,
    current: row.current,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    imagesDeletedAt: row.imagesDeletedAt?.toISOString() ?? null,
    students: row.students,
  };
}

/** Admission seasons (issue 21): the list, opening the next season, deleting a closed one whole. */
export function seasonsService({ repository, audit, bumpVersion, refresh, removeFiles }: SeasonsServiceDeps) {
  return {
    /** `GET /seasons`: the current season first, then newest first, each with its student count. */
    async list(): Promise<Season[]> {
      return (await repository.list()).map(toSeason);
    },

    /**
     * `POST /seasons`: closes the current season (read-only from this commit on) and opens `name`, which must be a
     * later academic year than the current one's.
     */
    async open(staff: Staff, name: string, context: RequestContext): Promise<Season> {
      const season = await repository.transaction(async (tx) => {
        const current = await repository.lockCurrent(tx);
        if (!current) throw new Error('no current admission season');
        if (!isLaterSeason(name, current.name)) throw new AppError(409, SEASON_MESSAGES.nameNotLater);
        if (await repository.nameTaken(tx, name)) throw new AppError(409, SEASON_MESSAGES.nameTaken);
        const opened = await repository.open(tx, current.id, name);
        await audit(
          {
            actor: actorOf(staff),
            action: 'season.open',
            targetType: 'season',
            targetId: opened.id,
            details: { season: name, closed: current.name },
            ip: context.ip,
          },
          tx,
        );
        await bumpVersion(tx);
        return opened;
      });
      await refresh();
      return toSeason(season);
    },

    /**
     * `DELETE /seasons/{id}`: a closed season with every student, answer and image, once the super admin typed
     * back its student count. Audited before anything goes; then deleted in batches of `DELETE_BATCH` students,
     * each batch's image files removed after its commit. Nothing can join a closed season meanwhile (imports and
     * logins only reach the current one), and a run cut short is finished by asking again with the count left.
     */
    async delete(staff: Staff, id: string, confirmCount: number, context: RequestContext): Promise<number> {
      const count = await repository.transaction(async (tx) => {
        const season = await repository.lockWithCount(tx, id);
        if (!season) throw new AppError(404, SEASON_MESSAGES.notFound);
        if (season.current) throw new AppError(409, SEASON_MESSAGES.currentCannotBeDeleted);
        if (season.students !== confirmCount) throw new AppError(409, SEASON_MESSAGES.confirmCountMismatch);
        await audit(
          {
            actor: actorOf(staff),
            action: 'season.delete',
            targetType: 'season',
            targetId: season.id,
            details: { season: season.name, students: season.students },
            ip: context.ip,
          },
          tx,
        );
        return season.students;
      });
      for (;;) {
        const batch = await repository.transaction((tx) =>
          repository.deleteStudentsBatch(tx, id, DELETE_BATCH),
        );
        await removeFiles(batch.keys);
        if (batch.deleted < DELETE_BATCH) break;
      }
      await repository.transaction((tx) => repository.deleteSeason(tx, id));
      return count;
    },
  };
}
