import type { ImageContentType, ImageKind } from '@portal/common';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { stagedUploads, uploadLocks } from '../../db/schema/index.js';

/** How long a staged upload may wait for its submit; older ones are refused and swept. */
export const STAGED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface StagedUploadOwner {
  studentId: string;
  sessionId: string;
}

export type StagedUploadRow = typeof stagedUploads.$inferSelect;

export function stagedUploadsRepository(db: Database) {
  return {
    async create(row: { id: string; kind: ImageKind; declaredLength: number } & StagedUploadOwner) {
      await db.insert(stagedUploads).values(row);
    },

    async find(id: string): Promise<StagedUploadRow | undefined> {
      const [row] = await db.select().from(stagedUploads).where(eq(stagedUploads.id, id));
      return row;
    },

    async findMany(ids: readonly string[]): Promise<StagedUploadRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(stagedUploads)
        .where(inArray(stagedUploads.id, [...ids]));
    },

    async countOfSession(sessionId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(stagedUploads)
        .where(eq(stagedUploads.sessionId, sessionId));
      return row?.count ?? 0;
    },

    async markFinished(id: string, checked: { contentType: ImageContentType; sha256: string }) {
      await db
        .update(stagedUploads)
        .set({ state: 'finished', ...checked })
        .where(eq(stagedUploads.id, id));
    },

    async remove(ids: readonly string[]) {
      if (ids.length === 0) return;
      await db.delete(stagedUploads).where(inArray(stagedUploads.id, [...ids]));
      await db.delete(uploadLocks).where(inArray(uploadLocks.uploadId, [...ids]));
    },

    /**
     * Inside a submit's transaction: removes the named uploads of this session, finished and not expired, and
     * answers how many it removed. Fewer than named means another submit used one meanwhile (the rows are
     * locked by the delete, so two submits naming one upload cannot both commit).
     */
    async claim(tx: DbExecutor, ids: readonly string[], owner: StagedUploadOwner): Promise<number> {
      const claimed = await tx
        .delete(stagedUploads)
        .where(
          and(
            inArray(stagedUploads.id, [...ids]),
            eq(stagedUploads.studentId, owner.studentId),
            eq(stagedUploads.sessionId, owner.sessionId),
            eq(stagedUploads.state, 'finished'),
            sql`${stagedUploads.createdAt} > now() - make_interval(secs => ${STAGED_UPLOAD_MAX_AGE_MS / 1000})`,
          ),
        )
        .returning({ id: stagedUploads.id });
      return claimed.length;
    },

    /** Staged uploads created before `cutoff`, oldest first, for the sweep. */
    async olderThan(cutoff: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: stagedUploads.id })
        .from(stagedUploads)
        .where(lt(stagedUploads.createdAt, cutoff))
        .orderBy(stagedUploads.createdAt)
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}
export type StagedUploadsRepository = ReturnType<typeof stagedUploadsRepository>;
