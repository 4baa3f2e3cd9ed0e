import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { deleteEach } from '../../storage/remove-files.js';
import type { ObjectStorage } from '../../storage/storage.js';
import type { RetentionRepository, SeasonImagesDeleted } from './retention.repository.js';
import { imagesDueForDeletion } from './retention-rule.js';

/** Students whose images one transaction marks: at most six times as many keys are held at once. */
export const BATCH_STUDENTS = 100;

export const IMAGES_RETENTION_ACTION = 'season.images_retention';

export interface ImageRetentionDeps {
  repository: RetentionRepository;
  storage: ObjectStorage;
  /** `RETENTION_DAYS`: 0 keeps every image forever. */
  retentionDays: number;
  audit: (entry: AuditEntry, tx: DbExecutor) => Promise<void>;
  log: FastifyBaseLogger;
  /** Asked between batches: true stops the run there (the app is closing); the next run carries on. */
  stopped?: () => boolean;
  now?: Date;
  batchStudents?: number;
}

export type RetentionRun =
  | { outcome: 'busy' }
  | { outcome: 'stopped'; finished: SeasonImagesDeleted[] }
  | { outcome: 'done'; finished: SeasonImagesDeleted[] };

/** Deletes the files, all of them tried; throws when any could not be deleted, so the batch is tried again. */
async function deleteFiles(storage: ObjectStorage, keys: readonly string[]): Promise<void> {
  const { failed, firstError } = await deleteEach(storage, keys);
  if (failed > 0)
    throw new Error(`${failed} of ${keys.length} image files could not be deleted`, { cause: firstError });
}

/**
 * One run of the retention job (issue 21): for each season due (`imagesDueForDeletion`), batch by batch, marks
 * the images of some students purged in one transaction, then deletes their files once it has committed; when no
 * image of the season is left unpurged, records `images_deleted_at` with one audit row. A row never points at a
 * deleted file without `purged_at`. A run that stopped between a commit and its deletions (crash, store down)
 * left at most that last batch's files: the next run deletes them again first (deleting twice is harmless),
 * then walks the season's students again, marking only what is still unpurged. The caller closes the
 * connection after a run (`runImageRetention`), which also ends the lock and the cursor of a run that failed.
 * Answers 'busy' when another run holds the lock.
 */
export async function deleteDueSeasonImages(deps: ImageRetentionDeps): Promise<RetentionRun> {
  const { repository, storage, log, stopped = () => false, now = new Date() } = deps;
  const batchStudents = deps.batchStudents ?? BATCH_STUDENTS;
  if (!(await repository.tryLock())) return { outcome: 'busy' };
  try {
    const finished: SeasonImagesDeleted[] = [];
    const due = (await repository.seasons()).filter((season) =>
      imagesDueForDeletion(season, deps.retentionDays, now),
    );
    for (const season of due) {
      await deleteFiles(storage, await repository.lastMarkedKeys(season.id));
      await repository.openSeasonStudents(season.id);
      for (;;) {
        if (stopped()) return { outcome: 'stopped', finished };
        const keys = await repository.markNextBatch(batchStudents);
        if (keys === null) break;
        await deleteFiles(storage, keys);
      }
      await repository.closeSeasonStudents();
      const done = await repository.finishSeason(season.id, (figures, tx) =>
        deps.audit(
          {
            actor: null,
            action: IMAGES_RETENTION_ACTION,
            targetType: 'season',
            targetId: season.id,
            details: {
              season: figures.name,
              closedAt: figures.closedAt,
              retentionDays: deps.retentionDays,
              images: figures.images,
              students: figures.students,
            },
          },
          tx,
        ),
      );
      if (done) {
        log.info(
          { season: done.name, images: done.images, students: done.students },
          'season images deleted',
        );
        finished.push(done);
      }
    }
    return { outcome: 'done', finished };
  } finally {
    // A connection that broke frees the lock by itself; its caller drops that connection either way.
    await repository.unlock().catch(() => undefined);
  }
}
